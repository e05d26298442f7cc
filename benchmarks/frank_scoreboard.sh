#!/usr/bin/env bash
# The FRANK validation scoreboard (docs/scoreboard.md): every method and ablation with the house NLI
# model, thresholds by 5-fold cross-validation, 95% bootstrap intervals. Resumable: rerun after an
# interruption and finished examples are skipped. Extra arguments go to `factalign bench` (e.g. --limit 200).
set -euo pipefail
cd "$(dirname "$0")/.."

DATA=${DATA:-../shared/data/frank_val.jsonl}
OUT=${OUT:-runs/frank-scoreboard}
METHODS="nli-sent,nli-claim,fenice[passages=false],fenice,\
infuse,infuse-sub,infuse-k[k=1],infuse-k[k=2],infuse-k[k=3],infuse-k[k=4],infuse-k[k=5],\
fizz,fizz[expand=false],fizz[filter=false],fizz[expand=false,filter=false],\
summac-zs,sentli,fulldoc"

command=(factalign bench --data "frank:$DATA" --methods "$METHODS" --nli house --extractor rules --coref heuristic
         --split kfold:5 --seed 0 --bootstrap 1000 --baseline fenice --out "$OUT" "$@")
SECONDS=0
"${command[@]}"
python benchmarks/frank_scoreboard.py "$OUT" docs/scoreboard.md docs/figures "$SECONDS" "${command[@]}"

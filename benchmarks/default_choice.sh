#!/usr/bin/env bash
# Issue 56, item 4: house, house-large and the cascade side by side, to choose the default by evidence. Per NLI:
# the gate's outcomes (benchmarks/gate_outcomes.py: score ROC-AUC, label BA, faithful passed / errors caught) on
# the realistic suite's sealed half and every fresh set, for each of METHODS; FRANK validation (a seeded sample of
# FRANK_LIMIT rows, FENICE; `factalign bench`) and WiCE claim dev (WICE_LIMIT claims, FENICE). Labels use the 0.5
# score threshold for every NLI, so that the three are read alike (house's shipped calibration is in the
# house-calibrated files). Each figure in a file of OUT; resumable: a step whose file exists is skipped.
#
#   bash benchmarks/default_choice.sh runs/default-choice
#
# The cascade's cut is its default (benchmarks/cascade_choice.py chose it on the open half). Needs ../shared
# beside the repo and house-large's parts (FACTALIGN_HOUSE_LARGE_PARTS, or pip).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: default_choice.sh OUT}
SHARED=${SHARED:-../shared/data}
METHODS=${METHODS:-fenice}
FRANK_LIMIT=${FRANK_LIMIT:-200}
WICE_LIMIT=${WICE_LIMIT:-150}
mkdir -p "$OUT"
export PYTHONPATH=.

source benchmarks/steps.sh

SETS=(realistic:sealed)
for f in benchmarks/realistic/fresh/*-gate.jsonl; do SETS+=("fresh:$f"); done
for method in ${METHODS//,/ }; do
  step "gate-house-calibrated-$method.md" python benchmarks/gate_outcomes.py "${SETS[@]}" --method "$method" --nli house
  for nli in house house-large cascade; do
    step "gate-$nli-$method.md" python benchmarks/gate_outcomes.py "${SETS[@]}" --method "$method" --nli "$nli" --threshold 0.5
  done
done
for nli in house house-large cascade; do
  step "frank-$nli.md" python -m factalign bench --data "frank:$SHARED/frank_val.jsonl" --methods fenice --nli "$nli" \
      --limit "$FRANK_LIMIT" --split kfold:5 --seed 0 --out "$OUT/frank-$nli" --no-plots --quiet --no-cache
  step "wice-$nli.md" python benchmarks/wice_claims.py --methods fenice --limit "$WICE_LIMIT" --nli "$nli" --cache "$OUT/wice-$nli.sqlite"
done
ls -la "$OUT"

#!/usr/bin/env bash
# The comparison table of docs/house-model.md for a candidate house model against the shipped one (issue 37):
# the capability suite (the model alone, and as the scorer answers: role check and detail check on), the held-out
# parts of the training mix, FRANK validation per origin (fenice and summac-zs, 5-fold, bootstrap CIs) and WiCE claim
# dev (fenice), each figure in a file of OUT. Resumable: a step whose output file exists is skipped.
#
#   bash benchmarks/compare_house.sh checkpoints/v4/student-onnx runs/v4-compare [checkpoints/v4/student-work/examples.json]
#
# The shipped model's FRANK and WiCE figures come from the same commands with --nli house (docs/scoreboard.md,
# docs/calibration-defaults.md); pass BASELINE=1 to rerun them here too. Needs ../shared beside the repo.
set -euo pipefail
cd "$(dirname "$0")/.."
CANDIDATE=${1:?usage: compare_house.sh ONNX_DIR OUT [EXAMPLES]}
OUT=${2:?usage: compare_house.sh ONNX_DIR OUT [EXAMPLES]}
EXAMPLES=${3:-}
SHARED=${SHARED:-../shared/data}
SUITE=${SUITE:-runs/capability_suite.jsonl}
mkdir -p "$OUT"
export PYTHONPATH=.

source benchmarks/steps.sh

[ -s "$SUITE" ] || python benchmarks/capability_suite.py --write "$SUITE" > /dev/null
step suite-model.md python benchmarks/capability_suite.py --suite "$SUITE" --nli house --nli "onnx:$CANDIDATE" \
    --role-check off --detail-check off --by-kind
step suite-verdict.md python benchmarks/capability_suite.py --suite "$SUITE" --nli house --nli "onnx:$CANDIDATE"
[ -n "$EXAMPLES" ] && step heldout-candidate.md python benchmarks/nli_accuracy.py --model "$CANDIDATE" --examples "$EXAMPLES"
[ -n "$EXAMPLES" ] && step heldout-house.md python benchmarks/nli_accuracy.py --examples "$EXAMPLES"
step frank-candidate.md python -m factalign bench --data "frank:$SHARED/frank_val.jsonl" --methods fenice,summac-zs \
    --nli "onnx:$CANDIDATE" --split kfold:5 --seed 0 --bootstrap 1000 --out "$OUT/frank-candidate" --no-plots --quiet
step wice-candidate.md python benchmarks/wice_claims.py --methods fenice --limit 150 --nli "onnx:$CANDIDATE"
if [ -n "${BASELINE:-}" ]; then
  step frank-house.md python -m factalign bench --data "frank:$SHARED/frank_val.jsonl" --methods fenice,summac-zs \
      --nli house --split kfold:5 --seed 0 --bootstrap 1000 --out "$OUT/frank-house" --no-plots --quiet
  step wice-house.md python benchmarks/wice_claims.py --methods fenice --limit 150 --nli house
fi
ls -la "$OUT"

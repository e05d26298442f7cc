#!/usr/bin/env bash
# House NLI model v2, from the shipped v1 weights in two stages (docs/house-model.md):
#   A: summary-like pairs (windows up to 120 words) mined for v1's mistakes;
#   B: long premises (up to 230 words) plus a replay of A's kinds, mined for A's mistakes.
# Run from the repository root with ../shared beside it and `pip install -e ".[train]"`; about 75 minutes
# on 2 CPU cores. Writes checkpoints/ only (ignored): v2 scored below v1 on FRANK validation and is not
# shipped (docs/house-model.md); `factalign export-onnx --checkpoint checkpoints/house-nli-v2b --output
# factalign/models/house-nli` would make it the default.
# An interrupted stage continues with the same command plus --resume (it reuses the saved examples).
set -euo pipefail
V1_COMMIT=fa2bf34   # the commit that ships house-nli v1
SHARED=${SHARED:-../shared/data}
COMMON=(--batch-size 16 --lr 3e-5 --max-length 256 --seed 13 --dev-fraction 0.15 --dev-limit 60 --eval-every 250 --epochs 1)
mkdir -p checkpoints/house-nli-v1
for f in model.onnx tokenizer.json config.json; do
  git show "$V1_COMMIT:factalign/models/house-nli/$f" > "checkpoints/house-nli-v1/$f"
done
[ -f checkpoints/house-nli-v2/recipe.json ] ||
factalign train-nli --base onnx:checkpoints/house-nli-v1 \
  --data "summary:$SHARED@17000" "shared:$SHARED@6000" "claims:$SHARED@3000" \
  --mine-with onnx:checkpoints/house-nli-v1 --keep-easy 0.3 \
  --output checkpoints/house-nli-v2 --work-dir checkpoints/train-v2 --max-minutes 60 "${COMMON[@]}" "$@"
factalign export-onnx --checkpoint checkpoints/house-nli-v2 --output checkpoints/house-nli-v2a-onnx
factalign train-nli --base checkpoints/house-nli-v2 \
  --data "summary-long:$SHARED@9000" "summary:$SHARED@5000" "shared:$SHARED@3000" "claims:$SHARED@1000" \
  --mine-with onnx:checkpoints/house-nli-v2a-onnx --keep-easy 0.3 \
  --output checkpoints/house-nli-v2b --work-dir checkpoints/train-v2b --max-minutes 40 "${COMMON[@]}" "$@"
factalign export-onnx --checkpoint checkpoints/house-nli-v2b --output checkpoints/house-nli-v2b-onnx

#!/usr/bin/env bash
# House NLI model v2: continue the shipped v1 weights on summary-like pairs mined for v1's mistakes.
# Run from the repository root with ../shared beside it and `pip install -e ".[train]"`;
# about 60 minutes on 2 idle CPU cores (--resume continues an interrupted run). Writes checkpoints/ (ignored) and factalign/models/house-nli/.
set -euo pipefail
V1_COMMIT=fa2bf34   # the last commit that ships house-nli v1
SHARED=${SHARED:-../shared/data}
mkdir -p checkpoints/house-nli-v1
for f in model.onnx tokenizer.json config.json; do
  git show "$V1_COMMIT:factalign/models/house-nli/$f" > "checkpoints/house-nli-v1/$f"
done
factalign train-nli --base onnx:checkpoints/house-nli-v1 \
  --data "summary:$SHARED@17000" "shared:$SHARED@6000" "claims:$SHARED@3000" \
  --mine-with onnx:checkpoints/house-nli-v1 --keep-easy 0.3 \
  --output checkpoints/house-nli-v2 --work-dir checkpoints/train-v2 \
  --epochs 1 --batch-size 16 --lr 3e-5 --max-length 256 --seed 13 --dev-fraction 0.15 \
  --dev-limit 60 --eval-every 250 --max-minutes "${MAX_MINUTES:-60}" "$@"
factalign export-onnx --checkpoint checkpoints/house-nli-v2 --output factalign/models/house-nli

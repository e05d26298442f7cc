#!/usr/bin/env bash
# House NLI model v3 on CPU (docs/house-model.md): v1's weights continued for one epoch on the natural
# NLI and fact-verification pairs of ../shared/data/natural (a seeded sample) with a replay of v1's own
# mix (shared: and claims:), so the shipped skills are kept while natural premises are learnt.
# Run from the repository root with ../shared beside it and `pip install -e ".[train]"`; about 80 minutes
# on 2 idle CPU cores. Writes checkpoints/ only (ignored); the last line exports the result for
# evaluation, and `factalign export-onnx --checkpoint checkpoints/house-nli-v3 --output
# factalign/models/house-nli` ships it. An interrupted run continues with the same command plus --resume.
# NATURAL=natural-open leaves out the non-commercial natural set (ANLI); v1's weights still carry SICK
# and MSRP, so a fully commercial-clean model has to be trained from the base encoder (see the doc).
set -euo pipefail
SHARED=${SHARED:-../shared/data}
NATURAL=${NATURAL:-natural}
OUT=${OUT:-checkpoints/house-nli-v3}
mkdir -p checkpoints/house-nli-v1
[ -f checkpoints/house-nli-v1/model.onnx ] || cp factalign/models/house-nli/* checkpoints/house-nli-v1/
factalign train-nli --base onnx:checkpoints/house-nli-v1 \
  --data "$NATURAL:$SHARED/natural@26000" "shared:$SHARED@8000" "claims:$SHARED@4000" \
  --output "$OUT" --work-dir "$OUT-work" --epochs 1 --batch-size 16 --lr 4e-5 --max-length 256 \
  --seed 13 --dev-fraction 0.15 --dev-limit 150 --eval-every 600 --max-minutes 85 "$@"
factalign export-onnx --checkpoint "$OUT" --output "$OUT-onnx"

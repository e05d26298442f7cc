"""ROC-AUC per origin (CNN/DM, XSum) of every method in a saved `factalign bench` run directory.

    python benchmarks/origin_auc.py RUN_DIR

Reads RUN_DIR/examples.jsonl (labels, origins) and RUN_DIR/scores/METHOD.jsonl; prints one row per
method with its ROC-AUC (%) per origin and the rows it holds. The README's "Which method to use" table
is made by this command on the run named there.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

from sklearn.metrics import roc_auc_score


def main(run: Path) -> None:
    examples = {r["id"]: r for r in map(json.loads, (run / "examples.jsonl").read_text().splitlines()) if r}
    print("| method | " + " | ".join(("CNN/DM", "XSum")) + " |\n|---|---|---|")
    for path in sorted((run / "scores").glob("*.jsonl")):
        by_origin: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for line in path.read_text().splitlines():
            row = json.loads(line)
            ex = examples[row["id"]]
            by_origin[ex["origin"]].append((int(ex["label"]), row["score"]))
        cells = []
        for origin in ("cnndm", "xsum"):
            pairs = by_origin.get(origin, [])
            labels = [y for y, _ in pairs]
            auc = roc_auc_score(labels, [s for _, s in pairs]) * 100 if len(set(labels)) == 2 else float("nan")
            cells.append(f"{auc:.1f} (n={len(pairs)})")
        print(f"| {path.stem} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    if len(sys.argv) != 2 or not (Path(sys.argv[1]) / "examples.jsonl").exists():
        sys.exit("usage: python benchmarks/origin_auc.py RUN_DIR (a factalign bench --out directory)")
    main(Path(sys.argv[1]))

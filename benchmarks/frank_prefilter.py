"""FRANK validation ROC-AUC with the evidence prefilter at several K vs off (issue 11's quality check).

Scores come from one `factalign bench` run whose variants are METHOD[prefilter=K] (K = 0 is off):

    M=""; for k in 0 32 16 8; do for m in fenice infuse fizz summac-zs; do M="$M,$m[prefilter=$k]"; done; done
    factalign bench --data frank:../shared/data/frank_val.jsonl --methods "${M#,}" --nli house --extractor rules \
        --coref heuristic --split kfold:5 --seed 0 --bootstrap 1000 --out runs/frank-prefilter --quiet
    python benchmarks/frank_prefilter.py runs/frank-prefilter [more run directories] [--data ../shared/data/frank_val.jsonl]

Prints, per method and K: ROC-AUC, the paired difference from off in points with a 95% stratified bootstrap
interval (1000 resamples, seed 0), how many rows' scores changed, and (with --data) how many FRANK
documents have more than K sentences (only those can change: a document of at most K sentences is never
filtered). Variants not scored yet are left out.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np


from factalign.bench.metrics import bootstrap_roc_auc, interval, resamples, roc_auc  # noqa: E402

_NAME = re.compile(r"^(?P<method>[a-z-]+)\[prefilter=(?P<k>\d+)\]$")


def scores_of(path: Path) -> dict[str, float]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if "score" in row:
            out[row["id"]] = row["score"]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help="`factalign bench` run directories (their variants are pooled)")
    parser.add_argument("--data", help="the FRANK file, to count documents longer than K sentences")
    args = parser.parse_args()
    labels, variants = None, {}
    for run in map(Path, args.runs):
        if not (run / "run.json").is_file():
            print(f"frank_prefilter.py: error: {run} is not a bench run directory (no run.json)", file=sys.stderr)
            return 2
        manifest = json.loads((run / "run.json").read_text())
        labels = labels or {e["id"]: e["label"] for e in map(json.loads, (run / "examples.jsonl").read_text().splitlines())}
        for v in manifest["variants"]:
            m = _NAME.match(v["name"])
            path = run / "scores" / v["file"]
            if m and path.is_file():
                s = scores_of(path)
                if len(s) == len(labels):
                    variants[m["method"], int(m["k"])] = s
    lengths = None
    if args.data:
        from factalign.data import Document

        docs = {json.loads(line)["doc"] for line in Path(args.data).read_text().splitlines() if line.strip()}
        lengths = [len(Document.from_text(d).sentences) for d in docs]
    ids = sorted(labels)
    y = np.array([labels[i] for i in ids])
    idx = resamples(y, 1000, 0)
    print("| method | prefilter K | FRANK docs > K sentences | rows whose score changed | ROC-AUC | vs off (points) | 95% interval |")
    print("|---|---|---|---|---|---|---|")
    for method in dict.fromkeys(m for m, _ in variants):
        if (method, 0) not in variants:
            continue
        off = np.array([variants[method, 0][i] for i in ids])
        boot_off = bootstrap_roc_auc(y, off, idx)
        for k in sorted((k for m, k in variants if m == method), key=lambda k: (k != 0, -k)):
            s = np.array([variants[method, k][i] for i in ids])
            auc = roc_auc(y, s)
            longer = "" if lengths is None or k == 0 else str(sum(n > k for n in lengths))
            if k == 0:
                print(f"| {method} | off | | | {100 * auc:.1f} | | |")
                continue
            lo, hi = interval(100 * (bootstrap_roc_auc(y, s, idx) - boot_off))
            print(f"| {method} | {k} | {longer} | {int(np.sum(s != off))} | {100 * auc:.1f} | "
                  f"{100 * (auc - roc_auc(y, off)):+.2f} | [{lo:+.2f}, {hi:+.2f}] |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

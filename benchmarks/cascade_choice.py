"""The cascade's neutral cut, chosen on development data: FENICE with house, house-large and the cascade at each cut
on the realistic suite's open half (every K-th output, faithful and erroneous alike), with the share of pairs
the large model read.

    python benchmarks/cascade_choice.py [--every 3] [--cuts 0.5,0.8,0.9,0.95,0.99] [--cache DIR]

Each model's probabilities are cached in DIR (default: a temporary one), so the cuts after the first cost only
the pairs they add. Labels use the 0.5 score threshold (no calibration is fitted for house-large or the
cascade). The sealed half and the fresh cases are never read here: they judge the cut afterwards
(benchmarks/gate_outcomes.py). The cut kept is the smallest one whose ROC-AUC is less than a point below
house-large alone: the fewest pairs for the large model at the large model's ranking (0.8, docs/house-model.md).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from realistic_suite import auc, load_suite

THRESHOLD = 0.5


def evaluate(rows: list[dict], nli, method: str) -> dict:
    from factalign import Scorer

    start = time.perf_counter()
    scorer = Scorer(method, nli=nli, threshold=THRESHOLD)
    results = scorer.score_batch([r["source"] for r in rows], [r["text"] for r in rows])
    good = [res.score for r, res in zip(rows, results) if r["kind"] == "faithful"]
    bad = [res.score for r, res in zip(rows, results) if r["kind"] != "faithful"]
    right = [(res.label == "consistent") == (r["kind"] == "faithful") for r, res in zip(rows, results)]
    good_right = sum(x for r, x in zip(rows, right) if r["kind"] == "faithful") / max(len(good), 1)
    bad_right = sum(x for r, x in zip(rows, right) if r["kind"] != "faithful") / max(len(bad), 1)
    return {"auc": auc(good, bad), "ba": 50 * (good_right + bad_right), "seconds": time.perf_counter() - start}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=int, default=3, help="every K-th output of the open half (default 3: 64 outputs)")
    ap.add_argument("--cuts", default="0.5,0.8,0.9,0.95,0.99")
    ap.add_argument("--method", default="fenice")
    ap.add_argument("--cache", type=Path, help="where each model's probabilities are cached")
    args = ap.parse_args()
    from factalign.nli import load_nli
    from factalign.nli.cascade import CascadeNLI

    rows = load_suite(half="open")[::args.every]
    cache = args.cache or Path(tempfile.mkdtemp(prefix="cascade-choice-"))
    cache.mkdir(parents=True, exist_ok=True)
    small, large = (load_nli(name, cache=cache / f"{name}.sqlite") for name in ("house", "house-large"))
    print(f"{len(rows)} outputs of the open half ({sum(r['kind'] == 'faithful' for r in rows)} faithful), "
          f"{args.method}, labels at score {THRESHOLD}\n")
    print("| NLI | ROC-AUC | label BA | pairs read by house-large | seconds (cached stages) |\n|---|---|---|---|---|")
    for name, model in (("house", small), ("house-large", large)):
        m = evaluate(rows, model, args.method)
        print(f"| {name} | {m['auc']:.1f} | {m['ba']:.1f} | {'100%' if name == 'house-large' else '0%'} "
              f"| {m['seconds']:.0f} |", flush=True)
    for cut in (float(c) for c in args.cuts.split(",")):
        model = CascadeNLI(small, large, cut)
        m = evaluate(rows, model, args.method)
        print(f"| cascade, neutral={cut:g} | {m['auc']:.1f} | {m['ba']:.1f} | {100 * model.sent / max(model.seen, 1):.1f}% "
              f"| {m['seconds']:.0f} |", flush=True)


if __name__ == "__main__":
    main()

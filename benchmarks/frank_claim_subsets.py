"""How a claim-level method's FRANK ROC-AUC moves when some of its claims are left out of the mean,
from a `factalign bench` run directory (no NLI call: the claims' scores are read back).

    python benchmarks/frank_claim_subsets.py runs/DIR [METHOD]   (METHOD: fenice by default)

Rows: every claim (the method as run); only maximal claims (a claim whose words are all in a longer
claim of the same summary is left out: the `rules` base claim "X joined Arsenal." beside its
increment "X joined Arsenal in 2011."); the weakest claim alone (min instead of mean, for contrast).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from factalign.bench.metrics import roc_auc
from factalign.claims.rules import content_words


def maximal(claims: list[dict]) -> list[dict]:
    return [c for c in claims if not any(content_words(c["text"]) < content_words(d["text"]) for d in claims)]


AGGREGATES = {
    "all claims (mean)": lambda claims: np.mean([c["score"] for c in claims]),
    "maximal claims (mean)": lambda claims: np.mean([c["score"] for c in maximal(claims)]),
    "weakest claim (min)": lambda claims: min(c["score"] for c in claims),
}


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    run, method = Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "fenice"
    for need in (run / "examples.jsonl", run / "scores" / f"{method}.jsonl"):
        if not need.is_file():
            print(f"frank_claim_subsets: {need} not found (a `factalign bench --out` folder that scored {method})", file=sys.stderr)
            return 2
    examples = {e["id"]: e for e in map(json.loads, (run / "examples.jsonl").read_text().splitlines())}
    rows = [r for r in map(json.loads, (run / "scores" / f"{method}.jsonl").read_text().splitlines()) if r["claims"]]
    print(f"{method} on {len(rows)} summaries with claims ({run}); ROC-AUC x100")
    for name, aggregate in AGGREGATES.items():
        figures = []
        for origin in sorted({examples[r["id"]]["origin"] for r in rows}):
            part = [r for r in rows if examples[r["id"]]["origin"] == origin]
            labels = np.array([examples[r["id"]]["label"] for r in part])
            figures.append(f"{origin} {100 * roc_auc(labels, np.array([aggregate(r['claims']) for r in part])):.1f}")
        print(f"  {name:<24}", "  ".join(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())

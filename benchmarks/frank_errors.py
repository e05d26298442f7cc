"""Error analysis of one method on FRANK validation, from a `factalign bench` run directory.

    python benchmarks/frank_errors.py runs/DIR METHOD [--data ../shared/data/frank_val.jsonl] [-n 10]

Prints, per origin: the method's mean score for consistent summaries and for each annotated error
type, the share of each error type among the confident misses, premise-shape statistics of misses vs
hits, and the n most confident false accepts (inconsistent, high score) and false rejects
(consistent, low score) with their weakest claim and the document text it was aligned to.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from shared_data import SHARED, stop

ERROR_TYPES = ("RelE", "EntE", "CircE", "OutE", "GramE", "CorefE", "LinkE", "Other")


def load(run: Path, method: str, data: Path) -> list[dict]:
    rows = {}
    for line in open(data, encoding="utf-8"):
        row = json.loads(line)
        rows[f"frank-{row['id']}"] = row
        rows[row["id"]] = row
    scores = run / "scores" / f"{method}.jsonl"
    if not scores.exists():
        sys.exit(f"frank_errors: no scores for {method} in {run}/scores")
    out = []
    for line in open(scores, encoding="utf-8"):
        scored = json.loads(line)
        row = rows.get(scored["id"])
        if row is not None and scored.get("score") is not None:
            out.append({**row, **{k: scored[k] for k in ("score", "claims")}})
    return out


def _types(row: dict) -> list[str]:
    """The row's error types; [] for the rows that list all eight (97 of FRANK validation's 428
    inconsistent rows), which say nothing about which error it was; those form their own group."""
    types = [t for t in row.get("error_types") or [] if t in ERROR_TYPES]
    return [] if len(types) == len(ERROR_TYPES) else types


def _weakest(row: dict) -> dict:
    return min(row["claims"], key=lambda c: c["score"]) if row["claims"] else {}


def _premise_words(row: dict, claim: dict) -> int:
    return sum(len(row["doc"][s:e].split()) for s, e in claim.get("spans", []))


def report(rows: list[dict], origin: str, n: int) -> None:
    part = [r for r in rows if r["origin"] == origin]
    scores = np.array([r["score"] for r in part])
    labels = np.array([r["label"] for r in part])
    threshold = float(np.median(scores))
    print(f"\n## {origin}: {len(part)} rows, median score {threshold:.3f} (used as the cut below)\n")
    print("| group | n | mean score | share scored above the median |")
    print("|---|---|---|---|")
    groups = {"consistent": [r for r in part if r["label"] == 1]}
    for t in ERROR_TYPES:
        groups[t] = [r for r in part if r["label"] == 0 and t in _types(r)]
    groups["all eight listed"] = [r for r in part if r["label"] == 0 and not _types(r)]
    for name, members in groups.items():
        if members:
            s = np.array([m["score"] for m in members])
            print(f"| {name} | {len(members)} | {s.mean():.3f} | {(s > threshold).mean():.2f} |")
    accepts = sorted((r for r in part if r["label"] == 0 and r["score"] > threshold), key=lambda r: -r["score"])
    rejects = sorted((r for r in part if r["label"] == 1 and r["score"] <= threshold), key=lambda r: r["score"])
    hits = [r for r in part if (r["label"] == 1) == (r["score"] > threshold)]
    print(f"\nMisses at the median cut: {len(accepts)} false accepts, {len(rejects)} false rejects "
          f"(balanced accuracy {0.5 * ((scores[labels == 1] > threshold).mean() + (scores[labels == 0] <= threshold).mean()):.3f}).")
    kinds = Counter(t for r in accepts for t in _types(r))
    print("Error types among false accepts: " + ", ".join(f"{t} {c}" for t, c in kinds.most_common()))
    for name, members in (("false accepts + rejects", accepts + rejects), ("hits", hits)):
        if members:
            words = [_premise_words(m, _weakest(m)) for m in members if m["claims"]]
            sents = [len(m["summary"].split()) for m in members]
            print(f"{name}: weakest claim's premise {np.median(words):.0f} words (median), "
                  f"summary {np.median(sents):.0f} words")
    for title, chosen in (("most confident false accepts", accepts[:n]), ("most confident false rejects", rejects[:n])):
        print(f"\n### {title}\n")
        for r in chosen:
            weak = _weakest(r)
            premise = " / ".join(r["doc"][s:e] for s, e in weak.get("spans", []))
            print(f"- score {r['score']:.3f} [{r['model_name']}, {','.join(_types(r)) or ('consistent' if r['label'] else 'all types')}]"
                  f" summary: {r['summary'][:300]}")
            print(f"  weakest claim ({weak.get('score', float('nan')):.3f}, {weak.get('granularity')}): "
                  f"{weak.get('text', '')[:200]}")
            print(f"  aligned to: {premise[:300]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("method")
    parser.add_argument("--data", type=Path, default=SHARED / "frank_val.jsonl")
    parser.add_argument("-n", type=int, default=10)
    args = parser.parse_args()
    if not args.data.exists():
        stop(f"FRANK validation not found at {args.data}")
    rows = load(args.run, args.method, args.data)
    print(f"# {args.method}: {len(rows)} scored FRANK rows from {args.run}")
    for origin in ("cnndm", "xsum"):
        report(rows, origin, args.n)


if __name__ == "__main__":
    main()

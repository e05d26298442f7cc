"""Claim fidelity as judged by hand: the rules extractor's claims on sentences written the way LLM summaries and
answers are (benchmarks/claim_fidelity/fresh/, written by someone who had not seen the extractor), each claim
judged malformed or unfaithful (with the kind of fault) by a reader who saw only the sentence and its claims.

    python benchmarks/claim_judgements.py benchmarks/claim_fidelity/fresh/2026-11-28-judged-*.jsonl

A judged file holds one line per sentence: {"id", "claims": [{"text", "malformed", "unfaithful", "kind"}], "cover"}.
Prints, per file: claims per sentence, malformed %, unfaithful % (and per kind), bad %, sentences with a bad claim,
sentences covered.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path


SPLIT = Path(__file__).resolve().parent / "claim_fidelity" / "fresh" / "split.json"


def summary(path: Path, half: str) -> str:
    sealed = set(json.loads(SPLIT.read_text(encoding="utf-8"))["sealed"])
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if half == "all" or (r["id"] in sealed) == (half == "sealed")]
    claims = [c for r in rows for c in r["claims"]]
    n = max(len(claims), 1)
    bad = [c for c in claims if c["malformed"] or c["unfaithful"]]
    kinds = Counter(c["kind"] for c in claims if c["unfaithful"])
    return (f"| {path.name} | {half} | {len(rows)} | {len(claims) / max(len(rows), 1):.2f} "
            f"| {100 * sum(c['malformed'] for c in claims) / n:.1f} | {100 * sum(c['unfaithful'] for c in claims) / n:.1f} "
            f"| {100 * len(bad) / n:.1f} | {sum(any(c['malformed'] or c['unfaithful'] for c in r['claims']) for r in rows)} "
            f"| {sum(bool(r['cover']) for r in rows)} | {', '.join(f'{k} {v}' for k, v in kinds.most_common())} |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path)
    args = ap.parse_args(argv)
    print("| judged file | half | sentences | claims per sentence | malformed % | unfaithful % | bad % | sentences with a bad "
          "claim | sentences covered | unfaithful by kind |\n|---|---|---|---|---|---|---|---|---|---|")
    for path in args.files:
        for half in ("all", "open", "sealed"):
            print(summary(path, half))


if __name__ == "__main__":
    main()

"""How often the role check (factalign/details/roles.py) fires: per FRANK validation origin and label, on WiCE
claim dev, and on the capability suite's role swaps and their entailed controls.

    python benchmarks/role_check.py [--suite runs/capability_suite.jsonl [--only-suite]] [--limit N]

A summary sentence (a WiCE claim) fires when some sentence of its document (evidence) has the same verb with
agent and patient the other way round. On a consistent FRANK summary (or a supported WiCE claim) that is a
false alarm; on an inconsistent one it may be the error or a swap elsewhere in the text.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from shared_data import SHARED as DATA

from factalign.details.roles import reversal
from factalign.data import Document


def fires(summary: str, document: str) -> list[str]:
    """The summary's sentences that reverse a document sentence, each with that sentence."""
    sources = Document.from_text(document).sentence_texts
    out = []
    for s in Document.from_text(summary).sentence_texts:
        hit = next((r for r in (reversal(s, d) for d in sources) if r), None)
        if hit:
            out.append(f"{s!r} <- {hit[1].text!r}")
    return out


def frank(limit: int | None) -> None:
    path = DATA / "frank_val.jsonl"
    if not path.exists():
        print(f"skipped FRANK: {path} not found (../shared beside the repo)")
        return
    rows = [json.loads(line) for line in path.open()][:limit]
    counts, examples = Counter(), []
    for r in rows:
        label = "consistent" if r["label"] == 1 else "inconsistent"
        hits = fires(r["summary"], r["doc"])
        counts[r["origin"], label, "all"] += 1
        counts[r["origin"], label, "fired"] += bool(hits)
        examples += [f"[{r['origin']} {label}] {h}" for h in hits]
    print("| FRANK validation | summaries | role check fires |\n|---|---|---|")
    for origin in sorted({k[0] for k in counts}):
        for label in ("consistent", "inconsistent"):
            n, f = counts[origin, label, "all"], counts[origin, label, "fired"]
            print(f"| {origin} {label} | {n} | {f} ({100 * f / max(n, 1):.1f}%) |")
    print("\n".join(examples))


def wice(limit: int | None) -> None:
    path = DATA / "wice" / "claim_dev.jsonl"
    if not path.exists():
        print(f"skipped WiCE: {path} not found")
        return
    rows = [json.loads(line) for line in path.open()][:limit]
    counts = Counter()
    for r in rows:
        evidence = " ".join(r["evidence"]) if isinstance(r["evidence"], list) else r["evidence"]
        hits = fires(r["claim"], evidence)
        counts[r["label"], "all"] += 1
        counts[r["label"], "fired"] += bool(hits)
        for h in hits:
            print(f"[WiCE {r['label']}] {h}")
    print("| WiCE claim dev | claims | role check fires |\n|---|---|---|")
    for label in sorted({k[0] for k in counts}):
        n, f = counts[label, "all"], counts[label, "fired"]
        print(f"| {label} | {n} | {f} ({100 * f / max(n, 1):.1f}%) |")


def suite(path: Path) -> None:
    try:
        rows = [json.loads(line) for line in path.open()]
    except (OSError, ValueError) as exc:
        sys.exit(f"error: cannot read suite {path}: {exc} (write one with capability_suite.py --write)")
    counts = Counter()
    for r in rows:
        key = r["capability"], r["role"]
        counts[key, "all"] += 1
        counts[key, "fired"] += reversal(r["hypothesis"], r["premise"]) is not None
    print("| capability suite | test: pairs | fires | control: pairs | fires |\n|---|---|---|---|---|")
    for capability in dict.fromkeys(r["capability"] for r in rows):
        cells = []
        for role in ("test", "control"):
            n, f = counts[(capability, role), "all"], counts[(capability, role), "fired"]
            cells.append(f"{n} | {f} ({100 * f / max(n, 1):.1f}%)")
        print(f"| {capability} | {' | '.join(cells)} |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", type=Path, help="a capability suite written by capability_suite.py --write")
    ap.add_argument("--limit", type=int, help="rows per set (default: all)")
    ap.add_argument("--only-suite", action="store_true", help="only the capability suite")
    args = ap.parse_args(argv)
    if not args.only_suite:
        frank(args.limit)
        wice(args.limit)
    if args.suite:
        suite(args.suite)


if __name__ == "__main__":
    sys.exit(main())

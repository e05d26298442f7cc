"""Fragment rate of claim extractors on real summaries: FRANK validation (CNN/DM and XSum systems).

    python benchmarks/claims_fragments.py [--extractor rules] [--limit N] [--show K]

Every distinct summary is given to the extractor with its source document; each claim is checked
by `factalign.claims.wellformed` (finite verb, subject, nothing dangling). Prints the share of
malformed claims per FRANK part, the share that are a whole summary sentence kept as it is (a
fallback; such a claim is malformed only when the summary sentence itself is), examples, and the
extractor's CPU time (models loaded before the clock starts).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from factalign.claims import load_extractor
from factalign.claims.base import extract_claims
from factalign.claims.wellformed import problems
from factalign.data import Document

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "frank_val.jsonl"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extractor", default="rules")
    parser.add_argument("--limit", type=int, help="only the first N distinct summaries")
    parser.add_argument("--show", type=int, default=15, help="malformed claims to print")
    parser.add_argument("--no-guard", action="store_true", help="rules without its well-formedness guard (the raw splitter)")
    parser.add_argument("--no-source", action="store_true", help="do not give the extractor the document")
    args = parser.parse_args()
    if not DATA.is_file():
        print(f"skipped: FRANK validation data not found at {DATA} (expected ../shared/data beside the repo)")
        return 0
    rows, seen = [], set()
    for line in DATA.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if line.strip() and row["summary"].strip() and row["summary"] not in seen:
            seen.add(row["summary"])
            rows.append(row)
    rows = rows[: args.limit]
    extractor = load_extractor(args.extractor)
    if args.no_guard:
        extractor.guard = False
    extract_claims(extractor, Document.from_text("A cat sat. It ran."))  # loads spaCy and the coref model
    counts, bad, whole, shown = Counter(), Counter(), Counter(), []
    sentences = Counter()
    cpu = 0.0
    for row in rows:
        summary = Document.from_text(row["summary"])
        sentences[row["origin"]] += len(summary.sentences)
        start = time.process_time()
        claims = extract_claims(extractor, summary, None if args.no_source else row["doc"])
        cpu += time.process_time() - start
        for claim in claims:
            part = row["origin"]
            counts[part] += 1
            is_whole = claim.text.rstrip(".").lower() == summary.sentence(claim.sentence_index).strip().rstrip(" .").lower()
            whole[part] += is_whole
            issues = problems(claim.text)
            if issues:
                bad[part] += 1
                if len(shown) < args.show:
                    shown.append(f"  {claim.text!r}: {', '.join(issues)}")
    print(f"FRANK validation, extractor {extractor.name}: {len(rows)} distinct summaries, {sum(sentences.values())} sentences")
    for part in sorted(counts) + ["all"]:
        n = sum(counts.values()) if part == "all" else counts[part]
        b = sum(bad.values()) if part == "all" else bad[part]
        w = sum(whole.values()) if part == "all" else whole[part]
        print(f"{part:>6}: {n} claims, malformed {b} ({100 * b / max(n, 1):.1f}%), whole-sentence claims {w} ({100 * w / max(n, 1):.1f}%)")
    print(f"extraction: {cpu:.1f} s CPU, {1000 * cpu / max(len(rows), 1):.0f} ms per summary")
    print("examples of malformed claims:")
    print("\n".join(shown))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How often a consistent summary gets an unsupported claim: on a saved `factalign bench` run of FRANK validation,
the share of summaries labelled consistent by the annotators that have at least one claim below a calibration's
claim threshold (and the share of their claims below it), per origin. A faithful summary with an unsupported
claim is blocked or sent to review, so this is the cost of claims the sentence does not say (or the model
misreads) on summaries users would want passed.

    python benchmarks/unsupported_claims.py RUN_DIR fenice \\
        --calibration factalign/calibration/defaults/summary/fenice.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from factalign.bench.report import saved_rows
from factalign.calibration.model import Calibration


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("run", type=Path)
    p.add_argument("method")
    p.add_argument("--calibration", type=Path, required=True, help="its claim part gives the claim threshold")
    args = p.parse_args()
    cal = Calibration.load(args.calibration)
    if cal.claims is None:
        raise SystemExit(f"{args.calibration} has no claim part")
    threshold = cal.claims.threshold
    examples = {e["id"]: e for e in map(json.loads, (args.run / "examples.jsonl").read_text().splitlines())}
    variants = {v["name"]: v for v in json.loads((args.run / "run.json").read_text())["variants"]}
    if args.method not in variants:
        raise SystemExit(f"{args.run} has no variant {args.method!r}; it has {', '.join(variants)}")
    rows = [r for r in saved_rows(args.run, variants[args.method])  # "fenice[compare_check=off]" is saved under another name
            if r.get("score") is not None and examples[r["id"]]["label"] == 1]
    print(f"{args.method}: consistent summaries of {args.run}; claim threshold {threshold:.4f} ({args.calibration})")
    print("| origin | consistent summaries | with an unsupported claim % | claims | unsupported claims % |")
    print("|---|---|---|---|---|")
    for origin in ("all", *sorted({examples[r["id"]].get("origin") or "" for r in rows} - {""})):
        part = [r for r in rows if origin in ("all", examples[r["id"]].get("origin"))]
        claims = [c for r in part for c in r["claims"] if c.get("counted", True)]
        flagged = sum(any(c["score"] < threshold for c in r["claims"] if c.get("counted", True)) for r in part)
        low = sum(c["score"] < threshold for c in claims)
        print(f"| {origin} | {len(part)} | {100 * flagged / max(len(part), 1):.1f} | {len(claims)} | "
              f"{100 * low / max(len(claims), 1):.1f} |")


if __name__ == "__main__":
    main()

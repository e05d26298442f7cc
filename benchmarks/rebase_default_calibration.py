"""Carry the shipped default calibrations over to a new scorer signature that scores their data identically.

    python benchmarks/rebase_default_calibration.py [--methods fenice,fizz,infuse,nli-sent,summac-zs]
        [--data ../shared/data/frank_val.jsonl] [--claims-data wice:../shared/data/wice/claim_dev.jsonl]

Made for the default pair budget (issue 29): the budget applies only to documents of more than 2K = 64
sentences, and no FRANK validation document has more than 64, so every summary score the summary part
was fitted on is the same with it; this script checks that (the data file's sha256 is the one the
calibration names, and the longest of its documents has at most 2K sentences), refuses any other
difference between the old and the new signature, and writes the summary part unchanged under the new
signature. A claim part is refitted: its WiCE rows are scored again with the new scorer (same sample and
seed), since WiCE evidence pages are often longer than 64 sentences. docs/calibration-defaults.md is then
regenerated (benchmarks/calibration_table.py). The full refit from scratch is
`benchmarks/make_default_calibration.sh` (hours on 2 cores without an NLI cache).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import calibration_table  # noqa: E402
from factalign import Scorer  # noqa: E402
from factalign.bench.calibrate import claim_part  # noqa: E402
from factalign.bench.data import load_benchmark  # noqa: E402
from factalign.calibration.model import Calibration, signature_difference  # noqa: E402
from factalign.data import Document  # noqa: E402
from factalign.evidence import DEFAULT_K  # noqa: E402

DEFAULTS = ROOT / "factalign" / "calibration" / "defaults"


def longest_document(path: Path, calibration: Calibration) -> int:
    bench = load_benchmark(f"frank:{path}")
    if bench.sha256 != calibration.data.get("sha256"):
        sys.exit(f"{path} is not the file {calibration.method}'s calibration was fitted on (sha256 differs)")
    return max(len(Document.from_text(d).sentences) for d in {e.document for e in bench.examples})


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--methods", default="fenice,fizz,infuse,nli-sent,summac-zs")
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "frank_val.jsonl")
    p.add_argument("--claims-data", default=f"wice:{ROOT.parent / 'shared' / 'data' / 'wice' / 'claim_dev.jsonl'}")
    args = p.parse_args()
    for method in args.methods.split(","):
        path = DEFAULTS / f"{method}.json"
        cal = Calibration.load(path)
        scorer = Scorer(method, extractor="rules", coref="heuristic", calibration=None)
        new = scorer.signature
        if new == cal.signature:
            print(f"{method}: already made for {new}")
            continue
        old_prefilter, new_prefilter = f"|prefilter:bm25@{DEFAULT_K}|", f"|prefilter:{scorer.prefilter_model.signature}|"
        if cal.signature.replace(old_prefilter, new_prefilter) != new:
            sys.exit(f"{method}: the signatures differ in more than the pair budget ({signature_difference(cal.signature, new)})")
        longest = longest_document(args.data, cal)
        if scorer.prefilter_model.long(longest):
            sys.exit(f"{method}: {args.data} has a document of {longest} sentences, which the budget cuts: refit instead")
        cal.signature = new
        if cal.claims is not None:
            before = cal.claims
            bands = before.bands
            bounds = (bands.max_passed_inconsistent, bands.max_blocked_consistent)
            cal.claims = claim_part(scorer, args.claims_data, before.data.get("sample"), before.data.get("seed", 0),
                                    before.probability["kind"], bounds, quiet=False)
            print(f"{method}: claim part refitted: threshold {before.threshold:.4f} -> {cal.claims.threshold:.4f}, "
                  f"CV balanced accuracy {before.figures['balanced_accuracy_cv']:.3f} -> "
                  f"{cal.claims.figures['balanced_accuracy_cv']:.3f}, ROC-AUC {before.figures['roc_auc']:.3f} -> "
                  f"{cal.claims.figures['roc_auc']:.3f}")
        cal.save(path)
        print(f"{method}: {path.name} now for {new} (longest document of {args.data.name}: {longest} sentences)")
    calibration_table.regenerate(DEFAULTS, ROOT / "docs" / "calibration-defaults.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

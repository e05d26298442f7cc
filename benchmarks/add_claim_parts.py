"""Give every shipped default calibration a claim part, so that every method labels its claims and judges a
one-sentence text as a claim (issue 34), without refitting its summary part.

    python benchmarks/add_claim_parts.py [--methods nli-sent,summac-zs,infuse,fizz] [--limit 150] [--seed 0]
        [--claims-data wice:../shared/data/wice/claim_dev.jsonl]

Each method's scorer (the `factalign score` defaults) must have the signature its calibration was made for;
the claim part is fitted as `factalign calibrate --claims-data ... --claims-limit N` fits it (the same seeded
sample; the weakest claim of each row stands for it; conformal bands at the default bounds), and
docs/calibration-defaults.md is regenerated. `benchmarks/make_default_calibration.sh` does the same in a full refit.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from shared_data import ROOT, SHARED

import calibration_table  # noqa: E402
from factalign import Scorer  # noqa: E402
from factalign.bench.calibrate import claim_part  # noqa: E402
from factalign.calibration.conformal import MAX_BLOCKED_CONSISTENT, MAX_PASSED_INCONSISTENT  # noqa: E402
from factalign.calibration.model import Calibration, signature_difference  # noqa: E402

DEFAULTS = ROOT / "factalign" / "calibration" / "defaults" / "summary"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--methods", default="nli-sent,summac-zs,infuse,fizz")
    p.add_argument("--limit", type=int, default=150)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--claims-data", default=f"wice:{SHARED / 'wice' / 'claim_dev.jsonl'}")
    args = p.parse_args()
    if not Path(args.claims_data.partition(":")[2]).is_file():
        sys.exit(f"skip: {args.claims_data} is absent")
    for method in args.methods.split(","):
        path = DEFAULTS / f"{method}.json"
        cal = Calibration.load(path)
        scorer = Scorer(method, extractor="rules", coref="heuristic", calibration=None)
        if scorer.signature != cal.signature:
            sys.exit(f"{method}: the calibration was made for another scorer ({signature_difference(cal.signature, scorer.signature)}): "
                     "refit it with benchmarks/make_default_calibration.sh")
        cal.claims = claim_part(scorer, args.claims_data, args.limit, args.seed, cal.probability["kind"],
                                (MAX_PASSED_INCONSISTENT, MAX_BLOCKED_CONSISTENT), quiet=False)
        cal.save(path)
        f = cal.claims.figures
        print(f"{method}: claim part: threshold {cal.claims.threshold:.4f}, CV balanced accuracy "
              f"{f['balanced_accuracy_cv']:.3f}, ROC-AUC {f['roc_auc']:.3f}", flush=True)
    calibration_table.regenerate(DEFAULTS.parent, ROOT / "docs" / "calibration-defaults.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

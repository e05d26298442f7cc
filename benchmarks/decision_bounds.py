"""Do the conformal bounds of a calibration still hold once summaries are decided respecting their claims
(calibration.decision.judge_summary: a blocked claim turns pass into review; with --sentence-is-claim, as the answer
task does, a one-sentence text judged by the claim part on its weakest claim)? Cross-validated on a saved `factalign bench` run: each row is decided with the
summary rule fitted (as `factalign calibrate` fits it) on the other folds and the calibration's claim part as
shipped (fitted on WiCE claims, not on these rows).

    python benchmarks/decision_bounds.py RUN_DIR METHOD [--calibration factalign/calibration/defaults/summary/METHOD.json]
        [--data ../shared/data/frank_val.jsonl]

Prints, per origin and for all rows, the share of inconsistent summaries passed and of consistent ones blocked
(95% Wilson intervals), by the summary rule alone and by the rule that respects claims, beside the bounds.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from shared_data import ROOT, SHARED

from factalign.bench.data import load_benchmark  # noqa: E402
from factalign.bench.fit import fit_rule, share  # noqa: E402
from factalign.bench.splits import make_split  # noqa: E402
from factalign.calibration.decision import judge_summary  # noqa: E402
from factalign.calibration.model import Calibration  # noqa: E402
from factalign.data import Document  # noqa: E402


def claims_of(row: dict, claim_rule) -> list:
    out = []
    for c in row["claims"]:
        d = claim_rule.decide(c["score"]) if claim_rule else None
        out.append(SimpleNamespace(score=c["score"], counted=True, label=d.label if d else None,
                                   decision=d.outcome if d else None, reason=None))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("run", type=Path)
    p.add_argument("method")
    p.add_argument("--calibration", type=Path)
    p.add_argument("--data", type=Path, default=SHARED / "frank_val.jsonl")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--sentence-is-claim", action="store_true",
                   help="judge a one-sentence summary as a claim, as the answer task does (the summary task does not)")
    args = p.parse_args()
    if not args.data.is_file():
        sys.exit(f"skip: {args.data} is absent")
    cal = Calibration.load(args.calibration or ROOT / "factalign" / "calibration" / "defaults" / "summary" / f"{args.method}.json")
    if cal.bands is None:
        sys.exit("the calibration has no bands")
    claim_rule = cal.claim_rule()
    rows = {r["id"]: r for r in map(json.loads, (args.run / "scores" / f"{args.method}.jsonl").read_text().splitlines())
            if r.get("score") is not None}
    examples = [e for e in load_benchmark(f"frank:{args.data}").examples if e.id in rows]
    labels = np.array([int(e.label) for e in examples])
    scores = np.array([rows[e.id]["score"] for e in examples])
    sentences = [len(Document.from_text(e.summary).sentences) for e in examples]
    folds = make_split(examples, "kfold:5", args.seed, str(args.data)).folds
    bounds = cal.bands.max_passed_inconsistent, cal.bands.max_blocked_consistent
    plain, respecting = np.empty(len(examples), dtype=object), np.empty(len(examples), dtype=object)
    for tune, evaluate in folds:
        rule = fit_rule(labels[tune], scores[tune], cal.probability["kind"], *bounds)
        for i in evaluate:
            plain[i] = rule.decide(scores[i]).outcome
            respecting[i] = judge_summary(rule, scores[i], claims_of(rows[examples[i].id], claim_rule), claim_rule,
                                          args.sentence_is_claim and sentences[i] == 1).outcome
    print(f"{args.method}: {len(examples)} rows, 5-fold CV (seed {args.seed}); claim part: "
          f"{'threshold %.4f' % claim_rule.threshold if claim_rule else 'none'}; bounds: at most {bounds[0]:.0%} of "
          f"inconsistent passed, {bounds[1]:.0%} of consistent blocked")
    print("| rows | decided by | inconsistent passed % [95% CI] | consistent blocked % [95% CI] | consistent passed % |")
    print("|---|---|---|---|---|")
    for part in ("all", *sorted({e.origin for e in examples})):
        idx = np.array([i for i, e in enumerate(examples) if part in ("all", e.origin)])
        for name, outcome in (("summary rule", plain), ("respecting claims", respecting)):
            bad, good = outcome[idx][labels[idx] == 0], outcome[idx][labels[idx] == 1]
            cells = [share(bad == "pass"), share(good == "block"), share(good == "pass")]
            text = [f"{100 * s['share']:.1f} [{100 * s['ci95'][0]:.1f}, {100 * s['ci95'][1]:.1f}]" if s["share"] is not None
                    else "n/a" for s in cells]
            print(f"| {part} (n={len(idx)}) | {name} | {text[0]} | {text[1]} | {text[2]} |")


if __name__ == "__main__":
    main()

"""Carry the shipped default calibrations over to a new scorer signature that scores their data identically.

    python benchmarks/rebase_default_calibration.py [--methods fenice,fizz,infuse,nli-sent,summac-zs]
        [--data ../shared/data/frank_val.jsonl] [--claims-data wice:../shared/data/wice/claim_dev.jsonl]

Made for the default pair budget (issue 29): the budget applies only to documents of more than 2K = 64
sentences, and no FRANK validation document has more than 64, so every summary score the summary part
was fitted on is the same with it; this script checks that (the data file's sha256 is the one the
calibration names, and the longest of its documents has at most 2K sentences), refuses any other
difference between the old and the new signature, and writes the summary part unchanged under the new
signature. A claim part is refitted: its WiCE rows are scored again with the new scorer (same sample and
seed), since WiCE evidence pages are often longer than 64 sentences.

Also made for the role check (`roles:swap+direction`, factalign/details/roles.py): it changes an NLI answer only where the
premise has the hypothesis's event with agent and patient the other way round, or its change the other way. The script looks for such a pair
among the summary's sentences and its claims (the scorer's extractor) against each document sentence and the
whole document, for every FRANK row; where there is none, the summary part is carried over unchanged (the claims
of a FIZZ or INFUSE run, and the passages between one sentence and the document, are not enumerated: they are
made of the same words, which is what the check reads), else it refuses. docs/calibration-defaults.md is then
regenerated (benchmarks/calibration_table.py). The full refit from scratch is
`benchmarks/make_default_calibration.sh` (hours on 2 cores without an NLI cache).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from shared_data import ROOT, SHARED

import calibration_table  # noqa: E402
from factalign import Scorer  # noqa: E402
from factalign.bench.calibrate import claim_part  # noqa: E402
from factalign.bench.data import load_benchmark  # noqa: E402
from factalign.calibration.model import Calibration, signature_difference  # noqa: E402
from factalign.claims.base import extract_claims  # noqa: E402
from factalign.data import Document  # noqa: E402
from factalign.details.roles import reversal  # noqa: E402
from factalign.evidence import DEFAULT_K  # noqa: E402

DEFAULTS = ROOT / "factalign" / "calibration" / "defaults" / "summary"


def longest_document(path: Path, calibration: Calibration) -> int:
    bench = load_benchmark(f"frank:{path}")
    if bench.sha256 != calibration.data.get("sha256"):
        sys.exit(f"{path} is not the file {calibration.method}'s calibration was fitted on (sha256 differs)")
    return max(len(Document.from_text(d).sentences) for d in {e.document for e in bench.examples})


def role_reversals(spec: str, scorer: Scorer) -> list[str]:
    """The (summary text, document text) pairs of a benchmark (frank:FILE, wice:FILE) that the role check answers as
    reversed."""
    found = []
    for e in load_benchmark(spec).examples:
        doc, summary = Document.from_text(e.document), Document.from_text(e.summary)
        claims = [c.text for c in extract_claims(scorer.extractor_model, summary, source=e.document)]
        for text in dict.fromkeys([*summary.sentence_texts, *claims]):
            found += [f"{text!r} <- {p!r}" for p in [*doc.sentence_texts, e.document] if reversal(text, p)]
    return found


def with_roles(signature: str, scorer: Scorer) -> str:
    """`signature` with the scorer's role check named, where it is on and the signature does not name it."""
    if not scorer.settings.role_check.on or "|roles:" in signature:
        return signature
    return signature.replace("|version:", f"|roles:{scorer.settings.role_check.signature}|version:")


def carried(old: str, scorer: Scorer, spec: str) -> str | None:
    """Why the summary part cannot be carried from signature `old` to the scorer's, or None when it can."""
    new = scorer.signature
    old_prefilter, new_prefilter = f"|prefilter:bm25@{DEFAULT_K}|", f"|prefilter:{scorer.prefilter_model.signature}|"
    old = old.replace(old_prefilter, new_prefilter)
    if with_roles(old, scorer) != old:
        old = with_roles(old, scorer)
        reversals = role_reversals(spec, scorer)
        if reversals:
            return f"the role check answers {len(reversals)} pairs of {spec}, e.g. {reversals[0]}: refit instead"
    if old != new:
        return f"the signatures differ in more than the pair budget and the role check ({signature_difference(old, new)})"
    return None


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--methods", default="fenice,fizz,infuse,nli-sent,summac-zs")
    p.add_argument("--data", type=Path, default=SHARED / "frank_val.jsonl")
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
        why_not = carried(cal.signature, scorer, f"frank:{args.data}")
        if why_not:
            sys.exit(f"{method}: {why_not}")
        longest = longest_document(args.data, cal)
        if scorer.prefilter_model.long(longest):
            sys.exit(f"{method}: {args.data} has a document of {longest} sentences, which the budget cuts: refit instead")
        roles_only = with_roles(cal.signature, scorer) == new
        cal.signature = new
        if cal.claims is not None and roles_only and not role_reversals(args.claims_data, scorer):
            print(f"{method}: claim part carried over (the role check answers no pair of {args.claims_data})")
        elif cal.claims is not None:
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
    calibration_table.regenerate(DEFAULTS.parent, ROOT / "docs" / "calibration-defaults.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

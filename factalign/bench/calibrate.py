"""`factalign calibrate`: fit a threshold, a probability map and pass / review / block bands for one
method and model, from a labelled file (scored here) or from a `factalign bench` run's saved scores (no
scoring); with --claims-data, the same for single claims from claim-level labels."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from tqdm import tqdm

from factalign.bench.data import FIELDS, FORMATS, load_benchmark, parse_columns
from factalign.columns import add_columns_option
from factalign.calibration.conformal import MAX_BLOCKED_CONSISTENT, MAX_PASSED_INCONSISTENT
from factalign.errors import FactalignError
from factalign.numeric import COUNT, SEED, SHARE


def register(subparsers) -> None:
    from factalign.options import add_scorer_options

    p = subparsers.add_parser(
        "calibrate", help="fit the label threshold and a probability of consistency for a method and model",
        description="Fit the threshold with the best balanced accuracy and a monotone probability map on labelled "
                    "summaries (1 = consistent), for one scorer signature; write it as JSON for --calibration.")
    p.add_argument("--data", metavar="[KIND:]PATH", help=f"labelled rows: a JSONL file of {{document or doc, summary, label}}, "
                                                         f"or KIND:PATH as for bench ({', '.join(FORMATS)})")
    add_columns_option(p, FIELDS, "the --data file")
    p.add_argument("--scores", metavar="DIR", help="a directory written by `factalign bench`: calibrate its saved scores "
                                                   "for --method (a variant name of the run) without scoring")
    p.add_argument("--output", required=True, metavar="FILE", help="the calibration JSON to write")
    p.add_argument("--probability", choices=["platt", "isotonic"], default="platt",
                   help="probability map: Platt scaling or isotonic regression (default: platt)")
    p.add_argument("--max-passed-inconsistent", type=SHARE, default=MAX_PASSED_INCONSISTENT, metavar="A",
                   help="pass only above a score where at most this share of inconsistent items passes, by "
                        "conformal risk control (default: %(default)s)")
    p.add_argument("--max-blocked-consistent", type=SHARE, default=MAX_BLOCKED_CONSISTENT, metavar="B",
                   help="block only below a score where at most this share of consistent items is blocked; "
                        "between the two: review (default: %(default)s)")
    p.add_argument("--claims-data", metavar="KIND:PATH",
                   help="claim-level labels for the claim part (e.g. wice:../shared/data/wice/claim_dev.jsonl): each "
                        "row's text is scored and its weakest claim stands for it; without it claims get no label")
    p.add_argument("--claims-limit", type=COUNT, metavar="N", help="a seeded sample of N --claims-data rows (default: all)")
    p.add_argument("--claims-scores", metavar="DIR",
                   help="instead of --claims-data: a `factalign bench` run on claim-level labels (e.g. WiCE) with a variant "
                        "named as --method and made for the same scorer; the claim part is fitted on its saved rows, "
                        "each row's weakest claim standing for it, without scoring")
    p.add_argument("--seed", type=SEED, default=0, help="seed for the cross-validation folds and samples (default: 0)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_scorer_options(p, labels=False)
    p.set_defaults(func=run_calibrate)


def run_calibrate(args: argparse.Namespace) -> int:
    if bool(args.data) == bool(args.scores):
        raise FactalignError("calibrate needs one of --data (labelled rows, scored here) or --scores (a bench run directory)")
    try:
        from factalign.bench.fit import fit_calibration
    except ImportError as exc:
        raise FactalignError(f"factalign calibrate needs {exc.name}: pip install 'factalign[bench]'") from None
    method, signature, kept, scores, data = _from_scores(args) if args.scores else _from_data(args)
    if not kept:
        raise FactalignError("no scored rows to calibrate on")
    labels = np.array([e.label for e in kept], dtype=int)
    data = {**data, "rows": len(kept), "consistent": int(labels.sum())}
    bounds = args.max_passed_inconsistent, args.max_blocked_consistent
    cal = fit_calibration(labels, np.array(scores, dtype=float), kept, method, signature, args.probability, data,
                          args.seed, *bounds)
    if args.claims_scores and args.claims_data:
        raise FactalignError("give --claims-data (scored here) or --claims-scores (a bench run's saved rows), not both")
    if args.claims_data:
        cal.claims = _claim_part(args, signature, bounds)
    elif args.claims_scores:
        cal.claims = _saved_claim_part(Path(args.claims_scores), args.method, signature, args.probability, args.seed, bounds)
    cal.save(args.output)
    cal.source = args.output
    print(f"{args.method}: {cal.describe()}")
    print(f"signature: {signature}")
    return 0


def _claim_part(args: argparse.Namespace, signature: str, bounds: tuple[float, float]):
    from factalign.options import scorer_from_args

    scorer = scorer_from_args(args)
    if scorer.signature != signature:
        raise FactalignError(f"--claims-data is scored with {scorer.signature}, not the calibrated {signature}: "
                             "give the same scorer options as the run")
    return claim_part(scorer, args.claims_data, args.claims_limit, args.seed, args.probability, bounds, args.quiet)


def claim_part(scorer, claims_data: str, limit: int | None, seed: int, probability: str, bounds: tuple[float, float],
               quiet: bool = True):
    """Score each claim-level row (a seeded sample of `limit` of them); the weakest counted claim of its text
    stands for the row (a text is supported only when all its claims are)."""
    from factalign.bench.fit import fit_claim_calibration

    bench = load_benchmark(claims_data)
    if limit and limit < len(bench.examples):
        rng = np.random.default_rng(seed)
        bench.examples = [bench.examples[i] for i in sorted(rng.choice(len(bench.examples), limit, replace=False))]
    kept, scores = _scored(bench, scorer, quiet, lambda r: min(c.score for c in r.claims if c.counted))
    labels = np.array([e.label for e in kept], dtype=int)
    data = {"file": Path(bench.path).name, "sha256": bench.sha256, "rows": len(kept), "supported": int(labels.sum()),
            "sample": limit, "seed": seed, "unit": "the weakest claim of each row"}
    return fit_claim_calibration(labels, np.array(scores), kept, probability, data, seed, *bounds)


def _saved_claim_part(run_dir: Path, method: str, signature: str, probability: str, seed: int,
                      bounds: tuple[float, float]):
    """The claim part from a bench run's saved rows of the variant `method`: each row's weakest counted claim stands
    for it, as claim_part scores it."""
    from factalign.bench.fit import fit_claim_calibration
    from factalign.bench.report import load_run, run_data, saved_rows

    run = load_run(run_dir)
    variant = next((v for v in run.manifest["variants"] if v["name"] == method), None)
    if variant is None or variant["signature"] != signature:
        made = "has no variant of that name" if variant is None else f"scored it with {variant['signature']}"
        raise FactalignError(f"--claims-scores {run_dir}: the run {made}, not with the calibrated {signature}")
    rows = {row["id"]: row for row in saved_rows(run_dir, variant) if "error" not in row}
    kept = [e for e in run.examples if e.id in rows
            and any(c.get("counted", True) for c in rows[e.id]["claims"])]
    if not kept:
        raise FactalignError(f"--claims-scores {run_dir}: no saved row of {method!r} has a counted claim")
    weakest = np.array([min(c["score"] for c in rows[e.id]["claims"] if c.get("counted", True)) for e in kept])
    labels = np.array([e.label for e in kept], dtype=int)
    data = {**run_data(run.manifest), "rows": len(kept), "supported": int(labels.sum()),
            "unit": "the weakest claim of each row"}
    return fit_claim_calibration(labels, weakest, kept, probability, data, seed, *bounds)


def _scored(bench, scorer, quiet: bool, unit=lambda r: r.score):
    kept, scores = [], []
    for ex in tqdm(bench.examples, desc=f"scoring ({scorer.method_def.name})", unit="row", disable=quiet, file=sys.stderr):
        try:
            result = scorer.score(ex.document, ex.summary)
            scores.append(unit(result))
            kept.append(ex)
        except (FactalignError, ValueError) as exc:  # ValueError: a text with no counted claim
            tqdm.write(f"factalign: warning: {bench.path}: row {ex.id} not used: {exc}", file=sys.stderr)
    return kept, scores


def _from_data(args: argparse.Namespace):
    from factalign.options import scorer_from_args

    spec = args.data if args.data.partition(":")[0] in FORMATS else f"jsonl:{args.data}"
    bench = load_benchmark(spec, parse_columns(args.columns))
    scorer = scorer_from_args(args)
    kept, scores = _scored(bench, scorer, args.quiet)
    return scorer.method_def.name, scorer.signature, kept, scores, {"file": Path(bench.path).name, "sha256": bench.sha256}


def _from_scores(args: argparse.Namespace):
    from factalign.bench.report import load_run, run_data

    run = load_run(Path(args.scores))
    if run.manifest["graded"]:
        raise FactalignError(f"{args.scores} has graded labels; calibration needs 0/1 labels")
    variants = {v["name"]: v for v in run.manifest["variants"]}
    if args.method not in variants:
        raise FactalignError(f"{args.scores} has no variant {args.method!r}; its variants: {', '.join(variants)}")
    values = run.scores[args.method]
    kept = [e for e, s in zip(run.examples, values) if not np.isnan(s)]
    data = run_data(run.manifest)
    variant = variants[args.method]
    return variant["method"], variant["signature"], kept, values[~np.isnan(values)].tolist(), data

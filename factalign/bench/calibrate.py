"""`factalign calibrate`: fit a threshold and a probability map for one method and model, from a
labelled file (scored here) or from a `factalign bench` run's saved scores (no scoring)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from tqdm import tqdm

from factalign.bench.data import FORMATS, load_benchmark, parse_columns
from factalign.errors import FactalignError


def register(subparsers) -> None:
    from factalign.options import add_scorer_options

    p = subparsers.add_parser(
        "calibrate", help="fit the label threshold and a probability of consistency for a method and model",
        description="Fit the threshold with the best balanced accuracy and a monotone probability map on labelled "
                    "summaries (1 = consistent), for one scorer signature; write it as JSON for --calibration.")
    p.add_argument("--data", metavar="[KIND:]PATH", help=f"labelled rows: a JSONL file of {{document or doc, summary, label}}, "
                                                         f"or KIND:PATH as for bench ({', '.join(FORMATS)})")
    p.add_argument("--columns", action="append", default=[], metavar="FIELD=COLUMN,...",
                   help="map fields (doc, summary, label, id, ...) to the file's columns, as for bench")
    p.add_argument("--scores", metavar="DIR", help="a directory written by `factalign bench`: calibrate its saved scores "
                                                   "for --method (a variant name of the run) without scoring")
    p.add_argument("--output", required=True, metavar="FILE", help="the calibration JSON to write")
    p.add_argument("--probability", choices=["platt", "isotonic"], default="platt",
                   help="probability map: Platt scaling or isotonic regression (default: platt)")
    p.add_argument("--seed", type=int, default=0, help="seed for the cross-validation folds (default: 0)")
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
    cal = fit_calibration(labels, np.array(scores, dtype=float), kept, method, signature, args.probability, data, args.seed)
    cal.save(args.output)
    cal.source = args.output
    print(f"{args.method}: {cal.describe()}")
    print(f"signature: {signature}")
    return 0


def _from_data(args: argparse.Namespace):
    from factalign.options import scorer_from_args

    spec = args.data if args.data.partition(":")[0] in FORMATS else f"jsonl:{args.data}"
    bench = load_benchmark(spec, parse_columns(args.columns))
    scorer = scorer_from_args(args)
    kept, scores = [], []
    for ex in tqdm(bench.examples, desc=f"scoring ({scorer.method})", unit="row", disable=args.quiet, file=sys.stderr):
        try:
            scores.append(scorer.score(ex.doc, ex.summary).score)
            kept.append(ex)
        except FactalignError as exc:
            tqdm.write(f"factalign: warning: {bench.path}: row {ex.id} not used: {exc}", file=sys.stderr)
    return scorer.spec.name, scorer.signature, kept, scores, {"file": Path(bench.path).name, "sha256": bench.sha256}


def _from_scores(args: argparse.Namespace):
    from factalign.bench.report import load_run

    run = load_run(Path(args.scores))
    if run.manifest["graded"]:
        raise FactalignError(f"{args.scores} has graded labels; calibration needs 0/1 labels")
    variants = {v["name"]: v for v in run.manifest["variants"]}
    if args.method not in variants:
        raise FactalignError(f"{args.scores} has no variant {args.method!r}; its variants: {', '.join(variants)}")
    values = run.scores[args.method]
    kept = [e for e, s in zip(run.examples, values) if not np.isnan(s)]
    data = {"file": Path(run.manifest["data"].partition(":")[2]).name, "sha256": run.manifest["data_sha256"]}
    variant = variants[args.method]
    return variant["method"], variant["signature"], kept, values[~np.isnan(values)].tolist(), data

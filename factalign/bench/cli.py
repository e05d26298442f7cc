"""`factalign bench` (score a benchmark with method variants, then report) and `factalign bench report`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from factalign.bench.data import FIELDS, FORMATS, load_benchmark, parse_columns
from factalign.columns import add_columns_option
from factalign.bench.splits import SPLITS
from factalign.bench.variants import parse_variants
from factalign.errors import FactalignError
from factalign.outputs import writable_dir
from factalign.methods import METHODS
from factalign.numeric import COUNT, SEED, whole
from factalign.options import (add_cache_options, add_llm_options, add_max_chars_option, add_model_options,
                               add_param_option, add_prefilter_options, add_task_option, nli_from_args, scorer_for)

REPORT_DEFAULTS = {"split": "auto", "seed": 0, "bootstrap": 1000, "baseline": None, "test": "bootstrap"}
MIN_BOOTSTRAP = 100  # fewer resamples give intervals too coarse to read; 100 is enough for a quick look


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "bench", help="agreement of methods with human labels: balanced accuracy, ROC-AUC, intervals, plots",
        description="Score a labelled benchmark with each method variant (resumable), then write results.md, "
                    "results.json and plots to --out. `factalign bench report --scores DIR` redoes the report from saved scores.")
    p.add_argument("--data", metavar="KIND:PATH", help=f"KIND one of {FORMATS.help()}, then a file")
    add_columns_option(p, FIELDS, "the --data file")
    p.add_argument("--graded", action="store_true", help="labels are graded numbers: report correlations")
    p.add_argument("--methods", metavar="LIST", help=f"comma-separated, each NAME or NAME[K=V,...] (K a method parameter, extractor or coref); "
                                                   f"names: {METHODS.help()}")
    add_param_option(p)
    p.add_argument("--out", metavar="DIR", help="run directory: scores/, run.json, examples.jsonl, results and plots")
    p.add_argument("--limit", type=COUNT, metavar="N", help="score a seeded random sample of N rows (file order kept)")
    add_model_options(p)
    add_prefilter_options(p)
    add_cache_options(p)
    add_max_chars_option(p)
    add_llm_options(p, cache=False)
    add_task_option(p)
    p.add_argument("--quiet", action="store_true", help="no progress bars (the results table is still printed)")
    _report_options(p, REPORT_DEFAULTS)
    # each row is labelled as `score` labels it, by the shipped default of its task, and the report measures those labels
    p.set_defaults(func=run_bench, calibration="default")

    sub = p.add_subparsers(dest="bench_command", metavar="report")
    r = sub.add_parser("report", help="results table and plots from a run directory's saved scores (no model runs)")
    r.add_argument("--scores", required=True, metavar="DIR", help="a directory written by `factalign bench`")
    r.add_argument("--out", metavar="DIR", help="where to write results.md, results.json and plots (default: --scores)")
    r.add_argument("--quiet", action="store_true", help="accepted as in bench: the report has no progress bar to hide")
    _report_options(r, dict.fromkeys(REPORT_DEFAULTS))
    r.set_defaults(func=run_report)


def _report_options(p: argparse.ArgumentParser, defaults: dict) -> None:
    """The report's settings; `bench report` defaults to those the run was made with."""
    def default(text: str) -> str:
        return "(default: as in the run)" if defaults["split"] is None else f"(default: {text})"

    p.add_argument("--split", default=defaults["split"],
                   help=f"where to tune the threshold: {SPLITS} {default('auto, the file split column')}")
    p.add_argument("--seed", type=SEED, default=defaults["seed"], help=f"seed for splits, --limit and bootstrap {default('0')}")
    p.add_argument("--bootstrap", type=whole(MIN_BOOTSTRAP), default=defaults["bootstrap"], metavar="N",
                   help=f"bootstrap resamples, at least {MIN_BOOTSTRAP} (1000 or more for intervals you report) {default('1000')}")
    p.add_argument("--baseline", default=defaults["baseline"], help=f"variant the others are compared with {default('the first')}")
    p.add_argument("--test", choices=["bootstrap", "resample70"], default=defaults["test"],
                   help=f"paired bootstrap, or INFUSE's t-test over 70%% resamples {default('bootstrap')}")
    p.add_argument("--no-plots", action="store_true", help="skip the PNG plots")


def _analysis():
    """The modules that need the `bench` extra (scikit-learn, scipy, matplotlib), imported on use."""
    try:
        from factalign.bench import output, report, runner, splits
    except ImportError as exc:
        raise FactalignError(f"factalign bench needs {exc.name}: pip install 'factalign[bench]'") from None
    return output, report, runner, splits


def run_bench(args: argparse.Namespace) -> int:
    output, report, runner, splits = _analysis()
    missing = [f"--{k}" for k in ("data", "methods", "out") if not getattr(args, k)]
    if missing:
        raise FactalignError(f"bench needs {', '.join(missing)} (or: factalign bench report --scores DIR)")
    writable_dir(args.out)
    columns = parse_columns(args.columns)
    bench = load_benchmark(args.data, columns, args.graded)
    examples = _sample(bench.examples, args.limit, args.seed)
    if not args.graded:
        splits.make_split(examples, args.split, args.seed, bench.path)  # a bad split fails before hours of scoring
    variants = parse_variants(args.methods, args.param)
    nli = nli_from_args(args)
    scorers = [scorer_for(args, v.method, v.method_params, nli=nli, **v.models) for v in variants]
    run_dir = Path(args.out)
    _check_same_data(run_dir, bench.sha256)
    for variant, scorer in zip(variants, scorers):  # a refused rerun leaves the run directory as it was
        runner.finished_ids(runner.scores_path(run_dir, variant.slug), scorer.signature)
    settings = {"data": args.data, "columns": columns, "limit": args.limit, "nli": args.nli, "extractor": args.extractor,
                "coref": args.coref, "prefilter": args.prefilter, "retriever": args.retriever,
                **({"pair_budget": args.pair_budget} if args.pair_budget else {}), **{k: getattr(args, k) for k in REPORT_DEFAULTS}}
    runner.write_manifest(run_dir, bench, examples, settings, variants, scorers)
    documents = {}
    for variant, scorer in zip(variants, scorers):
        done = runner.score_variant(run_dir, variant, scorer, examples, documents, args.quiet)
        speed = f", {done['seconds_per_example']:.2f} s/example" if done["seconds_per_example"] else ""
        print(f"factalign bench: {variant.name}: {done['scored']} scored ({done['failed']} failed), "
              f"{done['skipped']} already done{speed}", file=sys.stderr)
    text = output.write_report(report.load_run(run_dir), run_dir, args.split, args.seed, args.bootstrap, args.baseline, args.test,
                        not args.no_plots)
    print(text)  # the results: --quiet hides progress, never them
    return 0


def run_report(args: argparse.Namespace) -> int:
    output, report, _, _ = _analysis()
    run = report.load_run(Path(args.scores))
    saved = run.manifest["settings"]
    chosen = {k: saved.get(k, REPORT_DEFAULTS[k]) if getattr(args, k) is None else getattr(args, k) for k in REPORT_DEFAULTS}
    writable_dir(args.out or args.scores)
    text = output.write_report(run, Path(args.out or args.scores), chosen["split"], chosen["seed"], chosen["bootstrap"],
                        chosen["baseline"], chosen["test"], not args.no_plots)
    print(text)
    return 0


def _sample(examples: list, limit: int | None, seed: int) -> list:
    if limit is None or limit >= len(examples):
        return examples
    keep = np.sort(np.random.default_rng(seed).choice(len(examples), size=limit, replace=False))
    return [examples[i] for i in keep]


def _check_same_data(run_dir: Path, sha256: str) -> None:
    try:
        previous = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))["data_sha256"]
    except (FileNotFoundError, ValueError, KeyError):
        return
    if previous != sha256:
        raise FactalignError(f"{run_dir} holds a run on other data (sha256 {previous[:12]}); use another --out directory")

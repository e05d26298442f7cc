"""The `factalign` command line."""

from __future__ import annotations

import argparse
import difflib
import os
import sys
import warnings

from tqdm import tqdm

from factalign import interrupts
from factalign.columns import ROW_FIELDS, add_columns_option
from factalign.errors import FactalignError, FactalignWarning, json_text, printable, shown
from factalign.io import default_cache_path, distinct_files, read_sources, read_text, source_files
from factalign.claims import DEFAULT_EXTRACTOR
from factalign.coref import DEFAULT_COREF
from factalign.numeric import COUNT, SECONDS
from factalign.options import (MethodParams, add_fail_under_option, add_llm_options, add_max_chars_option,
                               add_model_options, add_param_option, add_scorer_options, add_source_option, cache_from_args, check_url,
                               scorer_from_args, settings_from_args)
from factalign.engine.rows import below, check_fail_under, gated
from factalign.model_list import run_models
from factalign.result_table import print_result, print_spans
from factalign.data import Document
from factalign.inputs import source_list, to_document
from factalign.version import __version__


def _read_pair(args: argparse.Namespace) -> tuple[Document, Document]:
    """--document and --summary as checked Documents (factalign/inputs.py), refused before any model loads."""
    if args.document == "-" and args.summary == "-":
        raise FactalignError("only one of --document and --summary can be read from standard input")
    document, summary = read_text(args.document, args.max_chars), read_text(args.summary, args.max_chars)
    return to_document(document, "document", args.max_chars), to_document(summary, "summary", args.max_chars)


def _read_sources(args: argparse.Namespace) -> tuple[Document, Document]:
    """--source FILE|DIR (repeatable) and --summary as checked Documents, refused before any model loads."""
    if args.summary == "-" and "-" in args.source:
        raise FactalignError("only one of --source and --summary can be read from standard input")
    sources = to_document(read_sources(args.source, args.max_chars), "document", args.max_chars)
    return sources, to_document(read_text(args.summary, args.max_chars), "summary", args.max_chars)


def run_score(args: argparse.Namespace) -> int:
    if (args.document is None) == (not args.source):
        raise FactalignError("give the document with --document FILE or the sources with --source FILE|DIR "
                             f"(repeatable), {'not both' if args.source else 'one of them'}")
    check_gate(args)
    inputs = {"--document": args.document} if args.document else \
        {f"--source {name}": path for name, path in source_files(args.source)}
    distinct_files({**inputs, "--summary": args.summary}, {"--html": args.html, "--cache": cache_from_args(args)})
    document, summary = _read_pair(args) if args.document else _read_sources(args)
    if args.server:  # the server's settings decide the numbers; its result's signature names them
        from factalign.client import KEY_ENV, Client

        check_url(args.server, "--server")
        client = Client(args.server, api_key=os.environ.get(KEY_ENV))
        result = client.check(summary.text, source_list(document))
        cal = None if args.json else client.calibration(result.task)  # the line local `score` prints under the verdict
    else:
        scorer = scorer_from_args(args)
        result, cal = scorer.score(document, summary), scorer.calibration_for(document)
    if args.html:
        from factalign.report import html_report

        html_report(args.html, [result.to_dict()], [(document.text, summary.text)], getattr(args, "threshold", None))
    if args.json:
        print(json_text(result.to_dict()))
    elif args.spans:
        print_spans(result, args.summary)
    else:
        print_result(result, cal, document.text, summary.text)
    return below(result.score, args.fail_under, "the score") or gated([result.decision], args.fail_on)


def run_batch(args: argparse.Namespace) -> int:
    from factalign.batch import run_batch as batch
    from factalign.engine.job import BatchJob

    distinct_files({"the input": args.input, "--output": args.output, "--html": args.html}, {"--cache": cache_from_args(args)})
    check_gate(args)
    return batch(BatchJob.from_args(args, settings_from_args(args)))


def check_gate(args: argparse.Namespace) -> None:
    """--fail-under inside the method's score range, refused before any model loads."""
    check_fail_under(args.fail_under, args.method, MethodParams.parse(args.param).for_methods([args.method])[0])


def add_engine_options(p: argparse.ArgumentParser) -> None:
    """Where `batch` runs (see docs/scale-out.md)."""
    p.add_argument("--engine", choices=("local", "ray"), default="local",
                   help="local: this process, streaming; ray: Ray Data actors (extra [ray]) (default: local)")
    p.add_argument("--no-group", action="store_true", help="score rows one by one instead of grouping rows that share "
                   "a document (same results, slower)")
    p.add_argument("--address", help="--engine ray: the Ray cluster to join, e.g. ray://HEAD:10001 or auto "
                   "(default: RAY_ADDRESS, else a local Ray instance)")
    p.add_argument("--actors", type=COUNT, metavar="N", help="--engine ray: scoring actors, each loading the models once "
                   "(default: one per CPU of the cluster)")
    p.add_argument("--shard-rows", type=COUNT, default=200, metavar="N",
                   help="--engine ray: rows per shard, the unit of work and of resuming (default: %(default)s)")


def run_cache_merge(args: argparse.Namespace) -> int:
    from factalign.nli.cache import merge_caches

    if args.into is not None:
        warnings.warn("--into is deprecated: say --cache, as every other subcommand does", FactalignWarning)
    into = args.cache if args.into is None else args.into
    counts = merge_caches(args.sources, into)
    print(f"factalign cache merge: {counts['nli']} new NLI entries and {counts['llm']} new LLM replies from "
          f"{len(args.sources)} cache(s) into {into}")
    return 0


def run_revise(args: argparse.Namespace) -> int:
    from factalign.refine import flagged, refine

    document, summary = (d.text for d in _read_pair(args))  # the LLM revises text; the scorer re-reads each round
    scorer = scorer_from_args(args, method=args.feedback)
    with tqdm(total=None, unit="step", disable=args.quiet, leave=False, desc=f"revising with {args.feedback} feedback") as steps:
        out = refine(document, summary, scorer, scorer.llm, args.rounds)
        steps.update()
    if args.json:
        print(json_text(out.to_dict()))
        return 0
    print(f"{args.feedback.upper()} before = {out.before.score:.4f}  after = {out.after.score:.4f}  "
          f"rounds = {len(out.rounds)} of {args.rounds}  {out.signature}")
    for i, r in enumerate(out.rounds, 1):
        print(f"round {i}: {r.result.score:.4f} after revising {len(r.flagged)} flagged")
        for unit in r.flagged if args.feedback == "acueval" else [r.comment]:
            print(shown(f"  {'unsupported' if args.feedback == 'acueval' else 'comment'}: {' '.join(unit.split())}"))
    if out.fixed is not None:
        print(shown(f"fixed: {'; '.join(out.fixed) or '-'}"))
        print(shown(f"still flagged: {'; '.join(flagged(out.after)) or '-'}"))
    print("\n".join(map(shown, out.revised.splitlines())))
    return 0


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and a pointer to --help, not the whole usage; an unknown option
    is reported by the subcommand it was given to, with the option it resembles."""

    def error(self, message: str):
        _print_error(f"{message} (see '{self.prog} --help')")
        sys.exit(2)

    def parse_args(self, args=None, namespace=None):
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            parser = _chosen_subparser(self, parsed)
            known = [o for a in parser._actions for o in a.option_strings if a.help != argparse.SUPPRESS]
            close = difflib.get_close_matches(extras[0].split("=")[0], known, n=1) if extras[0].startswith("-") else []
            parser.error(f"unrecognized arguments: {' '.join(extras)}" + (f"; did you mean {close[0]}?" if close else ""))
        return parsed


def _chosen_subparser(parser: argparse.ArgumentParser, parsed: argparse.Namespace) -> argparse.ArgumentParser:
    """The innermost subcommand's parser that `parsed` went through (`factalign cache merge`'s, say)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and getattr(parsed, action.dest, None) in action.choices:
            return _chosen_subparser(action.choices[getattr(parsed, action.dest)], parsed)
    return parser


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="factalign", description="Claim-level factual consistency scoring with alignments.")
    parser.add_argument("--version", action="version", version=f"factalign {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("score", help="score one summary against one document, or against several sources")
    p.add_argument("--document", help="document file ('-' for stdin)")
    add_source_option(p, "the sources to score against")
    p.add_argument("--summary", required=True, help="summary file ('-' for stdin)")
    view = p.add_mutually_exclusive_group()
    view.add_argument("--json", action="store_true", help="print the full result as JSON")
    view.add_argument("--spans", action="store_true", help="print only the unsupported words of the summary, a line "
                      "each (SUMMARY:START-END: \"words\" (claim K: reason)), for CI logs")
    p.add_argument("--quiet", action="store_true", help="no progress bar (score shows none; accepted as everywhere)")
    p.add_argument("--html", metavar="FILE", help="also write an HTML report of claims against their evidence")
    p.add_argument("--server", metavar="URL", help="score on a `factalign serve` service (its settings apply; "
                   "the key from $FACTALIGN_API_KEY) instead of loading the models here")
    add_fail_under_option(p, "the score")
    add_scorer_options(p)
    p.set_defaults(func=run_score)

    p = sub.add_parser("batch", help="score rows {id, document, summary} of a JSONL, CSV or Parquet file; resumable")
    p.add_argument("input", help="input JSONL, CSV (.csv, .tsv) or Parquet (.parquet) file ('-' for JSONL on stdin)")
    add_columns_option(p, ROW_FIELDS)
    p.add_argument("--output", required=True, help="output JSONL; results are appended, finished ids skipped")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--html", metavar="FILE", help="also write an HTML report: an index of all finished rows and each row's claims")
    p.add_argument("--row-timeout", type=SECONDS, metavar="SECONDS", help="give up on a row after this long: it is reported "
                   "as failed and the batch goes on (default: no limit)")
    add_fail_under_option(p, "the mean score of the output's rows")
    add_engine_options(p)
    add_scorer_options(p)
    p.set_defaults(func=run_batch)

    p = sub.add_parser("revise", help="ACUEval: flag unsupported content units, then have the LLM revise the summary")
    p.add_argument("--document", required=True, help="document file ('-' for stdin)")
    p.add_argument("--summary", required=True, help="summary file ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="print each round's feedback, revision and scores as JSON")
    p.add_argument("--feedback", choices=("acueval", "geval"), default="acueval",
                   help="acueval: the unsupported units (Figure 10); geval: G-Eval's comment (Figure 11) (default: acueval)")
    p.add_argument("--rounds", type=COUNT, default=1, metavar="N", help="verify and revise until nothing is flagged or N rounds "
                                                                    "(default: 1)")
    add_param_option(p)
    add_model_options(p, extractor=False, coref=False)  # --nli: the model of --param verifier=nli
    p.set_defaults(extractor=DEFAULT_EXTRACTOR, coref=DEFAULT_COREF)  # scorer_from_args reads them; the feedback methods use neither
    add_max_chars_option(p)
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_llm_options(p)
    p.set_defaults(func=run_revise)

    p = sub.add_parser("cache", help="work with NLI/LLM caches")
    cache = p.add_subparsers(dest="cache_command", required=True)
    m = cache.add_parser("merge", help="copy the entries of caches (e.g. from Ray workers) into one cache")
    m.add_argument("sources", nargs="+", metavar="CACHE", help="SQLite cache files to read")
    m.add_argument("--cache", default=str(default_cache_path()), help="the cache to add them to (default: %(default)s)")
    m.add_argument("--into", help=argparse.SUPPRESS)  # the old name of --cache, deprecated
    m.set_defaults(func=run_cache_merge)

    p = sub.add_parser("models", help="list NLI backends and checkers, their kinds and where each loads from")
    p.set_defaults(func=run_models)

    for register in _plugins():
        register(sub)
    return parser


def _plugins():
    """Subcommands that live beside the features they drive, then those of the `factalign.commands`
    entry points (each a `register(subparsers)` function)."""
    from importlib.metadata import entry_points

    from factalign.bench.calibrate import register as calibrate
    from factalign.bench.cli import register as bench
    from factalign.claimeval.cli import register as claims
    from factalign.report.cli import register as report
    from factalign.serve.cli import register as serve
    from factalign.train.cli import register as train

    return [train, bench, calibrate, claims, report, serve] + [ep.load() for ep in entry_points(group="factalign.commands")]


def main(argv: list[str] | None = None) -> int:
    _escape_unencodable_output()
    args = build_parser().parse_args(argv)
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            return args.func(args)
    except BaseException as exc:
        return _exit_status(exc)


def _exit_status(exc: BaseException) -> int:
    """The exit status of a run that `exc` ended, after its one line on stderr; an exception that is no user's
    error (a bug) is raised again, with its traceback."""
    if isinstance(exc, KeyboardInterrupt) or interrupts.received():  # SIGINT or SIGTERM, whatever the work made of it
        return interrupts.report(exc)  # one line, 130 or 143 (factalign.interrupts)
    if isinstance(exc, FactalignError):
        _print_error(str(exc))
        return 2
    if isinstance(exc, BrokenPipeError):  # output piped into a reader that stopped early (e.g. `| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    if isinstance(exc, OSError):  # a file or device failing under us: one line, never a traceback
        where = f": {exc.filename}" if exc.filename else ""
        _print_error(f"{exc.strerror or exc}{where}")
        return 2
    if isinstance(exc, MemoryError):
        _print_error("out of memory")
        return 2
    raise exc


def _print_error(message: str) -> None:
    """The one line of an error, control characters escaped: a file name holding ESC must not drive the terminal."""
    print(f"factalign: error: {printable(message)}", file=sys.stderr)


def _escape_unencodable_output() -> None:
    """Print what the output's encoding cannot hold as escapes (\\U0001f600 under LC_ALL=C) instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):  # None, a stream that is not a TextIOWrapper, a closed one
            pass


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """Our warnings as one line; others as Python prints them."""
    if issubclass(category, FactalignWarning):
        print(f"factalign: warning: {printable(str(message))}", file=sys.stderr)
    else:
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


if __name__ == "__main__":
    sys.exit(main())

"""`factalign report`: an HTML page from `score --json` output or a batch's output JSONL."""

from __future__ import annotations

import argparse
import sys

from factalign.columns import ROW_FIELDS, add_columns_option, parse_columns
from factalign.errors import FactalignError
from factalign.io import distinct_files, read_sources, read_text, source_files
from factalign.numeric import SCORE
from factalign.options import add_source_option
from factalign.text.sources import join


def register(sub) -> None:
    p = sub.add_parser("report", help="write an HTML report of claims against their evidence")
    p.add_argument("result", help="RESULT.json from `score --json`, or a batch's output JSONL ('-' for stdin)")
    p.add_argument("-o", "--output", required=True, help="HTML file to write")
    p.add_argument("--document", help="the document that was scored (when RESULT.json holds no texts)")
    add_source_option(p, "the sources that were scored, as given to `score --source`")
    p.add_argument("--summary", help="the summary that was scored (when RESULT.json holds no texts)")
    p.add_argument("--rows", help="for a batch: its input JSONL {id, document, summary}")
    add_columns_option(p, ROW_FIELDS, "the --rows file")
    p.add_argument("--threshold", type=SCORE, help="label unlabelled claims and draw the threshold on the histogram")
    p.add_argument("--title", help="page title")
    p.set_defaults(func=run_report)


def run_report(args: argparse.Namespace) -> int:
    from factalign.report import report_file
    from factalign.report.load import read_inputs
    from factalign.settings import check_threshold

    check_threshold(args.threshold)
    sources = {f"--source {name}": path for name, path in source_files(args.source)}
    distinct_files({"the result file": args.result, "--document": args.document, **sources, "--summary": args.summary,
                    "--rows": args.rows}, {"--output": args.output})
    if args.document is not None and args.source:
        raise FactalignError("give --document or --source, not both")
    if (args.document is None and not args.source) != (args.summary is None):
        raise FactalignError("give both --document and --summary, or neither (--source in place of --document for sources)")
    document = read_text(args.document) if args.document else join(read_sources(args.source))[0] if args.source else None
    summary = read_text(args.summary) if args.summary else None
    if args.columns and not args.rows:
        raise FactalignError("--columns maps the fields of the --rows file: give --rows INPUT.jsonl")
    inputs = read_inputs(args.rows, parse_columns(args.columns, ROW_FIELDS)) if args.rows else None
    n = report_file(args.result, args.output, document, summary, inputs, args.threshold, args.title)
    print(f"wrote {args.output} ({n} {'row' if n == 1 else 'rows'})")
    if inputs is not None and inputs.skipped:  # as batch: every malformed row is an error line and a non-zero exit
        print(f"factalign: {inputs.skipped} lines of --rows {args.rows} skipped", file=sys.stderr)
        return 1
    return 0

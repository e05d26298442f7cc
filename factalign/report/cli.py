"""`factalign report`: an HTML page from `score --json` output or a batch's output JSONL."""

from __future__ import annotations

import argparse

from factalign.errors import FactalignError
from factalign.io import distinct_files, read_text


def register(sub) -> None:
    p = sub.add_parser("report", help="write an HTML report of claims against their evidence")
    p.add_argument("result", help="RESULT.json from `score --json`, or a batch's output JSONL ('-' for stdin)")
    p.add_argument("-o", "--output", required=True, help="HTML file to write")
    p.add_argument("--document", help="the document that was scored (when RESULT.json holds no texts)")
    p.add_argument("--summary", help="the summary that was scored (when RESULT.json holds no texts)")
    p.add_argument("--rows", help="for a batch: its input JSONL {id, document, summary}")
    p.add_argument("--threshold", type=float, help="label unlabelled claims and draw the threshold on the histogram")
    p.add_argument("--title", help="page title")
    p.set_defaults(func=run_report)


def run_report(args: argparse.Namespace) -> int:
    from factalign.report import report_file
    from factalign.report.load import read_inputs
    from factalign.scorer import check_threshold

    check_threshold(args.threshold)
    distinct_files({"the result file": args.result, "--document": args.document, "--summary": args.summary,
                    "--rows": args.rows}, {"--output": args.output})
    if (args.document is None) != (args.summary is None):
        raise FactalignError("give both --document and --summary, or neither")
    document = read_text(args.document) if args.document else None
    summary = read_text(args.summary) if args.summary else None
    inputs = read_inputs(args.rows) if args.rows else None
    n = report_file(args.result, args.output, document, summary, inputs, args.threshold, args.title)
    print(f"wrote {args.output} ({n} {'row' if n == 1 else 'rows'})")
    return 0

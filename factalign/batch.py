"""`factalign batch`: score JSONL rows {id, document, summary} into a resumable JSONL output.

Every input row ends as an output line or as a one-line error on stderr (and a non-zero exit):
rows with a bad or repeated id are refused, not silently merged, and a row over `--row-timeout`
is reported and skipped, so one pathological row cannot stall the batch.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tqdm import tqdm

from factalign.errors import FactalignError
from factalign.io import read_jsonl
from factalign.jsonl_output import JsonlOutput, row_key


class RowTimeout(BaseException):
    """Raised inside a row's scoring when its time is up (a BaseException: no `except Exception` swallows it)."""


def run_batch(args: argparse.Namespace, make_scorer) -> int:
    check_timeout(args.row_timeout)
    with JsonlOutput(args.output) as output:  # a bad output path fails before any model loads
        if args.html and not output.regular:
            raise FactalignError(f"--html reads the rows back from --output, so it needs a file, not {args.output}")
        rows = checked_rows(args.input)
        scorer = make_scorer(args)
        if args.row_timeout:
            warm_up(scorer)
        failed = written = 0
        ahead: dict[int, Any] = {}  # results of rows scored together with an earlier row of the same document
        for n, (lineno, row) in enumerate(tqdm(rows, desc=f"scoring ({scorer.method})", unit="row", disable=args.quiet)):
            try:
                if isinstance(row, FactalignError):
                    raise row
                if row_key(row["id"]) in output.finished:
                    continue
                if lineno not in ahead and not args.row_timeout:  # a row timeout needs rows one at a time
                    ahead.update(score_same_document(scorer, rows[n:], output.finished))
                if lineno in ahead:
                    result = ahead.pop(lineno)
                    if isinstance(result, FactalignError):
                        raise result
                else:
                    with time_limit(args.row_timeout):
                        result = scorer.score(row["document"], row["summary"])
            except (FactalignError, RowTimeout) as exc:
                failed += 1
                text = f"row timed out after {args.row_timeout:g} s (--row-timeout)" if isinstance(exc, RowTimeout) else str(exc)
                msg = text if text.startswith(f"{args.input}:") else f"{args.input}:{lineno}: {text}"
                tqdm.write(f"factalign: error: {msg}", file=sys.stderr)
                continue
            try:
                output.write({"id": row["id"], **result.to_dict()})
            except FactalignError as exc:
                raise FactalignError(f"{exc}; {written} rows of this run were written, rerun to resume") from None
            written += 1
            output.finished.add(row_key(row["id"]))
    if args.html and output.finished:
        from factalign.report import batch_html_report

        batch_html_report(args.output, args.html, rows, getattr(args, "threshold", None))
    if failed:
        print(f"factalign: {failed} of {len(rows)} rows failed; the others are in {args.output}", file=sys.stderr)
    return 1 if failed else 0


GROUP_SIZE = 16  # most rows scored together


def score_same_document(scorer, rows: list, finished: set, size: int = GROUP_SIZE) -> dict[int, Any]:
    """The first row and the rows right after it with the same document, scored with one NLI queue
    (nli/queue.py): {line number: result or FactalignError}. Fewer than two such rows: {}."""
    group = []
    for lineno, row in rows:
        if isinstance(row, FactalignError) or row_key(row["id"]) in finished:
            break
        if group and row["document"] != group[0][1]["document"]:
            break
        group.append((lineno, row))
        if len(group) >= size:
            break
    if len(group) < 2:
        return {}
    results = scorer.score_together([(row["document"], row["summary"]) for _, row in group])
    return {lineno: res for (lineno, _), res in zip(group, results)}


def warm_up(scorer) -> None:
    """Load the models a first row would load on use (segmenter, coreference), so loading does not count
    against that row's --row-timeout."""
    from factalign.text.segment import sentence_pipeline

    sentence_pipeline()
    if "coref" in scorer.spec.uses:
        scorer.coref_model.clusters("Warm-up text. It has two sentences.")


def checked_rows(path: str) -> list[tuple[int, dict[str, Any] | FactalignError]]:
    """The input rows; a row whose id is not a string or an integer, or repeats an earlier id, is an error."""
    rows, seen = [], {}
    for lineno, row in read_jsonl(path, required=("id", "document", "summary")):
        if not isinstance(row, FactalignError):
            row_id = row["id"]
            if isinstance(row_id, bool) or not isinstance(row_id, (str, int)):
                row = FactalignError(f"{path}:{lineno}: id must be a string or an integer, not {_kind(row_id)}")
            elif row_key(row_id) in seen:
                row = FactalignError(f"{path}:{lineno}: id {row_id!r} repeats the id on line {seen[row_key(row_id)]} "
                                     "(ids must be unique; 1 and \"1\" are the same id)")
            else:
                seen[row_key(row_id)] = lineno
        rows.append((lineno, row))
    return rows


def _kind(value: Any) -> str:
    if isinstance(value, float):
        return repr(value)  # nan, inf, 1.5
    return "null" if value is None else type(value).__name__


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise RowTimeout in the main thread when `seconds` of wall time have passed (None: no limit)."""
    if not seconds:
        yield
        return

    def alarm(signum, frame):
        raise RowTimeout

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def check_timeout(seconds: float | None) -> float | None:
    if seconds is not None and not 0 < seconds < float("inf"):
        raise FactalignError(f"--row-timeout must be a positive number of seconds, not {seconds:g}")
    return seconds

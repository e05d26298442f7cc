"""`factalign batch`: score rows {id, document, summary} of a JSONL, CSV or Parquet file (other column
names mapped with --columns) into a resumable JSONL output, then print one aggregate line.

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

from factalign.bench.data import file_kind, file_rows
from factalign.errors import FactalignError
from factalign.io import read_jsonl
from factalign.jsonl_output import JsonlOutput, row_key
from factalign.registry import parse_options

FIELDS = ("id", "document", "summary")


class RowTimeout(BaseException):
    """Raised inside a row's scoring when its time is up (a BaseException: no `except Exception` swallows it)."""


def run_batch(args: argparse.Namespace, make_scorer) -> int:
    check_timeout(args.row_timeout)
    with JsonlOutput(args.output) as output:  # a bad output path fails before any model loads
        if args.html and not output.regular:
            raise FactalignError(f"--html reads the rows back from --output, so it needs a file, not {args.output}")
        rows = checked_rows(args.input, batch_columns(args.columns))
        scorer = make_scorer(args)
        output.check_signature(scorer.signature)
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
            output.note({"id": row["id"], **result.to_dict()})
    if args.html and output.finished:
        from factalign.report import batch_html_report

        batch_html_report(args.output, args.html, rows, getattr(args, "threshold", None))
    if failed:
        print(f"factalign: {failed} of {len(rows)} rows failed; the others are in {args.output}", file=sys.stderr)
    mean = aggregate(output.scores, args.output)
    if failed:
        return 1
    return below(mean, args.fail_under, "the mean score")


def aggregate(scores: dict[str, tuple[float, str | None]], where: str) -> float | None:
    """Print one line over every row in the output: rows, mean score, share labelled inconsistent."""
    if not scores:
        print(f"factalign batch: 0 rows in {where}", file=sys.stderr)
        return None
    values = [s for s, _ in scores.values()]
    labels = [label for _, label in scores.values() if label is not None]
    share = f"{sum(label == 'inconsistent' for label in labels) / len(labels):.1%} labelled inconsistent" if labels \
        else "no labels (no threshold or calibration)"
    mean = sum(values) / len(values)
    print(f"factalign batch: {len(values)} rows in {where}, mean score {mean:.4f}, {share}", file=sys.stderr)
    return mean


def below(score: float | None, fail_under: float | None, what: str) -> int:
    """1 (and a line saying so) when `score` is under --fail-under, else 0."""
    if fail_under is None or score is None or score >= fail_under:
        return 0
    print(f"factalign: {what} {score:.4f} is below --fail-under {fail_under:g}", file=sys.stderr)
    return 1


GROUP_SIZE = 16  # most rows scored together


def score_same_document(scorer, rows: list, finished: set, size: int = GROUP_SIZE) -> dict[int, Any]:
    """The first row and the rows right after it with the same document, scored with one NLI queue
    (nli/gather.py): {line number: result or FactalignError}. Fewer than two such rows: {}."""
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


def batch_columns(items: list[str]) -> dict[str, str]:
    """--columns FIELD=COLUMN,... for id, document (or doc, as in bench) and summary."""
    mapping = parse_options([p for item in items for p in item.split(",") if p.strip()], "--columns")
    mapping = {("document" if field == "doc" else field): column for field, column in mapping.items()}
    unknown = [f for f in mapping if f not in FIELDS]
    if unknown:
        raise FactalignError(f"--columns: unknown field {unknown[0]!r}; fields are: {', '.join(FIELDS)}")
    return {field: mapping.get(field, field) for field in FIELDS}


def input_rows(path: str, columns: dict[str, str]):
    """(line or row number, {id, document, summary} or FactalignError) from a JSONL, CSV or Parquet file."""
    kind = file_kind(path)
    if kind == "jsonl":
        source = read_jsonl(path, required=tuple(columns.values()))
    else:
        source, _ = file_rows(path, kind)
    count = 0
    for lineno, row in source:
        count += 1
        if not isinstance(row, FactalignError):
            missing = [c for c in columns.values() if c not in row]
            row = FactalignError(f"{path}:{lineno}: missing field {', '.join(missing)}") if missing \
                else {field: row[column] for field, column in columns.items()}
        yield lineno, row
    if not count:
        raise FactalignError(f"{path} is empty: no rows")


def checked_rows(path: str, columns: dict[str, str] | None = None) -> list[tuple[int, dict[str, Any] | FactalignError]]:
    """The input rows; a row whose id is not a string or an integer, or repeats an earlier id, is an error."""
    rows, seen = [], {}
    for lineno, row in input_rows(path, columns or {f: f for f in FIELDS}):
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

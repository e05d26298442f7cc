"""`factalign batch`: score JSONL rows {id, document, summary} into a resumable JSONL output.

Every input row ends as an output line or as a one-line error on stderr (and a non-zero exit):
rows with a bad or repeated id are refused, not silently merged, and a row over `--row-timeout`
is reported and skipped, so one pathological row cannot stall the batch.
"""

from __future__ import annotations

import argparse
import itertools
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tqdm import tqdm

from factalign.errors import FactalignError
from factalign.engine.readers import read_rows
from factalign.jsonl_output import JsonlOutput, row_key


class RowTimeout(BaseException):
    """Raised inside a row's scoring when its time is up (a BaseException: no `except Exception` swallows it)."""


def run_batch(args: argparse.Namespace, make_scorer) -> int:
    """Score every row with the engine chosen by --engine (local: factalign.engine.local; ray: factalign.engine.ray)."""
    if getattr(args, "engine", "local") == "ray":
        from factalign.engine.ray import run_ray

        return run_ray(args, make_scorer)
    from factalign.engine.local import run_local

    return run_local(args, make_scorer)


def report_row(args: argparse.Namespace, output: JsonlOutput, lineno: int, row, result, stats: dict) -> None:
    """Write a row's result, or report its error on stderr; `stats` counts rows, failures and writes."""
    from factalign.engine.local import SKIPPED

    stats["rows"] += 1
    if result is SKIPPED:
        return
    if isinstance(result, FactalignError):
        stats["failed"] += 1
        text = str(result)
        msg = text if text.startswith(f"{args.input}:") else f"{args.input}:{lineno}: {text}"
        tqdm.write(f"factalign: error: {msg}", file=sys.stderr)
        return
    try:
        output.write({"id": row["id"], **result.to_dict()})
    except FactalignError as exc:
        raise FactalignError(f"{exc}; {stats['written']} rows of this run were written, rerun to resume") from None
    stats["written"] += 1
    output.finished.add(row_key(row["id"]))


def first_then_rest(rows: Iterator) -> Iterator:
    """The same rows, the first read now (so an empty or unreadable input fails before models load)."""
    rows = iter(rows)
    first = next(rows, None)
    return iter(()) if first is None else itertools.chain([first], rows)


def warm_up(scorer) -> None:
    """Load the models a first row would load on use (segmenter, coreference), so loading does not count
    against that row's --row-timeout."""
    from factalign.text.segment import sentence_pipeline

    sentence_pipeline()
    if "coref" in scorer.spec.uses:
        scorer.coref_model.clusters("Warm-up text. It has two sentences.")


def checked_rows(path: str) -> Iterator[tuple[int, dict[str, Any] | FactalignError]]:
    """The input rows, streamed (JSONL, CSV or Parquet); a row whose id is not a string or an integer, or
    repeats an earlier id, is an error. Only the ids are kept in memory."""
    seen = {}
    for lineno, row in read_rows(path, required=("id", "document", "summary")):
        if not isinstance(row, FactalignError):
            row_id = row["id"]
            if isinstance(row_id, bool) or not isinstance(row_id, (str, int)):
                row = FactalignError(f"{path}:{lineno}: id must be a string or an integer, not {_kind(row_id)}")
            elif row_key(row_id) in seen:
                row = FactalignError(f"{path}:{lineno}: id {row_id!r} repeats the id on line {seen[row_key(row_id)]} "
                                     "(ids must be unique; 1 and \"1\" are the same id)")
            else:
                seen[row_key(row_id)] = lineno
        yield lineno, row


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

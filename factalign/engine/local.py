"""The local batch engine: streams rows from the input to the output in bounded memory.

Rows are read one at a time and gathered into windows of at most GROUP_ROWS rows (or GROUP_CHARS
characters of text). Within a window, rows that share a document are scored together: the document
is split into sentences once, its coreference clusters are computed once, and up to ROWS_IN_FLIGHT
rows at a time take turns so that each round of their NLI requests goes to the model in one call
(`Scorer.score_each`, factalign/nli/gather.py). Each row is written as soon as it and every earlier row
of the window are done, one whole line per row, so a run killed at any moment resumes (finished ids
are skipped) into exactly the file an uninterrupted run writes, and an interrupt (SIGINT, SIGTERM)
loses at most the rows in flight. A row's result does not depend on its group: the NLI backends give a pair
the same probabilities whatever it is batched with (see factalign.nli.onnx), and an error in a
combined call is retried row by row, so a bad row fails alone.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import Any

from factalign.engine.job import BatchJob
from factalign.engine.rows import (SKIPPED, RowTimeout, check_fail_under, check_timeout, finish, html_report,
                                   interrupted_note, kept_rows, open_input, progress_bar, report_row, skip, time_limit,
                                   warm_up)
from factalign.errors import FactalignError
from factalign.jsonl_output import JsonlOutput, row_key
from factalign.nli.gather import ROWS_IN_FLIGHT, in_order
from factalign.scorer import Scorer

GROUP_ROWS = 256
GROUP_CHARS = 32 << 20


def windows(rows: Iterable[tuple[int, Any]], size: int = GROUP_ROWS, chars: int = GROUP_CHARS) -> Iterator[list]:
    """Consecutive rows in lists of at most `size` rows and about `chars` characters of text."""
    window, used = [], 0
    for item in rows:
        window.append(item)
        row = item[1]
        if isinstance(row, dict):
            used += sum(map(_chars, (row.get("document"), row.get("summary"))))
        if len(window) >= size or used >= chars:
            yield window
            window, used = [], 0
    if window:
        yield window


def _chars(value: Any) -> int:
    """Characters of a text, or of a list of sources (str or {"text": ...}); 0 for anything else."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, list):
        return sum(_chars(v.get("text") if isinstance(v, dict) else v) for v in value)
    return 0


def score_rows(scorer, window: list[tuple[int, Any]], finished: set[str] | frozenset = frozenset(),
               group: bool = True) -> Iterator[Any]:
    """For each (position, row) of the window, in order: SKIPPED, a SummaryResult, or the FactalignError it
    failed with, each as soon as it and every row before it are done.

    With `group`, rows that share a document are scored together (see the module docstring); the
    results are the same either way."""
    done: list[tuple[int, Any]] = []
    groups: dict[Any, list[int]] = {}
    for i, (_, row) in enumerate(window):
        if isinstance(row, FactalignError):
            done.append((i, row))
        elif row_key(row["id"]) in finished:
            done.append((i, SKIPPED))
        else:
            doc = row["document"]
            groups.setdefault(doc if group and isinstance(doc, str) else ("row", i), []).append(i)
    scored = ((i, result) for members in groups.values()
              for i, result in zip(members, score_group(scorer, [window[i][1] for i in members])))
    return in_order(itertools.chain(done, scored))


def score_group(scorer, rows: list[dict]) -> Iterator[Any]:
    """Results (or errors) for rows that share one document, each as soon as it is done: the document is split
    into sentences once, and the NLI calls of up to ROWS_IN_FLIGHT rows at a time share model calls
    (`Scorer.score_each`)."""
    try:
        document = scorer.as_document(rows[0]["document"])
    except FactalignError as exc:
        yield from [exc] * len(rows)
        return
    for start in range(0, len(rows), ROWS_IN_FLIGHT):
        yield from scorer.score_each([(document, row["summary"]) for row in rows[start:start + ROWS_IN_FLIGHT]])


def run_local(job: BatchJob) -> int:
    """`factalign batch --engine local`."""
    check_timeout(job.row_timeout)
    group = job.group and not job.row_timeout  # a row's timer needs the main thread
    with JsonlOutput(job.output) as output:  # a bad output path fails before any model loads
        rows = open_input(job, output)
        scorer = Scorer(job.settings)
        output.check_signature(scorer.signature)
        check_fail_under(job.fail_under, scorer.method_def, job.settings.params)
        if job.row_timeout:
            warm_up(scorer)
        kept = kept_rows(job)
        stats = {"rows": 0, "failed": 0, "written": 0}
        with progress_bar(job, output, f"scoring ({scorer.method_def.name})") as bar, interrupted_note(stats):
            for window in windows(rows, size=GROUP_ROWS if group else 1):
                if group:
                    results = score_rows(scorer, window, output.finished, group=True)
                else:
                    lineno, row = window[0]
                    results = [row if isinstance(row, FactalignError) else SKIPPED if row_key(row["id"]) in output.finished
                               else _timed(scorer, row, job.row_timeout)]
                for (lineno, row), result in zip(window, results):
                    if kept is not None and isinstance(row, dict):
                        kept.append((lineno, row))
                    report_row(job, output, lineno, row, result, stats)
                    if result is SKIPPED:
                        skip(bar)
                    else:
                        bar.update()
    html_report(job, output, kept, job.settings.threshold)
    return finish(job, output, stats)


def _timed(scorer, row, seconds):
    try:
        with time_limit(seconds):
            return scorer.score_together([(row["document"], row["summary"])])[0]
    except RowTimeout:
        return FactalignError(f"row timed out after {seconds:g} s (--row-timeout)")

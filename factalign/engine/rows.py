"""What both batch engines share: reading and checking input rows, writing results, and the run's last lines."""

from __future__ import annotations

import itertools
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from tqdm import tqdm

from factalign.columns import ROW_REQUIRED, row_columns, row_sources
from factalign.engine.job import FIELDS, BatchJob
from factalign.engine.readers import count_rows, read_rows
from factalign.errors import FactalignError, printable, quoted
from factalign.interrupts import held, noting
from factalign.jsonl_output import JsonlOutput, row_key
from factalign.methods import get_method
from factalign.registry import check_options

SKIPPED = object()  # a row whose id is already in the output


class RowTimeout(BaseException):
    """Raised inside a row's scoring when its time is up (a BaseException: no `except Exception` swallows it)."""


def report_row(job: BatchJob, output: JsonlOutput, lineno: int, row, result, stats: dict) -> None:
    """Write a row's result, or report its error on stderr; `stats` counts rows, failures and writes."""
    stats["rows"] += 1
    if result is SKIPPED:
        stats["skipped"] = stats.get("skipped", 0) + 1
        return
    if isinstance(result, FactalignError):
        stats["failed"] += 1
        text = str(result)
        msg = text if text.startswith(f"{job.input}:") else f"{job.input}:{lineno}: {text}"
        tqdm.write(f"factalign: error: {printable(msg)}", file=sys.stderr)
        return
    write_line(output, {"id": row["id"], **result.to_dict()}, stats)


def write_line(output: JsonlOutput, line: dict, stats: dict) -> None:
    """Append a scored row's output line; a failed write says how many rows this run wrote. An interrupt
    waits for the line and its count to be done (a file's write is quick; a pipe's may stall, and is not held)."""
    with held() if output.regular else nullcontext():
        try:
            output.write(line)
        except FactalignError as exc:
            raise FactalignError(f"{exc}; {written(stats)}") from None
        stats["written"] += 1
        output.finished.add(row_key(line["id"]))
        output.note(line)


def interrupted_note(stats: dict):
    """An interrupt (factalign.interrupts) in the block notes, for its one line, what this run wrote."""
    return noting(lambda: written(stats))


def written(stats: dict) -> str:
    """What a run that stops early says it leaves: resuming scores the rest."""
    return f"{stats['written']} rows of this run were written, rerun to resume"


def open_input(job: BatchJob, output: JsonlOutput) -> Iterator:
    """The checked input rows of the job, the first read now (an empty or unreadable input, or --html
    with an output that cannot be read back, fails before any model loads)."""
    if job.html and not output.regular:
        raise FactalignError(f"--html reads the rows back from --output, so it needs a file, not {job.output}")
    return first_then_rest(checked_rows(job.input, job.columns))


def kept_rows(job: BatchJob) -> list | None:
    """A list to keep the rows in for --html when the input is standard input (it cannot be read again), else None."""
    return [] if job.html and job.input == "-" else None


def html_report(job: BatchJob, output: JsonlOutput, kept: list | None, threshold: float | None) -> None:
    """--html: the batch report over the output, with the rows kept in memory or read again from the input;
    `threshold`: the scorer's."""
    if job.html and output.finished:
        from factalign.report import batch_html_report

        rows = kept if kept is not None else checked_rows(job.input, job.columns)
        batch_html_report(job.output, job.html, rows, threshold)


def first_then_rest(rows: Iterator) -> Iterator:
    """The same rows, the first read now (so an empty or unreadable input fails before models load)."""
    rows = iter(rows)
    first = next(rows, None)
    return iter(()) if first is None else itertools.chain([first], rows)


def progress_bar(job: BatchJob, output: JsonlOutput, desc: str) -> tqdm:
    """The run's progress bar on stderr: rows scored out of the input's rows, with the time left, where the
    input's length is known (a file, not standard input). A resumed run first says how many rows its output
    holds; each row skipped as done leaves the total (`skip`), so the rate and the time left are the scoring's."""
    if output.finished:
        print(f"factalign batch: resuming: {job.output} holds {len(output.finished)} finished rows; input rows with "
              "their ids are skipped", file=sys.stderr)
    total = None if job.quiet else count_rows(job.input)
    return tqdm(total=total, desc=desc, unit="row", disable=job.quiet, dynamic_ncols=True)


def skip(bar: tqdm, n: int = 1) -> None:
    """`n` rows skipped as already done: out of the bar's total, not counted as scored."""
    if n and getattr(bar, "total", None):
        bar.total = max(bar.n, bar.total - n)
        bar.refresh()


def finish(job: BatchJob, output: JsonlOutput, stats: dict) -> int:
    """The end of a batch run: failures, the rows skipped as done in an earlier run, the aggregate line over the
    whole output, --fail-under and --fail-on."""
    if stats.get("skipped"):
        print(f"factalign batch: {stats['skipped']} of {stats['rows']} input rows skipped: already in {job.output} "
              "from an earlier run", file=sys.stderr)
    if stats["failed"]:
        print(f"factalign: {stats['failed']} of {stats['rows']} rows failed; the others are in {job.output}", file=sys.stderr)
    mean = aggregate(output.scores, job.output)
    if stats["failed"]:
        return 1
    return below(mean, job.fail_under, "the mean score") or gated([d for _, _, d in output.scores.values()], job.fail_on)


def aggregate(scores: dict[str, tuple[float, str | None, str | None]], where: str) -> float | None:
    """Print one line over every row in the output: rows, mean score, share labelled inconsistent, decisions."""
    if not scores:
        print(f"factalign batch: 0 rows in {where}", file=sys.stderr)
        return None
    values = [s for s, _, _ in scores.values()]
    labels = [label for _, label, _ in scores.values() if label is not None]
    share = f"{sum(label == 'inconsistent' for label in labels) / len(labels):.1%} labelled inconsistent" if labels \
        else "no labels (no threshold or calibration)"
    decisions = [d for _, _, d in scores.values() if d is not None]
    if decisions:
        share += ", decisions " + ", ".join(f"{o} {decisions.count(o)}" for o in ("pass", "review", "block"))
    mean = sum(values) / len(values)
    print(f"factalign batch: {len(values)} rows in {where}, mean score {mean:.4f}, {share}", file=sys.stderr)
    return mean


def below(score: float | None, fail_under: float | None, what: str) -> int:
    """1 (and a line saying so) when `score` is under --fail-under, else 0."""
    if fail_under is None or score is None or score >= fail_under:
        return 0
    print(f"factalign: {what} {score:.4f} is below --fail-under {fail_under:g}", file=sys.stderr)
    return 1


def check_fail_under(fail_under: float | None, method, params: dict[str, Any]) -> None:
    """Refuse a --fail-under outside the score range of the method (a registered name or Method) with these
    parameters (given as on the command line, or parsed): such a gate would always fail, or always pass."""
    if fail_under is None:
        return
    method = get_method(method)
    low, high = method.score_range({**method.params, **check_options(f"method {method.name!r}", method.params, params)})
    if not low <= fail_under <= high:  # NaN too
        raise FactalignError(f"--fail-under {fail_under:g} is outside the score range of {method.name}, [{low:g}, {high:g}] "
                             "(a gate outside it always fails or always passes)")


def gated(outcomes: list[str | None], fail_on: str | None) -> int:
    """1 (and a line saying so) when some decision is --fail-on's level or worse, else 0."""
    from factalign.calibration.decision import at_least

    if fail_on is None:
        return 0
    if all(o is None for o in outcomes):
        raise FactalignError("--fail-on needs decisions: a calibration with pass/review/block bands "
                             "(the shipped default or one from `factalign calibrate`)")
    hits = sum(at_least(o, fail_on) for o in outcomes)
    if hits:
        print(f"factalign: {hits} of {len(outcomes)} decided {fail_on} or worse (--fail-on {fail_on})", file=sys.stderr)
    return int(hits > 0)


def warm_up(scorer) -> None:
    """Load the models a first row would load on use (segmenter, coreference), so loading does not count
    against that row's --row-timeout."""
    from factalign.text.segment import sentence_pipeline

    sentence_pipeline()
    if "coref" in scorer.method_def.uses:
        scorer.coref_model.clusters("Warm-up text. It has two sentences.")


def checked_rows(path: str, columns: dict[str, str] | None = None) -> Iterator[tuple[int, dict[str, Any] | FactalignError]]:
    """The input rows, streamed (JSONL, CSV or Parquet), fields renamed by `columns` (--columns; `doc` read for
    `document` where a row has only that); a row whose id is not a string or an integer, or repeats an earlier
    id, or that lacks a field, is an error in its place, except that a first row lacking a field fails the
    whole input (the mapping is wrong: one line, not one per row). Only the ids are kept in memory."""
    columns = columns or {f: f for f in FIELDS}
    seen = {}
    first = True  # the first row without a field fails the whole input (its mapping is wrong), before models load
    for lineno, row in read_rows(path):
        if not isinstance(row, FactalignError):
            try:  # `document` is read from `doc` where the row has only that (factalign.columns)
                here = row_columns(row, columns, ROW_REQUIRED, f"{path}:{lineno}")
            except FactalignError as exc:
                if first:
                    raise
                row = exc
            else:
                row = _fields(row, here, f"{path}:{lineno}")
            first = False
        if not isinstance(row, FactalignError):
            row_id = row["id"]
            if isinstance(row_id, bool) or not isinstance(row_id, (str, int)):
                row = FactalignError(f"{path}:{lineno}: id must be a string or an integer, not {_kind(row_id)}")
            elif row_key(row_id) in seen:
                row = FactalignError(f"{path}:{lineno}: id {quoted(row_id)} repeats the id on line {seen[row_key(row_id)]} "
                                     "(ids must be unique; 1 and \"1\" are the same id)")
            else:
                seen[row_key(row_id)] = lineno
        yield lineno, row


def _fields(raw: dict[str, Any], columns: dict[str, str], where: str) -> dict[str, Any] | FactalignError:
    """A row's {id, document, summary}; a row with sources carries their list as its document (a CSV cell holds
    the list as JSON text), which the Scorer reads as sources."""
    row = {"id": raw[columns["id"]], "document": None, "summary": raw[columns["summary"]]}
    try:
        sources = row_sources(raw.get(columns["sources"]), raw.get(columns["document"]) not in (None, ""), where,
                              columns["document"], columns["sources"])
    except FactalignError as exc:
        return exc
    if sources is not None:
        row["document"] = sources
    elif columns["document"] not in raw:
        return FactalignError(f"{where}: missing field {columns['document']}")
    else:
        row["document"] = raw[columns["document"]]
    return row


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

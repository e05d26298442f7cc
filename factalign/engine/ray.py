"""The Ray engine: `factalign batch --engine ray [--address ADDR]` (extra `[ray]`).

The driver streams the input with the local engine's reader (the same checks and messages for bad
lines and repeated ids) and cuts it into shards of --shard-rows consecutive rows. A shard whose rows
are all in --output already is skipped, so a killed run resumes by finished shards. The pending
shards go through Ray Data `map_batches` to a pool of actors; each actor builds the Scorer once and
scores a shard with `score_rows`, the code the local engine runs, so results are identical row for
row. Shards come back in input order and the driver appends their rows to --output, one whole line
per row (the local engine's crash-safe writer). A row that fails is reported with its line number
and the shard's other rows are kept.

Each actor uses the --cache path on its own node; `factalign cache merge` gathers those caches.
"""

from __future__ import annotations

import json
import os
from typing import Any

from factalign.engine.job import BatchJob
from factalign.errors import FactalignError
from factalign.interrupts import take_signals
from factalign.jsonl_output import row_key

WAVE_SHARDS = 64  # shards handed to Ray at a time: bounds the driver's memory on inputs of any length


class ShardScorer:
    """A Ray Data actor: loads the models once, then scores one shard per call."""

    def __init__(self, job: BatchJob):
        from factalign.scorer import Scorer

        self.scorer = Scorer(job.settings)
        self.group = job.group

    def __call__(self, batch: dict[str, Any]) -> dict[str, Any]:
        from factalign.engine.local import score_rows

        shards, outs, errors = [], [], []
        for shard, text in zip(batch["shard"], batch["rows"]):
            window = [tuple(item) for item in json.loads(text)]
            lines, failed = [], []
            for (lineno, row), result in zip(window, score_rows(self.scorer, window, group=self.group)):
                if isinstance(result, FactalignError):
                    failed.append([lineno, str(result)])
                    continue
                try:
                    lines.append(json.dumps({"id": row["id"], **result.to_dict()}, ensure_ascii=False, allow_nan=False))
                except ValueError:
                    failed.append([lineno, f"row {row['id']!r} holds a value that is not valid JSON (NaN or infinity)"])
            shards.append(int(shard))
            outs.append("\n".join(lines))
            errors.append(json.dumps(failed))
        return {"shard": shards, "lines": outs, "errors": errors}


def run_ray(job: BatchJob) -> int:
    """`factalign batch --engine ray`."""
    try:
        import ray
        import ray.data
    except ImportError:
        raise FactalignError("--engine ray needs Ray Data: pip install 'factalign[ray]'") from None
    from factalign.engine.rows import (finish, html_report, interrupted_note, kept_rows, open_input, progress_bar,
                                       report_row, skip)
    from factalign.engine.local import windows
    from factalign.jsonl_output import JsonlOutput

    if job.row_timeout:
        raise FactalignError("--row-timeout works with --engine local only")
    if job.shard_rows < 1 or (job.actors is not None and job.actors < 1):
        raise FactalignError("--shard-rows and --actors must be at least 1")
    with JsonlOutput(job.output) as output:
        rows = open_input(job, output)
        method, threshold = _check_scorer(job, output)
        started = _connect(ray, job.address)
        try:
            stats = {"rows": 0, "failed": 0, "written": 0}
            kept = kept_rows(job)
            with progress_bar(job, output, f"scoring ({method}, ray)") as bar, interrupted_note(stats):
                wave: list = []
                for number, shard in enumerate(windows(rows, size=job.shard_rows, chars=1 << 62)):
                    if kept is not None:
                        kept += [(n, r) for n, r in shard if isinstance(r, dict)]
                    pending = []
                    for lineno, row in shard:  # bad lines are reported by the driver, as the local engine does
                        if not isinstance(row, dict):
                            report_row(job, output, lineno, row, row, stats)
                        elif row_key(row["id"]) in output.finished:
                            stats["rows"] += 1  # finished in an earlier run
                            stats["skipped"] = stats.get("skipped", 0) + 1
                        else:
                            pending.append((lineno, {k: row[k] for k in ("id", "document", "summary")}))
                    bar.update(sum(not isinstance(r, dict) for _, r in shard))  # bad lines, reported here
                    skip(bar, sum(isinstance(r, dict) for _, r in shard) - len(pending))
                    if pending:  # else a finished shard: skipped
                        wave.append((number, pending))
                    if len(wave) >= WAVE_SHARDS:
                        _run_wave(ray, job, wave, output, stats, bar)
                        wave = []
                if wave:
                    _run_wave(ray, job, wave, output, stats, bar)
        finally:
            if started:
                ray.shutdown()
    html_report(job, output, kept, threshold)
    return finish(job, output, stats)


def _check_scorer(job: BatchJob, output) -> tuple[str, float | None]:
    """The method's name and the threshold, from a Scorer built here so that a bad method, model or option
    fails in one line before Ray starts; the driver keeps no models (each actor builds its own)."""
    from factalign.engine.rows import check_fail_under
    from factalign.scorer import Scorer

    scorer = Scorer(job.settings)
    output.check_signature(scorer.signature)
    check_fail_under(job.fail_under, scorer.method_def, job.settings.params)
    return scorer.method_def.name, job.settings.threshold


def _connect(ray, address: str | None) -> bool:
    """Join --address (or RAY_ADDRESS), or start a local instance; True if this call started Ray."""
    import logging

    for name in ("ray", "ray.data"):  # Ray's own start-up and progress lines; warnings and errors still show
        logging.getLogger(name).setLevel(logging.WARNING)
    if ray.is_initialized():
        return False
    address = address or os.environ.get("RAY_ADDRESS")
    try:
        # a local instance's workers import factalign from where this process does
        env = {"env_vars": {"PYTHONPATH": os.environ["PYTHONPATH"]}} if not address and "PYTHONPATH" in os.environ else None
        ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False, include_dashboard=False, runtime_env=env)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise FactalignError(f"cannot connect to Ray at {address or 'a new local instance'}: {str(exc).splitlines()[0]}") from None
    take_signals()  # ray.init puts its own SIGTERM handler in this process, which would end it without the line and 143
    return True


def _run_wave(ray, job: BatchJob, wave, output, stats, bar) -> None:
    """Score the wave's shards on the actor pool and append their rows to the output, in input order."""
    from factalign.engine.rows import report_row, write_line, written

    ctx = ray.data.DataContext.get_current()
    ctx.execution_options.preserve_order = True
    ctx.enable_progress_bars = False
    if hasattr(ctx, "print_on_execution_start"):
        ctx.print_on_execution_start = False
    by_number = {number: rows for number, rows in wave}
    items = [{"shard": number, "rows": json.dumps(rows, ensure_ascii=False)} for number, rows in wave]
    actors = job.actors or max(1, int(ray.cluster_resources().get("CPU", 1)))
    ds = ray.data.from_items(items, override_num_blocks=len(items)).map_batches(
        ShardScorer, fn_constructor_args=(job,), batch_size=1,
        compute=ray.data.ActorPoolStrategy(size=min(actors, len(items))), num_cpus=1, batch_format="numpy")
    try:
        for result in ds.iter_rows():
            number = int(result["shard"])
            shard = by_number[number]
            lines = [json.loads(line) for line in str(result["lines"]).splitlines()]
            errors = {lineno: msg for lineno, msg in json.loads(str(result["errors"]))}
            done = iter(lines)
            for lineno, row in shard:
                outcome = FactalignError(errors[lineno]) if lineno in errors else next(done)
                if isinstance(outcome, FactalignError):
                    report_row(job, output, lineno, row, outcome, stats)
                else:
                    stats["rows"] += 1
                    write_line(output, outcome, stats)
            bar.update(len(shard))
    except ray.exceptions.RayError as exc:  # an actor that could not start or died: Ray's errors, in one line
        cause = getattr(exc, "cause", None) or exc
        text = str(cause).strip().splitlines()
        raise FactalignError(f"the Ray job failed: {text[-1] if text else type(cause).__name__}; "
                             f"{written(stats)}") from None



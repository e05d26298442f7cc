"""`factalign batch` and `factalign.run_batch`: score rows {id, document, summary} of a JSONL, CSV or Parquet
file (other column names mapped with --columns) into a resumable JSONL output, then print one aggregate line.

Every input row ends as an output line or as a one-line error on stderr (and a non-zero exit):
rows with a bad or repeated id are refused, not silently merged, and a row over `--row-timeout`
is reported and skipped, so one pathological row cannot stall the batch.
"""

from __future__ import annotations

from factalign.engine.job import BatchJob
from factalign.errors import FactalignError
from factalign.io import distinct_files


def run_batch(job: BatchJob) -> int:
    """Run a batch job on its engine (local: factalign.engine.local; ray: factalign.engine.ray); the exit
    status of `factalign batch`: 0, or 1 when a row failed or --fail-under / --fail-on tripped. A bad
    input, output or option raises FactalignError before any row is scored.

    >>> from factalign import BatchJob, ScorerSettings, run_batch
    >>> job = BatchJob("rows.jsonl", "scores.jsonl", ScorerSettings("fenice", nli="house"), quiet=True)
    >>> run_batch(job)    # doctest: +SKIP
    0
    """
    distinct_files({"the input": job.input}, {"--output": job.output, "--html": job.html})
    if str(job.output).lower().endswith((".html", ".htm")):
        raise FactalignError(f"--output {job.output} would be JSONL rows under an HTML name: give the rows a .jsonl "
                             f"--output and the report --html {job.output}")
    if job.engine == "ray":
        from factalign.engine.ray import run_ray

        return run_ray(job)
    if job.engine != "local":
        raise FactalignError(f"unknown engine {job.engine!r}; engines are: local, ray")
    from factalign.engine.local import run_local

    return run_local(job)

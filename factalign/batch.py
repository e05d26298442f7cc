"""`factalign batch`: score rows {id, document, summary} of a JSONL, CSV or Parquet file (other column
names mapped with --columns) into a resumable JSONL output, then print one aggregate line.

Every input row ends as an output line or as a one-line error on stderr (and a non-zero exit):
rows with a bad or repeated id are refused, not silently merged, and a row over `--row-timeout`
is reported and skipped, so one pathological row cannot stall the batch.
"""

from __future__ import annotations

import argparse

from factalign.errors import FactalignError
from factalign.io import distinct_files
from factalign.options import cache_from_args


def run_batch(args: argparse.Namespace, make_scorer) -> int:
    """Score every row with the engine chosen by --engine (local: factalign.engine.local; ray: factalign.engine.ray)."""
    distinct_files({"the input": args.input}, {"--output": args.output, "--html": args.html,
                                               "--cache": cache_from_args(args)})
    if str(args.output).lower().endswith((".html", ".htm")):
        raise FactalignError(f"--output {args.output} would be JSONL rows under an HTML name: give the rows a .jsonl "
                             f"--output and the report --html {args.output}")
    if getattr(args, "engine", "local") == "ray":
        from factalign.engine.ray import run_ray

        return run_ray(args, make_scorer)
    from factalign.engine.local import run_local

    return run_local(args, make_scorer)

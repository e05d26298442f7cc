"""A batch job: everything `factalign batch` runs on, decided once (from the command line by
`BatchJob.from_args`, or in Python), then read by the engines."""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from dataclasses import dataclass

from factalign.columns import ROW_FIELDS, full_columns, parse_columns
from factalign.errors import FactalignError
from factalign.settings import ScorerSettings

FIELDS = ROW_FIELDS  # id, document, summary, sources: a row has a document or sources (a list of them), not both


@dataclass(frozen=True)
class BatchJob:
    """Score rows {id, document, summary} (or {id, sources, summary}) of `input` into the JSONL `output`; see
    `factalign.run_batch`."""

    input: str  # JSONL, CSV (.csv, .tsv) or Parquet (.parquet) rows; "-": JSONL on standard input
    output: str  # JSONL results, appended to; rows whose id it holds already are skipped
    # what the Scorer is built from: in this process, and once in each Ray actor (settings pickle when their
    # specs are names, as the command line's are; a Scorer itself holds its loaded models)
    settings: ScorerSettings
    columns: Mapping[str, str] | None = None  # field (id, document or doc, summary, sources) -> the input's column
    html: str | None = None  # also write the HTML report of every finished row here
    row_timeout: float | None = None  # seconds before a row is given up and reported (engine="local")
    group: bool = True  # score rows that share a document together (the same results, fewer model calls)
    engine: str = "local"  # or "ray": Ray Data actors (extra [ray])
    address: str | None = None  # engine="ray": the cluster to join (else RAY_ADDRESS, else a local instance)
    actors: int | None = None  # engine="ray": scoring actors (default: one per CPU of the cluster)
    shard_rows: int = 200  # engine="ray": rows per shard, the unit of work and of resuming
    fail_under: float | None = None  # exit status 1 when the output's mean score is below this
    fail_on: str | None = None  # exit status 1 when a decision is this ("review" or "block") or worse
    quiet: bool = False  # no progress bar

    def __post_init__(self):
        if not isinstance(self.settings, ScorerSettings):
            hint = "its .settings" if hasattr(self.settings, "settings") else "ScorerSettings(method, nli=..., ...)"
            raise FactalignError(f"BatchJob takes the scorer's settings, {hint} (factalign.ScorerSettings), not "
                                 f"{type(self.settings).__name__}")
        for name in ("input", "output", "html"):  # a Path given in Python: as the command line's str
            if getattr(self, name) is not None:
                object.__setattr__(self, name, os.fspath(getattr(self, name)))
        object.__setattr__(self, "columns", full_columns(self.columns, FIELDS))

    @classmethod
    def from_args(cls, args: argparse.Namespace, settings: ScorerSettings) -> BatchJob:
        """The job of `factalign batch`'s arguments, scoring with `settings` (factalign.options.settings_from_args
        of the same arguments)."""
        return cls(args.input, args.output, settings, parse_columns(args.columns, FIELDS),
                   html=args.html, row_timeout=args.row_timeout, group=not args.no_group, engine=args.engine,
                   address=args.address, actors=args.actors, shard_rows=args.shard_rows, fail_under=args.fail_under,
                   fail_on=args.fail_on, quiet=args.quiet)


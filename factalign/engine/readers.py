"""Input rows for `batch`, streamed: JSONL (the default), CSV (`.csv`, `.tsv`) or Parquet (`.parquet`, `.pq`, needs pyarrow).

Each reader yields (position, row or error) one row at a time, so memory does not grow with the number
of rows; position is the line number for JSONL and CSV (the header is line 1) and the row number for
Parquet. A bad row is yielded as a FactalignError in its place; an input without any row is an error.
"""

from __future__ import annotations

import csv
import os
import stat
from collections.abc import Iterator
from typing import Any

from factalign.errors import FactalignError
from factalign.io import csv_settings, file_kind, open_text, read_jsonl

Row = dict[str, Any] | FactalignError
PARQUET_BATCH = 1024  # rows per record batch read from a Parquet file


def read_rows(path: str) -> Iterator[tuple[int, Row]]:
    kind = file_kind(path)
    if kind == "csv":
        return _csv_rows(path)
    if kind == "parquet":
        return _parquet_rows(path)
    return read_jsonl(path)


def _csv_rows(path: str) -> Iterator[tuple[int, Row]]:
    text = open_text(path)
    rows = 0
    try:
        reader = csv.reader(text, **csv_settings(path))
        try:
            header = next(reader, None)
            if header is None:
                raise FactalignError(f"{path} is empty: no CSV header")
            while True:
                lineno = reader.line_num + 1
                values = next(reader, None)
                if values is None:
                    break
                if not any(v.strip() for v in values):
                    continue
                rows += 1
                if len(values) != len(header):
                    yield lineno, FactalignError(f"{path}:{lineno}: {len(values)} fields, the header has {len(header)}")
                    continue
                yield lineno, dict(zip(header, values))
        except UnicodeDecodeError as exc:
            raise FactalignError(f"{path} is not UTF-8 text (invalid byte at offset {exc.start})") from None
        except csv.Error as exc:
            raise FactalignError(f"{path}:{reader.line_num}: not valid CSV ({exc})") from None
    finally:
        if path != "-":
            text.close()
    if not rows:
        raise FactalignError(f"{path} is empty: no CSV rows")


def _parquet_rows(path: str) -> Iterator[tuple[int, Row]]:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise FactalignError("reading Parquet needs pyarrow: pip install pyarrow") from None
    try:
        f = pq.ParquetFile(path)
    except FileNotFoundError:
        raise FactalignError(f"file not found: {path}") from None
    except Exception as exc:  # pyarrow's own errors: not a Parquet file, a directory
        raise FactalignError(f"cannot read {path} as Parquet: {str(exc).splitlines()[0]}") from None
    n = 0
    batches = f.iter_batches(batch_size=PARQUET_BATCH)
    while True:
        try:
            batch = next(batches, None)
        except Exception as exc:  # a corrupt page
            raise FactalignError(f"{path}: cannot read Parquet rows after row {n}: {str(exc).splitlines()[0]}") from None
        if batch is None:
            break
        for row in batch.to_pylist():
            n += 1
            yield n, row
    if not n:
        raise FactalignError(f"{path} is empty: no Parquet rows")


def count_rows(path: str) -> int | None:
    """How many rows a regular input file holds, for the progress bar's total: one cheap pass (non-blank lines
    of JSONL, CSV records after the header, a Parquet file's row count); None for standard input, a pipe or
    anything that cannot be counted (reading it then reports what is wrong)."""
    if path == "-":
        return None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None  # a pipe or a device: counting would consume it
        kind = file_kind(path)
        if kind == "parquet":
            import pyarrow.parquet as pq

            return pq.ParquetFile(path).metadata.num_rows
        if kind == "csv":
            with open(path, encoding="utf-8-sig", newline="") as f:
                records = sum(1 for values in csv.reader(f, **csv_settings(path)) if any(v.strip() for v in values))
            return max(0, records - 1)
        with open(path, "rb") as f:
            return sum(1 for line in f if line.strip())
    except Exception:  # unreadable, not UTF-8, not CSV, no pyarrow: the reader says what is wrong
        return None

"""Input rows for `batch`, streamed: JSONL (the default), CSV (`.csv`, `.tsv`) or Parquet (`.parquet`, `.pq`, needs pyarrow).

Each reader yields (position, row or error) one row at a time, so memory does not grow with the number
of rows; position is the line number for JSONL and CSV (the header is line 1) and the row number for
Parquet. A bad row is yielded as a FactalignError in its place; an input without any row is an error.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import Any

from factalign.errors import FactalignError
from factalign.io import csv_settings, file_kind, open_text, read_jsonl

Row = dict[str, Any] | FactalignError
PARQUET_BATCH = 1024  # rows per record batch read from a Parquet file


def read_rows(path: str, required: tuple[str, ...] = ()) -> Iterator[tuple[int, Row]]:
    kind = file_kind(path)
    if kind == "csv":
        return _csv_rows(path, required)
    if kind == "parquet":
        return _parquet_rows(path, required)
    return read_jsonl(path, required)


def _missing(path: str, where: int, row: dict, required: tuple[str, ...]) -> Row:
    missing = [k for k in required if k not in row]
    return FactalignError(f"{path}:{where}: missing field {', '.join(missing)}") if missing else row


def _csv_rows(path: str, required: tuple[str, ...]) -> Iterator[tuple[int, Row]]:
    text = open_text(path)
    rows = 0
    try:
        reader = csv.reader(text, **csv_settings(path))
        try:
            header = next(reader, None)
            if header is None:
                raise FactalignError(f"{path} is empty: no CSV header")
            absent = [k for k in required if k not in header]
            if absent:
                raise FactalignError(f"{path}: the CSV header has no column {', '.join(absent)}")
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


def _parquet_rows(path: str, required: tuple[str, ...]) -> Iterator[tuple[int, Row]]:
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
    absent = [k for k in required if k not in f.schema_arrow.names]
    if absent:
        raise FactalignError(f"{path}: the Parquet file has no column {', '.join(absent)}")
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
            yield n, _missing(path, n, row, required)
    if not n:
        raise FactalignError(f"{path} is empty: no Parquet rows")

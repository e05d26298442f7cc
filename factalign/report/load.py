"""Reading results (one `score --json` object, or a batch's JSONL) and the texts they were scored on."""

from __future__ import annotations

import sys
from typing import Any

from factalign.columns import ROW_FIELDS, ROW_REQUIRED, full_columns, row_columns
from factalign.errors import FactalignError, printable
from factalign.io import loads_json, read_jsonl, read_text
from factalign.text.sources import as_sources, join

class Texts(dict[str, tuple[str, str]]):
    """Row id -> (document, summary) of a --rows file, and how many of its lines were malformed and skipped."""

    skipped = 0


def read_results(path: str) -> tuple[list[dict[str, Any]], bool]:
    """The result rows of a file and whether it is a batch (JSONL, or a JSON list)."""
    text = read_text(path)
    if not text.strip():
        raise FactalignError(f"{path} is empty")
    try:
        data = loads_json(text, path)
    except ValueError:
        data = None
    if isinstance(data, dict):
        return [data], False
    if isinstance(data, list):
        if not all(isinstance(r, dict) for r in data):
            raise FactalignError(f"{path}: expected a list of JSON objects")
        return data, True
    if data is not None:
        raise FactalignError(f"{path}: expected a JSON object or JSONL rows, got {type(data).__name__}")
    rows = []
    for _, row in read_jsonl(path):
        if isinstance(row, FactalignError):
            raise row
        rows.append(row)
    return rows, True


def read_inputs(path: str, columns=None) -> Texts:
    """A batch input JSONL {id, document, summary} (or {id, sources, summary}: the document is the sources'
    joined text) as id -> (document, summary); `columns` (--columns) maps the fields as for batch. A malformed
    line is handled as `batch` handles it: reported on stderr and skipped (`Texts.skipped` counts them); a file
    with no JSON row at all is refused."""
    texts = Texts()
    columns = full_columns(columns, ROW_FIELDS)
    for lineno, row in read_jsonl(path):
        try:
            if isinstance(row, FactalignError):
                raise row
            c = row_columns(row, columns, ROW_REQUIRED, f"{path}:{lineno}")
            document = row[c["document"]] if row.get(c["sources"]) is None else _joined(row[c["sources"]], f"{path}:{lineno}")
            texts[str(row[c["id"]])] = (document, row[c["summary"]])
        except FactalignError as exc:
            if not texts and not texts.skipped and isinstance(row, dict):
                raise  # the first row without a field: a mapping to give (--columns), refused as batch refuses it
            text = str(exc)
            print(f"factalign: error: {printable(text if text.startswith(f'{path}:') else f'{path}:{lineno}: {text}')}",
                  file=sys.stderr)
            texts.skipped += 1
    return texts


def _joined(sources, where: str) -> str:
    try:
        return join(as_sources(sources))[0]
    except FactalignError as exc:
        raise FactalignError(f"{where}: {exc}") from None


def texts_for(row: dict[str, Any], n: int, document: str | None, summary: str | None, inputs: Texts | None,
              path: str) -> tuple[str, str]:
    """The (document, summary) a row was scored on: its own fields, the batch inputs by id, or the given texts."""
    if isinstance(row.get("document"), str) and isinstance(row.get("summary"), str):
        return row["document"], row["summary"]
    if inputs is not None:
        key = str(row.get("id"))
        if key not in inputs:
            raise FactalignError(f"{path}: row {n + 1} has id {row.get('id')!r}, which is not in the --rows file")
        return inputs[key]
    if document is not None and summary is not None:
        return document, summary
    raise FactalignError(f"{path} does not hold the texts it was scored on: give --document and --summary "
                         "(for a batch, --rows INPUT.jsonl)")

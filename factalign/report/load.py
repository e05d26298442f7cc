"""Reading results (one `score --json` object, or a batch's JSONL) and the texts they were scored on."""

from __future__ import annotations

from typing import Any

from factalign.errors import FactalignError
from factalign.io import loads_json, read_jsonl, read_text

Texts = dict[str, tuple[str, str]]  # row id -> (document, summary)


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


def read_inputs(path: str) -> Texts:
    """A batch input JSONL {id, document, summary} as id -> (document, summary)."""
    texts = {}
    for _, row in read_jsonl(path, required=("id", "document", "summary")):
        if isinstance(row, FactalignError):
            raise row
        texts[str(row["id"])] = (row["document"], row["summary"])
    return texts


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

"""Rows of JSONL files -> documents to extract from, and claim lists to compare.

Extraction rows carry a `text`, or (focus mode) a `context` list of sentences and a `focus` given as
an index into it or as the focus sentence itself: the extractor reads the whole context (so
pronouns resolve and a leading page title names the topic) and only the focus sentence's claims are
kept. FEVERFact rows work as they are with `--context-field sentence_context --focus-field sentence`.
"""

from __future__ import annotations

from typing import Any

from factalign.claims import ClaimExtractor
from factalign.data import Claim, Document
from factalign.errors import FactalignError
from factalign.io import read_jsonl


def context_document(context: list[str]) -> Document:
    """One sentence per context item, a newline between items, so no sentence runs into the next."""
    text, spans = "", []
    for item in context:
        if text:
            text += "\n"
        spans.append((len(text), len(text) + len(item)))
        text += item
    return Document(text, spans)


def focus_index(context: list[str], focus: Any) -> int:
    if isinstance(focus, bool) or not isinstance(focus, (int, str)):
        raise FactalignError("the focus must be an index into the context or the focus sentence itself")
    if isinstance(focus, int):
        if not 0 <= focus < len(context):
            raise FactalignError(f"focus index {focus} is outside the context of {len(context)} sentences")
        return focus
    if focus not in context:
        raise FactalignError("the focus sentence is not one of the context sentences")
    return context.index(focus)


def row_document(row: dict, text_field: str, context_field: str | None, focus_field: str) -> tuple[Document, int | None]:
    """(document, focus sentence index or None) of one extraction row."""
    if context_field is None:
        text = row.get(text_field)
        if not isinstance(text, str) or not text.strip():
            raise FactalignError(f"field {text_field!r} must be a non-empty string")
        return Document.from_text(text), None
    context = row.get(context_field)
    if not isinstance(context, list) or not context or not all(isinstance(s, str) and s.strip() for s in context):
        raise FactalignError(f"field {context_field!r} must be a non-empty list of sentences")
    if focus_field not in row:
        raise FactalignError(f"missing field {focus_field!r} (the focus sentence or its index)")
    return context_document(context), focus_index(context, row[focus_field])


def extract(extractor: ClaimExtractor, document: Document, focus: int | None) -> list[Claim]:
    claims = extractor.extract(document)
    return claims if focus is None else [c for c in claims if c.sentence_index == focus]


def claim_texts(value: Any) -> list[str]:
    """A row's claims: strings, or objects with a `text` (as `claims extract` writes them)."""
    if not isinstance(value, list):
        raise FactalignError("claims must be a list")
    out = []
    for c in value:
        text = c.get("text") if isinstance(c, dict) else c
        if not isinstance(text, str):
            raise FactalignError("each claim must be a string or an object with a string `text`")
        out.append(text)
    return out


def read_claims(path: str, claims_field: str, id_field: str | None, id_option: str = "--id-field") -> dict[str, list[str]]:
    """id -> claims; without an id field, rows are keyed by their order (0, 1, ...). `id_option` is the
    option that names this file's id field, for the hint when a row lacks it."""
    out: dict[str, list[str]] = {}
    for n, (lineno, row) in enumerate(read_jsonl(path)):
        if isinstance(row, FactalignError):
            raise row
        if claims_field not in row:
            raise FactalignError(f"{path}:{lineno}: missing field {claims_field!r}")
        if id_field is not None and id_field not in row:
            fields = ", ".join(list(row)[:8])
            raise FactalignError(f"{path}:{lineno}: missing field {id_field!r} (its fields: {fields}); name this file's "
                                 f"id field with {id_option}, or match rows by their order with --by-order")
        key = str(row[id_field]) if id_field is not None else str(n)
        if key in out:
            raise FactalignError(f"{path}:{lineno}: duplicate id {key!r}")
        try:
            out[key] = claim_texts(row[claims_field])
        except FactalignError as exc:
            raise FactalignError(f"{path}:{lineno}: {exc}") from None
    return out

"""The boundary every input crosses once: a text, or a list of sources, checked (not empty, within the limit,
UTF-8) and made into the Document the rest of the code takes. The command line, the service, batch and the
Python API all read through `to_document`; a Document passed on is not checked again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from factalign.data import Document
from factalign.errors import FactalignError
from factalign.settings import MAX_DOCUMENT_CHARS
from factalign.text.sources import Source, as_sources, is_source_list, join


def to_document(value: str | Document | Sequence, what: str = "document", max_chars: int = MAX_DOCUMENT_CHARS) -> Document:
    """`value` (a str, a list of sources when `what` is "document", or a Document, returned as it is) as a checked
    Document with its sentences; refused in one line when it is empty, too long or not UTF-8 text."""
    if isinstance(value, Document):
        return value
    if what == "document" and is_source_list(value):
        return Document.from_sources(check_sources(value, max_chars))
    check_text(value, what, max_chars)
    doc = Document.from_text(value)
    if not doc.sentences:
        raise FactalignError(f"the {what} has no sentences")
    return doc


def source_list(document: Document) -> list[Source] | str:
    """What a Document was made of: its sources (ids, titles and urls kept), or its text for one document."""
    if not document.sources:
        return document.text
    return [Source(r.id, document.text[r.start:r.end], r.title, r.url) for r in document.sources]


def check_text(text: str, what: str, max_chars: int = MAX_DOCUMENT_CHARS) -> None:
    """Refuse empty or over-long input before any model is loaded or run."""
    if not isinstance(text, str) or not text.strip():
        raise FactalignError(f"the {what} is empty")
    if len(text) > max_chars:
        raise FactalignError(f"the {what} has {len(text):,} characters, over the limit of {max_chars:,} "
                             "(raise it with --max-chars)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate ("\ud800"): no UTF-8 text holds one
        raise FactalignError(f"the {what} holds a lone surrogate {text[exc.start]!r} at character {exc.start}") from None


def check_sources(items: Any, max_chars: int = MAX_DOCUMENT_CHARS) -> list[Source]:
    """A list of sources checked (factalign.text.sources.as_sources) and refused when their joined text is over
    the document limit, which applies to all sources together."""
    sources = as_sources(items)
    text, _ = join(sources)
    if len(text) > max_chars:
        n = f"{len(sources):,} source{'s' if len(sources) != 1 else ''}"
        raise FactalignError(f"the sources have {len(text):,} characters in all ({n} joined), over the document limit of "
                             f"{max_chars:,}, which applies to all sources together (raise it with --max-chars)")
    for s in sources:
        check_text(s.text, f"source {s.id!r}", max_chars)  # a lone surrogate, named by its source
    return sources

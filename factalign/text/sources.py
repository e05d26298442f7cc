"""Several sources (retrieved passages, files) checked as one text: what a source is, how a list of
them is read and checked, and how they are joined.

The sources are joined into one text with SEPARATOR (a blank line) between them: the segmenter cuts
blocks at blank lines, so no sentence crosses two sources, and char offsets into the joined text map
back to (source id, offset inside that source) through the ranges `join` records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from factalign.errors import FactalignError, checked_fields, quoted

SEPARATOR = "\n\n"
SOURCE_KEYS = ("id", "text", "title", "url")


@dataclass(frozen=True)
class Source:
    """One source: its id (unique in its list), its text, and optionally a title and a URL."""

    id: str
    text: str
    title: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class SourceRange:
    """Where a source lies in the joined text, [start, end), with its id, title and URL."""

    id: str
    start: int
    end: int
    title: str | None = None
    url: str | None = None

    @classmethod
    @checked_fields
    def from_dict(cls, d: Mapping[str, Any]) -> SourceRange:
        return cls(d["id"], d["start"], d["end"], d.get("title"), d.get("url"))


def is_source_list(value: Any) -> bool:
    """A list (or tuple) given where a document goes: a list of sources."""
    return isinstance(value, (list, tuple))


def as_sources(items: Any) -> list[Source]:
    """A list of str (ids "1", "2", ... by position), of {"id", "text", "title"?, "url"?} dicts or of
    Source, checked: at least one source, each text non-empty, ids non-empty strings and unique."""
    if not is_source_list(items):
        raise FactalignError(f"sources must be a list of str or of {{\"id\", \"text\"}} objects, not {type(items).__name__}")
    if not items:
        raise FactalignError("the source list is empty: give at least one source")
    sources = [_source(i, item) for i, item in enumerate(items)]
    seen: dict[str, int] = {}
    for i, s in enumerate(sources):
        if s.id in seen:
            raise FactalignError(f"duplicate source id {quoted(s.id)} (sources {seen[s.id] + 1} and {i + 1}); ids must be unique")
        seen[s.id] = i
    return sources


def _source(i: int, item: Any) -> Source:
    where = f"source {i + 1}"
    if isinstance(item, Source):
        source = item
    elif isinstance(item, str):
        source = Source(str(i + 1), item)
    elif isinstance(item, Mapping):
        unknown = [k for k in item if k not in SOURCE_KEYS]
        if unknown:
            raise FactalignError(f"{where} has the unknown key {quoted(unknown[0])}; a source takes {', '.join(SOURCE_KEYS)}")
        if "text" not in item or "id" not in item:
            raise FactalignError(f"{where} needs {'a text' if 'text' not in item else 'an id'}: {{\"id\": ..., \"text\": ...}}")
        source = Source(item["id"], item["text"], item.get("title"), item.get("url"))
    else:
        raise FactalignError(f"{where} is {type(item).__name__}; a source is a str or an {{\"id\", \"text\"}} object")
    _check(where, source)
    return source


def _check(where: str, s: Source) -> None:
    if not isinstance(s.id, str) or not s.id.strip():
        raise FactalignError(f"{where}'s id must be a non-empty string, not {quoted(s.id)}")
    _check_unicode(f"{where}'s id", s.id)
    where = f"source {quoted(s.id)}"
    if not isinstance(s.text, str):
        raise FactalignError(f"{where}'s text must be a string, not {_kind(s.text)}")
    if not s.text.strip():
        raise FactalignError(f"{where} is empty")
    for key in ("title", "url"):
        value = getattr(s, key)
        if value is not None and not isinstance(value, str):
            raise FactalignError(f"{where}'s {key} must be a string, not {_kind(value)}")
        _check_unicode(f"{where}'s {key}", value)


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__  # None reads "NoneType" otherwise; sources come as JSON too


def _check_unicode(what: str, value: str | None) -> None:
    """A lone surrogate ("\\ud800") is refused here: no result holding it could be written as UTF-8."""
    try:
        (value or "").encode("utf-8")
    except UnicodeEncodeError as exc:
        raise FactalignError(f"{what} holds a lone surrogate {value[exc.start]!r} at character {exc.start}") from None


def join(sources: Sequence[Source]) -> tuple[str, list[SourceRange]]:
    """The joined text (SEPARATOR between sources) and each source's range in it."""
    ranges, pos = [], 0
    for s in sources:
        ranges.append(SourceRange(s.id, pos, pos + len(s.text), s.title, s.url))
        pos += len(s.text) + len(SEPARATOR)
    return SEPARATOR.join(s.text for s in sources), ranges


def joined_text(document: Any) -> Any:
    """The text a document input stands for: a source list's joined text; anything else as it is."""
    return join(as_sources(document))[0] if is_source_list(document) else document

"""`--columns`: which of a file's columns holds each field, the same option and parser for every
subcommand that reads rows (batch, report --rows, bench, calibrate).

`--columns document=article,summary=highlights` (repeatable) maps our field names to the file's.
A field left unmapped is read from the column of its own name, or else from its other name
(`doc` and `document` are one field: bench's benchmark files say `doc`, batch rows say `document`), so a
FRANK-style file reads everywhere without a mapping. A row without a column for a required field is
an error that names the fields the row has and the `--columns` that would map them.
"""

from __future__ import annotations

import argparse
from collections.abc import Collection, Iterable, Mapping

from factalign.errors import FactalignError
from factalign.io import json_problem, loads_json
from factalign.registry import parse_options

SAME_FIELD = {"doc": "document", "document": "doc"}  # two names of one field
# the columns other datasets use for a field, tried in this order when the error suggests a mapping
LIKELY = {"id": ("key", "uid", "example_id", "sentence_id", "idx"),
          "document": ("doc", "text", "article", "source", "context", "passage", "evidence", "premise"),
          "doc": ("document", "text", "article", "source", "context", "passage", "evidence", "premise"),
          "summary": ("highlights", "claim", "hypothesis", "response", "output", "answer", "abstract"),
          "label": ("gold", "consistent", "is_consistent", "target")}
SHOWN = 12  # the most column names an error lists

Required = Iterable[str | tuple[str, ...]]  # field names; a tuple: one of them (e.g. document or sources)
ROW_FIELDS = ("id", "document", "summary", "sources")  # a row to score (batch) or report (report --rows)
ROW_REQUIRED: tuple = ("id", ("document", "sources"), "summary")  # a document or its sources


def add_columns_option(p: argparse.ArgumentParser, fields: Iterable[str], what: str = "the file") -> None:
    """The one --columns option (repeatable; FIELD=COLUMN items, comma-separated)."""
    names = ", ".join(fields)
    p.add_argument("--columns", action="append", default=[], metavar="FIELD=COLUMN,...",
                   help=f"map fields ({names}) to {what}'s columns, e.g. document=article,summary=highlights "
                        "(doc and document name one field; unmapped fields are read from their own name)")


def parse_columns(items: str | Iterable[str] | Mapping[str, str] | None, fields: Collection[str]) -> dict[str, str]:
    """`--columns` items (`["doc=article,summary=highlights", "id=key"]`, one such string, or a mapping)
    -> {field: column}, each field under the name `fields` gives it (`doc` and `document` are one field)."""
    if not items:
        return {}
    if isinstance(items, Mapping):
        given = dict(items)
    else:
        parts = [p for item in ([items] if isinstance(items, str) else items) for p in item.split(",") if p.strip()]
        given = parse_options(parts, "--columns")
    out: dict[str, str] = {}
    for name, column in given.items():
        field = name if name in fields else SAME_FIELD.get(name)
        if field not in fields:
            raise FactalignError(f"--columns: unknown field {name!r}; fields are: {', '.join(fields)}")
        if not isinstance(column, str) or not column.strip():
            raise FactalignError(f"--columns takes FIELD=COLUMN, got {name + '='!r}")
        if field in out:
            raise FactalignError(f"--columns: field {field!r} is mapped twice ({out[field]!r} and {column!r})")
        out[field] = column.strip()
    return out


def full_columns(mapping: str | Iterable[str] | Mapping[str, str] | None, fields: Collection[str]) -> dict[str, str]:
    """Every field's column: the mapped one, else the field's own name."""
    mapping = parse_columns(mapping, fields)
    return {field: mapping.get(field, field) for field in fields}


def column_for(field: str, column: str, names: Collection[str]) -> str | None:
    """The column a row with columns `names` holds `field` in: `column`; or, when the field was left at its
    own name and the row has no such column, the field's other name (doc for document); None when neither."""
    if column in names:
        return column
    other = SAME_FIELD.get(field)
    if column == field and other is not None and other in names:
        return other
    return None


def row_columns(names: Collection[str], columns: Mapping[str, str], required: Required, where: str) -> dict[str, str]:
    """`columns` as they apply to a row (or header) with `names`; a required field without its column (a group
    of alternatives with none) is a FactalignError naming the row's columns and the mapping to give."""
    found = {f: column_for(f, c, names) for f, c in columns.items()}
    missing = [group if isinstance(group, str) else group[0] for group in required
               if not any(found.get(f) for f in ((group,) if isinstance(group, str) else group))]
    if missing:
        raise missing_error(where, missing, columns, names)
    return {f: found[f] or c for f, c in columns.items()}


def missing_error(where: str, fields: list[str], columns: Mapping[str, str], names: Collection[str]) -> FactalignError:
    """`where: missing field document; the row's fields: id, text, summary; map with --columns document=text`."""
    said = ", ".join(f if columns.get(f, f) == f else f"{columns[f]} (for {f})" for f in fields)
    shown = ", ".join(list(names)[:SHOWN]) + (", ..." if len(names) > SHOWN else "") if names else "none"
    used = {c for f, c in columns.items() if f not in fields}
    guesses = {}
    for f in fields:
        guess = next((n for n in LIKELY.get(f, ()) if n in names and n not in used and n not in guesses.values()), None)
        guesses[f] = guess or "COLUMN"
    mapping = ",".join(f"{f}={c}" for f, c in guesses.items())
    return FactalignError(f"{where}: missing field {said}; the row's fields: {shown}; map {'it' if len(fields) == 1 else 'them'} "
                          f"with --columns {mapping}")


def row_sources(value, has_document: bool, where: str, document: str = "document", sources: str = "sources") -> list | None:
    """A row's sources cell as a list (as given, or parsed from a CSV cell's JSON text); None when it is empty
    (the row has a document instead). A row with both, a cell that is not JSON, or anything but a list is an
    error naming `where` and the row's `document` / `sources` columns."""
    if value is None or value == "":
        return None
    if has_document:
        raise FactalignError(f"{where}: a row takes {document} or {sources}, not both")
    if isinstance(value, str):
        try:
            value = loads_json(value, where)
        except ValueError as exc:
            raise FactalignError(f"{where}: {sources} is not a JSON list ({json_problem(exc)})") from None
    if not isinstance(value, list):
        kind = repr(value) if isinstance(value, float) else "null" if value is None else type(value).__name__
        raise FactalignError(f"{where}: {sources} must be a list of sources, not {kind}")
    return value

"""Reading user files: every failure becomes a one-line FactalignError."""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import re
import stat
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from factalign.errors import FactalignError
from factalign.text.sources import Source


MAX_READ_BYTES = 1 << 30  # a regular file read whole is refused beyond this
BOM = "\ufeff"  # a UTF-8 byte-order mark, which spreadsheets write at the start of a "CSV UTF-8" file


def read_text(path: str, max_chars: int | None = None) -> str:
    """A UTF-8 text file (a byte-order mark dropped), or standard input for '-'. A regular file is read
    whole (its length is checked later, in characters); a stream or a device (/dev/zero never ends) is
    read only up to 4 bytes per allowed character with `max_chars`, and refused beyond."""
    name = "standard input" if path == "-" else path
    f = _open_input(path)
    try:
        data, limit = _read_capped(f, max_chars)
    except OSError as exc:
        raise FactalignError(f"cannot read {name}: {exc.strerror or exc}") from None
    finally:
        if path != "-":
            f.close()
    if len(data) > limit:
        what = f"over the limit of {max_chars:,} characters (raise it with --max-chars)" if limit < MAX_READ_BYTES \
            else f"over {limit:,} bytes"
        raise FactalignError(f"{name} is {what}")
    try:
        return data.decode("utf-8").removeprefix(BOM)
    except UnicodeDecodeError as exc:
        raise FactalignError(f"{path} is not UTF-8 text (invalid byte at offset {exc.start})") from None


def source_files(paths: list[str]) -> list[tuple[str, str]]:
    """(id, path) of each `--source`: a file is one source, its id the file's name; a directory gives every
    regular file directly in it (hidden ones, named with a leading dot, left out), sorted by name."""
    out = []
    for path in paths:
        if path != "-" and os.path.isdir(path):
            names = sorted(n for n in os.listdir(path) if not n.startswith(".") and os.path.isfile(os.path.join(path, n)))
            if not names:
                raise FactalignError(f"--source {path}: the directory holds no files")
            out += [(n, os.path.join(path, n)) for n in names]
        else:
            out.append(("stdin" if path == "-" else os.path.basename(os.path.normpath(path)), path))
    return out


def read_sources(paths: list[str], max_chars: int | None = None) -> list[Source]:
    """The sources named by `--source` options (see source_files), read as UTF-8 text."""
    return [Source(name, read_text(path, max_chars)) for name, path in source_files(paths)]


def open_text(path: str):
    """A UTF-8 text stream of `path` (standard input for '-') for the csv module, a byte-order mark skipped."""
    return io.TextIOWrapper(_open_input(path), encoding="utf-8-sig", newline="")


MAX_LINE_BYTES = 64 << 20  # one JSONL row; a longer line (or an endless file without newlines) is refused


def _read_capped(f, max_chars: int | None) -> tuple[bytes, int]:
    """(at most limit + 1 bytes, limit): the limit is MAX_READ_BYTES for a regular file, else 4 bytes per character."""
    try:
        regular = stat.S_ISREG(os.fstat(f.fileno()).st_mode)
    except (OSError, ValueError):  # an in-memory stream
        regular = False
    limit = MAX_READ_BYTES if regular or max_chars is None else min(4 * max_chars, MAX_READ_BYTES)
    return f.read(limit + 1), limit


def file_kind(path: str, kind: str = "auto") -> str:
    """jsonl, csv (`.csv`, and tab-separated `.tsv`) or parquet (`.parquet`, `.pq`) by the file's name, unless `kind` names one."""
    if kind != "auto":
        return kind
    low = path.lower()
    return "csv" if low.endswith((".csv", ".tsv")) else "parquet" if low.endswith((".parquet", ".pq")) else "jsonl"


def csv_settings(path: str) -> dict[str, str]:
    """Keyword arguments for csv.reader / csv.DictReader on `path` (tab-separated for `.tsv`). Also lifts
    the csv module's 128 KiB cap on a field, which news articles overflow."""
    csv.field_size_limit(2**31 - 1)
    return {"delimiter": "\t" if path.lower().endswith(".tsv") else ","}


LEADING_BAD_LINES = 1000  # an input whose first this many lines hold no JSON object is refused as no JSONL


def read_jsonl(path: str) -> Iterator[tuple[int, dict[str, Any] | FactalignError]]:
    """(line number, row) per non-blank line, read line by line; a bad line yields an error in place of
    its row. An input without one JSON object on any line (empty, binary, Latin-1, plain text) is an error
    that says which, raised before any line's error is yielded: the input is refused, not its every line."""
    name = "standard input" if path == "-" else path
    held: list[tuple[int, FactalignError]] = []  # the bad lines before the first row
    lines = _jsonl_lines(path)
    for lineno, row in lines:
        if isinstance(row, dict):
            yield from held
            yield lineno, row
            yield from lines
            return
        held.append((lineno, row))
        if len(held) >= LEADING_BAD_LINES:
            break
    if not held:
        raise FactalignError(f"{name} is empty: no JSON rows")
    first = str(held[0][1]).removeprefix(f"{path}:")
    if all(isinstance(e, _NotUtf8) for _, e in held):
        raise FactalignError(f"{name} is not UTF-8 text: no line of it decodes (line {held[0][0]}: invalid byte at "
                             f"offset {held[0][1].offset}); save it as UTF-8 (e.g. iconv -f latin1 -t utf-8)")
    some = f"its first {len(held):,}" if len(held) >= LEADING_BAD_LINES else "any"
    raise FactalignError(f"{name} is not JSONL: no JSON object on {some} line (line {first})")


class _NotUtf8(FactalignError):
    """A line that is not UTF-8 text; `offset`: its first invalid byte."""

    def __init__(self, where: str, offset: int):
        super().__init__(f"{where}: not UTF-8 text (invalid byte at offset {offset})")
        self.offset = offset


def json_problem(exc: ValueError) -> str:
    """What json found wrong, with its place ("Invalid control character at column 14"): json's own `msg`
    alone stops at "Invalid control character at"."""
    if not isinstance(exc, json.JSONDecodeError):
        return str(exc)
    where = f"line {exc.lineno} column {exc.colno}" if exc.lineno > 1 else f"column {exc.colno}"
    return f"{exc.msg.removesuffix(' at')} at {where}"


def _jsonl_lines(path: str) -> Iterator[tuple[int, dict[str, Any] | FactalignError]]:
    for lineno, raw in enumerate(_lines(path), 1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield lineno, _NotUtf8(f"{path}:{lineno}", exc.start)
            continue
        if lineno == 1:
            line = line.removeprefix(BOM)
        if not line.strip():
            continue
        try:
            row = loads_json(line, f"{path}:{lineno}")
        except ValueError as exc:
            yield lineno, FactalignError(f"{path}:{lineno}: not valid JSON ({json_problem(exc)})")
            continue
        except FactalignError as exc:
            yield lineno, exc
            continue
        if not isinstance(row, dict):
            yield lineno, FactalignError(f"{path}:{lineno}: expected a JSON object")
            continue
        yield lineno, row


def loads_json(text: str, where: str) -> Any:
    """json.loads, refusing what it would otherwise take silently or crash on, as a FactalignError naming
    `where`: a key repeated in one object (json.loads keeps the last value), nesting deeper than Python's
    recursion limit, and a lone surrogate escape ("\\ud800", which no UTF-8 text can hold). Invalid JSON
    raises json's ValueError, for the caller to word."""
    try:
        value = json.loads(text, object_pairs_hook=functools.partial(_unique_keys, where))
    except RecursionError:
        raise FactalignError(f"{where}: JSON nested too deeply") from None
    if _SURROGATE_ESCAPE.search(text):  # rare: only then is the whole value encoded to find a lone one
        _check_unicode(value, where)
    return value


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _unique_keys(where: str, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    row = dict(pairs)
    if len(row) < len(pairs):
        repeated = next(key for key, n in Counter(key for key, _ in pairs).items() if n > 1)
        raise FactalignError(f"{where}: key {repeated!r} appears more than once in one JSON object")
    return row


def _check_unicode(value: Any, where: str) -> None:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise FactalignError(f"{where}: holds a lone surrogate \\u{ord(exc.object[exc.start]):04x}, "
                             "which is not valid Unicode text") from None
    except RecursionError:
        raise FactalignError(f"{where}: JSON nested too deeply") from None


def _lines(path: str) -> Iterator[bytes]:
    name = "standard input" if path == "-" else path
    f = _open_input(path)
    try:
        lineno = 0
        while True:
            try:
                line = f.readline(MAX_LINE_BYTES + 1)
            except OSError as exc:
                raise FactalignError(f"cannot read {name}: {exc.strerror or exc}") from None
            if not line:
                return
            lineno += 1
            if len(line) > MAX_LINE_BYTES:
                raise FactalignError(f"{path}:{lineno}: line longer than {MAX_LINE_BYTES:,} bytes")
            yield line
    finally:
        if path != "-":
            f.close()


def _open_input(path: str):
    """A binary file for `path`, standard input's buffer for '-', or a one-line error."""
    if path == "-":
        if sys.stdin is None:
            raise FactalignError("standard input is closed; pass a file instead of '-'")
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise FactalignError(f"file not found: {path}") from None
    except IsADirectoryError:
        raise FactalignError(f"{path} is a directory, not a file") from None
    except OSError as exc:
        raise FactalignError(f"cannot read {path}: {exc.strerror or exc}") from None


def distinct_files(inputs: dict[str, str | None], outputs: dict[str, str | None]) -> None:
    """Refuse an output that is one of the inputs or an earlier output, before anything is written
    (`score --html DOC` would overwrite the document). Options map to paths, None for one not given;
    paths match by their resolved form or, where both exist, as the same file (links, hard links)."""
    given = [(option, path) for option, path in inputs.items() if path is not None and path != "-"]
    for option, path in outputs.items():
        if path is None:
            continue
        for other, other_path in given:
            if _same_file(path, other_path):
                raise FactalignError(f"{option} {path} is the same file as {other} {other_path}; "
                                     f"give {option} another file")
        given.append((option, path))


def _same_file(a: str | Path, b: str | Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # one does not exist yet
        return os.path.realpath(a) == os.path.realpath(b)


# the tables of the cache file (NLI probabilities and LLM replies), defined once so that
# `factalign cache merge` can copy rows between files with SELECT *
CACHE_TABLES = {"nli": "key TEXT PRIMARY KEY, ent REAL, neu REAL, con REAL", "llm": "key TEXT PRIMARY KEY, reply TEXT"}


def default_cache_path() -> Path:
    # an empty or relative XDG_CACHE_HOME is invalid (XDG base directory spec) and ignored
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    root = os.environ.get("FACTALIGN_CACHE_DIR") or base / "factalign"
    return Path(root) / "nli-cache.sqlite"

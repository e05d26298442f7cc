"""Reading user files: every failure becomes a one-line FactalignError."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from factalign.errors import FactalignError


def read_text(path: str) -> str:
    """A UTF-8 text file, or standard input for '-'."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except FileNotFoundError:
        raise FactalignError(f"file not found: {path}") from None
    except IsADirectoryError:
        raise FactalignError(f"{path} is a directory, not a file") from None
    except OSError as exc:
        raise FactalignError(f"cannot read {path}: {exc.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FactalignError(f"{path} is not UTF-8 text (invalid byte at offset {exc.start})") from None


def read_jsonl(path: str, required: tuple[str, ...] = ()) -> Iterator[tuple[int, dict[str, Any] | FactalignError]]:
    """(line number, row) per non-blank line; a bad line yields an error in place of its row."""
    for lineno, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError as exc:
            yield lineno, FactalignError(f"{path}:{lineno}: not valid JSON ({exc.msg})")
            continue
        if not isinstance(row, dict):
            yield lineno, FactalignError(f"{path}:{lineno}: expected a JSON object")
            continue
        missing = [k for k in required if k not in row]
        yield lineno, FactalignError(f"{path}:{lineno}: missing field {', '.join(missing)}") if missing else row


def default_cache_path() -> Path:
    root = os.environ.get("FACTALIGN_CACHE_DIR") or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "factalign"
    return Path(root) / "nli-cache.sqlite"

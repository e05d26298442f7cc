"""A resumable JSONL output: each row is written as one complete line, and a torn tail is repaired on resume.

A write that fails part-way (a full disk) is cut back to the last complete line before the error is
raised; a line left without its newline by a kill mid-write is completed when it parses as a row
and dropped when it does not, so the next row is never appended onto a partial line. Only a
regular file is read back for finished ids: a pipe or a terminal (`--output /dev/stdout`) is
written to and never read.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from typing import Any

from factalign.errors import FactalignError


def row_key(row_id: Any) -> str:
    """The key a row id is matched by: ids 1 and "1" are the same id."""
    return str(row_id)


class JsonlOutput:
    def __init__(self, path: str, id_field: str = "id"):
        self.path = path
        try:
            self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        except IsADirectoryError:
            raise FactalignError(f"cannot write {path}: it is a directory") from None
        except OSError as exc:
            raise FactalignError(f"cannot write {path}: {exc.strerror or exc}") from None
        self.regular = stat.S_ISREG(os.fstat(self.fd).st_mode)
        self.scores: dict[str, tuple[float, str | None, str | None]] = {}  # finished id -> (score, label, decision)
        self.signatures: set[str] = set()
        self.finished: set[str] = self._repair_and_read(id_field) if self.regular else set()

    def _repair_and_read(self, id_field: str) -> set[str]:
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise FactalignError(f"cannot read the existing output {self.path}: {exc.strerror or exc}") from None
        cut = data.rfind(b"\n") + 1
        tail = data[cut:]
        if tail.strip():
            self._repair(cut, tail)
            data = data[:cut] + (tail + b"\n" if _row(tail) is not None else b"")
        elif tail:
            os.ftruncate(self.fd, cut)
            data = data[:cut]
        ids = set()
        for line in data.splitlines():
            row = _row(line)
            if row is not None and id_field in row:
                ids.add(row_key(row[id_field]))
                self.note(row, id_field)
        return ids

    def note(self, row: dict[str, Any], id_field: str = "id") -> None:
        """Remember a finished row's score, label, decision and signature."""
        if isinstance(row.get("score"), (int, float)):
            self.scores[row_key(row[id_field])] = (float(row["score"]), row.get("label"), row.get("decision"))
        if isinstance(row.get("signature"), str):
            self.signatures.add(row["signature"])

    def check_signature(self, signature: str) -> None:
        """Refuse to add rows made with other settings to rows already there (bench refuses the same way)."""
        other = next((s for s in sorted(self.signatures) if s != signature), None)
        if other is not None:
            raise FactalignError(other_settings(self.path, other, signature, "use another --output or delete the file"))


    def _repair(self, cut: int, tail: bytes) -> None:
        if _row(tail) is not None:
            self._write(b"\n")
            note = "completed its last line (written without its newline)"
        else:
            os.ftruncate(self.fd, cut)
            note = "dropped its last line, cut short by an interrupted run; that row is scored again"
        print(f"factalign: warning: {self.path}: {note}", file=sys.stderr)

    def write(self, row: dict[str, Any]) -> None:
        """Append the row as one line; on failure nothing of it stays in the file."""
        try:
            line = json.dumps(row, ensure_ascii=False, allow_nan=False) + "\n"
        except ValueError:
            raise FactalignError(f"row {row.get('id')!r} holds a value that is not valid JSON (NaN or infinity)") from None
        self._write(line.encode("utf-8"))

    def _write(self, data: bytes) -> None:
        size = os.fstat(self.fd).st_size if self.regular else None
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self.fd, view):]
        except OSError as exc:
            if size is not None:
                try:
                    os.ftruncate(self.fd, size)
                except OSError:
                    pass  # the resume repairs the tail
            if isinstance(exc, BrokenPipeError):
                raise
            raise FactalignError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def close(self) -> None:
        os.close(self.fd)

    def __enter__(self) -> JsonlOutput:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _row(line: bytes) -> dict | None:
    try:
        row = json.loads(line)
    except ValueError:
        return None
    return row if isinstance(row, dict) else None


def other_settings(path, found: str, now: str, what_to_do: str) -> str:
    return f"{path} holds scores made with other settings ({found}); now: {now}. {what_to_do[0].upper()}{what_to_do[1:]}"

"""A resumable JSONL output: each row is written as one complete line, and a torn tail is repaired on resume.

A write that fails part-way (a full disk) is cut back to the last complete line before the error is
raised; a line left without its newline by a kill mid-write is completed when it parses as a row
and dropped when it does not, so the next row is never appended onto a partial line. An existing
file with a complete line that is not a row (a CSV, a text) is refused untouched. Only a
regular file is read back for finished ids: a pipe or a terminal (`--output /dev/stdout`) is
written to and never read.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from typing import Any

from factalign.errors import FactalignError, json_text, printable, quoted
from factalign.io import loads_json


def row_key(row_id: Any) -> str:
    """The key a row id is matched by: ids 1 and "1" are the same id."""
    return str(row_id)


class JsonlOutput:
    def __init__(self, path: str, id_field: str = "id"):
        self.path = path
        try:
            self.fd, self.created = _open_append(path)
        except IsADirectoryError:
            raise FactalignError(f"cannot write {path}: it is a directory") from None
        except OSError as exc:
            raise FactalignError(f"cannot write {path}: {exc.strerror or exc}") from None
        self.regular = stat.S_ISREG(os.fstat(self.fd).st_mode)
        self.scores: dict[str, tuple[float, str | None, str | None]] = {}  # finished id -> (score, label, decision)
        self.signatures: set[str] = set()
        try:
            self.finished: set[str] = self._repair_and_read(id_field) if self.regular else set()
        except FactalignError:
            os.close(self.fd)
            raise

    def _repair_and_read(self, id_field: str) -> set[str]:
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise FactalignError(f"cannot read the existing output {self.path}: {exc.strerror or exc}") from None
        cut = data.rfind(b"\n") + 1
        rows = self._rows(data[:cut], id_field)
        tail = data[cut:]
        if tail.strip():
            last = _result_row(tail, id_field)
            if last is None and not _torn_row(tail, id_field):
                raise self._not_output(data.count(b"\n") + 1)
            self._repair(cut, last is not None)
            rows += [last] if last is not None else []
        elif tail:
            os.ftruncate(self.fd, cut)
        for row in rows:
            self.note(row, id_field)
        return {row_key(row[id_field]) for row in rows}

    def _rows(self, data: bytes, id_field: str) -> list[dict]:
        """The rows of the file's complete lines. A line that is not a result row means the file is no batch
        output (a CSV, a text, some other JSONL), which appending would spoil: it is refused untouched."""
        rows = []
        for lineno, line in enumerate(data.split(b"\n")[:-1], 1):
            if line.strip():
                row = _result_row(line, id_field)
                if row is None:
                    raise self._not_output(lineno)
                rows.append(row)
        return rows

    def _not_output(self, lineno: int) -> FactalignError:
        return FactalignError(f"{self.path} is not a batch output: its line {lineno} is not a result row "
                              "(a JSON object with an id and a score); "
                              "give --output a new file or the output of an earlier batch")

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

    def _repair(self, cut: int, complete: bool) -> None:
        if complete:
            self._write(b"\n")
            note = "completed its last line (written without its newline)"
        else:
            os.ftruncate(self.fd, cut)
            note = "dropped its last line, cut short by an interrupted run; that row is scored again"
        print(f"factalign: warning: {printable(self.path)}: {note}", file=sys.stderr)

    def write(self, row: dict[str, Any]) -> None:
        """Append the row as one line; on failure nothing of it stays in the file."""
        try:
            line = json_text(row, allow_nan=False) + "\n"
        except ValueError:
            raise FactalignError(f"row {quoted(row.get('id'))} holds a value that is not valid JSON (NaN or infinity)") from None
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

    def __exit__(self, kind, exc, tb) -> None:
        """A run that ends with an error or an interrupt before its first row leaves no empty file it made."""
        if kind is not None and self.created and self.regular and os.fstat(self.fd).st_size == 0:
            try:
                os.unlink(self.path)
            except OSError:
                pass
        self.close()


def _open_append(path: str) -> tuple[int, bool]:
    """A descriptor appending to `path`, and whether this call created the file."""
    try:
        return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_EXCL, 0o666), True
    except FileExistsError:  # (or a link: one that dangles makes its target, as open(path, "a") does)
        return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666), False


def _result_row(line: bytes, id_field: str) -> dict | None:
    """The row of an output line, or None for a line that is not a JSON object with an id and a score
    (a copy of the input has ids too, and its rows would pass for finished ones)."""
    try:
        row = loads_json(line.decode("utf-8"), "")
    except (ValueError, FactalignError):  # not UTF-8 (a ValueError too), not JSON, a repeated key, too deep
        return None
    return row if isinstance(row, dict) and id_field in row and "score" in row else None


def _torn_row(tail: bytes, id_field: str) -> bool:
    """Whether a last line without its newline is the start of a row that a killed run was writing:
    every row is written as {"id": ...}."""
    start = ("{" + json.dumps(id_field) + ": ").encode()
    return tail.startswith(start) or start.startswith(tail)


def other_settings(path, found: str, now: str, what_to_do: str) -> str:
    return f"{path} holds scores made with other settings ({found}); now: {now}. {what_to_do[0].upper()}{what_to_do[1:]}"

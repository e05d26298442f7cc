"""Outputs written whole or not at all (docs/guarantees.md: "Your files are never overwritten").

Every command that writes a file writes it through `replacing` (or `write_whole` for text it holds in memory): the
bytes go to a hidden temporary file beside the output, which is renamed over it only when the command got that far
without an error. An existing output is therefore byte-identical after any failure (a missing input, a damaged row,
an exception, Ctrl-C), and a failed run leaves no empty file behind. A directory an output goes into is checked
with `writable_dir`, which creates nothing: it is made by the writer, once the inputs were read.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from factalign.errors import FactalignError


class Pending:
    """A temporary file that becomes `path` on `commit()`; `discard()` drops it and leaves `path` as it was."""

    def __init__(self, path: str | Path, what: str, binary: bool = False):
        self.path, self.what = Path(path), what
        try:
            fd, name = tempfile.mkstemp(dir=self.path.parent or ".", prefix=f".{self.path.name}.", suffix=".part")
        except OSError as exc:
            raise FactalignError(f"cannot write {what} {path}: {exc.strerror or exc}") from None
        self.temp = Path(name)
        self.file = os.fdopen(fd, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"}))

    def commit(self) -> None:
        try:
            self.file.close()
            os.chmod(self.temp, _mode_for(self.path))
            os.replace(self.temp, self.path)
        except OSError as exc:
            self.discard()
            raise FactalignError(f"cannot write {self.what} {self.path}: {exc.strerror or exc}") from None

    def discard(self) -> None:
        self.file.close()
        with contextlib.suppress(FileNotFoundError):
            self.temp.unlink()


def _mode_for(path: Path) -> int:
    """The permissions the output would have had: those of the file replaced, else the usual (0666 less umask)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def replacing(path: str | Path, what: str = "--output", binary: bool = False) -> Iterator[Pending]:
    """Write `path` through a temporary file: renamed into place when the block ends normally, dropped when it
    raises (anything, KeyboardInterrupt included) or calls `discard()`."""
    pending = Pending(path, what, binary)
    try:
        yield pending
    except BaseException:
        pending.discard()
        raise
    if not pending.file.closed:
        pending.commit()


def write_whole(path: str | Path, text: str | bytes, what: str = "--output") -> None:
    """`path` holds `text` afterwards, or (on any failure) exactly what it held before."""
    with replacing(path, what, binary=isinstance(text, bytes)) as out:
        out.file.write(text)


def writable_dir(path: str | Path, what: str = "--out") -> Path:
    """Refuse, before any work starts, a directory that cannot be written or made; creates nothing (a run that
    fails on its inputs leaves no empty directory behind)."""
    path = Path(path)
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if existing.exists() and not existing.is_dir():
        raise FactalignError(f"cannot write in {what} {path}: {existing} is not a directory")
    probe = existing / f".factalign-write-test-{os.getpid()}"  # permissions alone miss /sys, /proc, read-only mounts
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise FactalignError(f"cannot write in {what} {path}: {exc.strerror or exc}") from None
    return path


@contextlib.contextmanager
def replacing_dir(path: str | Path, what: str = "--output") -> Iterator[Path]:
    """A directory built in a hidden sibling and swapped in for `path` when the block ends normally; on any failure
    the sibling is removed and `path` (if it existed) is left as it was."""
    import shutil

    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part"))
    except OSError as exc:
        raise FactalignError(f"cannot write {what} {path}: {exc.strerror or exc}") from None
    try:
        yield work
        old = path.with_name(f".{path.name}.old-{os.getpid()}")
        if path.exists():
            os.replace(path, old)
        os.replace(work, path)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise

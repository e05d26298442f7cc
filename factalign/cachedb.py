"""The SQLite file behind the NLI and LLM caches: opened in WAL mode, with a bounded wait for locks.

Another process holding the file under a lock (`BEGIN EXCLUSIVE`, a long write) makes a statement wait
at most `LOCK_WAIT` seconds. A cache that then still cannot be opened, read or written is dropped for
the rest of the run with a one-line warning: the run goes on with an in-memory table (model calls for
what the file would have held, the same numbers), so a lock costs at most one wait per cache, never
one per call. A file that is no SQLite database at all is an error naming it.
"""

from __future__ import annotations

import sqlite3
import warnings
from pathlib import Path

from factalign.errors import FactalignError, FactalignWarning

LOCK_WAIT = 10.0  # seconds a statement waits for another connection's lock before the cache is dropped
_BUSY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED} if hasattr(sqlite3, "SQLITE_BUSY") else {5, 6}


def is_busy(exc: BaseException) -> bool:
    """True for 'database is locked' / 'database table is locked': another connection holds the file."""
    code = getattr(exc, "sqlite_errorcode", None)
    return (code & 0xFF) in _BUSY if isinstance(code, int) else "locked" in str(exc)


def open_cache(path: Path, table: str, columns: str, what: str, timeout: float,
               pragmas: tuple[str, ...] = ()) -> sqlite3.Connection:
    """A connection to `path` with `table` in it; an in-memory one (with a warning) when another process
    keeps the file locked past `timeout`; a FactalignError naming the file when it cannot be used at all."""
    db = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        for pragma in pragmas:
            db.execute(f"PRAGMA {pragma}")
        db.execute(f"CREATE TABLE IF NOT EXISTS {table} ({columns})")
        return db
    except sqlite3.Error as exc:
        if db is not None:
            db.close()
        if not is_busy(exc):
            raise FactalignError(f"cannot open {what} {path}: {exc}") from None
        warn_dropped(what, path, "not opened", exc, timeout)
        return memory_table(table, columns)
    except OSError as exc:
        raise FactalignError(f"cannot open {what} {path}: {exc.strerror or exc}") from None


def memory_table(table: str, columns: str) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    db.execute(f"CREATE TABLE {table} ({columns})")
    return db


def warn_dropped(what: str, path: Path, doing: str, exc: BaseException, timeout: float, stacklevel: int = 4) -> None:
    why = f"another process held it locked past the {timeout:g} s a run waits" if is_busy(exc) else str(exc)
    warnings.warn(f"{what} {path} {doing} ({why}); going on without it for this run", FactalignWarning, stacklevel=stacklevel)


def dropped(db: sqlite3.Connection, table: str, columns: str, what: str, path: Path, doing: str, exc: BaseException,
            timeout: float) -> sqlite3.Connection:
    """The file's connection closed, with the one warning, for an in-memory `table` the run goes on with
    (model calls for what the file would hold: a second lock wait per call would add up to a hang)."""
    warn_dropped(what, path, doing, exc, timeout, stacklevel=5)
    db.close()
    return memory_table(table, columns)

"""A persistent SQLite cache in front of any NLI model.

Keys are sha256(model signature, premise, hypothesis[, label set]), so a second run over the same inputs makes
no model call. WAL journaling lets readers work beside a writer; each batch is written in one
transaction, so a killed writer loses at most the batch it was writing and never corrupts the file.
A cache that cannot be read or written (a full disk, a lock another process holds longer than
`timeout`, at most `LOCK_WAIT` s by default) is dropped for the rest of the run with one warning and
costs model calls, never the run (factalign/cachedb.py). An entry that is not three probabilities
(text, NULL, NaN, a number outside [0, 1], a row not summing to 1: a damaged or hand-edited file) is
never turned into a score: it is computed again, overwritten, and the file named once in a warning.
"""

from __future__ import annotations

import hashlib
import math
import sqlite3
import threading
import warnings
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from factalign import cachedb
from factalign.cachedb import dropped, open_cache
from factalign.errors import FactalignError, FactalignWarning
from factalign.io import CACHE_TABLES
from factalign.nli.base import NLIModel, Pair, Wrapper
from factalign.nli.labels import THREE_WAY, LabelSet

_CHUNK = 500  # keys per SELECT, well under SQLite's variable limit
# bumped when stored probabilities stop matching what the backends compute: 2 = onnx pairs run one by
# one (entries written from batched int8 runs depended on their batch)
KEY_VERSION = "2"


def pair_key(signature: str, premise: str, hypothesis: str, labels: LabelSet = THREE_WAY) -> str:
    """The entry's key; a binary model's keys also name its label set (3-way keys name none: LabelSet.cache_key)."""
    parts = (KEY_VERSION, signature, premise, hypothesis) + ((labels.cache_key,) if labels.cache_key else ())
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


class CachedNLI(Wrapper):
    def __init__(self, model: NLIModel, path: str | Path, timeout: float | None = None):
        super().__init__(model)
        self.path = Path(path)
        self.timeout = cachedb.LOCK_WAIT if timeout is None else timeout  # read now: tests shorten it
        self.warned = False
        self.damaged = 0  # entries of the file that were no probabilities and were computed again
        self.db = open_cache(self.path, "nli", CACHE_TABLES["nli"], "NLI cache", self.timeout, ("synchronous=NORMAL",))
        self.misses = 0
        self.lock = threading.RLock()  # one connection: calls from several threads (nli/gather.py) take turns

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        with self.lock:
            return self._predict(pairs)

    def _predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        keys = [pair_key(self.signature, p, h, self.labels) for p, h in pairs]
        found = self._lookup(set(keys))
        todo = {k: pair for k, pair in zip(keys, pairs) if k not in found}
        if todo:
            todo_keys = list(todo)
            probs = self.model.predict([todo[k] for k in todo_keys])
            self.misses += len(todo_keys)
            rows = [(k, *map(float, row)) for k, row in zip(todo_keys, probs)]
            try:
                with self.db:
                    self.db.execute("BEGIN IMMEDIATE")
                    self.db.executemany("INSERT OR REPLACE INTO nli VALUES (?, ?, ?, ?)", rows)
            except sqlite3.Error as exc:
                self._warn("not updated", exc)
            found.update({k: row for k, *row in rows})
        return np.array([found[k] for k in keys], dtype=np.float64).reshape(len(keys), 3)

    def _lookup(self, keys: set[str]) -> dict[str, tuple[float, float, float]]:
        keys = list(keys)
        found, damaged = {}, 0
        try:
            for i in range(0, len(keys), _CHUNK):
                part = keys[i:i + _CHUNK]
                marks = ",".join("?" * len(part))
                for key, *row in self.db.execute(f"SELECT key, ent, neu, con FROM nli WHERE key IN ({marks})", part):
                    if _probabilities(row):
                        found[key] = tuple(row)
                    else:  # left out: computed again and overwritten
                        damaged += 1
        except sqlite3.Error as exc:
            self._warn("not read", exc)
        if damaged and not self.damaged:  # once per run, with the count of the first lookup that met any
            warnings.warn(f"NLI cache {self.path} holds {damaged} damaged entr{'y' if damaged == 1 else 'ies'} (not three "
                          "probabilities summing to 1); computed again and overwritten", FactalignWarning, stacklevel=4)
        self.damaged += damaged
        return found

    def _warn(self, what: str, exc: sqlite3.Error) -> None:
        """Once per run: the file is dropped for an in-memory table (cachedb.dropped)."""
        if not self.warned:
            self.warned = True
            self.db = dropped(self.db, "nli", CACHE_TABLES["nli"], "NLI cache", self.path, what, exc, self.timeout)

    def close(self) -> None:
        self.db.close()


def _probabilities(row: list) -> bool:
    """True for three finite numbers in [0, 1] summing to 1 (to a float32 model's rounding)."""
    if len(row) != 3 or not all(type(p) is float for p in row):  # REAL columns hold floats; text, NULL, blobs are damage
        return False
    return all(math.isfinite(p) and 0.0 <= p <= 1.0 for p in row) and abs(sum(row) - 1.0) <= 1e-3


def _check_source(src: Path) -> None:
    """A cache file to merge from: an SQLite database (opened read-only) with an nli or llm table."""
    try:
        db = sqlite3.connect(src.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            present = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise FactalignError(f"{src} is not a cache file: {exc}") from None
    if not present & set(CACHE_TABLES):
        raise FactalignError(f"{src} holds no factalign cache table (nli or llm)")


def merge_caches(sources: Sequence[str | Path], into: str | Path) -> dict[str, int]:
    """Copy every entry of the source caches that `into` lacks (keys hash the model signature and the
    inputs, so an entry present in both holds the same values; the existing one is kept). Each source is
    merged in one transaction. Returns the number of new entries per table."""
    into = Path(into)
    for src in sources:
        src = Path(src)
        if not src.is_file():
            raise FactalignError(f"cache not found: {src}" if not src.exists() else f"{src} is not a cache file")
        if src.resolve() == into.resolve():
            raise FactalignError(f"{src} is the cache merged into (--cache); leave it out of the sources")
        _check_source(src)  # every source readable before the target is touched (created, tables added)
    try:
        into.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(into, timeout=60, isolation_level=None)
    except (sqlite3.Error, OSError) as exc:
        raise FactalignError(f"cannot open cache {into}: {exc}") from None
    counts = dict.fromkeys(CACHE_TABLES, 0)
    current = into
    try:
        db.execute("PRAGMA journal_mode=WAL")
        for table, columns in CACHE_TABLES.items():
            db.execute(f"CREATE TABLE IF NOT EXISTS {table} ({columns})")
        for src in sources:
            current = src
            db.execute("ATTACH DATABASE ? AS src", (str(src),))
            try:
                present = {name for (name,) in db.execute("SELECT name FROM src.sqlite_master WHERE type = 'table'")}
                db.execute("BEGIN IMMEDIATE")
                for table in CACHE_TABLES:
                    if table in present:
                        before = db.total_changes
                        db.execute(f"INSERT OR IGNORE INTO main.{table} SELECT * FROM src.{table}")
                        counts[table] += db.total_changes - before
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            finally:
                db.execute("DETACH DATABASE src")
    except sqlite3.Error as exc:
        raise FactalignError(f"cannot merge {current} into {into}: {exc}") from None
    finally:
        db.close()
    return counts

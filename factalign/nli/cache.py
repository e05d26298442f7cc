"""A persistent SQLite cache in front of any NLI model.

Keys are sha256(model signature, premise, hypothesis), so a second run over the same inputs makes
no model call. WAL journaling lets readers work beside a writer; each batch is written in one
transaction, so a killed writer loses at most the batch it was writing and never corrupts the file.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from factalign.errors import FactalignError
from factalign.nli.base import NLIModel, Pair

_CHUNK = 500  # keys per SELECT, well under SQLite's variable limit


def pair_key(signature: str, premise: str, hypothesis: str) -> str:
    return hashlib.sha256("\x1f".join((signature, premise, hypothesis)).encode()).hexdigest()


class CachedNLI:
    def __init__(self, model: NLIModel, path: str | Path):
        self.model = model
        self.signature = model.signature
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=60, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("CREATE TABLE IF NOT EXISTS nli (key TEXT PRIMARY KEY, ent REAL, neu REAL, con REAL)")
        except (sqlite3.Error, OSError) as exc:
            raise FactalignError(f"cannot open NLI cache {self.path}: {exc}") from None
        self.misses = 0

    def __getattr__(self, name):  # expose the wrapped model's attributes (max_length, count_tokens, ...)
        return getattr(self.model, name)

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        keys = [pair_key(self.signature, p, h) for p, h in pairs]
        found = self._lookup(set(keys))
        todo = {k: pair for k, pair in zip(keys, pairs) if k not in found}
        if todo:
            todo_keys = list(todo)
            probs = self.model.predict([todo[k] for k in todo_keys])
            self.misses += len(todo_keys)
            rows = [(k, *map(float, row)) for k, row in zip(todo_keys, probs)]
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.executemany("INSERT OR REPLACE INTO nli VALUES (?, ?, ?, ?)", rows)
            found.update({k: row for k, *row in rows})
        return np.array([found[k] for k in keys], dtype=np.float64).reshape(len(keys), 3)

    def _lookup(self, keys: set[str]) -> dict[str, tuple[float, float, float]]:
        keys = list(keys)
        found = {}
        for i in range(0, len(keys), _CHUNK):
            part = keys[i:i + _CHUNK]
            marks = ",".join("?" * len(part))
            for key, *row in self.db.execute(f"SELECT key, ent, neu, con FROM nli WHERE key IN ({marks})", part):
                found[key] = tuple(row)
        return found

    def close(self) -> None:
        self.db.close()

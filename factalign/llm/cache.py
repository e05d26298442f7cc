"""A persistent SQLite cache of LLM requests -> replies, so a rerun makes no call.

Keys are sha256 of the endpoint (without any credentials in its URL), the model and the whole request
body; the API key is never part of a key or a row. Replies are stored as the endpoint sent them
(the chat completion's JSON text). The table lives beside the NLI cache's in the same file. A cache
that cannot be read or written (a lock another process holds past `LOCK_WAIT` s) is dropped for the run
with one warning and costs calls, never the run; a stored reply that is no chat completion (a damaged
or hand-edited file) is asked for again and overwritten, never used (ChatClient.request).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import warnings
from collections.abc import Callable
from pathlib import Path

from factalign import cachedb
from factalign.cachedb import dropped, open_cache
from factalign.errors import FactalignWarning
from factalign.io import CACHE_TABLES

KEY_VERSION = "1"


def request_key(endpoint: str, body: dict) -> str:
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256("\x1f".join((KEY_VERSION, endpoint, text)).encode()).hexdigest()


class ReplyCache:
    def __init__(self, path: str | Path, timeout: float | None = None):
        self.path = Path(path)
        self.timeout = cachedb.LOCK_WAIT if timeout is None else timeout  # read now: tests shorten it
        self.lock = threading.Lock()  # one connection shared by the client's worker threads
        self.warned = False
        self.hits = 0
        self.damaged = 0  # stored replies that were no chat completion, asked for again
        self.db = open_cache(self.path, "llm", CACHE_TABLES["llm"], "LLM reply cache", self.timeout)

    def get(self, key: str, valid: Callable[[str], bool] | None = None) -> str | None:
        """The stored reply, or None: none stored, or one that is no text or fails `valid` (damage: the
        caller asks again and overwrites it; the file is named in a warning once)."""
        with self.lock:
            try:
                row = self.db.execute("SELECT reply FROM llm WHERE key = ?", (key,)).fetchone()
            except sqlite3.Error as exc:
                self._drop("not read", exc)
                return None
        if row is None:
            return None
        if not isinstance(row[0], str) or (valid is not None and not valid(row[0])):
            with self.lock:
                self.damaged += 1
                if self.damaged == 1:
                    warnings.warn(f"LLM reply cache {self.path} holds a damaged entry (a stored reply that is no chat "
                                  "completion); asked again and overwritten", FactalignWarning, stacklevel=3)
            return None
        self.hits += 1
        return row[0]

    def put(self, key: str, reply: str) -> None:
        with self.lock:
            try:
                self.db.execute("INSERT OR REPLACE INTO llm VALUES (?, ?)", (key, reply))
            except sqlite3.Error as exc:
                self._drop("not updated", exc)

    def _drop(self, what: str, exc: sqlite3.Error) -> None:
        """(Under self.lock.) Once per run: the file is dropped for an in-memory table, so a lock costs the
        threads one wait, not one per call."""
        if self.warned:
            return
        self.warned = True
        self.db = dropped(self.db, "llm", CACHE_TABLES["llm"], "LLM reply cache", self.path, what, exc, self.timeout)

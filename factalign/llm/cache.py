"""A persistent SQLite cache of LLM requests -> replies, so a rerun makes no call.

Keys are sha256 of the endpoint (without any credentials in its URL), the model and the whole request
body; the API key is never part of a key or a row. Replies are stored as the endpoint sent them
(the chat completion's JSON text). The table lives beside the NLI cache's in the same file. A cache
that cannot be read or written costs a warning and calls, never the run.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import warnings
from pathlib import Path

from factalign.errors import FactalignError, FactalignWarning
from factalign.io import CACHE_TABLES

KEY_VERSION = "1"


def request_key(endpoint: str, body: dict) -> str:
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256("\x1f".join((KEY_VERSION, endpoint, text)).encode()).hexdigest()


class ReplyCache:
    def __init__(self, path: str | Path, timeout: float = 60):
        self.path = Path(path)
        self.lock = threading.Lock()  # one connection shared by the client's worker threads
        self.warned = False
        self.hits = 0
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"CREATE TABLE IF NOT EXISTS llm ({CACHE_TABLES['llm']})")
        except (sqlite3.Error, OSError) as exc:
            raise FactalignError(f"cannot open the LLM reply cache {self.path}: {exc}") from None

    def get(self, key: str) -> str | None:
        try:
            with self.lock:
                row = self.db.execute("SELECT reply FROM llm WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error as exc:
            self._warn("not read", exc)
            return None
        if row:
            self.hits += 1
        return row[0] if row else None

    def put(self, key: str, reply: str) -> None:
        try:
            with self.lock:
                self.db.execute("INSERT OR REPLACE INTO llm VALUES (?, ?)", (key, reply))
        except sqlite3.Error as exc:
            self._warn("not updated", exc)

    def _warn(self, what: str, exc: sqlite3.Error) -> None:
        if not self.warned:
            self.warned = True
            warnings.warn(f"LLM reply cache {self.path} {what} ({exc}); going on without it", FactalignWarning, stacklevel=3)

"""A client of `factalign serve` (standard library only: the base install gains no dependency).

    >>> client = factalign.Client("http://127.0.0.1:8000", api_key=None)      # doctest: +SKIP
    >>> client.check(summary, document).score                                # doctest: +SKIP

`check` returns the SummaryResult `Scorer.score` gives for the same input and the server's settings (read back
from the JSON the server sends, which is `factalign score --json`'s). A full queue (503) is retried after the
server's Retry-After, a bounded number of times; any other refusal is a FactalignError with the server's message.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from factalign.data import SummaryResult
from factalign.errors import FactalignError
from factalign.text.sources import Source

KEY_ENV = "FACTALIGN_API_KEY"  # the key `factalign score --server` sends


class Client:
    def __init__(self, url: str, api_key: str | None = None, timeout: float = 300.0, retries: int = 5,
                 max_wait: float = 30.0):
        """`timeout`: seconds one HTTP request may take; `retries`: how many times a 503 is retried, each after the
        server's Retry-After (at most `max_wait` seconds; 1 s when the server gives none)."""
        self.url, self.timeout, self.retries, self.max_wait = url.rstrip("/"), timeout, retries, max_wait
        self._api_key = api_key

    def __repr__(self) -> str:
        return f"Client({self.url!r})"  # never the key

    def check(self, text: str, sources: str | Sequence[str | dict | Source]) -> SummaryResult:
        """`text` checked against `sources`: one document (a str) or a list of sources (str, or {"id", "text",
        "title"?, "url"?} dicts), as `Scorer.score(sources, text)` takes them."""
        return SummaryResult.from_dict(self.post("/v1/check", item(text, sources))["result"])

    def check_batch(self, items: Sequence[tuple[str, Any]]) -> list[SummaryResult | FactalignError]:
        """Several (text, sources) pairs in one request: each one's result, or the error it was refused with."""
        answer = self.post("/v1/check/batch", {"items": [item(t, s) for t, s in items]})
        return [SummaryResult.from_dict(r["result"]) if "result" in r else FactalignError(r["error"])
                for r in answer["results"]]

    def info(self) -> dict:
        return self.request("GET", "/v1/info")

    def post(self, path: str, body: dict) -> dict:
        return self.request("POST", path, json.dumps(body, ensure_ascii=False).encode("utf-8"))

    def request(self, method: str, path: str, data: bytes | None = None) -> dict:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        attempt = 0
        while True:
            req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as reply:
                    return json.loads(reply.read())
            except urllib.error.HTTPError as exc:
                if exc.code == 503 and attempt < self.retries:
                    attempt += 1
                    time.sleep(retry_after(exc.headers.get("Retry-After"), self.max_wait))
                    continue
                raise FactalignError(f"the server refused the request ({exc.code}): {message(exc)}") from None
            except (urllib.error.URLError, OSError) as exc:
                reason = getattr(exc, "reason", exc)
                raise FactalignError(f"cannot reach the server at {self.url}: {reason}") from None


def item(text: str, sources: Any) -> dict:
    if isinstance(sources, str):
        return {"text": text, "document": sources}
    return {"text": text, "sources": [_source(s) for s in sources]}


def _source(s: Any) -> Any:
    if isinstance(s, Source):
        return {k: v for k, v in asdict(s).items() if v is not None}
    return s


def retry_after(value: str | None, most: float) -> float:
    """Retry-After in seconds (a number; an HTTP date or nothing counts as 1 s), at most `most`."""
    try:
        seconds = float(value) if value is not None else 1.0
    except ValueError:
        seconds = 1.0
    return min(max(seconds, 0.0), most)


def message(exc: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(exc.read())["error"])
    except (ValueError, KeyError, TypeError, OSError):
        return exc.reason or "no message"

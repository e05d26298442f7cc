"""A client of `factalign serve` (standard library only: the base install gains no dependency).

    >>> client = factalign.Client("http://127.0.0.1:8000", api_key=None)      # doctest: +SKIP
    >>> client.check(summary, document).score                                # doctest: +SKIP

`check` returns the SummaryResult `Scorer.score` gives for the same input and the server's settings (read back
from the JSON the server sends, which is `factalign score --json`'s). A full queue (503) is retried after the
server's Retry-After (read as the LLM client reads it: finite, bounded), a bounded number of times; any other
refusal, and an answer that is no result (a proxy's HTML page, `{}`, a score that is no number), is a
FactalignError of one line quoting the answer. A URL's user:password is sent as HTTP Basic authentication (when no
API key is given) and never shown: messages and repr() name the URL without it (factalign/redaction.py).
"""

from __future__ import annotations

import base64
import http.client
import json
import math
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from factalign.data import SummaryResult
from factalign.errors import FactalignError, quoted
from factalign.llm.retry import retry_after as read_retry_after
from factalign.redaction import credentials, public_url, redact
from factalign.text.sources import Source

KEY_ENV = "FACTALIGN_API_KEY"  # the key `factalign score --server` sends


class Client:
    def __init__(self, url: str, api_key: str | None = None, timeout: float = 300.0, retries: int = 5,
                 max_wait: float = 30.0):
        """`timeout`: seconds one HTTP request may take; `retries`: how many times a 503 is retried, each after the
        server's Retry-After (at most `max_wait` seconds; 1 s when the server gives none)."""
        self.url, self.timeout, self.retries, self.max_wait = public_url(url.rstrip("/")), timeout, retries, max_wait
        self._api_key = api_key
        self._login = credentials(url)

    def __repr__(self) -> str:
        return f"Client({self.url!r})"  # never the key, never a password

    def check(self, text: str, sources: str | Sequence[str | dict | Source]) -> SummaryResult:
        """`text` checked against `sources`: one document (a str) or a list of sources (str, or {"id", "text",
        "title"?, "url"?} dicts), as `Scorer.score(sources, text)` takes them."""
        answer = self.post("/v1/check", item(text, sources))
        return self.result(answer.get("result") if isinstance(answer, dict) else None, answer)

    def check_batch(self, items: Sequence[tuple[str, Any]]) -> list[SummaryResult | FactalignError]:
        """Several (text, sources) pairs in one request: each one's result, or the error it was refused with."""
        answer = self.post("/v1/check/batch", {"items": [item(t, s) for t, s in items]})
        results = answer.get("results") if isinstance(answer, dict) else None
        if not isinstance(results, list) or len(results) != len(items) or not all(isinstance(r, dict) for r in results):
            raise self.not_a_result(answer, f"no list of {len(items)} results")
        return [self.result(r["result"], answer) if "result" in r else FactalignError(str(r.get("error")))
                for r in results]

    def info(self) -> dict:
        answer = self.request("GET", "/v1/info")
        if not isinstance(answer, dict):
            raise self.not_a_result(answer, "no object")
        return answer

    def calibration(self, task: str | None = None) -> ServedCalibration | None:
        """The server's calibration as /v1/info describes it (None: it has none), for what `score` prints: that of
        `task` (the task a result names), else the one a single document gets."""
        info = self.info()
        if task is not None and isinstance(info.get("calibrations"), dict) and isinstance(info["calibrations"].get(task), dict):
            info = info["calibrations"][task]
        described = info.get("calibration")
        if described is None:
            return None
        if not isinstance(described, str):
            raise self.not_a_result(info, "no calibration text")
        return ServedCalibration(described, True if info.get("claims_labelled") else None)

    def result(self, value: Any, answer: Any) -> SummaryResult:
        """A served result read back; a FactalignError quoting the answer where it is none."""
        try:
            result = SummaryResult.from_dict(value)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            raise self.not_a_result(answer, "no result") from None
        numbers = [result.score, *(c.score for c in result.claims)]
        optional = [result.probability, result.threshold, *(c.probability for c in result.claims)]
        if not all(is_number(x) for x in numbers) or not all(x is None or is_number(x) for x in optional):
            raise self.not_a_result(answer, "a score that is no number")
        return result

    def not_a_result(self, answer: Any, what: str) -> FactalignError:
        shown = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
        return FactalignError(f"the server at {self.url} answered with {what}, so it may not be a factalign service: "
                              f"{quoted(shown)}")

    def post(self, path: str, body: dict) -> dict:
        return self.request("POST", path, json.dumps(body, ensure_ascii=False).encode("utf-8"))

    def request(self, method: str, path: str, data: bytes | None = None) -> dict:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        elif self._login:
            headers["Authorization"] = "Basic " + base64.b64encode(":".join(self._login).encode()).decode("ascii")
        attempt = 0
        while True:
            req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as reply:
                    body = reply.read()
            except urllib.error.HTTPError as exc:
                if exc.code == 503 and attempt < self.retries:
                    attempt += 1
                    time.sleep(retry_after(exc.headers.get("Retry-After"), self.max_wait))
                    continue
                raise FactalignError(f"the server refused the request ({exc.code}): {message(exc)}") from None
            except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as exc:  # InvalidURL, IncompleteRead
                reason = redact(str(getattr(exc, "reason", exc)), (self._api_key, *(self._login or ())))
                raise FactalignError(f"cannot reach the server at {self.url}: {reason}") from None
            try:
                return json.loads(body)
            except ValueError:  # a proxy's page, a truncated answer
                raise self.not_a_result(body.decode("utf-8", "replace"), "no JSON") from None


@dataclass(frozen=True)
class ServedCalibration:
    """A server's calibration as much as `score` prints of it: its description, and whether it labels claims
    (`claims` None when it does not, as CalibrationModel.claims)."""

    description: str
    claims: bool | None

    def describe(self) -> str:
        return self.description


def item(text: str, sources: Any) -> dict:
    if isinstance(sources, str):
        return {"text": text, "document": sources}
    return {"text": text, "sources": [_source(s) for s in sources]}


def _source(s: Any) -> Any:
    if isinstance(s, Source):
        return {k: v for k, v in asdict(s).items() if v is not None}
    return s


def retry_after(value: str | None, most: float) -> float:
    """Seconds to wait before retrying a 503: the server's Retry-After (1 s when it gives none or nonsense), at most
    `most`."""
    seconds = read_retry_after(value)
    return min(1.0 if seconds is None else seconds, most)


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def message(exc: urllib.error.HTTPError) -> str:
    """The error of a refusal's body, cut to one short line; the HTTP reason where the body has none."""
    try:
        text = json.loads(exc.read())["error"]
    except (ValueError, KeyError, TypeError, OSError):
        return str(exc.reason or "no message")
    text = " ".join(str(text).split())
    return text if len(text) <= 300 else quoted(text)

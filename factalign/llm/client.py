"""Chat completions against any OpenAI-compatible endpoint, through the `openai` SDK.

Settings come from arguments, else FACTALIGN_LLM_BASE_URL / _MODEL / _API_KEY / _TIMEOUT /
_CONCURRENCY, else OPENAI_BASE_URL / OPENAI_MODEL / OPENAI_API_KEY. The SDK sends the requests (its
own retries are off); the policy in `factalign.llm.retry` decides what is retried and for how long,
and every retry is announced as a one-line warning, so a slow or hanging server is never silent.
`complete` returns a reply's text, `generate` a `Reply` with the top log-probabilities of each
token. At most `concurrency` requests are in flight at once; `map` runs independent requests
(ACUEval's units, the sentences or rows of `llm` extraction) in parallel under that limit. With a
`cache` file, a request already answered is read from it and makes no call.

Time: `timeout` bounds each try as a whole, from connecting to the reply's last byte, so a server that
trickles its reply byte by byte cannot keep a try alive (the SDK's own timeout restarts with every byte
read). A request with all its retries and the waits between them ends within `total_time(timeout)`,
2 x timeout + 10 s: a retry that could end later is not made. A try past its time is abandoned to a
daemon thread, which the SDK's read timeout ends once the server stops sending.
"""

from __future__ import annotations

import json
import math
import os
import threading
import time
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from factalign.errors import FactalignError, FactalignWarning
from factalign.interrupts import thread_pool
from factalign.llm.cache import ReplyCache, request_key
from factalign.llm.reply import Reply, Token
from factalign.llm.retry import RETRYABLE, backoff_wait, connection_refused, retry_after
from factalign.redaction import public_url, redact

DEFAULT_TIMEOUT = 60.0
RETRY_SLACK = 10.0  # seconds of backoff a request may wait on top of two tries: total_time(timeout)
DEFAULT_CONCURRENCY = 4
TOP_LOGPROBS = 10  # alternatives asked for at each token (OpenAI allows up to 20)
T = TypeVar("T")
R = TypeVar("R")


def _setting(value: Any, name: str, fallback: bool = True) -> Any:
    if value is not None and value != "":
        return value
    return os.environ.get(f"FACTALIGN_LLM_{name}") or (os.environ.get(f"OPENAI_{name}") if fallback else None)


def _number(value: Any, name: str, default: float, kind: type = float) -> Any:
    value = _setting(value, name, fallback=False)
    if value is None:
        return kind(default)
    try:
        number = kind(value)
    except (TypeError, ValueError):
        number = None
    if number is None or not math.isfinite(number) or number <= 0:
        raise FactalignError(f"LLM {name.lower()} must be a positive number, got {value!r}")
    return number


def total_time(timeout: float) -> float:
    """The most seconds one request takes with its retries and the waits between them."""
    return 2 * timeout + RETRY_SLACK


class _TryTimedOut(Exception):
    """A try that ran past `timeout` as a whole (the server may still be sending)."""


def _openai():
    try:
        import openai
    except ImportError:
        raise FactalignError("LLM features need the openai package: pip install 'factalign[llm]'") from None
    return openai


def _omit(openai):
    """The SDK's marker that drops a header (no Authorization header without a key)."""
    omit = getattr(openai, "Omit", None)
    if omit is None:  # openai 1.x exports it only from its _types module
        from openai._types import Omit as omit
    return omit()


class ChatClient:
    def __init__(self, base_url: str | None = None, model: str | None = None, api_key: str | None = None,
                 timeout: float | None = None, max_retries: int = 3, concurrency: int | None = None,
                 cache: str | Path | None = None, backoff: float = 1.0, max_wait: float = 60.0,
                 max_timeouts: int = 1, sleep: Callable[[float], Any] = time.sleep):
        self.base_url = _setting(base_url, "BASE_URL")
        self.model = _setting(model, "MODEL")
        self.api_key = _setting(api_key, "API_KEY")
        if not self.base_url or not self.model:
            raise FactalignError("LLM features need an endpoint and a model: --llm-base-url/--llm-model or "
                                 "FACTALIGN_LLM_BASE_URL/FACTALIGN_LLM_MODEL (or OPENAI_BASE_URL/OPENAI_MODEL)")
        parts = urlsplit(self.base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise FactalignError(f"the LLM endpoint must be an http:// or https:// URL, got {redact(self.base_url, (self.api_key,))!r}")
        self.endpoint = public_url(self.base_url.rstrip("/"))
        self.url = self.endpoint + "/chat/completions"  # for messages: never holds credentials
        self.timeout = _number(timeout, "TIMEOUT", DEFAULT_TIMEOUT)
        self.concurrency = _number(concurrency, "CONCURRENCY", DEFAULT_CONCURRENCY, int)
        self.max_retries, self.max_timeouts = max_retries, max_timeouts
        self.backoff, self.max_wait, self.sleep = backoff, max_wait, sleep
        self.cache = ReplyCache(cache) if cache is not None else None
        self.calls = 0  # requests sent (not counting replies read from the cache)
        self._slots = threading.BoundedSemaphore(self.concurrency)
        self._count = threading.Lock()
        openai = _openai()
        self._errors = openai
        self._omit_auth = {} if self.api_key else {"extra_headers": {"Authorization": _omit(openai)}}
        self._sdk = openai.OpenAI(base_url=self.base_url, api_key=self.api_key or "unused", timeout=self.timeout,
                                  max_retries=0)

    def __repr__(self) -> str:  # never shows the key
        return f"ChatClient({self.endpoint!r}, model={self.model!r})"

    def complete(self, messages: list[dict], temperature: float = 0.0, max_tokens: int = 1024) -> str:
        """The assistant's reply text."""
        return _content(self.request({"messages": messages, "temperature": temperature, "max_tokens": max_tokens}))

    def generate(self, messages: list[dict], max_tokens: int, logprobs: bool = True) -> Reply:
        """The greedy reply with the top log-probabilities of each token (`Reply.tokens` is None when
        the endpoint sends none)."""
        payload = {"messages": messages, "temperature": 0.0, "max_tokens": max_tokens}
        if logprobs:
            payload |= {"logprobs": True, "top_logprobs": TOP_LOGPROBS}
        raw = self.request(payload)
        return Reply(_content(raw), _tokens(raw) if logprobs else None)

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> list[R]:
        """[fn(x) for x in items], run in up to `concurrency` threads; results in input order. The
        first failure is raised once the running calls end; calls not started yet are dropped."""
        items = list(items)
        if self.concurrency == 1 or len(items) < 2:
            return [fn(x) for x in items]
        with thread_pool(min(self.concurrency, len(items)), thread_name_prefix="factalign-llm") as pool:
            return list(pool.map(fn, items))

    def request(self, payload: dict) -> str:
        """The raw reply (JSON text) to a chat completion request: from the cache, else the endpoint."""
        key = request_key(self.endpoint, {"model": self.model, **payload}) if self.cache else None
        if key and (cached := self.cache.get(key, valid=_is_completion)) is not None:
            return cached
        reply = self._send(payload)
        if key and _is_completion(reply):  # a malformed reply is not kept: a rerun asks again
            self.cache.put(key, reply)
        return reply

    def _send(self, payload: dict) -> str:
        errors, timeouts, started = self._errors, 0, None
        total = total_time(self.timeout)
        for attempt in range(self.max_retries + 1):
            wait = backoff_wait(attempt, self.backoff, self.max_wait)
            try:
                with self._slots:
                    started = started or time.monotonic()  # the time spent waiting for a slot is not the server's
                    with self._count:
                        self.calls += 1
                    return self._try(payload)
            except errors.APIStatusError as exc:
                code, asked = exc.status_code, retry_after(exc.response.headers.get("Retry-After"))
                detail = redact(exc.response.text, (self.api_key,))[:200]
                if code not in RETRYABLE or attempt == self.max_retries:
                    raise FactalignError(f"LLM endpoint {self.url} answered HTTP {code}: {detail}") from None
                if asked is not None and asked > self.max_wait:
                    raise FactalignError(f"LLM endpoint {self.url} answered HTTP {code} and asks to retry after "
                                         f"{asked:g} s, longer than this client waits ({self.max_wait:g} s)") from None
                wait, reason = max(wait, asked or 0.0), f"HTTP {code}"
            except (errors.APITimeoutError, _TryTimedOut):
                timeouts += 1
                if timeouts > self.max_timeouts or attempt == self.max_retries:
                    raise FactalignError(f"LLM endpoint {self.url} sent no reply within {self.timeout:g} s, {timeouts} times "
                                         "(raise --llm-timeout or FACTALIGN_LLM_TIMEOUT; a try lasts from connecting to the "
                                         "reply's last byte)") from None
                reason = f"no reply within {self.timeout:g} s"
            except errors.APIConnectionError as exc:
                if connection_refused(exc):
                    raise FactalignError(f"LLM endpoint {self.url} refused the connection or its host is unknown; "
                                         "is the server running?") from None
                if attempt == self.max_retries:
                    raise FactalignError(f"LLM endpoint {self.url} unreachable after {attempt + 1} tries: "
                                         f"{redact(str(exc.__cause__ or exc), (self.api_key,))}") from None
                reason = f"connection failed ({redact(str(exc.__cause__ or exc), (self.api_key,))})"
            if time.monotonic() - started + wait + self.timeout > total:
                raise FactalignError(f"LLM endpoint {self.url}: {reason}, {attempt + 1} tries in "
                                     f"{time.monotonic() - started:.0f} s; no retry, as one could end past the {total:g} s "
                                     f"a request may take with its retries (2 x --llm-timeout + {RETRY_SLACK:g} s)")
            warnings.warn(f"LLM endpoint {self.url}: {reason}; retry {attempt + 1} of {self.max_retries} in {wait:g} s",
                          FactalignWarning, stacklevel=2)
            self.sleep(wait)
        raise AssertionError("unreachable")

    def _try(self, payload: dict) -> str:
        """One request, given `timeout` seconds as a whole. The SDK call runs in a daemon thread; one past
        its time is left to it (the SDK's read timeout ends it once the server goes quiet) and this try
        ends with _TryTimedOut."""
        box: dict[str, Any] = {}
        done = threading.Event()

        def call() -> None:
            try:
                box["reply"] = self._sdk.chat.completions.with_raw_response.create(
                    model=self.model, **payload, **self._omit_auth).text
            except BaseException as exc:  # handed to the waiting thread
                box["error"] = exc
            finally:
                done.set()

        threading.Thread(target=call, name="factalign-llm-request", daemon=True).start()
        if not done.wait(self.timeout):
            raise _TryTimedOut()
        if "error" in box:
            raise box["error"]
        return box["reply"]


def _is_completion(raw: str) -> bool:
    try:
        _content(raw)
    except FactalignError:
        return False
    return True


def _content(raw: str) -> str:
    try:
        content = json.loads(raw)["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise FactalignError(f"LLM endpoint reply is not a chat completion: {raw[:200]!r}") from None
    if not isinstance(content, str):
        raise FactalignError("LLM endpoint reply has no text content")
    return content


def _tokens(raw: str) -> tuple[Token, ...] | None:
    """The reply's tokens with their top log-probabilities, or None when the endpoint sent none."""
    try:
        content = json.loads(raw)["choices"][0]["logprobs"]["content"]
        tokens = tuple(Token(c["token"], tuple((e["token"], float(e["logprob"])) for e in c.get("top_logprobs") or ()))
                       for c in content)
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    return tokens or None

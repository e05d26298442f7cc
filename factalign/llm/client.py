"""Chat completions against any OpenAI-compatible endpoint (stdlib only).

Settings come from arguments, else FACTALIGN_LLM_BASE_URL / _MODEL / _API_KEY, else OPENAI_BASE_URL /
OPENAI_MODEL / OPENAI_API_KEY. 429, 5xx and timeouts are retried with exponential backoff, waiting
at least what a Retry-After header asks; other HTTP errors fail at once.
"""

from __future__ import annotations

import json
import math
import os
import socket
import time
import urllib.error
import urllib.request
from email.utils import parsedate_to_datetime

from factalign.errors import FactalignError

RETRYABLE = {408, 409, 429, 500, 502, 503, 504}


def _setting(value: str | None, name: str) -> str | None:
    return value or os.environ.get(f"FACTALIGN_LLM_{name}") or os.environ.get(f"OPENAI_{name}")


def retry_after(header: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date)."""
    if not header:
        return None
    try:
        return max(0.0, float(header))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(header).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


class ChatClient:
    def __init__(self, base_url: str | None = None, model: str | None = None, api_key: str | None = None,
                 timeout: float = 60.0, max_retries: int = 5, backoff: float = 1.0, max_backoff: float = 60.0,
                 sleep=time.sleep):
        self.base_url = _setting(base_url, "BASE_URL")
        self.model = _setting(model, "MODEL")
        self.api_key = _setting(api_key, "API_KEY")
        if not self.base_url or not self.model:
            raise FactalignError("LLM features need an endpoint and a model: --llm-base-url/--llm-model or "
                                 "FACTALIGN_LLM_BASE_URL/FACTALIGN_LLM_MODEL (or OPENAI_BASE_URL/OPENAI_MODEL)")
        self.url = self.base_url.rstrip("/") + "/chat/completions"
        self.timeout, self.max_retries = timeout, max_retries
        self.backoff, self.max_backoff, self.sleep = backoff, max_backoff, sleep

    def complete(self, messages: list[dict], temperature: float = 0.0, max_tokens: int = 1024) -> str:
        """The assistant's reply text."""
        return _content(self._post({"messages": messages, "temperature": temperature, "max_tokens": max_tokens}))

    def yes_probability(self, messages: list[dict]) -> tuple[float, str]:
        """P(Yes) / (P(Yes) + P(No)) for a one-token answer, from the endpoint's top log-probabilities,
        and how it was read ("logprobs"); an endpoint without log-probabilities gives 1.0 or 0.0 from
        the answer's text ("text")."""
        raw = self._post({"messages": messages, "temperature": 0.0, "max_tokens": 1, "logprobs": True, "top_logprobs": 10})
        mass = {"yes": 0.0, "no": 0.0}
        try:
            for entry in json.loads(raw)["choices"][0]["logprobs"]["content"][0]["top_logprobs"]:
                word = entry["token"].strip().lower()
                if word in mass:
                    mass[word] += math.exp(entry["logprob"])
        except (ValueError, KeyError, IndexError, TypeError):
            pass
        if mass["yes"] + mass["no"] > 0:
            return mass["yes"] / (mass["yes"] + mass["no"]), "logprobs"
        answer = _content(raw).strip().lower()
        if not answer.startswith(("yes", "no")):
            raise FactalignError(f"LLM endpoint answered neither Yes nor No: {answer[:60]!r}")
        return (1.0 if answer.startswith("yes") else 0.0), "text"

    def _post(self, payload: dict) -> bytes:
        """The raw reply to a chat completion request, with retries on 429/5xx/timeouts."""
        body = json.dumps({"model": self.model, **payload}).encode()
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        for attempt in range(self.max_retries + 1):
            wait = min(self.max_backoff, self.backoff * 2 ** attempt)
            try:
                request = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return response.read()
            except urllib.error.HTTPError as exc:
                if exc.code not in RETRYABLE or attempt == self.max_retries:
                    detail = exc.read().decode("utf-8", "replace").strip().replace("\n", " ")[:200]
                    raise FactalignError(f"LLM endpoint {self.url} answered HTTP {exc.code}: {detail}") from None
                wait = max(wait, retry_after(exc.headers.get("Retry-After")) or 0.0)
            except (urllib.error.URLError, socket.timeout, TimeoutError, ConnectionError) as exc:
                if attempt == self.max_retries:
                    reason = getattr(exc, "reason", exc)
                    raise FactalignError(f"LLM endpoint {self.url} unreachable after {attempt + 1} tries: {reason}") from None
            self.sleep(wait)
        raise AssertionError("unreachable")


def _content(raw: bytes) -> str:
    try:
        content = json.loads(raw)["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise FactalignError(f"LLM endpoint reply is not a chat completion: {raw[:200]!r}") from None
    if not isinstance(content, str):
        raise FactalignError("LLM endpoint reply has no text content")
    return content

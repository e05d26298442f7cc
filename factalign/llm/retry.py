"""When to retry an LLM request, how long to wait, and what of a failure may be shown.

- 408, 409, 429 and 5xx replies and timeouts are retried with exponential backoff, waiting at least
  what a Retry-After header asks; a Retry-After above the client's `max_wait` is not waited for: the
  request fails at once and says so (a server asking for an hour should not hold a run for an hour).
- A refused connection or an unknown host fails at once: nothing is listening, and waiting will not
  start it.
- Text that reaches the user (error bodies, URLs) is redacted: the API key, `Bearer ...` tokens,
  `sk-...` keys and credentials in a URL never appear.
"""

from __future__ import annotations

import re
import socket
import time
from email.utils import parsedate_to_datetime
from urllib.parse import urlsplit, urlunsplit

RETRYABLE = {408, 409, 429, 500, 502, 503, 504}
_TOKENS = re.compile(r"(Bearer\s+)\S+|\bsk-[A-Za-z0-9_\-]{6,}", re.IGNORECASE)


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


def backoff_wait(attempt: int, backoff: float, max_wait: float) -> float:
    return min(max_wait, backoff * 2 ** attempt)


def connection_refused(exc: BaseException) -> bool:
    """True when the cause chain holds a refused connection or a failed host lookup."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, (ConnectionRefusedError, socket.gaierror)):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def redact(text: str, secrets: tuple[str | None, ...] = ()) -> str:
    """`text` without the given secrets, bearer tokens, sk- keys or URL credentials; on one line."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "[redacted]")
    text = _TOKENS.sub(lambda m: (m.group(1) or "") + "[redacted]", text)
    text = re.sub(r"(\w+://)[^/\s@]+@", r"\1[redacted]@", text)
    return " ".join(text.split())


def public_url(url: str) -> str:
    """The URL without user:password (for messages, signatures and cache keys)."""
    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    host = parts.hostname or ""
    return urlunsplit(parts._replace(netloc=host + (f":{parts.port}" if parts.port else "")))

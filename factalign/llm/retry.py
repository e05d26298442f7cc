"""When to retry an LLM request, how long to wait, and what of a failure may be shown.

- 408, 409, 429 and 5xx replies and timeouts are retried with exponential backoff, waiting at least
  what a Retry-After header asks; a Retry-After above the client's `max_wait` is not waited for: the
  request fails at once and says so (a server asking for an hour should not hold a run for an hour).
- A refused connection or an unknown host fails at once: nothing is listening, and waiting will not
  start it.
- Text that reaches the user (error bodies, URLs) is redacted (factalign/redaction.py, shared with the client
  of `factalign serve`): the API key, `Bearer ...` tokens, `sk-...` keys and credentials in a URL never appear.
"""

from __future__ import annotations

import socket
import time
from email.utils import parsedate_to_datetime

RETRYABLE = {408, 409, 429, 500, 502, 503, 504}


MAX_RETRY_AFTER = 86_400.0  # a day: any longer is as good as never, and time.sleep cannot take inf or nan


def retry_after(header: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), between 0 and MAX_RETRY_AFTER;
    None when there is none or it is no number of seconds (nan, text). The one reader of the header, for the LLM
    client and the client of `factalign serve`."""
    if not header:
        return None
    try:
        seconds = float(header)
    except ValueError:
        try:
            seconds = parsedate_to_datetime(header).timestamp() - time.time()
        except (TypeError, ValueError, OverflowError):
            return None
    if seconds != seconds:  # nan
        return None
    return min(max(0.0, seconds), MAX_RETRY_AFTER)


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

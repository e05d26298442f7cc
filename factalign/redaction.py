"""What of a URL or of a server's text may be shown: the one place secrets are taken out of messages, shared by
the LLM client (factalign/llm) and the client of `factalign serve` (factalign/client.py). An API key, `Bearer ...`
tokens, `sk-...` keys and the user:password of a URL never appear in a message, a signature or a cache key."""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

_TOKENS = re.compile(r"(Bearer\s+)\S+|\bsk-[A-Za-z0-9_\-]{6,}", re.IGNORECASE)
_USERINFO = re.compile(r"(\w+://)[^/\s@]+@")


def redact(text: str, secrets: tuple[str | None, ...] = ()) -> str:
    """`text` without the given secrets, bearer tokens, sk- keys or URL credentials; on one line."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "[redacted]")
    text = _TOKENS.sub(lambda m: (m.group(1) or "") + "[redacted]", text)
    text = _USERINFO.sub(r"\1[redacted]@", text)
    return " ".join(text.split())


def public_url(url: str) -> str:
    """The URL without user:password (for messages, signatures and cache keys)."""
    parts = urlsplit(url)
    if "@" not in parts.netloc:
        return url
    try:
        host = (parts.hostname or "") + (f":{parts.port}" if parts.port else "")
    except ValueError:  # a port that is no number: the text after the credentials, as it was given
        host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=host))


def credentials(url: str) -> tuple[str, str] | None:
    """The (user, password) of a URL that holds them, else None."""
    netloc = urlsplit(url).netloc
    if "@" not in netloc:
        return None
    user, _, password = netloc.rpartition("@")[0].partition(":")
    return user, password

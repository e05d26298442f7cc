"""What the service accepts: its limits (ServeConfig), who may call it (API keys), and a check request's body
read into the (document or sources, text) pair `Scorer.score` takes, refused with the CLI's one-line messages.
No FastAPI here: the command line checks all of it before anything listens."""

from __future__ import annotations

import hmac
import ipaddress
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from factalign.errors import FactalignError, type_name as json_type
from factalign.inputs import check_sources, check_text
from factalign.settings import ScorerSettings

KEYS_ENV = "FACTALIGN_API_KEYS"  # the server's keys, one a line (or separated by commas)


@dataclass(frozen=True)
class ServeConfig:
    settings: ScorerSettings
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    max_queue: int = 64
    max_request_bytes: int = 8 << 20
    max_sources: int = 64
    max_batch: int = 32
    timeout: float = 60.0
    api_keys: tuple[str, ...] = field(default=(), repr=False)  # never printed
    forwarded_allow_ips: str | None = None  # None: X-Forwarded-For is not trusted

    @property
    def max_chars(self) -> int:
        return self.settings.max_document_chars

    def limits(self) -> dict[str, Any]:
        return {"max_request_bytes": self.max_request_bytes, "max_chars": self.max_chars, "max_sources": self.max_sources,
                "max_batch": self.max_batch, "max_queue": self.max_queue, "timeout": self.timeout, "workers": self.workers}


def read_keys(path: str | None) -> tuple[str, ...]:
    """The API keys of --api-key-file (one a line; blank lines and `#` comments skipped), else of $FACTALIGN_API_KEYS."""
    if path is not None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise FactalignError(f"cannot read --api-key-file {path}: {getattr(exc, 'strerror', None) or exc}") from None
        keys = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
        if not keys:
            raise FactalignError(f"--api-key-file {path} holds no key (one key a line)")
        return tuple(keys)
    text = os.environ.get(KEYS_ENV, "")
    return tuple(k.strip() for k in text.replace(",", "\n").splitlines() if k.strip())


def check_bind(host: str, keys: tuple[str, ...], allow_unauthenticated: bool) -> None:
    """Without keys the service listens only on a loopback address, unless told otherwise."""
    if keys or allow_unauthenticated or is_loopback(host):
        return
    raise FactalignError(f"--host {host} is not a loopback address and no API key is set: give --api-key-file FILE "
                         f"(or ${KEYS_ENV}), or --allow-unauthenticated to serve anyone who can reach it")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def authorized(header: str | None, keys: tuple[str, ...]) -> bool:
    """`Authorization: Bearer KEY` with one of the keys, compared in constant time (every key is compared)."""
    if not keys:
        return True
    scheme, _, given = (header or "").partition(" ")
    given_bytes = given.strip().encode("utf-8", "surrogateescape")
    found = False
    for key in keys:
        found |= hmac.compare_digest(given_bytes, key.encode("utf-8"))
    return found and scheme.lower() == "bearer"


def check_item(item: Any, config: ServeConfig, where: str = "the request") -> tuple[Any, str]:
    """A check request's {"text", "sources"} or {"text", "document"} as (sources or document, text), checked as
    `factalign score` checks its files (the same messages), before the item is queued."""
    if not isinstance(item, dict):
        raise FactalignError(f"{where} must be a JSON object with \"text\" and \"sources\" or \"document\", "
                             f"not {json_type(item)}")
    unknown = sorted(set(item) - {"text", "sources", "document"})
    if unknown:
        raise FactalignError(f"{where} has the unknown field {unknown[0]!r}; it takes text, and sources or document")
    if "text" not in item:
        raise FactalignError(f"{where} needs a \"text\": the text to check")
    if ("sources" in item) == ("document" in item):
        raise FactalignError(f"{where} needs \"sources\" (a list) or \"document\" (a string), "
                             f"{'not both' if 'sources' in item else 'one of them'}")
    text = item["text"]
    if not isinstance(text, str):
        raise FactalignError(f"\"text\" must be a string, not {json_type(text)}")
    check_text(text, "summary", config.max_chars)
    if "document" in item:
        document = item["document"]
        if not isinstance(document, str):
            raise FactalignError(f"\"document\" must be a string, not {json_type(document)}")
        check_text(document, "document", config.max_chars)
        return document, text
    sources = item["sources"]
    if isinstance(sources, list) and len(sources) > config.max_sources:
        raise FactalignError(f"{len(sources):,} sources, over the limit of {config.max_sources:,} (--max-sources)")
    return check_sources(sources, config.max_chars), text


def check_batch(body: Any, config: ServeConfig) -> list[tuple[Any, str] | FactalignError]:
    """A batch's items, each checked as /v1/check checks it: its (sources or document, text), or the error it is
    refused with (a bad item fails alone, as a bad row of `factalign batch` does)."""
    if not isinstance(body, dict) or not isinstance(body.get("items"), list) or set(body) != {"items"}:
        raise FactalignError("a batch is a JSON object {\"items\": [...]}, each item as /v1/check takes it")
    items = body["items"]
    if not items:
        raise FactalignError("the batch has no items")
    if len(items) > config.max_batch:
        raise FactalignError(f"the batch has {len(items):,} items, over the limit of {config.max_batch:,} (--max-batch)")
    return [_checked(item, config, f"item {i}") for i, item in enumerate(items)]


def _checked(item: Any, config: ServeConfig, where: str) -> tuple[Any, str] | FactalignError:
    try:
        return check_item(item, config, where)
    except FactalignError as exc:
        return exc


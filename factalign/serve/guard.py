"""The outermost layer of the app, in plain ASGI: every request's key check (401), the full-queue fast path (503
before the body is read, parsed or routed: a refusal under overload costs the event loop as little as it can, since
the scoring thread holds the GIL much of the time), and each request's metrics and access-log line."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable

from factalign.serve.limits import ServeConfig, authorized
from factalign.serve.metrics import Metrics

OPEN_PATHS = ("/healthz", "/readyz", "/docs", "/openapi.json", "/docs/oauth2-redirect")  # no key needed
CHECK_PATHS = ("/v1/check", "/v1/check/batch")  # the paths that queue work
RETRY_AFTER = "1"  # seconds a refused client waits; a queued request takes about a scoring's time
UNAUTHORIZED = "missing or wrong API key: send Authorization: Bearer KEY"

log = logging.getLogger("factalign.access")


def queue_full_message(max_queue: int) -> str:
    return f"the queue is full ({max_queue} requests waiting, --max-queue); retry later"


class Guard:
    def __init__(self, app, config: ServeConfig, metrics: Metrics, queue_full: Callable[[], bool],
                 known_paths: set[str]):
        self.app, self.config, self.metrics = app, config, metrics
        self.queue_full, self.known_paths = queue_full, known_paths

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        start = time.monotonic()
        path = scope["path"]
        status = 500  # unless a response starts

        async def send_status(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            if path not in OPEN_PATHS and not authorized(header(scope, b"authorization"), self.config.api_keys):
                await respond(send_status, 401, UNAUTHORIZED, [(b"www-authenticate", b"Bearer")])
            elif path in CHECK_PATHS and scope["method"] == "POST" and self.queue_full():
                await respond(send_status, 503, queue_full_message(self.config.max_queue),
                              [(b"retry-after", RETRY_AFTER.encode())])
            else:
                await self.app(scope, receive, send_status)
        finally:
            seconds = time.monotonic() - start
            self.metrics.request(path if path in self.known_paths else "other", status, seconds)  # bounded labels
            access_log(scope, status, seconds)


def header(scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None


async def respond(send, status: int, message: str, headers: list[tuple[bytes, bytes]]) -> None:
    """{"error": MESSAGE, "status": CODE}, as the app's own refusals; the body, if any, is left unread."""
    body = json.dumps({"error": message, "status": status}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": body})


def access_log(scope, status: int, seconds: float) -> None:
    """One JSON line per request: never the body's texts, never the Authorization header."""
    if not log.isEnabledFor(logging.INFO):
        return
    client = scope.get("client")
    length = header(scope, b"content-length")
    line = {"time": round(time.time(), 3), "client": client[0] if client else None, "method": scope["method"],
            "path": scope["path"], "status": status, "ms": round(seconds * 1000, 1),
            "bytes_in": int(length) if length and length.isdigit() else None}
    log.info(json.dumps(line))

"""The HTTP API (FastAPI): /v1/check, /v1/check/batch, /v1/info, /healthz, /readyz, /metrics; OpenAPI at /docs.

Keys, the full-queue fast path, metrics and the access log are guard.py's, around all of this. Bodies are read
here, bounded (--max-request-bytes), and checked by limits.py, so a refusal carries the CLI's one-line message:
{"error": MESSAGE, "status": CODE}. A checked request goes on the scoring thread's bounded queue
(worker.py) and its answer is awaited up to --timeout."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from factalign.calibration.tasks import candidates, task_for
from factalign.checks import listing
from factalign.errors import FactalignError
from factalign.serve import schema
from factalign.serve.body import BodyRefused, parse_body
from factalign.serve.guard import RETRY_AFTER, Guard, queue_full_message
from factalign.serve.limits import ServeConfig, check_batch, check_item
from factalign.serve.metrics import Metrics
from factalign.serve.worker import Abandoned, Job, ScoringWorker
from factalign.version import __version__

CLIENT_GONE = 499  # nginx's status for a client that closed the connection before its answer


class Refused(Exception):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status, self.message, self.headers = status, message, headers or {}


def error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "status": status}, status_code=status, headers=headers)


def create_app(config: ServeConfig, worker: ScoringWorker, metrics: Metrics) -> FastAPI:
    app = FastAPI(title="factalign", version=__version__, description="Claim-level factual consistency checks "
                  "(docs/serving.md). Every /v1 request needs `Authorization: Bearer KEY` when the server has keys.")
    app.state.draining = False

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused):
        return error(exc.status, exc.message, exc.headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        return error(exc.status_code, str(exc.detail), getattr(exc, "headers", None))

    @app.post("/v1/check", openapi_extra=schema.CHECK, summary="check one text against its sources")
    async def check(request: Request):
        start = time.monotonic()
        item = check_or_refuse(check_item, await read_json(request, config.max_request_bytes), config)
        result = (await run_job(worker, metrics, [item], config))[0]
        if not isinstance(result, str):
            raise refusal(result)
        return json_response(f'{{"result": {result}, "seconds": {time.monotonic() - start:.6f}}}')

    @app.post("/v1/check/batch", openapi_extra=schema.BATCH, summary="check several texts, each as /v1/check")
    async def check_many(request: Request):
        start = time.monotonic()
        items = check_or_refuse(check_batch, await read_json(request, config.max_request_bytes), config)
        valid = [item for item in items if not isinstance(item, FactalignError)]
        scored = iter(await run_job(worker, metrics, valid, config) if valid else [])
        results = [item if isinstance(item, FactalignError) else next(scored) for item in items]
        if any(isinstance(r, Abandoned) for r in results):
            raise refusal(next(r for r in results if isinstance(r, Abandoned)))
        parts = [f'{{"result": {r}}}' if isinstance(r, str) else json.dumps(error_body(r)) for r in results]
        return json_response(f'{{"results": [{", ".join(parts)}], "seconds": {time.monotonic() - start:.6f}}}')

    @app.get("/v1/info", summary="version, signature, calibration, checks and limits")
    async def info():
        scorer = worker.scorer
        cals = {t.name: scorer.calibrations[t.name] for t in candidates(config.settings.task)} if scorer is not None else {}
        single = task_for(config.settings.task, 1).name  # the task a request with one document gets
        cal = cals.get(single)
        return {"version": __version__, "method": config.settings.method_def.name,
                "signature": scorer.signature if scorer is not None else None, "task": config.settings.task,
                "calibration": cal.describe() if cal is not None else None,
                "claims_labelled": bool(cal is not None and cal.claims is not None),
                "calibrations": {task: {"calibration": c.describe() if c is not None else None,
                                        "claims_labelled": bool(c is not None and c.claims is not None)}
                                 for task, c in cals.items()},
                "checks": listing(config.settings.checks), "limits": config.limits()}

    @app.get("/healthz", summary="the process answers")
    async def healthz():
        return {"status": "alive"}

    @app.get("/readyz", summary="models loaded and not shutting down")
    async def readyz():
        if app.state.draining:
            return error(503, "shutting down")
        if not worker.ready:
            return error(503, "models not loaded")
        return {"status": "ready", "queue": worker.depth()}

    @app.get("/metrics", response_class=PlainTextResponse, summary="Prometheus text format")
    async def prometheus():
        metrics.queue_depth(worker.depth())
        return PlainTextResponse(metrics.exposition(), media_type="text/plain; version=0.0.4; charset=utf-8")

    known_paths = {r.path for r in app.routes}
    app.add_middleware(Guard, config=config, metrics=metrics, queue_full=worker.full, known_paths=known_paths)
    return app


async def read_json(request: Request, limit: int) -> Any:
    """The body as JSON (serve/body.py), read no further than `limit` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise too_large(int(declared), limit)
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise too_large(len(body), limit)
    except ClientDisconnect:  # nobody reads the answer; its own status keeps it out of the 5xx counts
        raise Refused(CLIENT_GONE, "the client closed the connection before sending the whole body") from None
    try:
        return parse_body(bytes(body))
    except BodyRefused as exc:
        raise Refused(exc.status, str(exc)) from None


def too_large(size: int, limit: int) -> Refused:
    return Refused(413, f"the body has {size:,} bytes{' or more' if size == limit + 1 else ''}, over the limit of "
                        f"{limit:,} (--max-request-bytes)")


def check_or_refuse(check, body: Any, config: ServeConfig):
    try:
        return check(body, config)
    except FactalignError as exc:
        raise Refused(422, str(exc)) from None


async def run_job(worker: ScoringWorker, metrics: Metrics, pairs: list, config: ServeConfig) -> list:
    """The pairs' results from the scoring thread, or 503 (queue full), or 504 (over --timeout)."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future = loop.create_future()

    def done(results: list) -> None:  # in the scoring thread
        try:
            loop.call_soon_threadsafe(lambda: answer.done() or answer.set_result(results))
        except RuntimeError:  # the loop has closed: nobody waits for these results
            pass

    job = Job(pairs, time.monotonic() + config.timeout, config.timeout, done)
    if not worker.submit(job):
        raise Refused(503, queue_full_message(config.max_queue), {"Retry-After": RETRY_AFTER})
    metrics.admitted(1)
    try:
        return await asyncio.wait_for(answer, config.timeout)
    except asyncio.TimeoutError:
        job.cancelled = True  # its work stops at its next checkpoint (stopping.py), or is never started
        raise refusal(job.abandoned()) from None
    except asyncio.CancelledError:  # the client went away
        job.cancelled = True
        raise
    finally:
        metrics.admitted(-1)


def refusal(exc: BaseException) -> Refused:
    body = error_body(exc)
    return Refused(body["status"], body["error"])


def error_body(exc: BaseException) -> dict:
    if isinstance(exc, Abandoned):
        return {"error": str(exc), "status": 504}
    if isinstance(exc, FactalignError):
        return {"error": str(exc), "status": 422}
    print(f"factalign serve: internal error: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
    return {"error": "internal error (see the server's log)", "status": 500}


def json_response(text: str) -> Response:
    return Response(text.encode("utf-8"), media_type="application/json")

"""Runs the service under uvicorn: one process (--workers 1) whose scoring thread is loaded before it listens,
or uvicorn's worker processes, each loading its own scorer (the settings travel to them pickled in the
environment). SIGINT and SIGTERM stop accepting, let requests in flight finish (up to --timeout) and end the
process with status 0."""

from __future__ import annotations

import base64
import logging
import math
import os
import pickle
import signal
import sys
import traceback
from contextlib import contextmanager

import uvicorn
from uvicorn.config import STARTUP_FAILURE
from uvicorn.supervisors import Multiprocess

from factalign.errors import FactalignError
from factalign.serve.app import create_app
from factalign.serve.limits import ServeConfig
from factalign.serve.metrics import Metrics
from factalign.serve.worker import ScoringWorker

CONFIG_ENV = "FACTALIGN_SERVE_CONFIG"  # --workers N: the pickled (ServeConfig, access log on) each worker reads
# seconds a worker may take to answer the supervisor's ping before it is killed as hung and restarted; uvicorn's
# 5 s is too short for a process loading models or scoring on a busy machine (its pong thread needs the GIL)
WORKER_HEALTHCHECK_S = 120


class DrainingServer(uvicorn.Server):
    """uvicorn's server, whose first SIGINT / SIGTERM marks the app as draining (/readyz answers 503) and starts
    the graceful shutdown; unlike uvicorn's own, the signal is not raised again once the server has stopped, so a
    drained service exits 0 instead of dying by the signal."""

    def __init__(self, config: uvicorn.Config, app):
        super().__init__(config)
        self.served_app = app

    @contextmanager
    def capture_signals(self):
        previous = {s: signal.signal(s, self.handle_exit) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for s, handler in previous.items():
                signal.signal(s, handler)

    def handle_exit(self, sig, frame) -> None:
        self.served_app.state.draining = True
        super().handle_exit(sig, frame)

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets)
        if self.started:
            port = self.servers[0].sockets[0].getsockname()[1] if self.servers else self.config.port
            print(f"factalign serve: listening on http://{self.config.host}:{port} (Ctrl-C or SIGTERM stops it)",
                  file=sys.stderr, flush=True)


def serve(config: ServeConfig, access_log: bool = True) -> int:
    set_up_access_log(access_log)
    if config.workers > 1:
        return serve_workers(config, access_log)
    metrics = Metrics()
    worker = ScoringWorker(config.settings, config.max_queue, metrics).start()
    worker.wait_loaded()  # a model that fails to load is the command's one-line error, before anything listens
    app = create_app(config, worker, metrics)
    DrainingServer(uvicorn.Config(app, **uvicorn_options(config)), app).run()
    worker.stop(config.timeout)
    return 0


def serve_workers(config: ServeConfig, access_log: bool) -> int:
    """uvicorn's supervisor over N worker processes sharing one listening socket, bound (and, with --port 0, its
    port printed) here; each worker loads its scorer before it accepts, and connections wait in the backlog."""
    os.environ[CONFIG_ENV] = base64.b64encode(pickle.dumps((config, access_log))).decode("ascii")
    uv_config = uvicorn.Config("factalign.serve.server:app_from_env", factory=True, workers=config.workers,
                               timeout_worker_healthcheck=WORKER_HEALTHCHECK_S, **uvicorn_options(config))
    sock = uv_config.bind_socket()
    sock.listen(uv_config.backlog)
    print(f"factalign serve: listening on http://{config.host}:{sock.getsockname()[1]} with {config.workers} worker "
          "processes (Ctrl-C or SIGTERM stops it)", file=sys.stderr, flush=True)
    supervisor = Multiprocess(uv_config, sockets=[sock])
    supervisor.run()
    if any(p.exitcode == STARTUP_FAILURE for p in supervisor.processes):
        raise FactalignError("a worker process failed to load the scorer (its error is above)")
    return 0


def app_from_env():
    """The app of one of --workers N processes, its scorer loaded before it serves."""
    config, access_log = pickle.loads(base64.b64decode(os.environ[CONFIG_ENV]))
    set_up_access_log(access_log)  # a spawned process starts with logging unconfigured
    metrics = Metrics()
    worker = ScoringWorker(config.settings, config.max_queue, metrics).start()
    try:
        worker.wait_loaded()
    except Exception as exc:  # exit so that uvicorn's supervisor stops, rather than restarting the worker forever
        if isinstance(exc, FactalignError):
            print(f"factalign: error: {exc}", file=sys.stderr, flush=True)
        else:
            traceback.print_exc()
        sys.exit(STARTUP_FAILURE)
    return create_app(config, worker, metrics)


def uvicorn_options(config: ServeConfig) -> dict:
    trusted = config.forwarded_allow_ips
    return {"host": config.host, "port": config.port, "log_level": "warning", "access_log": False,
            "server_header": False, "proxy_headers": trusted is not None, "forwarded_allow_ips": trusted,
            "timeout_graceful_shutdown": math.ceil(config.timeout) + 1}


def set_up_access_log(on: bool) -> None:
    log = logging.getLogger("factalign.access")
    log.propagate = False
    log.setLevel(logging.INFO if on else logging.WARNING)
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)

"""`factalign serve`: the options of `score` (add_scorer_options: one name, one default, one meaning) and the
service's own; everything is checked before a model loads or a port is bound."""

from __future__ import annotations

import argparse

from factalign.errors import FactalignError
from factalign.numeric import COUNT, real, whole
from factalign.options import add_scorer_options, settings_from_args
from factalign.serve.limits import KEYS_ENV, ServeConfig, check_bind, read_keys

DEFAULTS = ServeConfig(settings=None)  # type: ignore[arg-type]  # only its defaults are read
MAX_TIMEOUT = 86_400.0  # a day: past it asyncio and the thread joins cannot wait (inf, 1e300 overflowed them)


def register(sub) -> None:
    p = sub.add_parser("serve", help="serve the scorer over HTTP: POST /v1/check (extra [serve]; docs/serving.md)")
    add_scorer_options(p)
    p.add_argument("--host", default=DEFAULTS.host, help="address to listen on (default: %(default)s; another than "
                   "a loopback address needs API keys or --allow-unauthenticated)")
    p.add_argument("--port", type=whole(0, 65535), default=DEFAULTS.port, help="port (0: any free one, printed) (default: %(default)s)")
    p.add_argument("--workers", type=COUNT, default=DEFAULTS.workers, metavar="N",
                   help="worker processes, each with its own scorer and one scoring thread (default: %(default)s)")
    p.add_argument("--max-queue", type=COUNT, default=DEFAULTS.max_queue, metavar="N",
                   help="requests waiting per worker; beyond it 503 with Retry-After at once (default: %(default)s)")
    p.add_argument("--max-request-bytes", type=COUNT, default=DEFAULTS.max_request_bytes, metavar="N",
                   help="refuse larger bodies with 413 (default: %(default)s)")
    p.add_argument("--max-sources", type=COUNT, default=DEFAULTS.max_sources, metavar="N",
                   help="most sources in one request (default: %(default)s)")
    p.add_argument("--max-batch", type=COUNT, default=DEFAULTS.max_batch, metavar="N",
                   help="most items in one /v1/check/batch request (default: %(default)s)")
    p.add_argument("--timeout", type=real(0, MAX_TIMEOUT, above=True), default=DEFAULTS.timeout, metavar="SECONDS",
                   help="answer 504 and stop a request's work after this long, queueing included; also how long a "
                        "SIGTERM waits for requests in flight (default: %(default)s)")
    p.add_argument("--api-key-file", metavar="FILE", help=f"API keys, one a line (else ${KEYS_ENV}); requests then need "
                   "Authorization: Bearer KEY")
    p.add_argument("--allow-unauthenticated", action="store_true",
                   help="listen on a non-loopback address without API keys")
    p.add_argument("--forwarded-allow-ips", metavar="IPS", help="proxies whose X-Forwarded-For is trusted for the "
                   "access log's client address, comma-separated (default: none)")
    p.add_argument("--no-access-log", action="store_true", help="no JSON line per request on stderr")
    p.set_defaults(func=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    keys = read_keys(args.api_key_file)
    check_bind(args.host, keys, args.allow_unauthenticated)
    config = ServeConfig(settings_from_args(args), args.host, args.port, args.workers, args.max_queue,
                         args.max_request_bytes, args.max_sources, args.max_batch, args.timeout, keys,
                         args.forwarded_allow_ips)
    try:
        from factalign.serve.server import serve
    except ImportError as exc:
        raise FactalignError(f"factalign serve needs the [serve] extra ({exc.name} is missing): "
                             "pip install -e \".[serve]\"") from None
    return serve(config, access_log=not args.no_access_log)

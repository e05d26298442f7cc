"""Cooperative stopping: work that nobody waits for any more ends at the next checkpoint.

The service (serve/worker.py) runs each request under `stop_when(should_stop, error)`; the pipeline calls
`checkpoint()` between units of its work: each output sentence the rules extractor reads, each pair the detail and
comparison stages read, each NLI call. A request past its deadline therefore stops within one such unit (a
sentence's parse, a pair's comparison, one model batch), whatever stage it is in, and the scoring thread is free
for the next request. Outside `stop_when` a checkpoint costs one attribute lookup and never raises.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator

_local = threading.local()


@contextlib.contextmanager
def stop_when(should_stop: Callable[[], bool], error: Callable[[], BaseException]) -> Iterator[None]:
    """In this thread, until the block ends, `checkpoint()` raises `error()` once `should_stop()` is true."""
    before = getattr(_local, "rule", None)
    _local.rule = (should_stop, error)
    try:
        yield
    finally:
        _local.rule = before


def checkpoint() -> None:
    rule = getattr(_local, "rule", None)
    if rule is not None and rule[0]():
        raise rule[1]()

"""One queue of NLI pairs for several scoring jobs (summaries of one document, in `batch` and `bench`).

Each job runs in its own thread and calls `predict` as usual. A call waits until every job still
running is waiting too; then the unique pairs of all waiting calls go to the model in one call, sorted
by length (the backends batch them in that order), and each call gets its own rows back. A job's
result is assembled when its pairs are back, so per-job results are the same as scoring the jobs one
by one: every backend scores a pair independently of the pairs beside it (see nli/onnx.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from factalign.nli.base import NLIModel, Pair


class PairQueue:
    def __init__(self, model: NLIModel):
        self.model = model
        self.signature = model.signature
        self._cond = threading.Condition()
        self._jobs: set[int] = set()     # ids of the threads of running jobs
        self._waiting: list[dict] = []
        self.calls = 0                   # model calls made
        self.requested = 0               # pairs asked for by jobs
        self.sent = 0                    # unique pairs sent to the model

    def __getattr__(self, name):  # the wrapped model's attributes (max_length, count_tokens, ...)
        if name == "model":
            raise AttributeError(name)
        return getattr(self.model, name)

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        pairs = list(pairs)
        with self._cond:
            if threading.get_ident() not in self._jobs:  # not called from a job: straight through
                return self.model.predict(pairs)
            slot = {"pairs": pairs, "out": None, "error": None}
            self._waiting.append(slot)
            self._flush_if_all_wait()
            while slot["out"] is None and slot["error"] is None:
                self._cond.wait()
        if slot["error"] is not None:
            raise slot["error"]
        return slot["out"]

    def _flush_if_all_wait(self) -> None:
        """Called with the lock held: when every running job waits, score their pairs in one model call."""
        if not self._waiting or len(self._waiting) < len(self._jobs):
            return
        batch, self._waiting = self._waiting, []
        unique = list(dict.fromkeys(p for slot in batch for p in slot["pairs"]))
        unique.sort(key=lambda p: len(p[0]) + len(p[1]))
        self.calls += 1
        self.requested += sum(len(slot["pairs"]) for slot in batch)
        self.sent += len(unique)
        try:
            rows = dict(zip(unique, self.model.predict(unique))) if unique else {}
            for slot in batch:
                slot["out"] = np.array([rows[p] for p in slot["pairs"]], dtype=np.float64).reshape(len(slot["pairs"]), 3)
        except BaseException as exc:  # every waiting job gets the model's error
            for slot in batch:
                slot["error"] = exc
        self._cond.notify_all()

    def run(self, jobs: Sequence[Callable[[], Any]]) -> list[Any]:
        """Run the jobs together; each entry of the result is the job's return value or the exception it raised."""
        results: list[Any] = [None] * len(jobs)
        started = threading.Barrier(len(jobs) + 1) if jobs else None

        def work(i: int, job: Callable[[], Any]) -> None:
            with self._cond:
                self._jobs.add(threading.get_ident())
            started.wait()  # no job calls the model before every job is registered
            try:
                results[i] = job()
            except BaseException as exc:  # reported as the job's result
                results[i] = exc
            finally:
                with self._cond:
                    self._jobs.discard(threading.get_ident())
                    self._flush_if_all_wait()

        threads = [threading.Thread(target=work, args=(i, job), daemon=True) for i, job in enumerate(jobs)]
        for t in threads:
            t.start()
        if started is not None:
            started.wait()
        for t in threads:
            t.join()
        return results

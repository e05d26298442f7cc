"""One NLI call for several scorings at once: `Scorer.score_batch` runs each pair's method in its own
thread, and their predict() calls are gathered into one model call.

Only one worker runs its own code at a time (`turn`), so extractors and coreference never run in
parallel; a worker gives up its turn while it waits for probabilities, and when every live worker is
waiting, the last to arrive makes one model call for all of them. Results equal those of scoring one
pair at a time wherever a pair's probabilities do not depend on its batch (the onnx backend runs each
pair alone; the cache de-duplicates).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from factalign.errors import FactalignError
from factalign.nli.base import NLIModel, Pair


class GatheringNLI:
    def __init__(self, model: NLIModel, workers: int):
        self.model, self.signature = model, model.signature
        self.live = workers
        self.turn = threading.Lock()
        self.cond = threading.Condition()
        self.waiting: dict[int, list[Pair]] = {}
        self.answers: dict[int, Any] = {}
        self.calls = 0      # model calls made
        self.requested = 0  # pairs asked for by the workers
        self.sent = 0       # unique pairs sent to the model, shortest first

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        ticket = threading.get_ident()
        with self.cond:
            self.waiting[ticket] = list(pairs)
            self.turn.release()
            self._flush_if_all_wait()
            while ticket not in self.answers:
                self.cond.wait()
            answer = self.answers.pop(ticket)
        self.turn.acquire()
        if isinstance(answer, BaseException):
            raise answer
        return answer

    def _alone(self, pairs: list[Pair]) -> Any:
        try:
            self.calls += 1
            return self.model.predict(pairs) if pairs else np.zeros((0, 3))
        except BaseException as exc:
            return exc

    def run(self, jobs: list[Callable[[], Any]]) -> list[Any]:
        """Each job in its own thread, as described above; results (or exceptions) in job order."""
        out: list[Any] = [None] * len(jobs)

        def work(i: int) -> None:
            self.turn.acquire()
            try:
                out[i] = jobs[i]()
            except BaseException as exc:  # handed back to the caller, in order
                out[i] = exc
            finally:
                with self.cond:
                    self.live -= 1
                    self._flush_if_all_wait()
                self.turn.release()

        threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(len(jobs))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return out

    def _flush_if_all_wait(self) -> None:
        if not self.waiting or len(self.waiting) < self.live:
            return
        tickets = list(self.waiting)
        unique = sorted(dict.fromkeys(p for t in tickets for p in self.waiting[t]), key=lambda p: len(p[0]) + len(p[1]))
        self.requested += sum(len(self.waiting[t]) for t in tickets)
        self.sent += len(unique)
        try:
            rows = dict(zip(unique, self.model.predict(unique))) if unique else {}
            self.calls += 1
            for t in tickets:
                self.answers[t] = np.array([rows[p] for p in self.waiting[t]], dtype=np.float64).reshape(-1, 3)
        except FactalignError:  # one worker's bad pair: each worker's pairs on their own, so it fails alone
            for t in tickets:
                self.answers[t] = self._alone(self.waiting[t])
        except BaseException as exc:
            for t in tickets:
                self.answers[t] = exc
        self.waiting.clear()
        self.cond.notify_all()

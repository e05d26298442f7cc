"""One NLI call for several scorings at once: `Scorer.score_batch` runs each pair's method in its own
thread, and their predict() calls are gathered into one model call.

Only one worker runs its own code at a time (`turn`), so extractors and coreference never run in
parallel; a worker gives up its turn while it waits for probabilities, and when every live worker is
waiting, the last to arrive makes one model call for all of them. Results equal those of scoring one
pair at a time wherever a pair's probabilities do not depend on its batch (the onnx backend runs each
pair alone; the cache de-duplicates).

Results come back as each job ends (`each`). When its reader stops (an interrupt, an error), the gathering
stops: no further model call is made, and each worker ends at its next predict() with `Stopped`; a
model call already running is left to finish or to the process's exit (factalign.interrupts).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from factalign.errors import FactalignError
from factalign.nli.base import NLIModel, Pair, Wrapper


# summaries scored together at most (a batch's rows of one document, a bench's examples): their NLI calls share
# model calls and their rounds keep step, so they end together; an interrupt loses at most these
ROWS_IN_FLIGHT = 4
STOP_POLL = 0.25  # seconds between a waiting worker's looks at `stopped`


class Stopped(BaseException):
    """Raised in a worker whose gathering was stopped; nobody reads its result."""


class GatheringNLI(Wrapper):
    def __init__(self, model: NLIModel, workers: int):
        super().__init__(model)
        self.live = workers
        self.turn = threading.Lock()
        self.cond = threading.Condition()
        self.waiting: dict[int, list[Pair]] = {}
        self.answers: dict[int, Any] = {}
        self.stopped = False
        self.calls = 0      # model calls made
        self.requested = 0  # pairs asked for by the workers
        self.sent = 0       # unique pairs sent to the model, shortest first

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        ticket = threading.get_ident()
        with self.cond:
            if self.stopped:
                raise Stopped
            self.waiting[ticket] = list(pairs)
            self.turn.release()
            self._flush_if_all_wait()
            while ticket not in self.answers and not self.stopped:
                self.cond.wait(STOP_POLL)
            answer = self.answers.pop(ticket, Stopped())
            self.waiting.pop(ticket, None)
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

    def each(self, jobs: list[Callable[[], Any]]) -> Iterator[Any]:
        """Each job in its own thread, as described above; results (or exceptions) in job order, each as soon
        as its job and every earlier one have ended. Closing the iterator early stops the gathering."""
        done: queue.Queue = queue.Queue()

        def work(i: int) -> None:
            self.turn.acquire()
            try:
                result = jobs[i]()
            except BaseException as exc:  # handed back to the caller, in order
                result = exc
            finally:
                with self.cond:
                    self.live -= 1
                    self._flush_if_all_wait()
                self.turn.release()
            done.put((i, result))

        threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(len(jobs))]
        for t in threads:
            t.start()
        try:
            yield from in_order(_arrivals(done, len(jobs)))
        finally:
            self.stop()

    def stop(self) -> None:
        """No further model call; waiting workers end with Stopped (a no-op once every job has ended). It never
        waits for a model call in progress (that call holds `cond`): the workers' waits time out to see it."""
        self.stopped = True
        if self.cond.acquire(blocking=False):
            self.cond.notify_all()
            self.cond.release()

    def _flush_if_all_wait(self) -> None:
        if self.stopped or not self.waiting or len(self.waiting) < self.live:
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


def _arrivals(done: queue.Queue, n: int) -> Iterator[tuple[int, Any]]:
    """The n (index, result) items put on `done`, as they come. Interrupted while waiting, it first hands on
    those already there (finished work is kept), then lets the interrupt go on."""
    for _ in range(n):
        try:
            item = done.get()
        except KeyboardInterrupt:
            while not done.empty():
                yield done.get_nowait()
            raise
        yield item


def in_order(items: Iterable[tuple[int, Any]]) -> Iterator[Any]:
    """The values of (index, value) items given in any order, in index order (0, 1, ...): each one as soon as
    it and every one before it have come."""
    ready: dict[int, Any] = {}
    following = 0
    for i, value in items:
        ready[i] = value
        while following in ready:
            yield ready.pop(following)
            following += 1

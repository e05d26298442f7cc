"""The one scoring thread of a service process: it loads the scorer (models are not thread-safe, and the NLI
cache's SQLite connection belongs to the thread that opened it) and scores queued jobs one at a time.

The queue is bounded (`--max-queue`): `submit` never blocks, a full queue refuses the job (503 at once). A job's
work is abandoned cooperatively once its deadline (`--timeout`) has passed or its client went away: a queued job
whose deadline passed is never started, and a started one stops at the pipeline's next checkpoint (factalign/
stopping.py: the next output sentence the extractor reads, pair the comparison stage reads, or NLI call), so the
thread is free for the next request and no more time goes to an answer nobody waits for. Scores are those of `Scorer.score`: the wrapper passes every call through unchanged.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from factalign.engine.rows import warm_up
from factalign.errors import FactalignError, json_text
from factalign.nli import Wrapper
from factalign.scorer import Scorer
from factalign.serve.metrics import Metrics
from factalign.settings import ScorerSettings
from factalign.stopping import checkpoint, stop_when


class Abandoned(FactalignError):
    """The job's deadline passed before it was done; its work stopped."""


@dataclass
class Job:
    """Pairs (document or sources, text) to score in order, and what to call with their results (in the scoring
    thread): for each pair its result's JSON text, or the FactalignError it failed with."""

    pairs: Sequence[tuple[Any, str]]
    deadline: float  # time.monotonic()
    timeout: float  # seconds from its arrival to its deadline
    done: Callable[[list], None]
    cancelled: bool = field(default=False)  # the client went away or timed out

    def over(self) -> bool:
        return self.cancelled or time.monotonic() > self.deadline

    def abandoned(self) -> Abandoned:
        return Abandoned(f"the request took longer than --timeout ({self.timeout:g} s); its work was stopped")


class DeadlineNLI(Wrapper):
    """The scorer's NLI model, refusing to start a call once the current job's deadline has passed; it counts
    the pairs asked for, and reads the cache's misses, for the metrics."""

    def __init__(self, model):
        super().__init__(model)
        self.pairs = 0

    def predict(self, pairs):
        checkpoint()
        self.pairs += len(pairs)
        return self.model.predict(pairs)


STOP = object()


class ScoringWorker:
    def __init__(self, settings: ScorerSettings, max_queue: int, metrics: Metrics):
        self.settings, self.metrics = settings, metrics
        self.jobs: queue.Queue = queue.Queue(maxsize=max_queue)
        self.loaded = threading.Event()
        self.error: BaseException | None = None
        self.scorer: Scorer | None = None
        self.thread = threading.Thread(target=self._run, name="factalign-scorer", daemon=True)

    def start(self) -> ScoringWorker:
        self.thread.start()
        return self

    def wait_loaded(self) -> Scorer:
        """The scorer once its models are loaded; the error that stopped them loading, raised here."""
        self.loaded.wait()
        if self.error is not None:
            raise self.error
        return self.scorer

    @property
    def ready(self) -> bool:
        return self.loaded.is_set() and self.error is None and self.thread.is_alive()

    def depth(self) -> int:
        return self.jobs.qsize()

    def full(self) -> bool:
        return self.jobs.full()

    def submit(self, job: Job) -> bool:
        """Queue the job, or False at once when the queue is full."""
        try:
            self.jobs.put_nowait(job)
        except queue.Full:
            return False
        self.metrics.queue_depth(self.jobs.qsize())
        return True

    def stop(self, wait: float) -> bool:
        """End the thread after the jobs queued before; whether it ended within `wait` seconds."""
        try:
            self.jobs.put(STOP, timeout=wait)
        except queue.Full:
            return False
        self.thread.join(wait)
        return not self.thread.is_alive()

    def _run(self) -> None:
        try:
            scorer = Scorer.from_settings(self.settings)
            warm_up(scorer)  # the segmenter and coreference load now, not in the first request
        except BaseException as exc:  # reported by wait_loaded, in the thread that started the service
            self.error = exc
            self.loaded.set()
            return
        self.nli = None
        if scorer.nli_model is not None:
            self.nli = scorer.nli_model = DeadlineNLI(scorer.nli_model)
        self.scorer = scorer
        self.loaded.set()
        while True:
            job = self.jobs.get()
            self.metrics.queue_depth(self.jobs.qsize())
            if job is STOP:
                return
            job.done(self._score(job))

    def _score(self, job: Job) -> list:
        results: list = []
        for document, text in job.pairs:
            if job.over():
                results.append(job.abandoned())
                continue
            pairs, misses = self._counts()
            try:
                with stop_when(job.over, job.abandoned):
                    result = self.scorer.score(document, text)
                results.append(json_text(result.to_dict()))  # as `score --json` prints it
                self.metrics.scored(len(result.claims))
            except FactalignError as exc:
                results.append(exc)
            except Exception as exc:  # a bug: the request gets a 500, the service goes on
                results.append(exc)
            finally:
                after_pairs, after_misses = self._counts()
                self.metrics.nli(after_pairs - pairs, (after_pairs - pairs) - (after_misses - misses))
        return results

    def _counts(self) -> tuple[int, int]:
        """NLI pairs asked for, and pairs the model computed (the cache's misses), so far."""
        if self.nli is None:
            return 0, 0
        return self.nli.pairs, getattr(self.nli.model, "misses", self.nli.pairs)

"""The service's counters in Prometheus' text exposition format (version 0.0.4), written here: a handful of
counters, one gauge and one histogram need no client library. Each worker process counts its own requests."""

from __future__ import annotations

import threading
from collections import Counter

LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)


class Metrics:
    def __init__(self):
        self.lock = threading.Lock()  # counted from the event loop and from the scoring thread
        self.requests: Counter = Counter()  # (path, status) -> count
        self.buckets = [0] * len(LATENCY_BUCKETS)
        self.latency_sum, self.latency_count = 0.0, 0
        self.claims = self.summaries = self.pairs = self.hits = 0
        self.depth = 0
        self.in_flight = 0  # check requests admitted and not yet answered (queued or being scored)

    def request(self, path: str, status: int, seconds: float) -> None:
        with self.lock:
            self.requests[(path, status)] += 1
            self.latency_sum += seconds
            self.latency_count += 1
            for i, bound in enumerate(LATENCY_BUCKETS):
                if seconds <= bound:
                    self.buckets[i] += 1

    def scored(self, claims: int) -> None:
        with self.lock:
            self.summaries += 1
            self.claims += claims

    def nli(self, pairs: int, hits: int) -> None:
        with self.lock:
            self.pairs += pairs
            self.hits += hits

    def queue_depth(self, depth: int) -> None:
        self.depth = depth

    def admitted(self, change: int) -> None:
        with self.lock:
            self.in_flight += change

    def exposition(self) -> str:
        with self.lock:
            lines = ["# HELP factalign_requests_total HTTP requests answered, by path and status.",
                     "# TYPE factalign_requests_total counter"]
            lines += [f'factalign_requests_total{{path="{path}",status="{status}"}} {n}'
                      for (path, status), n in sorted(self.requests.items())]
            lines += ["# HELP factalign_request_seconds Time from a request's arrival to its answer.",
                      "# TYPE factalign_request_seconds histogram"]
            lines += [f'factalign_request_seconds_bucket{{le="{bound:g}"}} {n}' for bound, n in zip(LATENCY_BUCKETS, self.buckets)]
            lines += [f'factalign_request_seconds_bucket{{le="+Inf"}} {self.latency_count}',
                      f"factalign_request_seconds_sum {self.latency_sum:.6f}",
                      f"factalign_request_seconds_count {self.latency_count}"]
            for name, help_, value in (("summaries_scored", "Texts scored.", self.summaries),
                                       ("claims_scored", "Claims scored.", self.claims),
                                       ("nli_pairs", "NLI pairs asked for (cache hits included).", self.pairs),
                                       ("nli_cache_hits", "NLI pairs answered by the cache, not the model.", self.hits)):
                lines += [f"# HELP factalign_{name}_total {help_}", f"# TYPE factalign_{name}_total counter",
                          f"factalign_{name}_total {value}"]
            lines += ["# HELP factalign_queue_depth Requests waiting for the scoring thread.",
                      "# TYPE factalign_queue_depth gauge", f"factalign_queue_depth {self.depth}",
                      "# HELP factalign_requests_in_flight Check requests admitted and not yet answered.",
                      "# TYPE factalign_requests_in_flight gauge", f"factalign_requests_in_flight {self.in_flight}"]
        return "\n".join(lines) + "\n"

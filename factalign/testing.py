"""A pytest helper: fail a test when a generated summary is not labelled consistent with its source,
or, with a calibration that has decision bands, when it is not decided `pass` (`allow="review"` lets
review through too).

    from factalign.testing import assert_consistent

    def test_summary_is_faithful():
        assert_consistent(document, my_summarizer(document), threshold=0.5)
"""

from __future__ import annotations

from typing import Any

from factalign.calibration.decision import at_least
from factalign.data import SummaryResult
from factalign.errors import FactalignError
from factalign.methods import DEFAULT_METHOD
from factalign.scorer import Scorer

_SCORERS: dict[Any, Scorer] = {}  # models load once per test session


def assert_consistent(document: str, summary: str, method: str = DEFAULT_METHOD, threshold: float | None = None,
                      scorer: Scorer | None = None, allow: str = "pass", **options) -> SummaryResult:
    """The result, if the summary is labelled consistent; else an AssertionError that names the score,
    the threshold, each unsupported claim and the summary's unsupported words. Options are Scorer's (nli, extractor, calibration, ...)."""
    scorer = scorer or _scorer(method, threshold, options)
    result = scorer.score(document, summary)
    if result.label is None:
        raise FactalignError(f"no threshold to label {result.method} with: pass threshold= or a calibration")
    unsupported = "".join(f"\n  {c.score:+.3f} {c.claim.text}" for c in result.claims if c.label == "unsupported")
    unsupported += "".join(f"\n  unsupported words [{s.start}:{s.end}]: {s.text!r}" for s in result.unsupported_spans)
    if result.label != "consistent":
        raise AssertionError(f"summary labelled {result.label}: {result.method} = {result.score:.4f} < threshold "
                             f"{result.threshold:.4f}; unsupported claims:{unsupported or ' none'}")
    if result.decision is not None and at_least(result.decision, "block" if allow == "review" else "review"):
        raise AssertionError(f"summary decided {result.decision} (allowed: {allow}): {result.method} = "
                             f"{result.score:.4f}; unsupported claims:{unsupported or ' none'}")
    return result


def _scorer(method: str, threshold: float | None, options: dict) -> Scorer:
    try:
        key = (method, threshold, tuple(sorted(options.items())))
        hash(key)
    except TypeError:  # an option that is a model object: no sharing
        return Scorer(method, threshold=threshold, **options)
    if key not in _SCORERS:
        _SCORERS[key] = Scorer(method, threshold=threshold, **options)
    return _SCORERS[key]

"""Scorer.score_batch and score_frame (the same numbers as score, fewer NLI calls), the error for a list
passed to score, and factalign.testing.assert_consistent."""

import hashlib

import numpy as np
import pytest

from factalign import Scorer
from factalign.errors import FactalignError
from factalign.testing import assert_consistent

DOCS = ["Anna sang in Paris. Bob danced in Rome. The show ended at night.",
        "The museum opened in 1990. It holds old maps. Visitors come from far away.",
        "Rain fell all day. The river rose. Roads were closed."]
SUMS = ["Anna sang in Paris. Bob danced.", "The museum holds maps.", "The river rose after rain. Roads closed."]


class CountingNLI:
    """Deterministic probabilities from a hash of the pair; counts model calls and pairs."""

    signature = "counting"

    def __init__(self):
        self.calls = self.pairs = 0

    def predict(self, pairs):
        self.calls += 1
        self.pairs += len(pairs)
        rows = [np.frombuffer(hashlib.sha256(f"{p}\x1f{h}".encode()).digest()[:3], dtype=np.uint8) + 1.0 for p, h in pairs]
        return np.array([r / r.sum() for r in rows]).reshape(len(pairs), 3)


@pytest.mark.parametrize("method", ["fenice", "nli-sent", "infuse", "summac-zs", "fulldoc"])
def test_score_batch_gives_score_pair_by_pair_with_fewer_model_calls(method):
    alone, together = CountingNLI(), CountingNLI()
    options = {"extractor": "sentences", "coref": "none", "calibration": None, "threshold": 0.3}
    one = [Scorer(method, nli=alone, **options).score(d, s) for d, s in zip(DOCS, SUMS)]
    many = Scorer(method, nli=together, **options).score_batch(DOCS, SUMS, progress=False)
    assert [r.to_dict() for r in many] == [r.to_dict() for r in one]
    assert together.calls < alone.calls and together.pairs == alone.pairs


def test_score_batch_size_bounds_how_many_pairs_share_a_call():
    small, large = CountingNLI(), CountingNLI()
    Scorer("nli-sent", nli=small, calibration=None).score_batch(DOCS, SUMS, batch_size=1, progress=False)
    Scorer("nli-sent", nli=large, calibration=None).score_batch(DOCS, SUMS, batch_size=3, progress=False)
    assert (small.calls, large.calls) == (3, 1)


def test_a_list_given_to_score_points_at_score_batch():
    scorer = Scorer("nli-sent", nli=CountingNLI(), calibration=None)
    with pytest.raises(FactalignError, match=r"score\(\) takes one document and one summary .*score_batch"):
        scorer.score(DOCS, SUMS)
    with pytest.raises(FactalignError, match="3 documents and 2 summaries"):
        scorer.score_batch(DOCS, SUMS[:2])
    with pytest.raises(FactalignError, match="batch_size must be"):
        scorer.score_batch(DOCS, SUMS, batch_size=0)


def test_a_bad_pair_in_a_batch_is_refused_before_any_scoring():
    nli = CountingNLI()
    with pytest.raises(FactalignError, match="the summary is empty"):
        Scorer("nli-sent", nli=nli, calibration=None).score_batch(DOCS, [SUMS[0], " ", SUMS[2]])
    assert nli.calls == 0


def test_score_frame_adds_score_label_and_probability_columns():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"article": DOCS, "highlights": SUMS, "id": [1, 2, 3]})
    scorer = Scorer("nli-sent", nli=CountingNLI(), threshold=0.3, calibration=None)
    out = scorer.score_frame(frame, document="article", summary="highlights", progress=False)
    expected = [scorer.score(d, s) for d, s in zip(DOCS, SUMS)]
    assert list(out.columns) == ["article", "highlights", "id", "score", "label", "probability"]
    assert out["score"].tolist() == [r.score for r in expected] and out["label"].tolist() == [r.label for r in expected]
    assert "score" not in frame.columns  # the caller's frame is left as it was
    with pytest.raises(FactalignError, match="missing: 'document'"):
        scorer.score_frame(frame)


def test_assert_consistent_passes_and_fails_with_the_unsupported_claims():
    result = assert_consistent(DOCS[0], "Anna sang in Paris.", method="nli-sent", nli=CountingNLI(), threshold=-1.0,
                               calibration=None)
    assert result.label == "consistent"
    with pytest.raises(AssertionError, match=r"labelled inconsistent: nli-sent = .* < threshold 1\.0000; unsupported claims:\n"
                                             r"  .* Anna sang in Paris\."):
        assert_consistent(DOCS[0], "Anna sang in Paris.", method="nli-sent", nli=CountingNLI(), threshold=1.0,
                          calibration=None)
    with pytest.raises(FactalignError, match="no threshold"):
        assert_consistent(DOCS[0], "Anna sang in Paris.", method="nli-sent", nli=CountingNLI(), calibration=None)


def test_assert_consistent_gates_on_the_decision_when_the_calibration_has_bands():
    from factalign import Scorer
    from factalign.calibration import Bands, Calibration

    signature = Scorer("nli-sent", nli=CountingNLI(), calibration=None).signature
    score = Scorer("nli-sent", nli=CountingNLI(), calibration=None).score(DOCS[0], "Anna sang in Paris.").score
    # labelled consistent (threshold below the score) but below pass_at: review
    cal = Calibration("nli-sent", signature, score - 0.1, {"kind": "platt", "a": 5.0, "b": -5.0 * (score - 0.1)},
                      bands=Bands(score + 0.01, score - 0.5, 0.1, 0.1))
    with pytest.raises(AssertionError, match="decided review"):
        assert_consistent(DOCS[0], "Anna sang in Paris.", method="nli-sent", nli=CountingNLI(), calibration=cal)
    result = assert_consistent(DOCS[0], "Anna sang in Paris.", method="nli-sent", nli=CountingNLI(), calibration=cal,
                               allow="review")
    assert (result.label, result.decision) == ("consistent", "review")

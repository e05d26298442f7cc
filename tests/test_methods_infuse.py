"""INFUSE (Algorithm 1), INFUSE_sub and fixed-k INFUSE on hand-chosen NLI probabilities."""

import pytest

from factalign import Scorer
from factalign.nli import TableNLI
from tests.helpers import FixedClaims, doc_of

H = "Moon moved."
OFF = (0.0, 1.0, 0.0)  # the reverse direction contributes nothing




def score(method, doc, summary, table, extractor=None, **params):
    nli = TableNLI(table)
    res = Scorer(method, nli=nli, coref="none", extractor=extractor or FixedClaims(), params=params).score(doc, summary)
    return res, nli


def ranked_table(sentences, h, forward, reverse=None):
    """Forward rows (d => h) as given, reverse rows (h => d) as given or all neutral."""
    table = {(s, h): row for s, row in zip(sentences, forward)}
    table.update({(h, s): row for s, row in zip(sentences, reverse or [OFF] * len(sentences))})
    return table


def test_stops_at_the_first_step_when_neutral_rises():
    d = ["A one.", "B two.", "C three."]
    table = ranked_table(d, H, [(0.1, 0.8, 0.1), (0.8, 0.15, 0.05), (0.3, 0.6, 0.1)])
    table[("B two. C three.", H)] = (0.6, 0.3, 0.1)  # u_2 = 0.3 >= u_1 = 0.15: stop, keep R_1
    res, _ = score("infuse", doc_of(*d), doc_of(H), table)
    c = res.claims[0]
    assert res.score == pytest.approx(0.8)
    assert c.details["k"] == 1 and c.details["neutral"] == pytest.approx([0.15, 0.3])
    assert c.premise.sentences == [1] and c.premise.granularity == "ranked"
    assert c.probs == pytest.approx((0.8, 0.15, 0.05))


def test_equal_neutral_also_stops():
    d = ["A one.", "B two."]
    table = ranked_table(d, H, [(0.6, 0.3, 0.1), (0.5, 0.5, 0.0)])
    table[("A one. B two.", H)] = (0.65, 0.3, 0.05)
    res, _ = score("infuse", doc_of(*d), doc_of(H), table)
    assert res.score == pytest.approx(0.6) and res.claims[0].details["k"] == 1


def test_stops_after_three_sentences():
    d = ["S0.", "S1.", "S2.", "S3.", "S4."]
    table = ranked_table(d, H, [(e, 1 - e, 0.0) for e in (0.5, 0.4, 0.3, 0.2, 0.1)])
    table[("S0. S1.", H)] = (0.6, 0.35, 0.05)
    table[("S0. S1. S2.", H)] = (0.7, 0.2, 0.1)
    table[("S0. S1. S2. S3.", H)] = (0.75, 0.25, 0.0)  # neutral rises at i = 4: R_3 is returned
    # no entry for all five sentences: the table raises if the search did not stop
    res, _ = score("infuse", doc_of(*d), doc_of(H), table)
    c = res.claims[0]
    assert res.score == pytest.approx(0.7)
    assert c.details["k"] == 3 and c.premise.sentences == [0, 1, 2] and c.premise.text == "S0. S1. S2."
    assert c.details["neutral"] == pytest.approx([0.5, 0.35, 0.2, 0.25])


def test_neutral_never_rises_uses_every_sentence_in_rank_order():
    d = ["S0.", "S1.", "S2."]
    table = ranked_table(d, H, [(0.1, 0.9, 0.0), (0.6, 0.4, 0.0), (0.3, 0.7, 0.0)])  # rank: 1, 2, 0
    table[("S1. S2.", H)] = (0.7, 0.3, 0.0)
    table[("S1. S2. S0.", H)] = (0.9, 0.1, 0.0)
    doc = doc_of(*d)
    res, _ = score("infuse", doc, doc_of(H), table)
    c = res.claims[0]
    assert res.score == pytest.approx(0.9)
    assert c.details["k"] == 3
    assert c.premise.sentences == [1, 2, 0] and c.premise.text == "S1. S2. S0."
    assert c.premise.spans == [doc.sentences[1], doc.sentences[2], doc.sentences[0]]


def test_reverse_direction_changes_the_ranking():
    d = ["P one.", "Q two."]
    table = ranked_table(d, H, [(0.5, 0.5, 0.0), (0.4, 0.6, 0.0)], reverse=[(0.0, 1.0, 0.0), (0.3, 0.7, 0.0)])
    table[("Q two. P one.", H)] = (0.2, 0.7, 0.1)
    table[("P one. Q two.", H)] = (0.3, 0.6, 0.1)
    res, _ = score("infuse", doc_of(*d), doc_of(H), table)  # E = 0.5 vs 0.4 + 0.3 = 0.7: Q first
    assert res.score == pytest.approx(0.4) and res.claims[0].premise.sentences == [1]
    res, _ = score("infuse", doc_of(*d), doc_of(H), table, reverse=False)  # forward only: P first
    assert res.score == pytest.approx(0.5) and res.claims[0].premise.sentences == [0]


def test_ties_in_the_ranking_go_to_the_earlier_sentence():
    d = ["S0.", "S1."]
    table = ranked_table(d, H, [(0.4, 0.6, 0.0), (0.4, 0.6, 0.0)])
    table[("S0. S1.", H)] = (0.3, 0.7, 0.0)
    res, _ = score("infuse", doc_of(*d), doc_of(H), table)
    assert res.claims[0].premise.sentences == [0] and res.score == pytest.approx(0.4)


def test_summary_score_is_the_mean_over_summary_sentences_and_steps_are_batched():
    d = ["A one.", "B two."]
    h1, h2 = "First claim.", "Second claim."
    table = {**ranked_table(d, h1, [(0.9, 0.1, 0.0), (0.2, 0.8, 0.0)]),
             **ranked_table(d, h2, [(0.1, 0.9, 0.0), (0.3, 0.7, 0.0)])}
    table[("A one. B two.", h1)] = (0.5, 0.5, 0.0)   # h1 stops: 0.9
    table[("B two. A one.", h2)] = (0.6, 0.4, 0.0)   # h2 grows to both: 0.6
    res, nli = score("infuse", doc_of(*d), doc_of(h1, h2), table)
    assert res.score == pytest.approx(0.75)
    assert [c.details["k"] for c in res.claims] == [1, 2]
    assert nli.calls == 2 * 4 + 2  # both directions of the ranking, then the two merged premises (R_1 is cached)


def test_infuse_sub_takes_the_min_within_a_sentence_then_the_mean():
    d = ["A one.", "B two."]
    c1, c2, c3 = "Moon moved.", "Moon moved in 2012.", "She acts."
    table = {**ranked_table(d, c1, [(0.9, 0.05, 0.05), (0.1, 0.9, 0.0)]),
             **ranked_table(d, c2, [(0.2, 0.8, 0.0), (0.4, 0.5, 0.1)]),
             **ranked_table(d, c3, [(0.7, 0.2, 0.1), (0.3, 0.7, 0.0)])}
    table[("A one. B two.", c1)] = (0.5, 0.4, 0.1)    # c1 stops at k = 1: 0.9
    table[("B two. A one.", c2)] = (0.45, 0.45, 0.1)  # c2 neutral falls: k = 2, 0.45
    table[("A one. B two.", c3)] = (0.6, 0.3, 0.1)    # c3 stops at k = 1: 0.7
    summary = doc_of("Moon moved in 2012.", "She acts.")
    res, _ = score("infuse-sub", doc_of(*d), summary, table, extractor=FixedClaims((c1, 0), (c2, 0), (c3, 1)))
    assert res.score == pytest.approx((0.45 + 0.7) / 2)
    by_text = {c.claim.text: c for c in res.claims}
    assert [c.claim.text for c in res.claims] == [c1, c2, c3]
    assert by_text[c2].details["is_min"] and not by_text[c1].details["is_min"]
    assert by_text[c1].details["sentence_score"] == pytest.approx(0.45)
    assert [by_text[c].details["k"] for c in (c1, c2, c3)] == [1, 2, 1]
    assert by_text[c2].premise.sentences == [1, 0]


def test_infuse_sub_checks_a_sentence_without_claims_whole():
    d = ["A one."]
    s0, s1 = "Moon moved.", "She acts."
    table = {**ranked_table(d, s0, [(0.8, 0.2, 0.0)]), **ranked_table(d, s1, [(0.2, 0.8, 0.0)])}
    res, _ = score("infuse-sub", doc_of(*d), doc_of(s0, s1), table, extractor=FixedClaims((s0, 0)))
    assert res.score == pytest.approx(0.5)
    assert [c.claim.sentence_index for c in res.claims] == [0, 1]


def test_infuse_k_scores_the_top_k_premise_in_rank_order():
    d = ["S0.", "S1.", "S2."]
    table = ranked_table(d, H, [(0.1, 0.9, 0.0), (0.6, 0.4, 0.0), (0.3, 0.7, 0.0)])
    table[("S1. S2.", H)] = (0.55, 0.4, 0.05)
    table[("S1. S2. S0.", H)] = (0.65, 0.3, 0.05)
    res, _ = score("infuse-k", doc_of(*d), doc_of(H), table, k=2)
    c = res.claims[0]
    assert res.score == pytest.approx(0.55) and c.premise.sentences == [1, 2] and c.details["k"] == 2
    res, _ = score("infuse-k", doc_of(*d), doc_of(H), table)  # default k = 1
    assert res.score == pytest.approx(0.6) and res.claims[0].premise.sentences == [1]
    res, _ = score("infuse-k", doc_of(*d), doc_of(H), table, k=5)  # clipped to the document
    assert res.score == pytest.approx(0.65) and res.claims[0].details["k"] == 3


def test_threshold_labels_units_and_keeps_their_premise():
    d = ["A one.", "B two."]
    table = ranked_table(d, H, [(0.3, 0.6, 0.1), (0.2, 0.7, 0.1)])
    table[("A one. B two.", H)] = (0.25, 0.65, 0.1)
    res = Scorer("infuse", nli=TableNLI(table), coref="none", threshold=0.5).score(doc_of(*d), doc_of(H))
    assert res.label == "inconsistent" and res.claims[0].label == "unsupported"
    assert res.claims[0].premise.sentences == [0]

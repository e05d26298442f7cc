"""FENICE equations 1-8 on hand-chosen NLI probabilities."""

import pytest

from factalign import Scorer
from factalign.nli import TableNLI
from tests.helpers import FixedClaims, FixedCoref, doc_of

S = ["Moon moved in 2012.", "She learned Tagalog.", "Moon is 23.", "She models.", "She acts.", "Fans love her.", "She is blonde."]


def run(doc, claims, table, coref=(), **params):
    nli = TableNLI(table)
    scorer = Scorer("fenice", nli=nli, extractor=FixedClaims(*claims), coref=FixedCoref(list(coref)), params=params,
                    detail_check="off")  # FENICE's equation on the probabilities as given
    return scorer.score(doc, doc_of("summary.")), nli


def test_max_over_sentences_and_argmax_alignment():
    doc = doc_of(*S[:3])
    c = "Moon learned Tagalog."
    res, _ = run(doc, [c], {(S[0], c): (0.2, 0.5, 0.3), (S[1], c): (0.9, 0.05, 0.05), (S[2], c): (0.5, 0.5, 0.0)})
    claim = res.claims[0]
    assert res.score == pytest.approx(0.85)
    assert claim.premise.sentences == [1] and claim.premise.granularity == "sentence"
    assert claim.premise.spans == [doc.sentences[1]]
    assert doc.text[slice(*claim.premise.spans[0])] == S[1]
    assert claim.probs == pytest.approx((0.9, 0.05, 0.05))


def test_contradiction_is_subtracted_before_the_max():
    doc = doc_of(*S[:2])
    c = "Moon is 24."
    table = {(S[0], c): (0.6, 0.0, 0.4), (S[1], c): (0.5, 0.5, 0.0), (doc.text, c): (0.3, 0.3, 0.4)}
    res, _ = run(doc, [c], table)
    # 0.6 - 0.4 = 0.2 loses to 0.5 - 0.0 = 0.5 although its entailment is higher
    assert res.score == pytest.approx(0.5)
    assert res.claims[0].premise.sentences == [1]


def test_coref_variant_of_the_aligned_sentence_wins():
    doc = doc_of("Natalia Moon moved.", "She learned Tagalog.", "It rained.")
    cluster = [(0, 12), (20, 23)]  # "Natalia Moon", "She"
    c = "Natalia Moon learned Tagalog."
    table = {("Natalia Moon moved.", c): (0.3, 0.6, 0.1), ("She learned Tagalog.", c): (0.6, 0.4, 0.0),
             ("It rained.", c): (0.0, 1.0, 0.0), ("Natalia Moon learned Tagalog.", c): (0.95, 0.05, 0.0)}
    res, _ = run(doc, [c], table, coref=[cluster])
    claim = res.claims[0]
    assert res.score == pytest.approx(0.95)
    assert claim.premise.granularity == "coref"
    assert claim.premise.sentences == [1] and claim.premise.text == "Natalia Moon learned Tagalog."
    assert claim.premise.spans == [doc.sentences[1]]


def test_pronoun_mentions_are_never_substituted_in():
    doc = doc_of("Natalia Moon moved.", "She learned Tagalog.")
    cluster = [(0, 12), (20, 23)]
    c = "Natalia Moon moved."
    # aligned sentence 0 has mention "Natalia Moon"; its only other mention is the pronoun "She": no variant
    table = {("Natalia Moon moved.", c): (0.9, 0.1, 0.0), ("She learned Tagalog.", c): (0.1, 0.9, 0.0)}
    res, nli = run(doc, [c], table, coref=[cluster])
    assert res.score == pytest.approx(0.9) and nli.calls == 2


def test_below_T_switches_to_passages_of_j_sentences():
    doc = doc_of(*S)  # 7 sentences, j = 5 -> windows [0-4], [1-5], [2-6], then the document
    c = "Moon is a blonde actress."
    table = {(s, c): (0.7, 0.3, 0.0) for s in S}
    windows = [" ".join(S[i:i + 5]) for i in range(3)]
    table.update({(windows[0], c): (0.6, 0.4, 0.0), (windows[1], c): (0.92, 0.08, 0.0),
                  (windows[2], c): (0.9, 0.1, 0.0), (doc.text, c): (0.85, 0.15, 0.0)})
    res, nli = run(doc, [c], table)
    claim = res.claims[0]
    assert res.score == pytest.approx(0.92)
    assert claim.premise.granularity == "passage" and claim.premise.sentences == [1, 2, 3, 4, 5]
    assert claim.premise.text == windows[1]
    assert nli.calls == 7 + 3 + 1


def test_at_or_above_T_no_passage_is_scored():
    doc = doc_of(*S)
    c = "Moon is 23."
    table = {(s, c): (0.7, 0.3, 0.0) for s in S}
    res, nli = run(doc, [c], table, T=0.7)  # 0.7 is not below T = 0.7
    assert res.score == pytest.approx(0.7) and nli.calls == 7
    assert "T:0.7" in res.signature


def test_whole_document_premise():
    doc = doc_of(*S[:3])  # 3 <= j sentences: the only wider premise is the whole document
    c = "Moon moved and learned Tagalog."
    table = {(s, c): (0.4, 0.4, 0.2) for s in S[:3]}
    table[(doc.text, c)] = (0.9, 0.1, 0.0)
    res, nli = run(doc, [c], table)
    claim = res.claims[0]
    assert res.score == pytest.approx(0.9)
    assert claim.premise.sentences == "document" and claim.premise.granularity == "document"
    assert claim.premise.spans == [(0, len(doc.text))]
    assert nli.calls == 4


def test_mean_over_claims_and_passages_off():
    doc = doc_of(*S[:2])
    a, b = "Moon moved in 2012.", "Moon is 40."
    table = {(S[0], a): (1.0, 0.0, 0.0), (S[1], a): (0.0, 1.0, 0.0),
             (S[0], b): (0.1, 0.1, 0.8), (S[1], b): (0.2, 0.2, 0.6)}
    res, _ = run(doc, [a, b], table, passages=False)
    assert [c.score for c in res.claims] == pytest.approx([1.0, -0.4])
    assert res.score == pytest.approx(0.3)


def test_nli_sent_uses_summary_sentences_and_no_passages():
    doc = doc_of(*S[:2])
    summary = doc_of("Moon moved.", "She is 23.")
    table = {(S[0], "Moon moved."): (0.8, 0.2, 0.0), (S[1], "Moon moved."): (0.1, 0.9, 0.0),
             (S[0], "She is 23."): (0.0, 0.5, 0.5), (S[1], "She is 23."): (0.3, 0.6, 0.1)}
    res = Scorer("nli-sent", nli=TableNLI(table), coref="none", detail_check="off").score(doc, summary)
    assert [c.claim.text for c in res.claims] == ["Moon moved.", "She is 23."]
    assert [c.claim.sentence_index for c in res.claims] == [0, 1]
    assert res.score == pytest.approx((0.8 + 0.2) / 2)
    assert "extractor" not in res.signature


def test_result_json_round_trip():
    import json

    from factalign import SummaryResult

    doc = doc_of(*S[:2])
    c = "Moon moved in 2012."
    res, _ = run(doc, [c], {(S[0], c): (1.0, 0.0, 0.0), (S[1], c): (0.0, 1.0, 0.0)})
    again = SummaryResult.from_dict(json.loads(json.dumps(res.to_dict())))
    assert again == res

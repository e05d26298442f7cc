"""SummaC-ZS, SentLI and FullDoc on hand-chosen NLI probabilities."""

import numpy as np
import pytest

from factalign import Scorer
from factalign.nli import TableNLI
from factalign.text import pack
from tests.helpers import doc_of


def score(method, doc, summary, nli, **params):
    nli = TableNLI(nli) if isinstance(nli, dict) else nli
    return Scorer(method, nli=nli, coref="none", pair_budget=0, params=params).score(doc, summary)  # as published, on long ones too


# --- SummaC-ZS ---------------------------------------------------------------------------------

D3 = ["S0.", "S1.", "S2."]
H1, H2 = "H one.", "H two."
SUMMAC = {(D3[0], H1): (0.2, 0.8, 0.0), (D3[1], H1): (0.7, 0.0, 0.3), (D3[2], H1): (0.35, 0.65, 0.0),
          (D3[0], H2): (0.5, 0.0, 0.5), (D3[1], H2): (0.1, 0.9, 0.0), (D3[2], H2): (0.3, 0.7, 0.0)}


def test_summac_zs_max_entailment_per_sentence_then_mean():
    res = score("summac-zs", doc_of(*D3), doc_of(H1, H2), SUMMAC)
    assert res.score == pytest.approx((0.7 + 0.5) / 2)
    assert [c.premise.sentences for c in res.claims] == [[1], [0]]
    assert res.claims[0].probs == pytest.approx((0.7, 0.0, 0.3))


def test_summac_zs_entailment_minus_contradiction():
    res = score("summac-zs", doc_of(*D3), doc_of(H1, H2), SUMMAC, use_con=True)
    # H1: 0.2, 0.4, 0.35 -> 0.4 (sentence 1); H2: 0.0, 0.1, 0.3 -> 0.3
    assert res.score == pytest.approx((0.4 + 0.3) / 2)
    assert [c.premise.sentences for c in res.claims] == [[1], [2]]


def test_summac_zs_original_constraints_skip_short_sentences():
    long1 = "one two three four five six seven eight nine ten."
    short = "Too short here."
    long2 = "a b c d e f g h i j k l."
    h = "Claim."
    table = {(long1, h): (0.3, 0.7, 0.0), (short, h): (0.9, 0.1, 0.0), (long2, h): (0.5, 0.5, 0.0)}
    doc = doc_of(long1, short, long2)
    assert score("summac-zs", doc, doc_of(h), table).score == pytest.approx(0.9)
    res = score("summac-zs", doc, doc_of(h), table, original_constraints=True)
    assert res.score == pytest.approx(0.5) and res.claims[0].premise.sentences == [2]
    assert res.claims[0].details["sentences_used"] == 2


def test_summac_zs_original_constraints_keep_the_first_100_sentences():
    sents = [f"Sentence number {i} has exactly ten whitespace tokens in it." for i in range(102)]
    h = "Claim."
    table = {(s, h): (0.1, 0.9, 0.0) for s in sents}
    table[(sents[99], h)] = (0.4, 0.6, 0.0)
    table[(sents[101], h)] = (0.8, 0.2, 0.0)
    doc = doc_of(*sents)
    assert score("summac-zs", doc, doc_of(h), table).score == pytest.approx(0.8)
    res = score("summac-zs", doc, doc_of(h), table, original_constraints=True)
    assert res.score == pytest.approx(0.4) and res.claims[0].premise.sentences == [99]


def test_summac_zs_constraints_keep_everything_when_every_sentence_is_short():
    table = {("Short.", "Claim."): (0.6, 0.4, 0.0)}
    assert score("summac-zs", doc_of("Short."), doc_of("Claim."), table, original_constraints=True).score == pytest.approx(0.6)


# --- SentLI ------------------------------------------------------------------------------------

D7 = [f"S{i}." for i in range(7)]
H = "Claim."
ROWS = [(0.1, 0.4, 0.5), (0.9, 0.1, 0.0), (0.2, 0.2, 0.6), (0.8, 0.1, 0.1), (0.05, 0.25, 0.7), (0.3, 0.5, 0.2),
        (0.0, 1.0, 0.0)]


def sentli_table():
    table = {(s, H): row for s, row in zip(D7, ROWS)}
    table[("S1. S2. S3. S4.", H)] = (0.35, 0.15, 0.5)
    table[("S0. S1. S2. S3. S4. S5.", H)] = (0.6, 0.3, 0.1)
    return table


def test_sentli_premise_is_top_k_entailing_and_contradicting_sentences_in_document_order():
    res = score("sentli", doc_of(*D7), doc_of(H), sentli_table(), k=2)
    c = res.claims[0]
    # top-2 entailment: 1, 3; top-2 contradiction: 4, 2 -> union in document order
    assert c.premise.sentences == [1, 2, 3, 4] and c.premise.text == "S1. S2. S3. S4."
    assert c.details["top_entailment"] == [1, 3] and c.details["top_contradiction"] == [4, 2]
    assert res.score == pytest.approx(0.35) and c.probs == pytest.approx((0.35, 0.15, 0.5))


def test_sentli_default_k_is_5():
    res = score("sentli", doc_of(*D7), doc_of(H), sentli_table())
    # entailment: 1, 3, 5, 2, 0; contradiction: 4, 2, 0, 5, 3 -> sentence 6 is left out
    assert res.claims[0].premise.sentences == [0, 1, 2, 3, 4, 5]
    assert res.score == pytest.approx(0.6)


def test_sentli_mean_over_summary_sentences():
    d = ["A.", "B."]
    table = {("A.", "x."): (0.5, 0.5, 0.0), ("B.", "x."): (0.2, 0.8, 0.0), ("A. B.", "x."): (0.7, 0.3, 0.0),
             ("A.", "y."): (0.1, 0.1, 0.8), ("B.", "y."): (0.3, 0.7, 0.0), ("A. B.", "y."): (0.1, 0.2, 0.7)}
    res = score("sentli", doc_of(*d), doc_of("x.", "y."), table, k=1)
    # x: ent top-1 = A, con top-1 = A (0.0 tie -> first) -> premise "A."; y: B and A -> "A. B."
    assert [c.premise.sentences for c in res.claims] == [[0], [0, 1]]
    assert res.score == pytest.approx((0.5 + 0.1) / 2)


# --- FullDoc -----------------------------------------------------------------------------------

DOC4 = ["a b c.", "d e f g.", "h i.", "j k l m n o."]  # 3, 4, 2, 6 whitespace tokens
SUMMARY = doc_of("Moon moved.", "She acts.")
HYP = "Moon moved. She acts."


def test_pack_groups_sentences_greedily():
    assert pack([3, 4, 2, 6], 7) == [[0, 1], [2], [3]]
    assert pack([3, 4, 2, 6], 100) == [[0, 1, 2, 3]]
    assert pack([9, 1], 5) == [[0], [1]]  # an over-long sentence is a chunk of its own


def test_fulldoc_mean_entailment_over_whitespace_chunks():
    table = {("a b c. d e f g.", HYP): (0.6, 0.4, 0.0), ("h i.", HYP): (0.3, 0.3, 0.4),
             ("j k l m n o.", HYP): (0.9, 0.1, 0.0)}
    doc = doc_of(*DOC4)
    res = score("fulldoc", doc, SUMMARY, table, chunk_tokens=7)
    c = res.claims[0]
    assert res.score == pytest.approx(0.6)
    assert c.claim.text == HYP and c.claim.span == (0, len(HYP))
    assert c.premise.granularity == "chunk" and c.premise.sentences == [3]  # the best chunk
    assert [ch["sentences"] for ch in c.details["chunks"]] == [[0, 1], [2], [3]]
    assert c.probs == pytest.approx((0.6, 0.8 / 3, 0.4 / 3))


def test_fulldoc_short_document_is_one_chunk():
    doc = doc_of(*DOC4)
    res = score("fulldoc", doc, SUMMARY, {(doc.text, HYP): (0.7, 0.2, 0.1)})
    assert res.score == pytest.approx(0.7) and res.claims[0].premise.sentences == [0, 1, 2, 3]


class TokenModel:
    """An NLI model that knows its input size, 32 tokens; a token is two whitespace tokens' worth."""

    signature = "tokens"
    max_length = 32

    def __init__(self, table):
        self.table = TableNLI(table)

    def count_tokens(self, texts):
        return [2 * len(t.split()) for t in texts]

    def premise_budget(self, hypothesis):
        return self.max_length - self.count_tokens([hypothesis])[0] - 4

    def predict(self, pairs):
        return self.table.predict(pairs)


def test_fulldoc_uses_the_models_own_token_budget():
    # sentences count 6, 8, 4, 12; budget = 32 - 8 (summary) - 4 (special tokens) = 20 -> [0, 1, 2] (18), then [3]
    table = {("a b c. d e f g. h i.", HYP): (0.5, 0.5, 0.0), ("j k l m n o.", HYP): (0.2, 0.8, 0.0)}
    res = score("fulldoc", doc_of(*DOC4), SUMMARY, TokenModel(table), chunk_tokens=1)
    assert [ch["sentences"] for ch in res.claims[0].details["chunks"]] == [[0, 1, 2], [3]]
    assert res.claims[0].details["budget"] == 20
    assert res.score == pytest.approx(0.35)
    assert isinstance(res.claims[0].probs[0], float) and not isinstance(res.claims[0].probs[0], np.floating)

"""FIZZ on hand-chosen NLI probabilities: the summary filter, granularity expansion, min aggregation, coref."""

import pytest

from factalign import Scorer
from factalign.claims.filter import EntailmentFilter, entailed_by
from factalign.data import Claim
from factalign.methods.fizz import resolve_sentences
from factalign.nli import TableNLI
from tests.helpers import FixedClaims, doc_of

NEUTRAL = (0.1, 0.8, 0.1)




class ByText:
    """Coref clusters looked up by the text they are asked for."""

    name = "bytext"

    def __init__(self, clusters):
        self.by_text = clusters

    def clusters(self, text):
        return self.by_text.get(text, [])


def fizz(doc, summary, facts, table, coref="none", **params):
    nli = TableNLI(table)
    extractor = FixedClaims(*facts)
    res = Scorer("fizz", nli=nli, extractor=extractor, coref=coref, params=params).score(doc, summary)
    return res, nli, extractor


S = "Moon moved to Manila in 2012."
F1, F2 = "Moon moved to Manila.", "Moon moved in 2013."
D = ["Moon moved to Manila.", "That was in 2012."]


def base_table():
    return {(S, F1): (0.9, 0.1, 0.0), (S, F2): (0.1, 0.2, 0.7),          # the summary entails F1 only
            (D[0], F1): (0.95, 0.05, 0.0), (D[1], F1): (0.1, 0.9, 0.0),
            (D[0], F2): (0.2, 0.7, 0.1), (D[1], F2): (0.3, 0.6, 0.1),      # best: sentence 1, neutral
            (" ".join(D), F2): (0.4, 0.5, 0.1)}


def test_filter_drops_a_fact_from_the_min_but_reports_it():
    res, _, _ = fizz(doc_of(*D), doc_of(S), [(F1, 0), (F2, 0)], base_table())
    assert res.score == pytest.approx(0.95)
    kept, dropped = res.claims
    assert kept.details["kept"] is True and dropped.details["kept"] is False
    assert dropped.score == pytest.approx(0.4) and dropped.premise.sentences == [0, 1]


def test_without_the_filter_the_min_over_facts_counts_every_fact():
    res, nli, _ = fizz(doc_of(*D), doc_of(S), [(F1, 0), (F2, 0)], base_table(), filter=False)
    assert res.score == pytest.approx(0.4)
    assert nli.calls == 4 + 1  # no filter calls: 2 facts x 2 sentences, then one window for F2


def test_expansion_keeps_the_max_and_its_window():
    res, _, _ = fizz(doc_of(*D), doc_of(S), [(F1, 0), (F2, 0)], base_table(), filter=False)
    f2 = res.claims[1]
    assert f2.premise.granularity == "expanded" and f2.details["expanded"] is True
    assert f2.details["sentence_score"] == pytest.approx(0.3)
    assert f2.premise.text == " ".join(D)
    res, _, _ = fizz(doc_of(*D), doc_of(S), [(F1, 0), (F2, 0)], base_table(), filter=False, expand=False)
    assert res.score == pytest.approx(0.3) and res.claims[1].premise.sentences == [1]


def test_a_worse_window_leaves_the_sentence():
    table = base_table()
    table[(" ".join(D), F2)] = (0.3, 0.6, 0.1)  # a tie keeps the single sentence
    res, _, _ = fizz(doc_of(*D), doc_of(S), [(F2, 0)], table, filter=False)
    assert res.score == pytest.approx(0.3)
    assert res.claims[0].premise.granularity == "sentence" and res.claims[0].premise.sentences == [1]


def _window_case(best: int, windows: list[list[int]]):
    d = [f"S{i}." for i in range(5)]
    fact = "Fact."
    table = {(s, fact): NEUTRAL if i == best else (0.0, 1.0, 0.0) for i, s in enumerate(d)}
    for n, w in enumerate(windows):
        table[(" ".join(d[i] for i in w), fact)] = (0.2 + 0.1 * n, 0.7 - 0.1 * n, 0.1)
    return d, fact, table


@pytest.mark.parametrize("best, windows", [
    (0, [[0, 1], [0, 1, 2]]),                                   # first sentence: windows only to the right
    (4, [[3, 4], [2, 3, 4]]),                                   # last sentence: only to the left
    (2, [[1, 2], [2, 3], [0, 1, 2], [1, 2, 3], [2, 3, 4]]),
])
def test_expansion_enumerates_every_window_of_size_up_to_3_around_the_best_sentence(best, windows):
    d, fact, table = _window_case(best, windows)
    res, nli, _ = fizz(doc_of(*d), doc_of("Summary."), [(fact, 0)], table, filter=False)
    assert nli.calls == len(d) + len(windows)  # exactly these windows, no more (an unknown one would raise)
    assert res.claims[0].premise.sentences == windows[-1]  # the last window was given the highest entailment
    assert res.score == pytest.approx(0.2 + 0.1 * (len(windows) - 1))


def test_gran_2_stops_at_pairs():
    d, fact, table = _window_case(0, [[0, 1]])
    res, nli, _ = fizz(doc_of(*d), doc_of("Summary."), [(fact, 0)], table, filter=False, gran=2)
    assert nli.calls == 5 + 1 and res.claims[0].premise.sentences == [0, 1]


def test_no_expansion_when_entailment_is_already_the_argmax_label():
    d = ["S0.", "S1."]
    fact = "Fact."
    table = {(d[0], fact): (0.4, 0.3, 0.3), (d[1], fact): (0.1, 0.9, 0.0)}
    res, nli, _ = fizz(doc_of(*d), doc_of("Summary."), [(fact, 0)], table, filter=False)
    assert res.score == pytest.approx(0.4) and nli.calls == 2 and res.claims[0].details["expanded"] is False


def test_min_over_kept_facts():
    d = ["S0.", "S1."]
    facts = ["A.", "B.", "C."]
    summary = "Summary."
    table = {(summary, f): (0.9, 0.1, 0.0) for f in facts}
    table.update({(d[0], "A."): (0.9, 0.1, 0.0), (d[1], "A."): (0.1, 0.1, 0.8),
                  (d[0], "B."): (0.6, 0.3, 0.1), (d[1], "B."): (0.7, 0.2, 0.1),
                  (d[0], "C."): (0.8, 0.1, 0.1), (d[1], "C."): (0.0, 1.0, 0.0)})
    res, _, _ = fizz(doc_of(*d), doc_of(summary), [(f, 0) for f in facts], table)
    assert [c.score for c in res.claims] == pytest.approx([0.9, 0.7, 0.8])
    assert res.score == pytest.approx(0.7)
    assert [c.premise.sentences for c in res.claims] == [[0], [1], [0]]


def test_when_the_filter_drops_every_fact_all_are_kept():
    went = "Moon went to Manila."  # "went" is not a word of S: the filter checks it
    table = base_table()
    table.update({(S, went): (0.3, 0.4, 0.3), (D[0], went): (0.95, 0.05, 0.0), (D[1], went): (0.1, 0.9, 0.0)})
    res, _, _ = fizz(doc_of(*D), doc_of(S), [(went, 0), (F2, 0)], table)
    assert res.score == pytest.approx(0.4)
    assert all(c.details["kept"] and c.details["filter_fallback"] for c in res.claims)


def test_a_fact_made_of_its_own_sentences_words_is_never_filtered():
    """The README example's error: a small model did not see the fact in its own sentence, and the filter
    dropped the one wrong claim; a fact stated by the summary is kept whatever the NLI model says."""
    s = "Natalia Moon was born in New Zealand."
    doc = ["Natalia Moon was born Natalie Stewart.", "She is a model."]
    table = {(s, s): (0.2, 0.7, 0.1), (doc[0], s): (0.1, 0.3, 0.6), (doc[1], s): (0.1, 0.8, 0.1),
             (" ".join(doc), s): (0.1, 0.3, 0.6)}
    res, nli, _ = fizz(doc_of(*doc), doc_of(s), [(s, 0)], table)
    assert res.claims[0].details["kept"] is True and "filter_fallback" not in res.claims[0].details
    assert res.score == pytest.approx(0.1)
    assert nli.calls == 2 + 1  # no filter pair: 1 fact x 2 sentences, then the one window around sentence 0


def test_a_surname_the_extractor_writes_out_in_full_is_still_the_summarys_own():
    """Coreference leaves "Moon" as it is; the extractor writes "Natalia Moon": the fact's extra words are
    the name the summary gives that mention, so the filter keeps it without asking the model. A word that
    is no name of the sentence's mentions ("1990") still goes to the filter."""
    summary = doc_of("Natalia Moon moved.", "Moon was born in New Zealand.")
    coref = ByText({summary.text: [[(0, 12), (20, 24)]]})
    born, dated = "Natalia Moon was born in New Zealand.", "Natalia Moon was born in New Zealand in 1990."
    table = {(s, f): (0.2, 0.7, 0.1) for s in summary.sentence_texts for f in (born, dated)}  # the filter: neutral
    table.update({("Doc.", born): (0.1, 0.2, 0.7), ("Doc.", dated): (0.3, 0.6, 0.1)})
    res, nli, _ = fizz(doc_of("Doc."), summary, [(born, 1), (dated, 1)], table, coref=coref)
    assert [c.details["kept"] for c in res.claims] == [True, False]
    assert res.score == pytest.approx(0.1)  # the wrong fact decides the score
    assert nli.calls == 2 + 2  # filter: the dated fact against both summary sentences; then 2 facts x 1 sentence


def test_the_readme_examples_one_error_decides_fizzs_score():
    """End to end with the house model: "Moon was born in New Zealand." (the example's one error) is kept
    and is the lowest of the kept facts."""
    from pathlib import Path

    examples = Path(__file__).resolve().parents[1] / "examples"
    res = Scorer("fizz", nli="house", cache=None).score((examples / "document.txt").read_text(encoding="utf-8"),
                                                     (examples / "summary.txt").read_text(encoding="utf-8"))
    born = [c for c in res.claims if "born in New Zealand" in c.claim.text]
    assert born and all(c.details["kept"] and c.label != "filtered" for c in born)
    assert res.score == pytest.approx(min(c.score for c in born))
    assert res.score < min(c.score for c in res.claims if c not in born)


def test_filter_sees_every_summary_sentence_as_premise():
    s = ["Moon moved.", "She moved in 2012."]
    fact = "Moon moved in 2012."
    table = {(s[0], fact): (0.3, 0.6, 0.1), (s[1], fact): (0.5, 0.4, 0.1), ("Doc.", fact): (0.8, 0.2, 0.0)}
    res, _, _ = fizz(doc_of("Doc."), doc_of(*s), [(fact, 1)], table)
    assert res.claims[0].details["kept"] is True and res.score == pytest.approx(0.8)


def test_coref_resolves_each_sentence_with_names_from_anywhere_and_keeps_original_offsets():
    doc = doc_of("Natalia Moon moved.", "She learned Tagalog.")
    summary = doc_of("Natalia Moon moved.", "She learned Tagalog.")
    coref = ByText({doc.text: [[(0, 12), (20, 23)]]})  # summary text is the same string: same clusters
    fact0, fact1 = "Natalia Moon moved.", "Natalia Moon learned Tagalog."
    table = {("Natalia Moon moved.", fact0): (0.9, 0.1, 0.0), ("Natalia Moon learned Tagalog.", fact0): (0.2, 0.8, 0.0),
             ("Natalia Moon moved.", fact1): (0.1, 0.9, 0.0), ("Natalia Moon learned Tagalog.", fact1): (0.97, 0.03, 0.0)}
    res, _, extractor = fizz(doc, summary, [(fact0, 0), (fact1, 1)], table, coref=coref)
    assert extractor.seen == ["Natalia Moon moved. Natalia Moon learned Tagalog."]  # the resolved summary
    c = res.claims[1]
    assert res.score == pytest.approx(0.9)
    assert c.premise.text == "Natalia Moon learned Tagalog."
    assert c.premise.spans == [doc.sentences[1]] and doc.text[slice(*c.premise.spans[0])] == "She learned Tagalog."
    assert c.claim.span == summary.sentences[1]  # mapped back to the original summary sentence
    assert "coref:bytext" in res.signature


def test_resolution_prefixes_a_modifier_with_a_name_from_another_sentence():
    doc = doc_of("Emmanuel Adebayor scored twice.", "The 27-year-old joined Arsenal.")
    clusters = [[(0, 17), (32, 47)]]
    assert resolve_sentences(doc, clusters) == ["Emmanuel Adebayor scored twice.",
                                                "Emmanuel Adebayor, The 27-year-old joined Arsenal."]
    assert resolve_sentences(doc, []) == doc.sentence_texts


def test_entailed_by_uses_the_argmax_label_with_ties_to_entailment():
    claims = [Claim("a", 0), Claim("b", 0), Claim("c", 0)]
    table = {("P1", "a"): (0.4, 0.5, 0.1), ("P2", "a"): (0.45, 0.1, 0.45),  # tie at the top: kept
             ("P1", "b"): (0.4, 0.5, 0.1), ("P2", "b"): (0.3, 0.3, 0.4),
             ("P1", "c"): (0.6, 0.3, 0.1), ("P2", "c"): (0.0, 0.0, 1.0)}
    nli = TableNLI(table)
    assert entailed_by(claims, ["P1", "P2"], nli) == [True, False, True]
    assert nli.calls == 6
    assert entailed_by([], ["P1"], nli) == [] and entailed_by(claims, [], nli) == [False] * 3


def test_entailment_filter_wraps_any_extractor():
    summary = doc_of("P1", "P2")
    table = {("P1", "a"): (0.6, 0.3, 0.1), ("P2", "a"): (0.1, 0.8, 0.1),
             ("P1", "b"): (0.2, 0.7, 0.1), ("P2", "b"): (0.3, 0.3, 0.4)}
    f = EntailmentFilter(FixedClaims(("a", 0), ("b", 1)), TableNLI(table))
    assert f.name == "fixed+filter"
    assert [c.text for c in f.extract(summary)] == ["a"]
    assert [c.text for c in f.dropped] == ["b"]

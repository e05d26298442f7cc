"""The heuristic coreference: pronoun rules, line breaks, and the name a cluster stands for."""

import pytest

from factalign.coref import representative
from factalign.coref.heuristic import HeuristicCoref, _fits


def mentions(text, clusters):
    return [[text[a:b] for a, b in c] for c in clusters]


def test_subject_pronoun_continues_the_latest_subject():
    coref = HeuristicCoref()
    text = "Maria Lopez hired Anna Berg in 2001. She led the company until 2015."
    assert mentions(text, coref.clusters(text)) == [["Maria Lopez", "She"]]  # not the latest name, Anna Berg
    text = "Maria Lopez founded the company. Anna Berg joined it in 2001. She led it until 2015."
    assert mentions(text, coref.clusters(text)) == [["Anna Berg", "She"]]


def test_entities_do_not_cross_a_line_break():
    coref = HeuristicCoref()
    text = "Nicolas Cage\nNicolas Kim Coppola is an American actor. He won an Oscar."
    clusters = coref.clusters(text)
    assert all("\n" not in text[a:b] for c in clusters for a, b in c)
    assert mentions(text, clusters) == [["Nicolas Cage", "He"]]


def test_person_pronouns_take_an_org_only_if_it_looks_like_a_person():
    assert _fits("his", {"ORG"}, "Natalia Moon")
    assert not _fits("his", {"ORG"}, "Columbia Records")
    assert not _fits("her", {"ORG"}, "The Beatles")
    assert _fits("its", {"ORG"}, "Columbia Records")


def test_representative_prefers_a_clean_proper_name():
    text = 'the 27-year-old striker "Ace" Adebayor. Emmanuel Adebayor scored. He'
    quoted, name, pronoun = (0, 38), (40, 57), (66, 68)  # the longest mention is not the cleanest
    assert [text[a:b] for a, b in (quoted, name, pronoun)] == ['the 27-year-old striker "Ace" Adebayor', "Emmanuel Adebayor", "He"]
    assert representative(text, [quoted, name, pronoun]) == "Emmanuel Adebayor"
    assert representative("the 27-year-old joined. He", [(0, 15), (24, 26)]) == "the 27-year-old"
    assert representative("He and she", [(0, 2), (7, 10)]) is None


def test_a_name_that_modifies_a_noun_is_not_a_mention():
    """The README example: "A Darwin woman ..." named no person called Darwin, yet "She became fluent"
    was resolved to "Darwin became fluent"."""
    text = ("A Darwin woman has become a TV sensation. After struggling in Australia, Natalia Moon moved to "
            "the Philippines. She became fluent in Tagalog.")
    clusters = mentions(text, HeuristicCoref().clusters(text))
    assert ["Natalia Moon", "She"] in clusters and not any("Darwin" in c for c in clusters)


@pytest.mark.parametrize("text, cluster", [
    # a possessive on the subject that opens its sentence continues the previous sentence's subject, as "It" would;
    # "Its" was "New York", the latest place named
    ("The bridge's main span is 4,200 feet long. When it opened, it was the longest span in the world until the "
     "Verrazzano-Narrows Bridge was completed in New York in 1964. Its two towers rise 746 feet above the water.",
     ["The bridge's main span", "it", "it", "Its"]),
    ("Kilimanjaro is a dormant volcano in Tanzania. Its summit reaches 5,895 metres.", ["Kilimanjaro", "Its"]),
    ("Barack Obama met the president of France in Paris. His visit lasted two days.", ["Barack Obama", "His"]),
])
def test_a_possessive_opening_its_sentence_continues_the_previous_subject(text, cluster):
    assert [[text[a:b] for a, b in c] for c in HeuristicCoref().clusters(text)] == [cluster]

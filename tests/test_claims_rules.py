"""The rules extractor on hand-written sentences, with the exact claims expected."""

import pytest

from factalign.claims import load_extractor
from factalign.claims.rules import RulesExtractor
from tests.helpers import FixedCoref, doc_of

CASES = [
    (["Emmanuel Adebayor, the 27-year-old, joined Arsenal in 2011."],
     ["Emmanuel Adebayor joined Arsenal.", "Emmanuel Adebayor joined Arsenal in 2011.", "Emmanuel Adebayor was the 27-year-old."]),
    (["Maria Lopez founded the company and led it until 2015."],
     ["Maria Lopez founded the company.", "Maria Lopez led it.", "Maria Lopez led it until 2015."]),
    (["The bridge was built in 1932 and connects Oakland with San Francisco."],
     ["The bridge was built in 1932.", "The bridge connects Oakland.", "The bridge connects Oakland with San Francisco."]),
    (["Tom Hanks is an American actor and filmmaker."],
     ["Tom Hanks is an actor.", "Tom Hanks is a filmmaker.", "Tom Hanks is American."]),
    (["The museum, which opened in 1990, houses paintings by Monet and Degas."],
     ["The museum opened in 1990.", "The museum houses paintings.", "The museum houses paintings by Monet.",
      "The museum houses paintings by Degas."]),
    (["In 1998, the band released its debut album."],
     ["The band released its debut album.", "The band released its debut album in 1998."]),
    (["Paris is the capital of France."], ["Paris is the capital of France."]),
    (["Quinoa", "It is grown primarily for its edible seeds."],
     ["Quinoa is grown for Quinoa's edible seeds.", "Quinoa is grown primarily for Quinoa's edible seeds."]),
    (["Collision Course (album)", "The album spawned one single."], ["Collision Course spawned one single."]),
    (["The novel was written by Jane Austen, who lived in Bath."],
     ["The novel was written by Jane Austen.", "Jane Austen lived in Bath."]),
    (["The company, founded in 1976, sells phones."], ["The company was founded in 1976.", "The company sells phones."]),
    (["Despicable Me (film)", "Despicable Me is a 2010 American computer-animated comedy film."],
     ["Despicable Me is a 2010 comedy film.", "Despicable Me is American.", "Despicable Me is computer-animated."]),
]


@pytest.fixture(scope="module")
def rules():
    return RulesExtractor("none")


@pytest.mark.parametrize("sentences, expected", CASES, ids=[c[0][-1][:30] for c in CASES])
def test_exact_claims(rules, sentences, expected):
    assert [c.text for c in rules.extract(doc_of(*sentences))] == expected


def test_claims_point_at_their_sentence(rules):
    doc = doc_of("Lyon", "It is a city in France.", "It hosts a festival in December.")
    claims = rules.extract(doc)
    assert {c.sentence_index for c in claims} == {1, 2}
    assert all(c.span == doc.sentences[c.sentence_index] for c in claims)
    assert "Lyon hosts a festival in December." in [c.text for c in claims]


def test_pronoun_replaced_by_its_coreference_cluster():
    text = doc_of("Natalia Moon won the race.", "She trained in Kenya.")
    extractor = RulesExtractor(FixedCoref([[(0, 12), (27, 30)]]))
    assert [c.text for c in extractor.extract(text)][-1] == "Natalia Moon trained in Kenya."


def test_deterministic_and_registered(rules):
    doc = doc_of("Maria Lopez founded the company and led it until 2015.")
    assert [c.text for c in rules.extract(doc)] == [c.text for c in load_extractor("rules:none").extract(doc)]
    assert load_extractor("rules").name == "rules"

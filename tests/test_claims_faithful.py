"""The extractor's meaning checks (factalign/claims/faithful.py): each on sentences written for it, claims that must
be refused and claims that must be kept."""

import pytest

from factalign.claims.faithful import faithful

REFUSED = [
    ("The pool opens to guests.", "The pool opens to guests only between May and September."),  # restriction dropped
    ("The permit is valid.", "The permit is valid until the end of June unless the council revokes it."),
    ("Staff may work from home.", "Staff may work from home if their manager agrees."),  # condition dropped
    ("Their manager agrees.", "Staff may work from home if their manager agrees."),  # a condition stated as fact
    ("Members may enter the lounge.", "Only members may enter the lounge after 6 pm."),
    ("Exports fell 2.7 to $9.4 billion.", "Exports fell 2.7% to $9.4 billion."),  # unit dropped
    ("Sales reached 3.2.", "Sales reached $3.2 billion last year."),  # currency and scale dropped
    ("The council approved the plan.", "The council did not approve the plan."),  # negation dropped
]
KEPT = [
    ("The pool opens to guests only in summer.", "The pool opens to guests only in summer from eight."),
    ("Exports fell 2.7%.", "Exports fell 2.7% to $9.4 billion, led by grain."),
    ("The council did not approve the plan.", "The council did not approve the plan, citing costs."),
    ("About 40 hikers turned back.", "After snow that closed the pass, about 40 hikers turned back."),
    ("Anna joined the firm in 2011.", "Anna joined the firm in 2011 and left in 2015."),
    ("The bridge connects Oakland with San Francisco.", "The bridge was built in 1932 and connects Oakland with San Francisco."),
]


@pytest.mark.parametrize("claim, sentence", REFUSED)
def test_a_claim_that_says_more_than_its_sentence_is_refused(claim, sentence):
    assert not faithful(claim, sentence)


@pytest.mark.parametrize("claim, sentence", KEPT)
def test_a_claim_that_says_what_its_sentence_says_is_kept(claim, sentence):
    assert faithful(claim, sentence)


def test_a_sentence_whose_claims_are_refused_stands_whole():
    from factalign.claims import load_extractor
    from factalign.data import Document

    sentence = "Staff may work from home on Fridays if their manager agrees in writing."
    claims = [c.text for c in load_extractor("rules").extract(Document.from_text(sentence))]
    assert claims and all(faithful(c, sentence) for c in claims)
    assert any("if their manager agrees" in c for c in claims)

"""A claim read through the output sentence it was written from (factalign/details/compare/sentence.py): a claim the
comparison cannot read on its own takes its sentence's finding where it repeats what the finding is about, and a
claim of the same sentence about something else keeps its own answer."""

import pytest

from factalign import Scorer
from factalign.details.compare import KINDS, compare
from factalign.details.compare.sentence import own_sentence, through_sentence
from factalign.nli import TableNLI
from tests.helpers import FixedClaims, FixedCoref

SOURCE = ["Brenna Haulage has agreed to buy the Oster rail depot from the city, subject to a vote in June.",
          "The depot employs 80 people."]
OUTPUT = ("Brenna Haulage, which employs 300 drivers, has bought the Oster rail depot from the city, the mayor said. "
          "The depot employs 80 people.")
LOSSY = "Bought: the Oster rail depot, by Brenna Haulage."  # what a broken extraction may leave of the sentence
ASIDE = "Brenna Haulage employs 300 drivers."                # the same sentence, about something else
ALL = frozenset(KINDS)


def test_the_sentence_a_claim_was_written_from():
    assert own_sentence(LOSSY, OUTPUT) == OUTPUT.split(" The depot")[0]
    assert own_sentence("The depot employs 80 people.", OUTPUT) is None  # the sentence itself: read as it stands
    assert own_sentence("Prices rose.", OUTPUT) is None                  # shares too little with any sentence


def test_a_claim_the_comparison_cannot_read_takes_its_sentences_finding():
    source, sentence = " ".join(SOURCE), own_sentence(LOSSY, OUTPUT)
    assert compare(LOSSY, source) is None
    found = through_sentence(LOSSY, sentence, source, ALL)
    assert (found.kind, found.claim_says, found.sources_say) == ("factuality", "bought", "subject to")
    # a finding about the event needs the claim to state that event; a kind that is off gives nothing
    assert through_sentence(ASIDE, own_sentence(ASIDE, OUTPUT), source, ALL) is None
    assert through_sentence(LOSSY, sentence, source, ALL - {"factuality"}) is None


def test_fenice_caps_a_lossy_claim_by_its_sentence_and_says_why():
    doc = " ".join(SOURCE)
    table = {}
    for premise, lossy, aside in ((SOURCE[0], (0.9, 0.05, 0.05), (0.2, 0.7, 0.1)),
                                  (SOURCE[1], (0.1, 0.8, 0.1), (0.1, 0.8, 0.1)),
                                  (doc, (0.85, 0.1, 0.05), (0.3, 0.6, 0.1))):
        table[(premise, LOSSY)], table[(premise, ASIDE)] = lossy, aside

    def score(check):
        return Scorer("fenice", nli=TableNLI(table), extractor=FixedClaims(LOSSY, ASIDE), coref=FixedCoref([]),
                      calibration=None, compare_check=check, threshold=0.5).score(doc, OUTPUT)

    off, on = score("off"), score("on")
    assert off.claims[0].score == pytest.approx(0.85)
    # every pair of the lossy claim has p_ent moved to neutral (a factuality finding): 0 - p_con, the best -0.05;
    # the other claim of the sentence keeps the answer it had (the detail check's, for the 300 the sources lack)
    assert on.claims[0].score == pytest.approx(-0.05) and on.claims[1].score == off.claims[1].score
    lossy, aside = on.claims
    assert lossy.details["compared"]["kind"] == "factuality" and "compared" not in aside.details
    assert lossy.reason.startswith("the sources are less sure: the claim says bought, the sources say subject to")

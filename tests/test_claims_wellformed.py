"""The well-formedness check: hand-checked claims from real summaries, with the verdicts expected."""

import pytest

from factalign.claims.wellformed import problems

WELL_FORMED = [
    "Gary Locke will be named Kilmarnock's permanent manager.",
    "Gary Locke will be given a three-year deal.",
    "Paris is the capital of France.",
    "There is a bridge over the river.",
    "Tom Hanks is American.",
    "He said the club had been sold.",
    # the small tagger reads the verb as a noun; the second reading with a pronoun subject accepts it
    "Aston Villa host QPR in the Premier League on Tuesday night.",
    "The 23-year-old promotes herself.",
    "The museum houses paintings.",
    "Take a Bow topped the chart for seven weeks.",
]

MALFORMED = [
    ("Gary Locke given.", "no finite verb"),
    ("The general population to vote ukip.", "no finite verb"),
    ("The white house sending the presidential press pool.", "no finite verb"),
    ("Using specialised software respond to a number of human facial expressions.", "no finite verb"),
    ("Has previously made videos of herself.", "no subject"),
    ("Which opened in 1990.", "relative pronoun as subject"),
    ("She knew the.", "ends on 'the'"),
    ("Five goals in 29 games have come from Bueno with.", "ends on 'with'"),
    ("Professor James Marshall said.", "'said' without an object"),
    ("The concert was.", "'was' without a complement"),
]


@pytest.mark.parametrize("claim", WELL_FORMED)
def test_well_formed(claim):
    assert problems(claim) == []


@pytest.mark.parametrize("claim, problem", MALFORMED)
def test_malformed(claim, problem):
    assert problem in problems(claim)

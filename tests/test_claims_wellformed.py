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
    # a quoted title and a name with a "!" are read as one name
    'A documentary film about Steve Aoki was titled "I\'ll Sleep When I\'m Dead".',
    "Shout! Factory released a Blu-ray edition of the film.",
    'The Sunday Times branded his speeches "racialist".',
    "The project was abandoned as planned.",
    "They started by announcing the departure of the club captain.",
    "He died by suicide.",
    # second readings where the small parser loses the subject or verb: an age beside a name, a past participle
    # inside the subject, a verb prefix cut at its hyphen, a trailing attribution; words that end a phrase themselves
    "Peter Holm, 54, stars as a retired detective in the crime drama.",
    "The much-hyped film premiered at the Odeon cinema on Friday.",
    "The old mill has been re-opened as a museum.",
    "Britain's steel industry risks losing thousands of jobs after the merger, a union report says.",
    "She said she had never seen a storm like this.",
    "The painting was sold at Sotheby's.",
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
    # words cut or pasted wrongly (issue 26): a quotation cut short, a word twice, a participle after a preposition
    ('He was titled "I\'ll Sleep.', "unclosed quotation"),
    ("In 2017, Shout!.", "no finite verb"),
    ("Kidman was was the highest-paid actress.", "a word twice"),
    ("The song piqued Elvis Presley's's interest.", "a word twice"),
    ("Gauthe was later jailed for released in April 2010.", "'released' after 'for'"),
    ("Bronson directed by Nicolas Winding Refn.", "'directed' without 'was'"),
    ("He joined the club's.", "ends on \"'s\""),
    ("The manager, the club said.", "'said' without an object"),
    ("Award-winning actress award winner award winner.", "no finite verb"),
]


@pytest.mark.parametrize("claim", WELL_FORMED)
def test_well_formed(claim):
    assert problems(claim) == []


@pytest.mark.parametrize("claim, problem", MALFORMED)
def test_malformed(claim, problem):
    assert problem in problems(claim)


def test_a_verb_that_disagrees_with_a_subject_the_sentence_does_not_give_it():
    sentence = "English began as a gospel singer and many of her most popular songs contain references to God."
    assert "'contain' disagrees with 'English'" in problems("English contain references to God.", sentence)
    assert problems("Many of her most popular songs contain references to God.", sentence) == []
    # the sentence's own agreement (British "Norwich fail", an aside between them) is not the claim's fault
    assert problems("Norwich fail to win.", "norwich fail to win .") == []
    sentence = "now porto , coached by julen lopetegui , are ready to poach him ."
    assert problems("Now Porto are ready to poach him.", sentence) == []
    assert problems("English contain references to God.") == []  # without the sentence, agreement is not judged


def test_an_unclosed_quotation_the_sentence_has_itself_is_not_the_claims_fault():
    claim = 'He said "the club had been sold.'
    assert "unclosed quotation" in problems(claim)
    assert "unclosed quotation" in problems(claim, 'He said "the club had been sold" on Friday.')
    assert problems(claim, 'He said "the club had been sold.') == []


def test_an_imperative_is_well_formed_only_as_the_writers_own_sentence():
    assert problems("Read the full minutes of the meeting here.", "Read the full minutes of the meeting here.") == []
    assert problems("read the full minutes of the meeting here .", "Read the full minutes of the meeting here.") == []
    assert problems("Read the full minutes of the meeting here.") != []  # no sentence: nothing says it is the writer's
    # a claim of the extractor that opens with a bare verb has lost its subject
    assert problems("Publish the full minutes online.", "The council will publish the full minutes online.") != []
    assert problems("Read the full minutes of the.", "Read the full minutes of the.") != []

"""Issue 34, steps 1-2: claims keep every content word of their sentence, and pronouns and relative
clauses get the antecedent a reader would pick. The issue's own cases, then cases drawn from FRANK
validation summaries (casing restored as the extractor restores it from the article) and WiCE claim dev,
as literal strings: no shared data needed."""

import pytest

from factalign.claims.base import extract_claims
from factalign.claims.coverage import uncovered
from factalign.claims.rules import RulesExtractor
from factalign.data import Document

KILIMANJARO = ("Kilimanjaro is a dormant volcano in Tanzania whose summit reaches 5,895 metres. It was first climbed "
               "in 1889 by Hans Meyer and Ludwig Purtscheller.")
BUDGET = ("Council members passed a $4.2 million budget on Tuesday, which pays for two libraries and fixes to 15 "
          "bridges.")


@pytest.fixture(scope="module")
def rules():
    return RulesExtractor()


def claims_of(rules, text):
    return [c.text for c in extract_claims(rules, Document.from_text(text))]


def test_the_issue_cases(rules):
    assert claims_of(rules, KILIMANJARO) == [
        "Kilimanjaro is a volcano.", "Kilimanjaro is a volcano in Tanzania.", "Kilimanjaro is dormant.",
        "Kilimanjaro's summit reaches 5,895 metres.",
        "Kilimanjaro was first climbed by Hans Meyer.", "Kilimanjaro was first climbed by Ludwig Purtscheller.",
        "Kilimanjaro was first climbed in 1889 by Hans Meyer.", "Kilimanjaro was first climbed in 1889 by Ludwig Purtscheller."]
    # "which" is about the budget, not Tuesday; "to 15 bridges" is not glued onto "two libraries"
    assert claims_of(rules, BUDGET) == [
        "Council members passed a $4.2 million budget.", "Council members passed a $4.2 million budget on Tuesday.",
        "A $4.2 million budget pays for two libraries.", "A $4.2 million budget pays for fixes.",
        "A $4.2 million budget pays for two libraries and fixes to 15 bridges."]
    # the title of the show is in a claim, so a wrong one can be caught
    assert "She landed a role in the sitcom Modern Family in 2014." in claims_of(
        rules, "She landed a role in the sitcom Modern Family in 2014.")
    readme = ("Natalia Moon moved to the Philippines in 2012 and learned Tagalog. She landed a role in the sitcom Ismol "
              "Family in 2014. Moon was born in New Zealand.")
    assert "Natalia Moon landed a role in the sitcom Ismol Family in 2014." in claims_of(rules, readme)


# (text, claims that must be there, words no claim may start with)
CASES = [
    # FRANK validation (CNN/DM and XSum system summaries)
    ("The giant arrows were once markers for early airmail flights across the US. They form the first land-based "
     "navigation system in the world.", ["The giant arrows form the first land-based navigation system in the world."], []),
    ("Lizzi Crawford, 32, tipped the scales at 20 stone after a stranger mistook her for being pregnant. She had reached "
     "a size 24 dress after living on a diet of burgers, pizzas and spirits.",
     ["Lizzi Crawford had reached a size 24 dress.", "Lizzi Crawford was 32."], []),
    ("Tournament organisers found Nigalidze had stored a mobile phone in a cubicle, covered in toilet paper. They "
     "announced their decision to expel Nigalidze on Sunday morning on their Facebook page.",
     ["Tournament organisers announced their decision to expel Nigalidze on Sunday morning on their Facebook page."],
     ["The Dubai"]),
    ("Chris Copeland, 31, and his wife Katrine Saltare, 28, were stabbed following an argument outside a New York club "
     "early on Wednesday. The suspect allegedly pulled out a knife and plunged it into the athlete's abdomen and elbow. "
     "He then turned on Saltare, stabbing her in the breast, buttocks and arm.",
     ["The suspect turned on Katrine Saltare.", "Chris Copeland was 31."], ["Chris Copeland turned", "Chris Copeland and"]),
    ("Monsour Alshammari, 27, is in the U.S. On a Saudi government student sponsorship. He was arrested on Friday at the "
     "Mexican border.", ["Monsour Alshammari was arrested on Friday at the Mexican border."], []),
    ('Syria says it is "appalled" by reports that Syrian forces have been killed by Islamic State militants in Syria.',
     ['Syria says Syria is "appalled" by reports.'], []),
    ("Apple has announced that it is introducing a security tool that allows users to log in to their mobile phones.",
     ["Apple has announced Apple is introducing a security tool."], []),
    ("Pupils at a School in Birmingham have been told they will lose their jobs because of a lack of funding.",
     [], ["Birmingham will"]),
    ('Travolta is one of the Church of Scientology\'s most high-profile members. He is premiering his new film, "The '
     'Forger," in Clearwater, Florida.', ["Travolta is premiering his new film."], []),
    ("Frank Jordan, 37, took his 35-foot sailboat out in late January. He was spotted Thursday afternoon by the Houston "
     "Express on his ship drifting in the Atlantic. The boat capsized two more times before he was rescued.",
     ["Frank Jordan was spotted by the Houston Express.", "Frank Jordan was rescued."], []),
    ("The white-cheeked macaque was discovered in the remote highland forests of south-east Tibet after researchers set "
     "up camera traps. The monkey has a distinctive rounded penis. It earned its name due to the pale whiskers on its "
     "chin and the side of its face.", ["The monkey earned its name."], ["Tibet earned"]),
    ("Lewis Hamilton sauntered to pole for the Chinese Grand Prix. He will start ahead of Nico Rosberg and Sebastian "
     "Vettel.", ["Lewis Hamilton will start ahead of Sebastian Vettel."], []),
    ("Guard at the U.S. Census Bureau headquarters was shot in the abdomen. The shooter had taken some three dozen "
     "police officers on a wild chase. He went to investigate.", ["The shooter went to investigate."], []),
    ("Kristina Karo alleges that she was a classmate of Ms Kunis, 31, who moved to the U.S. From Ukraine in 1991.",
     ["Ms Kunis moved to the U.S.", "Ms Kunis is 31."], ["Kristina Karo moved"]),
    ("A 22-year-old man, Shezoy Bleary, interrupted them as they were talking in the street just before 4am.",
     ["Shezoy Bleary was a 22-year-old man."], []),
    ("Another woman, Catherine Somani, 23, was also stabbed in the abdomen as she apparently tried to break up the fight.",
     ["Another woman was stabbed in the abdomen."], []),
    ("ESPN's Britt McHenry video shows her in Arlington, Virginia.",
     ["ESPN's Britt McHenry video shows her in Arlington, Virginia."], []),
    ("Scotland's Olympic gold medallist Laura Muir believes she will be able to compete at this year's World Indoor "
     "Championships.", [], []),
    ("O'Toole is the star of 1962 classic film Lawrence of Arabia.", [], []),
    ("Gullit controversially decided not to start star players Duncan Ferguson and Alan Shearer in 1999.", [], []),
    # WiCE claim dev
    ("It is the site of the creation of the first standardized futures contracts at the Chicago Board of Trade, which "
     "today is the largest and most diverse derivatives market globally.",
     ["The Chicago Board of Trade is the largest derivatives market globally."], ["The first standardized"]),
    ("Hetherington was killed while covering the front lines in the besieged city of Misrata, Libya, during the 2011 "
     "Libyan civil war.", [], []),
    ("Jasmine Waltz is an American model, actress, and reality television personality from Las Vegas, Nevada.",
     ["Jasmine Waltz is a model from Las Vegas, Nevada.", "Jasmine Waltz is an actress."], []),
    ("The hip hop artist Amoc is noted for rapping in Inari Sami, a Sami language from the area of Inari.",
     ["The hip hop artist Amoc is noted for rapping in Inari Sami.", "Inari Sami is a Sami language from the area of Inari."], []),
    ("His grandson, Clive Uhr, would become a noted radiologist.", ["Clive Uhr is his grandson."], []),
    ("Young faced Kedzie again in a five-round title rematch on April 9, 2011 in Albuquerque, New Mexico.", [], []),
    ('She spoke out in support of Michelle Williams, who received lesser pay than her co-star Mark Wahlberg for the 2017 '
     'film "All the Money in the World".', ["Michelle Williams received lesser pay than her co-star Mark Wahlberg."], []),
    ("During the Hyde Park concert, British comedian Peter Kay jokingly introduced the Spice Girls while he was "
     "introducing The Who.", ["Peter Kay was introducing The Who."], []),
    ('The band\'s third album, "Emotive", was released on November 2, 2004.',
     ['"Emotive" was the band\'s third album.', "The band's third album was released on November 2, 2004."], []),
    ("She is a third cousin of Prince William, Duke of Cambridge, and Prince Harry, Duke of Sussex.", [], []),
    ('It was released on June 16, 2017, by Atlantic Records as the lead single from her debut studio album "Invasion of '
     'Privacy" (2018).', [], []),
    ("She received a J.D. degree from Boston College Law School in 1994.",
     ["She received a J.D. degree from Boston College Law School."], []),
]


@pytest.mark.parametrize("text, expected, wrong", CASES, ids=[c[0][:40] for c in CASES])
def test_real_summary_sentences(rules, text, expected, wrong):
    summary = Document.from_text(text)
    claims = extract_claims(rules, summary)
    texts = [c.text for c in claims]
    for i in range(len(summary.sentences)):  # every content word in one of its sentence's claims
        assert uncovered(summary.sentence(i), [c.text for c in claims if c.sentence_index == i]) == [], texts
    for claim in expected:
        assert claim in texts
    assert not any(t.startswith(w) for t in texts for w in wrong), texts


def test_coverage_counts_words_a_name_replaced():
    """A word the claims say by a name ("The album" -> the page's topic) is held where the name is."""
    assert uncovered("The album spawned one single.", ["Collision Course spawned one single."]) == ["album"]
    assert uncovered("The album spawned one single.", ["Collision Course spawned one single."],
                     [("The album", "Collision Course")]) == []
    assert uncovered("It had a $10m bounty on his head in Arlington, Virginia.", ["It had a $10m bounty on his head."]) == [
        "Arlington", "Virginia"]


def test_a_subject_phrase_with_a_possessive_is_repeated_with_the_possessive_resolved(rules):
    text = ("The Golden Gate Bridge opened on May 27, 1937. Its main span is 4,200 feet long. "
            "It is painted International Orange.")
    claims = claims_of(rules, text)
    assert "The Golden Gate Bridge's main span is 4,200 feet long." in claims
    # "It" continues the previous subject, "Its main span", whose "Its" is the bridge's (was "Its main span is ...")
    assert "The Golden Gate Bridge's main span is painted International Orange." in claims
    assert not any(c.startswith("Its ") for c in claims)

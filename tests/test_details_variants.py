"""The detail check's variants (factalign/details MODES): `numbers` checks numbers, scores, years and dates but not
names; `conflict` answers a pair as a contradiction only where its premise gives a different value of the same
kind; on hand-chosen NLI probabilities."""

import pytest

from factalign.cli import main
from factalign.details import DetailCheck, capped
from factalign.details.find import details_of
from factalign.details.match import SourceIndex, conflicting
from tests.test_details import CLIMB, FIFTY, MODERN, SITCOM, fenice

CLIMB_TABLE = {(CLIMB[0], FIFTY): (0.05, 0.9, 0.05), (CLIMB[1], FIFTY): (0.76, 0.2, 0.04),
               (" ".join(CLIMB), FIFTY): (0.7, 0.2, 0.1)}
BILLION = ["Revenue fell to $2.1 billion.", "Analysts had expected $2.5 billion."]
CLAIMED = "Analysts had expected $4.5 billion."


@pytest.mark.parametrize("mode, score, probs", [
    ("off", 0.72, (0.76, 0.2, 0.04)),
    # every premise capped to neutral: the best is CLIMB[1], 0 - 0.04
    ("on", -0.04, (0.0, 0.96, 0.04)),
    ("numbers", -0.04, (0.0, 0.96, 0.04)),
    # CLIMB[1] and the document give 35,000: their 0.76 and 0.7 go to contradiction (-0.8, -0.8);
    # CLIMB[0] has only 5,895 metres (another unit), left as the model answers: 0.05 - 0.05
    ("conflict", 0.0, (0.05, 0.9, 0.05)),
])
def test_a_changed_count(mode, score, probs):
    result, _ = fenice(CLIMB, FIFTY, CLIMB_TABLE, detail_check=mode)
    assert result.score == pytest.approx(score)
    assert result.claims[0].probs == pytest.approx(probs)
    assert result.claims[0].reason == (None if mode == "off" else "50,000: the sources say 35,000")


def test_a_changed_amount_under_conflict_is_a_contradiction():
    table = {(BILLION[0], CLAIMED): (0.1, 0.6, 0.3), (BILLION[1], CLAIMED): (0.9, 0.08, 0.02),
             (" ".join(BILLION), CLAIMED): (0.8, 0.1, 0.1)}
    result, _ = fenice(BILLION, CLAIMED, table, detail_check="conflict")
    # both sentences and the document give other dollars: 0 - 0.4, 0 - 0.92, 0 - 0.9
    assert result.score == pytest.approx(-0.4)
    assert result.claims[0].reason == "$4.5 billion: the sources say $2.5 billion"
    numbers, _ = fenice(BILLION, CLAIMED, table, detail_check="numbers")
    assert numbers.score == pytest.approx(-0.02)  # to neutral: BILLION[1] gives 0 - 0.02


def test_a_count_found_nowhere_with_nothing_comparable_is_left_to_the_model_under_conflict():
    doc = [CLIMB[0]]  # 5,895 metres: no count of people to set against 50,000
    table = {(CLIMB[0], FIFTY): (0.6, 0.3, 0.1)}
    conflict, _ = fenice(doc, FIFTY, table, detail_check="conflict")
    assert conflict.score == pytest.approx(0.5) and conflict.claims[0].reason is None
    assert "missing_details" not in conflict.claims[0].details
    numbers, _ = fenice(doc, FIFTY, table, detail_check="numbers")
    assert numbers.score == pytest.approx(-0.1)
    assert numbers.claims[0].reason == "50,000: the sources say 5,895 metres"  # the closest number, in any unit


def test_names_are_not_checked_under_numbers_or_conflict():
    table = {(SITCOM[0], MODERN): (0.10, 0.85, 0.05), (SITCOM[1], MODERN): (0.93, 0.05, 0.02),
             (" ".join(SITCOM), MODERN): (0.90, 0.08, 0.02)}
    for mode in ("numbers", "conflict"):
        result, _ = fenice(SITCOM, MODERN, table, detail_check=mode)
        assert result.score == pytest.approx(0.91) and result.claims[0].reason is None
    on, _ = fenice(SITCOM, MODERN, table, detail_check="on")
    assert on.score == pytest.approx(-0.02)


def test_a_changed_year_under_numbers_and_conflict():
    claim = "She moved to the Philippines in 2013."
    table = {(SITCOM[0], claim): (0.8, 0.1, 0.1), (SITCOM[1], claim): (0.1, 0.8, 0.1),
             (" ".join(SITCOM), claim): (0.7, 0.2, 0.1)}
    numbers, _ = fenice(SITCOM, claim, table, detail_check="numbers")
    assert numbers.score == pytest.approx(-0.1)
    conflict, _ = fenice(SITCOM, claim, table, detail_check="conflict")
    # every premise gives another year (2012, 2014): 0 - 0.9, 0 - 0.2, 0 - 0.8
    assert conflict.score == pytest.approx(-0.2)


@pytest.mark.parametrize("claim, premise, expected", [
    ("Around 50,000 climbers try.", "Today about 35,000 people attempt it.", True),
    ("Around 50,000 climbers try.", "It reaches 5,895 metres.", False),     # another unit
    ("Around 50,000 climbers try.", "It was first climbed in 1889.", False),  # a year is no count
    ("It cost $4.5 billion.", "It cost $2.5 billion.", True),
    ("It cost $4.5 billion in 2014 with 3 firms.", "In 2014, 3 firms paid.", False),  # the claim's own values
    ("Arsenal won 2-1.", "Arsenal won 3-1.", True),
    ("It opened on Monday.", "It opened on Tuesday.", True),
    ("It opened on Monday.", "It opened in May.", False),  # a month is no answer to a day
    ("It opened in June.", "It opened in May.", True),
    ("It opened in June.", "They may open it.", False),    # "may" is a month only capitalised
])
def test_what_conflicts(claim, premise, expected):
    premise_index, claim_index = SourceIndex(premise), SourceIndex(claim)
    missing = [d for d in details_of(claim) if not premise_index.has(d)]
    assert missing
    assert any(conflicting(d, premise_index, claim_index) for d in missing) is expected


def test_each_variant_has_its_signature_and_its_own_sources_index():
    assert [DetailCheck(m).signature for m in ("off", "on", "numbers", "counts", "conflict")] == [
        None, "exact/cap0", "numbers/cap0", "counts/cap0", "conflict/cap0-con"]
    assert DetailCheck(True) == DetailCheck("on") and DetailCheck(False) == DetailCheck("off")
    text = " ".join(SITCOM)
    assert DetailCheck("on").sources(text).missing(MODERN)[0].text == "Modern Family"
    assert DetailCheck("numbers").sources(text).missing(MODERN) == ()
    assert capped([0.2, 0.3, 0.5], "contradiction").tolist() == pytest.approx([0.0, 0.3, 0.7])


def test_the_cli_takes_the_variants_and_refuses_others(tmp_path, capsys):
    doc, summ = tmp_path / "d.txt", tmp_path / "s.txt"
    doc.write_text(" ".join(CLIMB))
    summ.write_text(FIFTY)
    common = ["score", "--document", str(doc), "--summary", str(summ), "--method", "nli-sent", "--no-cache"]
    with pytest.raises(SystemExit) as exc:
        main([*common, "--detail-check", "names"])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "invalid choice: 'names'" in err and "conflict" in err


@pytest.mark.parametrize("claim, sources, missing", [
    (FIFTY, CLIMB[1], ["50,000"]),
    ("Analysts had expected $4.5 billion.", BILLION[1], ["$4.5 billion"]),
    ("Arsenal beat Chelsea 2-1.", "Arsenal beat Chelsea 3-1.", ["2-1"]),
    ("She moved there in 2013.", SITCOM[0], []),                             # a year: not a count
    ("The investigation remains open (June 2018).", "It is still open.", []),  # a month: not a count
    ("On March 1 she was named.", "She was named in spring.", []),             # the day of a date
    ("She visited three cities.", "She visited Paris, Rome and Berlin.", []),  # the sources may list them
    ("She visited 10 cities.", "She visited Paris, Rome and Berlin.", []),
    ("She visited 11 cities.", "She visited Paris, Rome and Berlin.", ["11"]),
    ("It grew 3%.", "It grew 2%.", ["3%"]),                                    # a count with a unit is checked
    (MODERN, SITCOM[1], []),                                                   # names: not checked
])
def test_what_counts_checks(claim, sources, missing):
    assert [d.text for d in DetailCheck("counts").sources(sources).missing(claim)] == missing


def test_counts_caps_a_changed_count():
    result, _ = fenice(CLIMB, FIFTY, CLIMB_TABLE, detail_check="counts")
    assert result.score == pytest.approx(-0.04)
    assert result.claims[0].reason == "50,000: the sources say 35,000"
    assert "|details:counts/cap0|" in result.signature


@pytest.mark.parametrize("mode", ["counts", "numbers"])
def test_a_span_of_time_is_no_answer_to_a_count(mode):
    doc = ["In the trial, 100 patients received the drug for six months.", "They did not observe serious side effects."]
    claim = "The drug caused serious side effects in 62 of the 100 patients."
    table = {(doc[0], claim): (0.3, 0.6, 0.1), (doc[1], claim): (0.1, 0.2, 0.7), (" ".join(doc), claim): (0.2, 0.3, 0.5)}
    result, _ = fenice(doc, claim, table, detail_check=mode)
    assert result.claims[0].reason == "62: found nowhere in the sources"  # not "the sources say six"
    months = ["20 patients took the drug for 60 months."]
    said = "The drug was given for 18 months."
    table = {(months[0], said): (0.9, 0.05, 0.05)}
    result, _ = fenice(months, said, table, detail_check=mode)
    assert result.claims[0].reason == "18: the sources say 60"  # a span of time against a span of time, not 20

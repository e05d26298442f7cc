"""The detail check (factalign/details): numbers, scores, years and names looked up in the sources, the cap on a
claim that has one found nowhere there, and its reason; on hand-chosen NLI probabilities."""

import json

import pytest

from factalign import Scorer
from factalign.cli import main
from factalign.details import CAP, DetailCheck, capped, parse_detail_check
from factalign.details.find import details_of, numbers_of, scores_of
from factalign.details.match import SourceIndex
from factalign.errors import FactalignError
from factalign.nli import TableNLI, token_budget
from tests.helpers import BudgetedNLI, FixedClaims, FixedCoref

SITCOM = ["Natalia Moon moved to the Philippines in 2012.", "She landed a role in the sitcom Ismol Family in 2014."]
MODERN = "She landed a role in the sitcom Modern Family in 2014."
CLIMB = ["Kilimanjaro is a dormant volcano in Tanzania whose summit reaches 5,895 metres.",
         "Today about 35,000 people attempt the climb each year."]
FIFTY = "Around 50,000 climbers try to reach the top every year."


def values(text):
    return [(d.text, d.kind, d.value, d.unit) for d in numbers_of(text)]


def test_numbers_read_with_their_units_words_and_multipliers():
    assert values("fifteen bridges, twenty-three dogs and 2.4 billion people") == [
        ("fifteen", "number", 15.0, None), ("twenty-three", "number", 23.0, None),
        ("2.4 billion", "number", 2.4e9, None)]
    assert values("a $4.2m budget, 5,895 metres high, 12% and 3 per cent, in 2014") == [
        ("$4.2m", "number", 4.2e6, "$"), ("5,895 metres", "number", 5895.0, "m"), ("12%", "number", 12.0, "%"),
        ("3 per cent", "number", 3.0, "%"), ("2014", "year", 2014.0, None)]
    assert values("one of the two") == [("two", "number", 2.0, None)]  # "one" is a thing as often as a number


def test_a_match_score_is_one_detail_not_two_numbers():
    assert [(d.text, d.value) for d in scores_of("Chelsea beat Arsenal 3-1.")] == [("3-1", (3, 1))]
    assert values("Chelsea beat Arsenal 3-1.") == []
    assert values("from 2012-2014") == [("2012", "year", 2012.0, None), ("2014", "year", 2014.0, None)]


def test_names_of_a_claim():
    names = [d.text for d in details_of(MODERN) if d.kind == "name"]
    assert names == ["Modern Family"]
    assert [d.text for d in details_of("Arsenal beat Chelsea 2-1 on Monday.")] == ["2-1", "Arsenal", "Chelsea", "Monday"]


@pytest.mark.parametrize("claim, sources", [
    ("Mount Kilimanjaro is high.", "Kilimanjaro is high."),
    ("Kilimanjaro is high.", "Mount Kilimanjaro is high."),
    ("Meyer climbed it.", "It was climbed by Hans Meyer."),
    ("Hans Meyer climbed it.", "It was climbed by Meyer."),
    ("She moved to the US.", "She moved to the United States."),
    ("She moved to the United States.", "She moved to the U.S."),
    ("Pelé scored.", "PELE scored."),
    ("The NHS paid.", "The National Health Service paid."),
    ("It costs $4.2 million.", "It costs $4,200,000."),
    ("About 35,000 people climb it.", "34,800 people climbed it."),
    ("More than 30,000 people climb it.", "35,000 people climbed it."),
    ("Fifteen bridges were fixed.", "15 bridges were fixed."),
    ("Arsenal beat Chelsea 3-1.", "Chelsea lost 1-3 to Arsenal."),
])
def test_found_in_the_sources(claim, sources):
    index = SourceIndex(sources)
    assert [d.text for d in details_of(claim) if not index.has(d)] == []


@pytest.mark.parametrize("claim, sources, missing", [
    (FIFTY, CLIMB[1], "50,000"),
    (MODERN, SITCOM[1], "Modern Family"),
    ("It reaches 5,895 feet.", CLIMB[0], "5,895 feet"),
    ("Arsenal beat Chelsea 2-1.", "Arsenal beat Chelsea 3-1.", "2-1"),
    ("She moved there in 2013.", SITCOM[0], "2013"),
    ("Nearly 50,000 people climb it.", CLIMB[1], "50,000"),
])
def test_missing_from_the_sources(claim, sources, missing):
    index = SourceIndex(sources)
    assert [d.text for d in details_of(claim) if not index.has(d)] == [missing]


def fenice(document, claim, table, detail_check=True, **options):
    nli = TableNLI(table)
    scorer = Scorer("fenice", nli=nli, extractor=FixedClaims(claim), coref=FixedCoref([]), calibration=None,
                    detail_check=detail_check, **options)
    return scorer.score(" ".join(document), claim), scorer


def test_a_claim_with_a_name_found_nowhere_is_capped_and_says_so():
    # the sitcom case: the NLI model sees no difference between the two titles
    doc = " ".join(SITCOM)
    table = {(SITCOM[0], MODERN): (0.10, 0.85, 0.05), (SITCOM[1], MODERN): (0.93, 0.05, 0.02), (doc, MODERN): (0.90, 0.08, 0.02)}
    off, scorer_off = fenice(SITCOM, MODERN, table, detail_check=False)
    assert off.score == pytest.approx(0.91) and off.claims[0].reason is None
    assert "details:" not in off.signature
    on, scorer_on = fenice(SITCOM, MODERN, table)
    # every premise capped at p_ent = CAP = 0: sentence 0 gives 0 - 0.05, sentence 1 and the document 0 - 0.02
    assert CAP == 0.0
    assert on.score == pytest.approx(-0.02)
    claim = on.claims[0]
    assert claim.probs == pytest.approx((0.0, 0.98, 0.02))
    assert claim.details["missing_details"] == [{"detail": "Modern Family", "kind": "name", "sources_say": "Ismol Family"}]
    assert claim.reason == "Modern Family: the sources say Ismol Family"
    assert "|details:exact/cap0|" in on.signature


def test_a_wrong_number_is_capped_with_the_number_the_sources_give():
    doc = " ".join(CLIMB)
    table = {(CLIMB[0], FIFTY): (0.05, 0.9, 0.05), (CLIMB[1], FIFTY): (0.76, 0.2, 0.04), (doc, FIFTY): (0.7, 0.2, 0.1)}
    on, _ = fenice(CLIMB, FIFTY, table)
    assert on.score == pytest.approx(-0.04)
    assert on.claims[0].reason == "50,000: the sources say 35,000"


def test_a_claim_whose_details_are_all_found_scores_as_without_the_check():
    doc = ["Chelsea lost 1-3 to Arsenal on Saturday."]
    claim = "Arsenal beat Chelsea 3-1."
    table = {(doc[0], claim): (0.8, 0.15, 0.05)}
    on, _ = fenice(doc, claim, table)
    off, _ = fenice(doc, claim, table, detail_check="off")
    assert on.score == off.score == pytest.approx(0.75)
    assert "missing_details" not in on.claims[0].details


def test_the_reversed_score_order_is_left_to_the_nli_model_but_a_wrong_score_is_caught():
    doc = ["Chelsea lost 1-3 to Arsenal on Saturday."]
    claim = "Arsenal beat Chelsea 2-1."
    on, _ = fenice(doc, claim, {(doc[0], claim): (0.6, 0.3, 0.1)})
    assert on.score == pytest.approx(-0.1)
    assert on.claims[0].reason == "2-1: the sources say 1-3"


def test_a_premise_that_holds_the_detail_is_answered_as_the_model_answers():
    # FIZZ's filter checks facts against the summary sentence they came from: not capped there
    sources = DetailCheck(True).sources(" ".join(SITCOM))
    nli = sources.wrap(TableNLI({(MODERN, MODERN): (0.9, 0.1, 0.0), (SITCOM[1], MODERN): (0.9, 0.1, 0.0)}))
    rows = nli.predict([(MODERN, MODERN), (SITCOM[1], MODERN)])
    assert rows[0].tolist() == pytest.approx([0.9, 0.1, 0.0]) and rows[1].tolist() == pytest.approx([0.0, 1.0, 0.0])
    assert capped([0.2, 0.3, 0.5]).tolist() == pytest.approx([0.0, 0.5, 0.5])


def test_every_nli_method_scores_with_the_check_and_the_switch_means_off():
    for method in ("nli-sent", "summac-zs", "fizz", "infuse", "sentli", "fulldoc"):
        assert Scorer(method, nli=TableNLI({}), calibration=None).settings.detail_check.on is DetailCheck().on
        assert not Scorer(method, nli=TableNLI({}), calibration=None, detail_check="off").settings.detail_check.on
    assert parse_detail_check("ON").on and not parse_detail_check(False).on
    assert [parse_detail_check(v).mode for v in ("on", "all", True, "Numbers", " conflict ", "no", None)] == [
        "on", "on", "on", "numbers", "conflict", "off", "counts"]
    for bad in ("maybe", 3, DetailCheck.__new__):
        with pytest.raises(FactalignError, match=r"^the detail check is one of off, on, numbers, counts, conflict, not .+$"):
            parse_detail_check(bad)
    with pytest.raises(FactalignError, match="one of off, on, numbers, counts, conflict"):
        Scorer("fenice", nli=TableNLI({}), calibration=None, detail_check="names")


def test_fulldoc_still_sees_the_models_token_budget_through_the_check():
    model = BudgetedNLI({})
    assert token_budget(DetailCheck(True).sources("x").wrap(model)) is model


def test_the_cli_switch(tmp_path, capsys):
    doc, summ, table = tmp_path / "d.txt", tmp_path / "s.txt", tmp_path / "t.jsonl"
    doc.write_text(" ".join(CLIMB))
    summ.write_text(FIFTY)
    rows = [{"premise": p, "hypothesis": FIFTY, "probs": [0.7, 0.2, 0.1]} for p in [*CLIMB, " ".join(CLIMB)]]
    table.write_text("\n".join(json.dumps(r) for r in rows))
    common = ["score", "--document", str(doc), "--summary", str(summ), "--nli", f"table:{table}", "--method", "nli-sent",
              "--threshold", "0.5", "--json", "--no-cache"]
    assert main([*common, "--detail-check", "on"]) == 0
    on = json.loads(capsys.readouterr().out)
    assert main([*common, "--detail-check", "off"]) == 0
    off = json.loads(capsys.readouterr().out)
    assert on["score"] == pytest.approx(-0.1) and off["score"] == pytest.approx(0.6)
    assert on["claims"][0]["reason"] == "50,000: the sources say 35,000" and off["claims"][0]["reason"] is None
    assert "details:exact/cap0" in on["signature"] and "details" not in off["signature"]


def test_the_html_report_shows_the_reasons():
    from factalign.report.payload import row_view

    doc = " ".join(CLIMB)
    table = {(CLIMB[0], FIFTY): (0.05, 0.9, 0.05), (CLIMB[1], FIFTY): (0.76, 0.2, 0.04), (doc, FIFTY): (0.7, 0.2, 0.1)}
    result, _ = fenice(CLIMB, FIFTY, table)
    view = row_view(result.to_dict(), doc, FIFTY)
    assert view["claims"][0]["reason"] == "50,000: the sources say 35,000"

"""The role check (factalign/details/roles.py): who did what to whom, read from the parse; a claim whose agent and
patient a source sentence has the other way round is answered as contradicted; on hand-chosen NLI probabilities."""

import json

import pytest

from factalign import Scorer
from factalign.cli import main
from factalign.details import capped
from factalign.details.roles import RoleCheck, RoleCheckedNLI, events, parse_role_check, reversal
from factalign.errors import FactalignError
from factalign.nli import TableNLI, token_budget
from tests.helpers import BudgetedNLI, FixedClaims, FixedCoref

MATCH = "Arsenal beat Chelsea 3-1 at the Emirates on Sunday."
ARREST = "Officers arrested the man in his car on Friday."


@pytest.mark.parametrize("claim, source", [
    ("Chelsea beat Arsenal 3-1 on Sunday.", MATCH),
    ("Arsenal were beaten by Chelsea.", MATCH),                          # passive claim, active source
    ("The man arrested officers in his car.", ARREST),
    ("YouTube acquired Google in 2006.", "YouTube was acquired by Google in 2006."),
    ("The dog bit the postman.", "The postman bit the dog, police said."),
    ("The council sued the company over the spill.", "The company sued the council over the spill."),
    ("Manchester United beat Manchester City.", "Manchester City beat Manchester United."),
    ("Hans Meyer led Purtscheller up the mountain.", "Purtscheller led Meyer up the mountain."),  # surname = full name
    ("Northwind Airlines fined the regulator 3 million euros.",                # the indirect object is the one fined
     "The regulator fined Northwind Airlines 3 million euros after an inspection."),
])
def test_a_reversal_is_found(claim, source):
    assert reversal(claim, source) is not None


@pytest.mark.parametrize("claim, source", [
    ("Arsenal beat Chelsea 3-1 on Sunday.", MATCH),                      # the same roles
    ("Chelsea were beaten by Arsenal.", MATCH),                          # the same roles in the passive
    ("The man was arrested by officers.", ARREST),
    ("Google acquired YouTube in 2006.", "YouTube was acquired by Google in 2006."),
    ("Smith met Jones in Paris.", "Jones met Smith in Paris."),          # a symmetric verb
    ("Chelsea did not beat Arsenal.", "Arsenal beat Chelsea."),          # a negated claim
    ("Chelsea beat Arsenal.", "Arsenal praised Chelsea."),               # another verb
    ("Manchester beat Manchester City.", "Manchester City beat Manchester United."),  # fits both sides
    ("He beat Arsenal.", "Arsenal beat him."),                           # pronouns say nothing here
    ("The regulator fined Northwind Airlines 3 million euros.",
     "The regulator fined Northwind Airlines 3 million euros after an inspection."),
])
def test_no_reversal(claim, source):
    assert reversal(claim, source) is None


REVENUE = "Orbis said third-quarter revenue was up 8 percent from a year earlier."


@pytest.mark.parametrize("claim, source, moved", [
    ("Third-quarter revenue fell 8 percent, the company said.", REVENUE, True),
    ("Third-quarter revenue rose 8 percent, the company said.", REVENUE, False),
    ("Profits fell by 8%.", "Profits rose by 8% to $2.5 billion.", True),
    ("Shares rose 3.2 percent on Monday.", "Shares dropped 3.2 percent on Monday.", True),
    ("Unemployment fell to 5.1% in May.", "Unemployment increased to 5.1% in May.", True),
    ("Sales fell 5%.", "Costs rose 5% while sales were flat.", False),        # another quantity
    ("Profits fell 8%.", "Profits did not rise 8%, analysts said.", False),   # negated
    ("Revenue fell 10%.", "Revenue rose 8%.", False),                         # another amount: the detail check's
])
def test_a_change_the_other_way(claim, source, moved):
    found = reversal(claim, source)
    assert (found is not None) == moved
    if moved:
        assert found[0].kind == found[1].kind == "direction" and found[0].direction == -found[1].direction


def test_an_event_is_read_in_both_voices_alike():
    (active,), (passive,) = events("Arsenal beat Chelsea."), events("Chelsea were beaten by Arsenal.")
    assert (active.verb, active.agent.head, active.patient.head) == ("beat", "arsenal", "chelsea")
    assert (passive.verb, passive.agent.head, passive.patient.head) == ("beat", "arsenal", "chelsea")


def test_a_reversing_premise_is_answered_as_a_contradiction_and_others_as_the_model_answers():
    claim = "Chelsea beat Arsenal 3-1 on Sunday."
    model = TableNLI({(MATCH, claim): (0.9, 0.06, 0.04), ("Chelsea won.", claim): (0.5, 0.3, 0.2)})
    rows = RoleCheckedNLI(model).predict([(MATCH, claim), ("Chelsea won.", claim)])
    assert rows[0].tolist() == pytest.approx([0.0, 0.06, 0.94])
    assert rows[1].tolist() == pytest.approx([0.5, 0.3, 0.2])
    assert capped([0.2, 0.3, 0.5], "contradiction").tolist() == pytest.approx([0.0, 0.3, 0.7])


def test_fulldoc_still_sees_the_models_token_budget_through_the_check():
    model = BudgetedNLI({})
    assert token_budget(RoleCheck(True).wrap(model)) is model


def fenice(document, claim, table, **options):
    scorer = Scorer("fenice", nli=TableNLI(table), extractor=FixedClaims(claim), coref=FixedCoref([]), calibration=None,
                    **options)
    return scorer.score(" ".join(document), claim)


def test_fenice_scores_a_reversed_claim_as_contradicted_and_says_why():
    doc = [MATCH, "Bukayo Saka scored twice."]
    claim = "Chelsea beat Arsenal 3-1 on Sunday."
    table = {(doc[0], claim): (0.95, 0.03, 0.02), (doc[1], claim): (0.05, 0.9, 0.05), (" ".join(doc), claim): (0.9, 0.05, 0.05)}
    off = fenice(doc, claim, table, role_check="off")
    assert off.score == pytest.approx(0.93) and "roles:" not in off.signature and off.claims[0].reason is None
    on = fenice(doc, claim, table, threshold=0.5)
    # sentence 0 and the two-sentence passage reverse the claim: 0 - (0.02 + 0.95) and 0 - (0.05 + 0.9); sentence 1
    # gives 0.05 - 0.05 = 0, the best of the three
    assert on.score == pytest.approx(0.0)
    assert "|roles:swap+direction|" in on.signature
    c = on.claims[0]
    assert c.label == "unsupported"
    assert c.details["reversed"] == {"kind": "roles", "claim_says": "Chelsea beat Arsenal", "sources_say": MATCH}
    assert c.reason == f"who did what to whom is the other way round: the sources say {MATCH}"


def test_a_change_the_other_way_is_contradicted_and_says_so():
    claim = "Third-quarter revenue fell 8 percent, the company said."
    found = fenice([REVENUE], claim, {(REVENUE, claim): (0.85, 0.1, 0.05)}, threshold=0.5)
    assert found.score == pytest.approx(-0.9)  # 0 - (0.05 + 0.85): the one sentence is the passage and the document
    c = found.claims[0]
    assert c.details["reversed"]["kind"] == "direction"
    assert c.reason == f"it moved the other way: the sources say {REVENUE}"


def test_every_nli_method_has_the_check_and_the_switch_means_off():
    for method in ("fenice", "nli-sent", "summac-zs", "fizz", "infuse", "sentli", "fulldoc"):
        assert Scorer(method, nli=TableNLI({}), calibration=None).settings.role_check.on
        assert not Scorer(method, nli=TableNLI({}), calibration=None, role_check="off").settings.role_check.on
    assert parse_role_check("OFF") == RoleCheck(False) and parse_role_check(None) == RoleCheck(True)
    with pytest.raises(FactalignError, match="the role check is on or off, not 'maybe'"):
        parse_role_check("maybe")


def test_the_cli_switch(tmp_path, capsys):
    doc, summ, table = tmp_path / "d.txt", tmp_path / "s.txt", tmp_path / "t.jsonl"
    claim = "The man arrested officers in his car."
    doc.write_text(ARREST)
    summ.write_text(claim)
    table.write_text(json.dumps({"premise": ARREST, "hypothesis": claim, "probs": [0.9, 0.05, 0.05]}))
    common = ["score", "--document", str(doc), "--summary", str(summ), "--nli", f"table:{table}", "--method", "nli-sent",
              "--threshold", "0.5", "--json", "--no-cache", "--compare-check", "off"]  # the role check alone
    assert main([*common, "--role-check", "off"]) == 0
    off = json.loads(capsys.readouterr().out)
    assert main(common) == 0
    on = json.loads(capsys.readouterr().out)
    assert off["score"] == pytest.approx(0.85) and on["score"] == pytest.approx(-0.95)  # p_ent - p_con
    assert on["claims"][0]["reason"].startswith("who did what to whom is the other way round: the sources say Officers")
    assert "roles:swap+direction" in on["signature"] and "roles" not in off["signature"]

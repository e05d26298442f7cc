"""The comparison stage (factalign/details/compare): a claim set beside its evidence slot by slot. Table-driven: each
finding kind on pairs in varied wording, faithful rewordings (voice, synonyms, converse verbs, kept hedges) that
must not fire, and the NLI answers and reasons it gives on hand-chosen probabilities."""

import json

import pytest

from factalign import Scorer
from factalign.cli import main
from factalign.details.compare import DEFAULT_KINDS, DEFAULT_ON, KINDS, CompareCheck, ComparedNLI, compare, parse_compare_check
from factalign.details.compare.frames import frames
from factalign.errors import FactalignError
from factalign.nli import TableNLI, token_budget
from factalign.text.wordnet_table import identity as wordnet_identity
from tests.helpers import BudgetedNLI
from tests.compare_cases import BANK, DEPOT, FINAL, FIRES, QUIET, STADIUM
from tests.test_roles import fenice


@pytest.mark.parametrize("kind, claim, evidence", FIRES)
def test_a_finding_of_each_kind(kind, claim, evidence):
    found = compare(claim, evidence)
    assert found is not None and found.kind == kind, found


@pytest.mark.parametrize("claim, evidence", QUIET)
def test_a_faithful_rewording_gives_no_finding(claim, evidence):
    assert compare(claim, evidence) is None


def test_every_kind_has_cases_both_ways():
    assert {k for k, _, _ in FIRES} == set(KINDS)


@pytest.mark.parametrize("claim, evidence, claim_says, sources_say", [
    ("Castle Mutual agreed to buy Greenfield Bank.", BANK, "Castle Mutual", "Greenfield Bank is the buyer"),
    ("Ortiz won the semifinal.", FINAL, "Ortiz", "Kessler is the winner"),
    ("Dunmore Council will absorb the staff of Pellow Council.",
     "Pellow Council, 40 km north, which will take on the staff of Dunmore Council, said so.", "Dunmore Council",
     "Pellow Council is the employer"),
    ("Vandals caused the blaze at the depot.", DEPOT, "Vandals", "not vandals"),
    ("The zoo raised its ticket price.", "The zoo kept its ticket price at 20 dollars this season.", "raised", "kept"),
    ("The concert will take place in Leeds in May.", "The concert will take place in York in May.", "Leeds", "York"),
    ("The city built a new stadium.", STADIUM, "built", "plans"),
    ("Mendez Steel, the fourth-biggest producer, cut jobs.", "Mendez Steel, the country's second-largest steelmaker, cut jobs.",
     "fourth-biggest producer", "the country's second-largest steelmaker"),
    ("Engineers in Leipzig reported a fault in the pump.", "Engineers in Porto said a fault in the pump was found.",
     "Engineers (Leipzig)", "Engineers (Porto)"),
    ("Lindqvist topped the poll with 31 percent.", "Lindqvist came second in the poll with 31 percent, behind Ahmadi.",
     "Lindqvist first (topped)", "Lindqvist second"),
    ("The grant went not to the museum but to the public library.",
     "The grant went to the museum rather than to the public library, the council said.",
     "to the public library, not to the museum", "to the museum, not to the public library"),
])
def test_a_finding_names_both_sides(claim, evidence, claim_says, sources_say):
    found = compare(claim, evidence)
    assert (found.claim_says, found.sources_say) == (claim_says, sources_say)


def test_frames_are_read_alike_in_both_voices_and_through_converse_verbs():
    def core(text):
        (f,) = [f for f in frames(text) if f.pred == "buy"]
        return {slot: sorted(a.head for a in args) for slot, args in f.slots.items() if slot in ("agent", "patient", "from")}
    assert core("Kinto bought the brand from Delmar.") == core("Delmar sold the brand to Kinto.") \
        == {"agent": ["kinto"], "patient": ["brand"], "from": ["delmar"]}
    assert core("The brand was bought by Kinto.")["agent"] == core("Kinto's purchase of the brand")["agent"] == ["kinto"]


def test_the_nli_answers_capped_pairs_and_passes_the_others_through():
    claim, other = "The city built a new stadium.", "Parking will be free."
    model = TableNLI({(STADIUM, claim): (0.8, 0.15, 0.05), (other, claim): (0.3, 0.5, 0.2),
                      (BANK, "Castle Mutual agreed to buy Greenfield Bank."): (0.9, 0.06, 0.04)})
    rows = ComparedNLI(model).predict([(STADIUM, claim), (other, claim), (BANK, "Castle Mutual agreed to buy Greenfield Bank.")])
    assert rows[0].tolist() == pytest.approx([0.0, 0.95, 0.05])    # surer than the evidence: into neutral
    assert rows[1].tolist() == pytest.approx([0.3, 0.5, 0.2])      # no finding: the model's answer
    assert rows[2].tolist() == pytest.approx([0.0, 0.06, 0.94])    # roles reversed: into contradiction
    only_roles = ComparedNLI(model, frozenset({"roles"})).predict([(STADIUM, claim)])
    assert only_roles[0].tolist() == pytest.approx([0.8, 0.15, 0.05])
    budgeted = BudgetedNLI({})
    assert token_budget(CompareCheck(frozenset(KINDS)).wrap(budgeted)) is budgeted  # FullDoc still sees the budget


def test_fenice_caps_every_premise_of_a_claim_the_document_reverses_and_says_why():
    doc = [BANK, "Shares in both lenders rose on Monday."]
    claim = "Castle Mutual agreed to buy Greenfield Bank."
    table = {(doc[0], claim): (0.9, 0.06, 0.04), (doc[1], claim): (0.1, 0.8, 0.1), (" ".join(doc), claim): (0.85, 0.1, 0.05)}
    off = fenice(doc, claim, table, compare_check="off")
    assert off.score == pytest.approx(0.86) and "compare:" not in off.signature and off.claims[0].reason is None
    on = fenice(doc, claim, table, compare_check="on", threshold=0.5)
    # sentence 0 and the whole text reverse the claim (0 - 0.94, 0 - 0.9); sentence 1, which says nothing of the
    # purchase, is capped too since the document as a whole reverses it: 0 - (0.1 + 0.1), the best
    assert on.score == pytest.approx(-0.2)
    assert "|compare:roles+negation+opposite+name+ordinal+quantifier+factuality@wordnet-3.0#sha256=e9d7819d3de9|" in on.signature
    c = on.claims[0]
    assert c.label == "unsupported" and c.details["compared"]["kind"] == "roles"
    assert c.reason == ("who did what to whom is the other way round: the claim says Castle Mutual, the sources say "
                        f"Greenfield Bank is the buyer ({BANK})")


def test_fenice_a_claim_surer_than_its_evidence_is_not_entailed():
    claim = "The city built a new stadium."
    found = fenice([STADIUM], claim, {(STADIUM, claim): (0.8, 0.15, 0.05)}, compare_check="factuality", threshold=0.5)
    assert found.score == pytest.approx(-0.05)  # 0 - 0.05: p_ent moved to neutral, p_con as the model gave it
    assert "|compare:factuality@wordnet-3.0#sha256=" in found.signature
    assert found.claims[0].reason == ("the sources are less sure: the claim says built, the sources say plans "
                                      f"({STADIUM})")


def test_the_switch_and_its_kinds():
    assert parse_compare_check(None).on is DEFAULT_ON and parse_compare_check(None).kinds == DEFAULT_KINDS
    assert parse_compare_check(True).kinds == frozenset(KINDS) and not parse_compare_check(False).on
    assert parse_compare_check("OFF") == CompareCheck(frozenset()) and parse_compare_check("yes").kinds == frozenset(KINDS)
    assert parse_compare_check("negation+roles").signature == "roles+negation@" + wordnet_identity()
    assert parse_compare_check("roles, name").kinds == frozenset({"roles", "name"})
    for bad in ("maybe", "roles+typo", ""):
        with pytest.raises(FactalignError, match="the compare check is on, off or kinds among"):
            parse_compare_check(bad)
    for method in ("fenice", "nli-sent", "summac-zs", "fizz"):
        assert Scorer(method, nli=TableNLI({}), calibration=None, compare_check="on").settings.compare_check.on
        assert not Scorer(method, nli=TableNLI({}), calibration=None, compare_check="off").settings.compare_check.on


def test_the_cli_switch(tmp_path, capsys):
    doc, summ, table = tmp_path / "d.txt", tmp_path / "s.txt", tmp_path / "t.jsonl"
    claim = "Ortiz won the semifinal."
    doc.write_text(FINAL)
    summ.write_text(claim)
    table.write_text(json.dumps({"premise": FINAL, "hypothesis": claim, "probs": [0.9, 0.05, 0.05]}))
    common = ["score", "--document", str(doc), "--summary", str(summ), "--nli", f"table:{table}", "--method", "nli-sent",
              "--threshold", "0.5", "--json", "--no-cache"]
    assert main([*common, "--compare-check", "off"]) == 0
    off = json.loads(capsys.readouterr().out)
    assert main([*common, "--compare-check", "on"]) == 0
    on = json.loads(capsys.readouterr().out)
    assert off["score"] == pytest.approx(0.85) and on["score"] == pytest.approx(-0.95)  # p_ent - p_con
    assert on["claims"][0]["reason"].startswith("who did what to whom is the other way round: the claim says Ortiz, "
                                                "the sources say Kessler is the winner")
    assert "compare:roles+" in on["signature"] and "compare" not in off["signature"]

"""The capability suite (benchmarks/capability_suite.py): its templates on hand-made sentences, the
generator on a small synthetic corpus, and the accuracy arithmetic on a table-driven NLI."""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import capability_suite as suite  # noqa: E402
from capabilities import CAPABILITIES, generate, item_rows, suite_digest, suite_half  # noqa: E402
from capabilities import templates as T  # noqa: E402
from capabilities.lexicon import Antonyms  # noqa: E402
from capabilities.render import render  # noqa: E402
from capabilities.sources import Sentence  # noqa: E402

from factalign.calibration.decision import DecisionRule  # noqa: E402
from factalign.nli import TableNLI  # noqa: E402
from factalign.text.nlp import pipeline  # noqa: E402

ENTITIES = {("ORG", False): ["Juventus"], ("PERSON", False): ["Maria Lopez"]}


@pytest.fixture(scope="module")
def nlp():
    return pipeline(suite.PARSE)


def edited(nlp, text: str, capability: str, seed: int = 0) -> str | None:
    edit = T.TEMPLATES[capability](nlp(text), T.Context(random.Random(seed), ENTITIES, Antonyms(use_wordnet=False)))
    return render(nlp(text), edit.ops) if edit else None


def rows_for(nlp, text: str, capability: str, seed: int = 0) -> list[dict] | None:
    ctx = T.Context(random.Random(seed), ENTITIES, Antonyms(use_wordnet=False))
    return item_rows(nlp(text), capability, ctx, Sentence(text, "test:doc", "test"), "x")


@pytest.mark.parametrize("capability, premise, hypothesis", [
    ("role_swap", "Arsenal beat Chelsea.", "Chelsea beat Arsenal."),
    ("role_swap", "The committee approved the budget.", "The budget approved the committee."),
    ("antonym", "Third-quarter revenue rose 8 percent.", "Third-quarter revenue fell 8 percent."),
    ("antonym", "The committee approved the budget.", "The committee rejected the budget."),
    ("negation", "They did not observe serious side effects.", "They did observe serious side effects."),
    ("negation", "The drug caused serious side effects.", "The drug did not cause serious side effects."),
    ("modal", "The company can expand its factory.", "The company cannot expand its factory."),
    ("modal", "The drug may cause serious side effects.", "The drug cannot cause serious side effects."),
    ("quantifier", "Entry will remain free for children under 12.", "Entry will remain free for everyone."),
    ("quantifier", "Several cars are parked on the street.", "All cars are parked on the street."),
    ("paraphrase", "The film was successful.", "The movie was successful."),
    ("entity", "Arsenal beat Barack Obama.", "Arsenal beat Maria Lopez."),
])
def test_template_edits(nlp, capability, premise, hypothesis):
    assert edited(nlp, premise, capability) == hypothesis


def test_templates_that_must_not_apply(nlp):
    assert edited(nlp, "The two teams met in London.", "role_swap") is None  # meet is symmetric
    assert edited(nlp, "The sales did not rise.", "antonym") is None  # "did not fall" would not contradict
    assert edited(nlp, "No patient was hurt in the trial.", "added_detail") is None  # entailed under negation


def test_item_pairs_test_and_control_from_one_shortened_sentence(nlp):
    test, control = rows_for(nlp, "Arsenal beat Chelsea 3-1 on Sunday.", "role_swap")
    assert (test["hypothesis"], test["label"], test["role"]) == ("Chelsea beat Arsenal 3-1.", "contradiction", "test")
    assert (control["hypothesis"], control["label"], control["role"]) == ("Arsenal beat Chelsea 3-1.", "entailment", "control")
    assert test["premise"] == control["premise"] == "Arsenal beat Chelsea 3-1 on Sunday."
    # without anything to shorten or respell, the control would repeat the premise: no item
    assert rows_for(nlp, "Arsenal beat Chelsea.", "role_swap") is None


def test_a_removed_negation_has_the_negation_spelled_another_way_as_control(nlp):
    test, control = rows_for(nlp, "They didn't observe serious side effects.", "negation")
    assert (test["hypothesis"], control["hypothesis"]) == ("They did observe serious side effects.",
                                                           "They did not observe serious side effects.")
    test, control = rows_for(nlp, "The patients could not walk.", "negation")
    assert (test["hypothesis"], control["hypothesis"]) == ("The patients could walk.", "The patients couldn't walk.")


def test_number_changes_the_quantity_and_its_control_respells_it(nlp):
    test, control = rows_for(nlp, "About 35,000 people attempt the climb each year.", "number")
    assert control["hypothesis"] == "About 35 thousand people attempt the climb each year."
    assert test["hypothesis"].startswith("About ") and "35,000" not in test["hypothesis"]
    assert test["hypothesis"].endswith(" people attempt the climb each year.")
    test, control = rows_for(nlp, "Revenue rose 8% in 2019.", "number", seed=0)
    assert (test["hypothesis"], test["label"], test["detail"]) == ("Revenue rose 24%.", "contradiction", "number: 8 -> 24")
    assert (control["hypothesis"], control["kind"]) == ("Revenue rose 8 percent.", "respelled")


def test_added_detail_is_neutral_beside_its_entailed_control(nlp):
    test, control = rows_for(nlp, "A man is playing a guitar in a park.", "added_detail", seed=1)
    assert control["hypothesis"] == "A man is playing a guitar."
    assert (test["hypothesis"], test["label"]) == ("A man is playing a guitar in Madrid.", "neutral")


def test_generate_is_seeded_and_pairs_every_test_with_a_control(nlp):
    texts = ["Arsenal beat Chelsea 3-1 on Sunday.", "Third-quarter revenue rose 8 percent in 2019.",
             "Some students passed the exam in March.", "The committee approved the budget after a long debate.",
             "Barack Obama, the former president, visited Kenya in 2015.", "A man is playing a guitar in a park.",
             "About 35,000 people attempt the climb each year in Tanzania.", "The company can expand its factory in Ohio."]
    sentences = [Sentence(t, f"doc:{i}", "a" if i % 2 else "b") for i, t in enumerate(texts)]
    rows = generate(sentences, nlp, seed=5, size=3, antonyms=Antonyms(use_wordnet=False))
    assert suite_digest(rows) == suite_digest(generate(sentences, nlp, seed=5, size=3, antonyms=Antonyms(use_wordnet=False)))
    by_item = {}
    for row in rows:
        by_item.setdefault(row["item"], []).append(row)
    assert {i.rsplit("-", 1)[0] for i in by_item} == set(CAPABILITIES)
    for item, pair in by_item.items():
        assert [r["role"] for r in pair] == ["test", "control"], item
        test, control = pair
        assert control["label"] == "entailment" and test["label"] == T.TEST_LABEL[test["capability"]]
        assert len({test["hypothesis"], control["hypothesis"], test["premise"]}) == 3
    assert max(sum(1 for i in by_item if i.startswith(c + "-")) for c in CAPABILITIES) <= 3


def test_suite_half_is_the_first_byte_of_a_salted_sha256():
    for key in ("wice:Media Play News is the voice of the home entertainment industry.", "feverfact:Stevie Ray Vaughan"):
        assert suite_half(key) == (hashlib.sha256(f"capability-suite:{key}".encode()).digest()[0] < 128)
    assert 4500 < sum(suite_half(f"sick:{i}") for i in range(10_000)) < 5500


def test_accuracy_arithmetic_on_a_table_nli(tmp_path):
    premise = "Arsenal beat Chelsea 3-1 on Sunday."
    rows = [
        {"capability": "role_swap", "role": "test", "label": "contradiction", "hypothesis": "a", "kind": "role_swap"},
        {"capability": "role_swap", "role": "control", "label": "entailment", "hypothesis": "b", "kind": "shortened"},
        {"capability": "role_swap", "role": "test", "label": "contradiction", "hypothesis": "c", "kind": "role_swap"},
        {"capability": "role_swap", "role": "control", "label": "entailment", "hypothesis": "d", "kind": "respelled"},
        {"capability": "added_detail", "role": "test", "label": "neutral", "hypothesis": "e", "kind": "place"},
        {"capability": "added_detail", "role": "control", "label": "entailment", "hypothesis": "f", "kind": "shortened"},
    ]
    rows = [row | {"premise": premise} for row in rows]
    probs = {"a": (0.1, 0.1, 0.8),    # score -0.7: not supported either way (right)
             "b": (0.6, 0.3, 0.1),    # 0.5: supported at > 0 (right), not at >= 0.6 (wrong)
             "c": (0.5, 0.3, 0.2),    # 0.3: supported at > 0 (wrong), not at >= 0.6 (right)
             "d": (0.9, 0.05, 0.05),  # 0.85: supported (right)
             "e": (0.3, 0.6, 0.1),    # 0.2: supported at > 0 (wrong), not at >= 0.6 (right)
             "f": (0.2, 0.7, 0.1)}    # 0.1: supported at > 0 (right), not at >= 0.6 (wrong)
    model = TableNLI({(premise, h): p for h, p in probs.items()})
    scores, signature = suite.nli_scores(model, rows)
    assert scores == pytest.approx([-0.7, 0.5, 0.3, 0.85, 0.2, 0.1])
    assert signature == model.signature
    assert suite.accuracies(rows, scores, lambda s: s > 0) == {
        ("role_swap", "test"): (1, 2), ("role_swap", "control"): (2, 2),
        ("added_detail", "test"): (0, 1), ("added_detail", "control"): (1, 1)}
    rule = DecisionRule(0.6, labels=("supported", "unsupported"))
    at_threshold = suite.accuracies(rows, scores, lambda s: rule.decide(s).label == "supported")
    assert at_threshold == {("role_swap", "test"): (2, 2), ("role_swap", "control"): (1, 2),
                            ("added_detail", "test"): (1, 1), ("added_detail", "control"): (0, 1)}
    text = suite.table(rows, {"m": at_threshold}, "t")
    assert "| role_swap | contradiction | 2 | 100.0 | 50.0 |" in text
    assert "| added_detail | neutral | 1 | 100.0 | 0.0 |" in text
    assert "| antonym | contradiction | 0 | - | - |" in text
    by_kind = suite.accuracies(rows, scores, lambda s: s > 0, by=("capability", "role", "kind"))
    assert by_kind[("role_swap", "control", "shortened")] == (1, 1)
    assert by_kind[("role_swap", "control", "respelled")] == (1, 1)
    assert by_kind[("role_swap", "test", "role_swap")] == (1, 2)
    strict = suite.accuracies(rows, scores, lambda s: s >= 0.6, by=("capability", "role", "kind"))
    lines = suite.breakdown(rows, {"m": by_kind, "n": strict}, "t").splitlines()
    assert "| role_swap | test | role_swap | 2 | 50.0 | 100.0 |" in lines
    assert "| added_detail | control | shortened | 1 | 100.0 | 0.0 |" in lines


def test_the_model_answers_through_the_role_check_unless_it_is_off():
    premise, swapped = "Arsenal beat Chelsea 3-1 on Sunday.", "Chelsea beat Arsenal 3-1 on Sunday."
    rows = [{"capability": "role_swap", "role": "test", "label": "contradiction", "hypothesis": swapped,
             "kind": "role_swap", "premise": premise}]
    model = TableNLI({(premise, swapped): (0.9, 0.06, 0.04)})
    assert suite.nli_scores(model, rows)[0] == pytest.approx([-0.94])
    assert suite.nli_scores(model, rows, "off")[0] == pytest.approx([0.86])


def test_the_model_answers_through_the_detail_check_with_the_premise_as_the_sources():
    premise, changed, kept = ("About 35,000 people attempt the climb each year.",
                              "About 50,000 people attempt the climb each year.", "About 35,000 people try the climb.")
    rows = [{"capability": "number", "role": role, "label": label, "hypothesis": h, "kind": "number",
             "premise": premise} for role, label, h in (("test", "contradiction", changed), ("control", "entailment", kept))]
    model = TableNLI({(premise, changed): (0.8, 0.15, 0.05), (premise, kept): (0.9, 0.05, 0.05)})
    # 50,000 is found nowhere in the premise: p_ent cut to 0, the 0.8 moved to neutral (0 - 0.05); 35,000 is kept
    assert suite.nli_scores(model, rows)[0] == pytest.approx([-0.05, 0.85])
    assert suite.nli_scores(model, rows, details="off")[0] == pytest.approx([0.75, 0.85])


def test_the_claim_rule_is_fenices_shipped_claim_threshold():
    import json

    from factalign.calibration.defaults import DEFAULTS_DIR

    shipped = json.loads((DEFAULTS_DIR / "summary" / "fenice.json").read_text())["claims"]["threshold"]
    assert suite.claim_rule("fenice").threshold == shipped

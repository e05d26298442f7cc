"""House model v4 training data (issue 37): the capability edits and the `capabilities:DIR` spec."""

import json
import random

import pytest

from factalign.errors import FactalignError
from factalign.text import wordnet
from factalign.train.split import suite_half

pytestmark = pytest.mark.skipif(not wordnet.available(), reason=(
    f"WordNet database not found in {wordnet.database_dir()}: apt-get install wordnet-base"))

cap = pytest.importorskip("factalign.train.capabilities", reason="needs the [train] extra (nltk, lemminflect)")
amt = pytest.importorskip("factalign.train.capability_amounts")
det = pytest.importorskip("factalign.train.capability_details")


def test_role_swap_moves_whole_phrases_and_skips_symmetric_verbs(parse):
    assert cap.swap_roles(parse("Arsenal beat Chelsea 3-1 on Sunday.")) == "Chelsea beat Arsenal 3-1 on Sunday."
    assert cap.swap_roles(parse("President George Bush nominated Thomas for a seat on the court.")) == \
        "Thomas nominated President George Bush for a seat on the court."
    assert cap.swap_roles(parse("The coach said that Arsenal beat Chelsea on Sunday.")) == \
        "The coach said that Chelsea beat Arsenal on Sunday."
    assert cap.swap_roles(parse("Arsenal played Chelsea on Sunday.")) is None  # symmetric
    assert cap.swap_roles(parse("The council approved the new budget.")) is None  # a budget cannot approve


def test_antonym_and_converse_inflected_like_the_verb(parse):
    assert cap.swap_antonym(parse("Revenue rose 8 percent.")) == "Revenue fell 8 percent."
    assert cap.swap_antonym(parse("The company bought the factory in 2010.")) == "The company sold the factory in 2010."
    assert cap.swap_antonym(parse("The council approved the new budget.")) == "The council rejected the new budget."
    assert cap.wordnet_antonym("increase", "v") == "decrease"


def test_modal_and_finding_negation(parse):
    assert cap.negate_modal(parse("Visitors can enter the museum for free.")) == "Visitors cannot enter the museum for free."
    assert cap.negate_modal(parse("Prices may rise next year.")) == "Prices cannot rise next year."
    assert cap.negate_finding(parse("Researchers found a link between sleep and memory.")) == \
        "Researchers found no link between sleep and memory."
    assert cap.negate_finding(parse("The drug caused serious side effects.")) == "The drug never caused serious side effects."
    assert cap.negate_finding(parse("Some residents opposed the plan.")) is None  # "some ... never" is compatible


def test_quantifier_and_scope(parse):
    rng = random.Random(0)
    assert amt.generalise_quantifier(parse("Some residents opposed the plan.")) == "All residents opposed the plan."
    assert amt.some_to_no(parse("Some residents opposed the plan.")) == "No residents opposed the plan."
    assert amt.all_to_some(parse("All employees received a bonus.")) == "Some employees received a bonus."
    widened = {amt.widen_scope(parse("Entry will remain free for children under 12."), rng) for _ in range(8)}
    assert widened == {"Entry will remain free for all children.", "Entry will remain free for everyone."}


def test_numbers_dates_and_units(parse):
    rng = random.Random(0)
    assert amt.number_words(parse("Fifteen people were injured in the crash.")) == "15 people were injured in the crash."
    assert amt.number_words(parse("Williams received a paltry $80 per day.")) is None
    assert amt.spell_out_scale(parse("The company sold 2.4 billion dollars of bonds.")) == \
        "The company sold 2,400,000,000 dollars of bonds."
    assert amt.swap_scale(parse("The company sold 2.4 billion dollars of bonds.")) == \
        "The company sold 2.4 million dollars of bonds."
    approx = amt.change_approximate(parse("About 35,000 people attempt the climb each year."), rng)
    hedge, number = approx.split()[:2]
    assert hedge in ("Around", "Approximately", "Roughly") and abs(int(number.replace(",", "")) - 35000) >= 14000
    assert amt.change_date(parse("The museum opened on March 3, 2004."), rng) != "The museum opened on March 3, 2004."
    looser = amt.bound_number(parse("The drug caused side effects in 62 patients."), rng, looser=True)
    stricter = amt.bound_number(parse("The drug caused side effects in 62 patients."), rng, looser=False)
    assert int(looser.split("more than ")[1].split()[0]) < 62 < int(stricter.split("more than ")[1].split()[0])


def test_foreign_entity_synonyms_and_added_detail(parse):
    rng = random.Random(0)
    sent = parse("Maria Lopez was born in Springfield.")
    pool = [("Time", "PERSON"), ("John Reed", "PERSON"), ("Maria Lopez", "PERSON")]
    assert det.foreign_entity(sent, pool, sent.text, rng) == "John Reed was born in Springfield."
    assert det.paraphrase(parse("Smith attempted to purchase the house.")) == "Smith tried to buy the house."
    assert det.paraphrase(parse("Critics state that the film is long.")) == "Critics say that the film is long."
    other = parse("The summit took place in Geneva in June 2004.")
    details = {det.add_detail(parse("The council approved the budget."), other, random.Random(s)) for s in range(12)}
    assert "The council approved the budget in Geneva." in details
    assert all(d.startswith("The council approved the") for d in details)


def test_fused_claim_needs_both_sentences(parse):
    from factalign.train.capability_pairs import fused_claim

    assert fused_claim(parse("Maria Lopez was elected mayor of Springfield in 2019."),
                       parse("She had served on the city council for eight years.")) == \
        "Maria Lopez was elected mayor of Springfield in 2019 and had served on the city council for eight years."
    assert fused_claim(parse("Cromwell defeated Charles II at Worcester in 1651."),
                       parse("Cromwell ruled England as Lord Protector from 1653.")) == \
        "Cromwell defeated Charles II at Worcester in 1651 and ruled England as Lord Protector from 1653."
    assert fused_claim(parse("The city opened a library."), parse("She was pleased.")) is None
    assert fused_claim(parse("Maria Lopez opened a library."), parse("It has ten rooms.")) is None


def test_wordnet_missing_is_one_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("FACTALIGN_WORDNET", str(tmp_path))
    wordnet.wordnet.cache_clear()
    try:
        with pytest.raises(FactalignError, match="apt-get install wordnet-base"):
            wordnet.wordnet()
    finally:
        wordnet.wordnet.cache_clear()


PAGE = [
    "{name} was elected mayor of {city} in March 2019.",
    "She had served on the city council for eight years before the election.",
    "Arsenal beat Chelsea 3-1 at the stadium in {city} on Sunday.",
    "Revenue of the city rose 8 percent in the third quarter of the year.",
    "Visitors can enter the new library for free on weekends.",
    "Some residents opposed the plan to close the old school.",
    "The council attempted to purchase the old factory near the river.",
    "About 35,000 people attempt the climb of the hill each year.",
]
NAMES = ["Maria Lopez", "Anna Berg", "Julia Costa", "Emma Novak", "Laura Weiss", "Sara Holm", "Nina Kraus",
         "Clara Roth", "Olga Petrov", "Irene Marsh", "Paula Stone", "Rita Moreno"]
CITIES = ["Springfield", "Dayton", "Toledo", "Akron", "Canton", "Salem", "Tulsa", "Omaha", "Boise", "Reno",
          "Fresno", "Austin"]


def test_capabilities_spec_labels_every_family_and_leaves_out_the_suite_half(tmp_path):
    from factalign.train.capability_pairs import FAMILY_NAMES
    from factalign.train.mix import load_part, parse_data_spec

    pages = [[s.format(name=n, city=c) for s in PAGE] for n, c in zip(NAMES, CITIES)]
    wice = tmp_path / "wice"
    wice.mkdir()
    rows = [{"claim": f"claim {k}", "label": "supported", "evidence": page, "supporting_sentences": [[0]]}
            for k, page in enumerate(pages[:-1])]
    (wice / "claim_dev.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (wice / "non_supported_tokens_train.jsonl").write_text("")
    article = " ".join(pages[-1])
    (tmp_path / "feverfact_val.jsonl").write_text(json.dumps(
        {"source": "Rita Moreno", "source_text": article, "sentence": pages[-1][0],
         "sentence_context": pages[-1][:2], "claims": ["Rita Moreno was elected mayor."]}) + "\n")
    kind, path, _ = parse_data_spec(f"capabilities:{tmp_path}")
    pairs = load_part(kind, path, "train", 0.0, 13)

    keys = [f"wice:{page[0]}" for page in pages[:-1]] + ["feverfact:Rita Moreno"]
    held = [name for name, key in zip(NAMES, keys) if suite_half(key)]
    assert held and len(held) < len(NAMES)  # the fixture has documents on both sides
    assert not [p for p in pairs if any(name in p["premise"] for name in held)]
    sources = {(p["source"], p["label"]) for p in pairs}
    assert {source for source, _ in sources} == {f"cap-{family}" for family in FAMILY_NAMES}
    assert {("cap-role", "contradiction"), ("cap-antonym", "contradiction"), ("cap-negation", "contradiction"),
            ("cap-quantifier", "neutral"), ("cap-number", "contradiction"), ("cap-number", "entailment"),
            ("cap-entity", "contradiction"), ("cap-paraphrase", "entailment"), ("cap-detail", "neutral"),
            ("cap-fusion", "entailment"), ("cap-fusion", "neutral")} <= sources
    for family in ("role", "antonym", "negation", "entity", "detail"):  # each edit beside its entailed control
        labels = [p["label"] for p in pairs if p["source"] == f"cap-{family}"]
        assert labels.count("entailment") == len(labels) - labels.count("entailment")
    assert pairs == load_part(kind, path, "train", 0.0, 13)

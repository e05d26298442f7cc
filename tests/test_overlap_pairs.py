"""House model v5 training data (issue 43): overlap edits, evidence removal, CG2C-Doc, the bias-only model."""

import json
import math
import random

import pytest

from factalign.text import wordnet

pytestmark = pytest.mark.skipif(not wordnet.available(), reason=(
    f"WordNet database not found in {wordnet.database_dir()}: apt-get install wordnet-base"))

edits = pytest.importorskip("factalign.train.overlap_edits", reason="needs the [train] extra (nltk, lemminflect)")


def test_passive_and_its_role_swap_share_every_word(parse):
    sent = parse("The regional council hired a new director in March.")
    assert edits.passive(sent) == "A new director was hired by the regional council in March."
    assert edits.passive_swap(sent) == "The regional council was hired by a new director in March."
    # a name that reads plural is one agent
    assert edits.passive(parse("Acme Corp acquired Bolt Systems in 2019.")) == "Bolt Systems was acquired by Acme Corp in 2019."
    assert edits.passive(parse("The council approved the new budget.")) is None  # a budget is no agent


def test_a_plan_or_a_possibility_stated_as_done(parse):
    assert edits.factuality(parse("The union has agreed to suspend the strike.")) == "The union suspended the strike."
    assert edits.factuality(parse("Officials said the strike could delay the harvest by two weeks.")) == \
        "Officials said the strike delayed the harvest by two weeks."
    assert edits.factuality(parse("The company plans to build a second factory near Leeds.")) == \
        "The company built a second factory near Leeds."
    assert edits.factuality(parse("The company does not plan to build a factory.")) is None
    assert edits.factuality(parse("The company built a factory near Leeds.")) is None


def test_opposite_events_and_ranks(parse):
    rng = random.Random(0)
    assert edits.opposite(parse("The board approved the merger on Tuesday."), rng) == "The board rejected the merger on Tuesday."
    assert edits.opposite(parse("Voters rejected the proposal by a wide margin."), random.Random(0)) in {
        "Voters approved the proposal by a wide margin.", "Voters accepted the proposal by a wide margin."}
    assert edits.ordinal(parse("It is the largest lake in the province."), random.Random(0)) in {
        "It is the second-largest lake in the province.", "It is the third-largest lake in the province."}
    changed = edits.ordinal(parse("The team finished second in the league."), random.Random(0))
    assert changed != "The team finished second in the league." and "second" not in changed


def test_evidence_removal_pairs_and_skips_a_claim_another_sentence_carries():
    from factalign.train.overlap_pairs import d2c_pairs

    sentences = ["Mirela Dunca founded the Varna Theatre in 1962.", "The theatre seats 400 people in its main hall.",
                 "It stages about twelve productions every season.", "Tickets are sold at the door only.",
                 "The building was restored after a fire in 1988."]
    # the split hashes the key; find one outside the suite's half
    from factalign.train.split import suite_half
    key = next(("wice", f"doc{n}") for n in range(50) if not suite_half(f"wice:doc{n}"))
    pairs = d2c_pairs({key: sentences}, seed=1, per_document=5)
    assert pairs and len(pairs) % 2 == 0
    for entailed, removed in zip(pairs[::2], pairs[1::2]):
        assert (entailed["label"], removed["label"]) == ("entailment", "neutral")
        assert entailed["hypothesis"] == removed["hypothesis"] and entailed["hypothesis"] in entailed["premise"]
        assert entailed["hypothesis"] not in removed["premise"]
    # a claim that another sentence of the window repeats is never paired as removable
    from factalign.train.overlap_pairs import content_words
    echoed = [sentences[0], "The city says Mirela Dunca founded the Varna Theatre in 1962.", *sentences[1:]]
    neutral = [p for p in d2c_pairs({key: echoed}, seed=1, per_document=6) if p["label"] == "neutral"]
    assert neutral
    for p in neutral:
        claim = content_words(p["hypothesis"])
        assert all(len(claim & content_words(s)) / len(claim) < 0.6 for s in echoed if s in p["premise"])


def test_cg2c_rows_keep_twins_on_one_side(tmp_path):
    from factalign.train.overlap_pairs import cg2c_pairs

    path = tmp_path / "cg2c.jsonl"
    rows = [{"id": i, "document": f"Doc {i} text.", "claim": f"Claim {i // 2}.",
             "label": "supported" if i % 2 == 0 else "not_supported"} for i in range(40)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    train, dev = cg2c_pairs(path, "train", 0.3, 13), cg2c_pairs(path, "dev", 0.3, 13)
    assert len(train) + len(dev) == 40 and dev
    assert {p["hypothesis"] for p in train}.isdisjoint({p["hypothesis"] for p in dev})
    assert {p["label"] for p in train} == {"entailment", "neutral"}


def test_the_bias_model_reads_overlap_and_the_losses_credit_only_what_it_misses():
    torch = pytest.importorskip("torch")
    from factalign.train import bias

    same = bias.features("The bank kept its rate at 4 percent.", "The bank kept its rate.")
    other = bias.features("The bank kept its rate at 4 percent.", "Farmers protested loudly.")
    assert same[0] == 1.0 and other[0] == 0.0
    assert bias.features("It rained.", "It did not rain.")[2] == 1.0

    logits = torch.tensor([[2.0, 0.0, 0.0]])
    gold = torch.tensor([[1.0, 0.0, 0.0]])
    flat = torch.tensor([[1 / 3, 1 / 3, 1 / 3]])
    # a bias model that knows nothing leaves the loss as plain cross-entropy, in every mode
    plain = -math.log(math.exp(2) / (math.exp(2) + 2))
    for mode in bias.MODES:
        assert bias.loss(logits, gold, flat, mode).item() == pytest.approx(plain, abs=1e-6)
    # a bias model sure of the gold label: product of experts leaves almost nothing to learn
    sure = torch.tensor([[0.98, 0.01, 0.01]])
    assert bias.loss(logits, gold, sure, "poe").item() == pytest.approx(
        -math.log(0.98 * math.exp(2) / (0.98 * math.exp(2) + 0.02)), abs=1e-5)
    # reweighting: an example the bias answers counts less than one it misses
    pair_logits, pair_gold = torch.zeros(2, 3), torch.tensor([[1.0, 0, 0], [1.0, 0, 0]])
    answered = bias.loss(pair_logits, pair_gold, torch.tensor([[0.9, 0.05, 0.05], [0.1, 0.45, 0.45]]), "reweight")
    assert answered.item() == pytest.approx(math.log(3), abs=1e-6)  # equal losses: any weights give the same mean
    probs, accuracy = bias.fit([{"premise": "A b c.", "hypothesis": "A b c.", "label": "entailment"},
                                {"premise": "A b c.", "hypothesis": "X y z.", "label": "neutral"}] * 10, steps=200)
    assert accuracy == 1.0 and len(probs) == 20


def test_new_specs_parse_and_open_natural_sets_name_their_terms(tmp_path):
    from factalign.train.mix import OPEN_NATURAL, parse_data_spec

    assert parse_data_spec(f"d2c:{tmp_path}") == ("d2c", tmp_path, None)
    assert parse_data_spec(f"overlap:{tmp_path}@100") == ("overlap", tmp_path, 100)
    assert "anli_dev_r1r2r3" not in OPEN_NATURAL and all(OPEN_NATURAL.values())

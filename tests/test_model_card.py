"""The house model's card lists every training source with its terms, generated from the model's own recipe."""

import json

from factalign.nli import HOUSE_MODEL_DIR
from factalign.train.card import render
from factalign.train.licences import restricted, terms_of


def test_terms_are_read_by_source_and_family():
    assert terms_of("natural-anli_dev_r1r2r3").commercial is False
    assert terms_of("sick").commercial is False and terms_of("msrp").commercial is False
    assert terms_of("cap-role").commercial and terms_of("ov-factuality").commercial and terms_of("cg2c").commercial
    assert terms_of("something-new").commercial is False  # unknown terms grant nothing


def test_a_card_names_each_source_and_says_whether_the_model_is_open():
    config = {"model_id": "x/house-test", "id2label": {"0": "entailment"}, "sha256": "ab" * 32,
              "recipe": {"command": "factalign train-nli ...", "dev": {"accuracy": 0.5, "step": 10},
                         "train_counts": {"wice": {"entailment": 3}, "cg2c": {"neutral": 2}}}}
    card = render(config)
    assert "| wice | 3 | WiCE (Kamoi et al. 2023) | CC BY-SA 4.0 | yes |" in card
    assert "**Every source allows commercial use.**" in card
    config["recipe"]["train_counts"]["sick"] = {"neutral": 1}
    config["recipe"]["teacher"] = {"file": "t.npz"}
    assert restricted(list(config["recipe"]["train_counts"]), config["recipe"]["teacher"]) == [
        "sick", "teacher t.npz (trained on unrecorded data)"]
    assert "**Not for commercial use**: trained on sick, teacher t.npz" in render(config)


def test_a_teacher_counts_by_the_sources_its_file_records():
    from factalign.train.teacher import trained_on

    assert trained_on({"dev": {"per_source": {"wice": 0.9, "cg2c": 0.8}}}) == ["cg2c", "wice"]
    assert restricted(["wice"], {"file": "open.npz", "sources": ["cg2c", "wice"]}) == []
    assert restricted(["wice"], {"file": "mixed.npz", "sources": ["sick", "wice"]}) == ["teacher mixed.npz (trained on sick)"]


def test_the_shipped_card_is_the_one_its_recipe_gives():
    config = json.loads((HOUSE_MODEL_DIR / "config.json").read_text(encoding="utf-8"))
    assert (HOUSE_MODEL_DIR / "README.md").read_text(encoding="utf-8") == render(config), (
        "regenerate it: python -m factalign.train.card factalign/models/house-nli")


def test_models_names_the_card_and_the_terms(capsys):
    from factalign.cli import main

    assert main(["models"]) == 0
    out = capsys.readouterr().out
    assert "model card: " in out and "training data: " in out

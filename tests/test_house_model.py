"""The shipped house model through the real onnx backend, on pairs whose label is not in doubt."""

import json

import numpy as np
import pytest

from factalign.nli import CON, ENT, NEU, HOUSE_MODEL_DIR, load_nli
from factalign.nli.onnx import file_sha256

pytestmark = pytest.mark.skipif(not (HOUSE_MODEL_DIR / "model.onnx").is_file(), reason="house model not installed")


@pytest.fixture(scope="module")
def house():
    return load_nli("house").model  # the onnx model itself, behind its cache


@pytest.mark.parametrize("premise, hypothesis, label", [
    ("The cat sat on the mat.", "The cat sat on the mat.", ENT),
    ("A man is playing a guitar on the stage.", "A man is playing a guitar on the stage.", ENT),
    ("The cat sat on the mat.", "The cat did not sit on the mat.", CON),
    ("A man is playing a guitar on the stage.", "A man is not playing a guitar on the stage.", CON),
    ("The cat sat on the mat.", "The stock market fell sharply in Tokyo on Monday.", NEU),
])
def test_labels_not_in_doubt(house, premise, hypothesis, label):
    probs = house.predict([(premise, hypothesis)])[0]
    assert int(np.argmax(probs)) == label, probs
    assert probs.sum() == pytest.approx(1.0)


def test_config_checksum_matches_the_shipped_file():
    config = json.loads((HOUSE_MODEL_DIR / "config.json").read_text())
    assert config["sha256"] == file_sha256(HOUSE_MODEL_DIR / "model.onnx")
    assert set(config["id2label"].values()) == {"entailment", "neutral", "contradiction"}


def test_signature_names_the_house_model(house):
    assert house.signature.startswith("factalign/house-nli-minilm-l6-v4#sha256=")


def test_a_long_document_premise_is_scored_chunk_by_chunk(house):
    premise = " ".join(f"The museum opened a new wing in {1900 + i}." for i in range(60)) + " The cat sat on the mat."
    assert house.count_tokens([premise])[0] > house.max_length
    pieces, _ = house._pieces([(premise, "The cat sat on the mat.")])
    assert len(pieces) > 1 and pieces[-1][0].endswith("The cat sat on the mat.")
    assert all(house.count_tokens([p])[0] <= house.premise_budget(h) for p, h in pieces)
    rows = house.predict(pieces)
    np.testing.assert_allclose(house.predict([(premise, "The cat sat on the mat.")])[0], rows[np.argmax(rows[:, ENT])])


def test_the_readme_example_with_default_settings():
    """The two true claims the README example once labelled unsupported are supported, the birthplace
    claim is not (and is blocked), and the summary is flagged for review: the shipped fenice default's
    claim part (fitted on WiCE claims) labels claims, not the summary threshold."""
    from pathlib import Path

    from factalign import Scorer

    root = Path(__file__).resolve().parents[1] / "examples"
    result = Scorer().score((root / "document.txt").read_text(), (root / "summary.txt").read_text())
    labels = {c.claim.text: (c.label, c.decision) for c in result.claims}
    assert labels["Natalia Moon learned Tagalog."][0] == "supported"
    assert labels["Natalia Moon landed a role in the sitcom Ismol Family in 2014."][0] == "supported"
    assert labels["Natalia Moon was born in New Zealand."] == ("unsupported", "block")
    assert result.decision in ("review", "block") and result.label == "inconsistent"
    assert (result.probability >= 0.5) == (result.label == "consistent")
    assert all((c.probability >= 0.5) == (c.label == "supported") for c in result.claims)

"""The hf backend on a tiny randomly initialised local model, and its fast one-line error when the hub is\nunreachable or offline mode is on (also for the seq2seq extractor's loader)."""

import time

import numpy as np
import pytest

from factalign.errors import FactalignError
from tests.helpers import needs

needs("torch", "transformers")


def tiny_model_dir(tmp_path, id2label):
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "a", "cat", "sat", "dog", "ran", "."]
    (tmp_path / "vocab.txt").write_text("\n".join(words) + "\n")
    BertTokenizerFast(str(tmp_path / "vocab.txt")).save_pretrained(tmp_path)
    config = BertConfig(vocab_size=len(words), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=32, max_position_embeddings=64, num_labels=3,
                        id2label=id2label, label2id={v: k for k, v in id2label.items()})
    BertForSequenceClassification(config).save_pretrained(tmp_path)
    return tmp_path


def test_local_directory_predicts_normalised_rows(tmp_path):
    from factalign.nli.hf import HFNLI

    model = HFNLI(str(tiny_model_dir(tmp_path, {0: "contradiction", 1: "entailment", 2: "neutral"})))
    assert model.columns == [1, 2, 0]
    probs = model.predict([("a cat sat .", "a cat sat ."), ("a dog ran .", "a cat sat .")])
    assert probs.shape == (2, 3)
    np.testing.assert_allclose(probs.sum(axis=1), 1.0, rtol=1e-6)
    assert model.signature.startswith("hf:")


def test_offline_mode_fails_at_once_naming_the_model_and_the_way_out(monkeypatch):
    from factalign.nli.hf import HFNLI

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # read when loading, even with transformers already imported
    start = time.monotonic()
    with pytest.raises(FactalignError) as err:
        HFNLI("factalign-test/no-such-model")
    message = str(err.value)
    assert "factalign-test/no-such-model" in message and "--nli hf:/path/to/model" in message
    assert "HF_HUB_OFFLINE=1 is set and it is not in the local cache" in message
    assert "\n" not in message and time.monotonic() - start < 10


@pytest.mark.parametrize("load, example", ids=["hf", "seq2seq"], argvalues=[
    (lambda: __import__("factalign.nli.hf", fromlist=["HFNLI"]).HFNLI("factalign-test/no-such-model"), "--nli hf:"),
    (lambda: __import__("factalign.claims.seq2seq", fromlist=["x"]).load_text2text("factalign-test/no-such-model"),
     "--extractor seq2seq:"),
])
def test_an_unreachable_hub_fails_fast_and_mentions_offline_mode(monkeypatch, load, example):
    from factalign.hub import hub_reachable

    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")  # nothing listens there
    hub_reachable.cache_clear()
    start = time.monotonic()
    with pytest.raises(FactalignError) as err:
        load()
    message = str(err.value)
    assert "the model hub is unreachable and it is not in the local cache" in message
    assert "HF_HUB_OFFLINE=1" in message and example in message and "\n" not in message
    assert time.monotonic() - start < 10  # not a minute of retries

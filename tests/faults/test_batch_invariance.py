"""A pair's NLI probabilities are bit-identical whatever batch it is scored in (and so whatever a
shared cache already holds), for the shipped model and for any graph that couples the rows of a batch."""

import json

import numpy as np
import pytest

from factalign import Scorer
from factalign.nli import HOUSE_MODEL_DIR, load_nli

EXAMPLES = __import__("tests.faults.run", fromlist=["ROOT"]).ROOT / "examples"
PAIR = ("The museum opened a new wing in 1901.", "A new wing opened in 1901.")
OTHERS = [(f"{'A long premise about the harbour and its ships. ' * (i % 7 + 1)}Item {i}.", f"Claim {i} is short.")
          for i in range(19)]
house_only = pytest.mark.skipif(not (HOUSE_MODEL_DIR / "model.onnx").is_file(), reason="house model not installed")


@house_only
def test_the_house_model_gives_a_pair_the_same_bits_alone_and_in_a_batch_of_20():
    nli = load_nli("house")  # in-memory cache: each predict below is a fresh model call
    alone = load_nli("house").predict([PAIR])[0]
    for position in (0, 7, 19):
        batch = OTHERS[:position] + [PAIR] + OTHERS[position:]
        assert np.array_equal(load_nli("house").predict(batch)[position], alone)
    assert np.array_equal(nli.predict([PAIR, OTHERS[3]])[0], alone)


def coupled_model(path):
    """An ONNX graph whose output for a row depends on the whole batch, as dynamic quantization's
    activation scales do: logit_ent = tokens in the row / most tokens in any row of the batch."""
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import Whitespace
    from tokenizers.processors import TemplateProcessing

    mask = helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["b", "t"])
    ids = helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["b", "t"])
    out = helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["b", 3])
    const = lambda name, kind, dims, vals: helper.make_node("Constant", [], [name], value=helper.make_tensor(name, kind, dims, vals))
    nodes = [const("axes", TensorProto.INT64, [1], [1]), const("zero", TensorProto.FLOAT, [], [0.0]),
             helper.make_node("Cast", ["attention_mask"], ["m"], to=TensorProto.FLOAT),
             helper.make_node("ReduceSum", ["m", "axes"], ["n"], keepdims=1),
             helper.make_node("ReduceMax", ["n"], ["most"], keepdims=1),
             helper.make_node("Div", ["n", "most"], ["ent"]),
             helper.make_node("Mul", ["n", "zero"], ["other"]),
             helper.make_node("Concat", ["ent", "other", "other"], ["logits"], axis=1)]
    model = helper.make_model(helper.make_graph(nodes, "coupled", [ids, mask], [out]),
                              opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, path / "model.onnx")
    vocab = {"[PAD]": 0, "[CLS]": 1, "[SEP]": 2, "[UNK]": 3}
    tok = Tokenizer(WordLevel(vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = Whitespace()
    tok.post_processor = TemplateProcessing(single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
                                            special_tokens=[("[CLS]", 1), ("[SEP]", 2)])
    tok.save(str(path / "tokenizer.json"))
    config = {"id2label": {"0": "entailment", "1": "neutral", "2": "contradiction"}, "max_length": 512, "model_id": "coupled"}
    (path / "config.json").write_text(json.dumps(config))
    return path


def test_a_graph_that_couples_batch_rows_still_scores_each_pair_on_its_own(tmp_path):
    from factalign.nli.onnx import OnnxNLI

    nli = OnnxNLI(coupled_model(tmp_path))
    alone = nli.predict([PAIR])[0]
    together = nli.predict([PAIR, *OTHERS])
    assert np.array_equal(together[0], alone)
    assert np.array_equal(together[1:], np.vstack([nli.predict([p]) for p in OTHERS]))


@house_only
def test_a_cache_filled_by_another_method_does_not_change_fizz(tmp_path):
    document, summary = (EXAMPLES / "document.txt").read_text(), (EXAMPLES / "summary.txt").read_text()
    fresh = Scorer("fizz", cache=tmp_path / "fresh.sqlite", calibration=None).score(document, summary)
    shared = tmp_path / "shared.sqlite"
    Scorer("fenice", cache=shared, calibration=None).score(document, summary)
    Scorer("summac-zs", cache=shared, calibration=None).score(document, summary)
    after = Scorer("fizz", cache=shared, calibration=None).score(document, summary)
    assert after.to_dict() == fresh.to_dict()

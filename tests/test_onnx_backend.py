"""The onnx backend on a tiny hand-built model: label order from config, long premises, batching order."""

import json

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper  # noqa: E402
from tokenizers import Tokenizer  # noqa: E402
from tokenizers.models import WordLevel  # noqa: E402
from tokenizers.pre_tokenizers import Whitespace  # noqa: E402
from tokenizers.processors import TemplateProcessing  # noqa: E402

from factalign.errors import FactalignError  # noqa: E402
from factalign.nli.onnx import OnnxNLI  # noqa: E402

VOCAB = {"[PAD]": 0, "[CLS]": 1, "[SEP]": 2, "[UNK]": 3, "yes": 4, "no": 5, "filler": 6, "claim": 7, ".": 8}


def build_model(path, id2label, max_length=64):
    """logits = (10 * #yes, 0, 10 * #no) in output columns 0, 1, 2."""
    ids = helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["b", "t"])
    mask = helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["b", "t"])
    out = helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["b", 3])
    consts = [helper.make_node("Constant", [], [n], value=helper.make_tensor(n, TensorProto.INT64, [], [v]))
              for n, v in (("yes_id", 4), ("no_id", 5))]
    consts.append(helper.make_node("Constant", [], ["axes"], value=helper.make_tensor("axes", TensorProto.INT64, [1], [1])))
    consts.append(helper.make_node("Constant", [], ["ten"], value=helper.make_tensor("ten", TensorProto.FLOAT, [], [10.0])))
    consts.append(helper.make_node("Constant", [], ["zero"], value=helper.make_tensor("zero", TensorProto.FLOAT, [], [0.0])))
    nodes = []
    for word in ("yes", "no"):
        nodes += [helper.make_node("Equal", ["input_ids", f"{word}_id"], [f"{word}_eq"]),
                  helper.make_node("Cast", [f"{word}_eq"], [f"{word}_f"], to=TensorProto.FLOAT),
                  helper.make_node("ReduceSum", [f"{word}_f", "axes"], [f"{word}_n"], keepdims=1),
                  helper.make_node("Mul", [f"{word}_n", "ten"], [f"{word}_logit"])]
    nodes += [helper.make_node("Cast", ["attention_mask"], ["mask_f"], to=TensorProto.FLOAT),
              helper.make_node("ReduceSum", ["mask_f", "axes"], ["len_f"], keepdims=1),
              helper.make_node("Mul", ["len_f", "zero"], ["neutral_logit"]),
              helper.make_node("Concat", ["yes_logit", "neutral_logit", "no_logit"], ["logits"], axis=1)]
    graph = helper.make_graph(consts + nodes, "tiny", [ids, mask], [out])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, path / "model.onnx")
    tok = Tokenizer(WordLevel(VOCAB, unk_token="[UNK]"))
    tok.pre_tokenizer = Whitespace()
    tok.post_processor = TemplateProcessing(single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
                                            special_tokens=[("[CLS]", 1), ("[SEP]", 2)])
    tok.save(str(path / "tokenizer.json"))
    (path / "config.json").write_text(json.dumps({"id2label": id2label, "max_length": max_length, "model_id": "tiny"}))
    return path


def test_label_order_is_read_from_the_config(tmp_path):
    build_model(tmp_path, {"0": "CONTRADICTION", "1": "NEUTRAL", "2": "ENTAILMENT"})
    probs = OnnxNLI(tmp_path).predict([("yes .", "claim ."), ("no .", "claim ."), ("filler .", "claim .")])
    assert probs[0, 2] > 0.99 and probs[1, 0] > 0.99  # columns are (ent, neu, con)
    np.testing.assert_allclose(probs.sum(axis=1), 1.0)
    np.testing.assert_allclose(probs[2], [1 / 3, 1 / 3, 1 / 3])


def test_batches_sorted_by_length_come_back_in_input_order(tmp_path):
    build_model(tmp_path, {"0": "entailment", "1": "neutral", "2": "contradiction"})
    pairs = [("yes " + "filler " * k, "claim") if k % 2 else ("no " + "filler " * k, "claim") for k in range(9, 0, -1)]
    probs = OnnxNLI(tmp_path, batch_size=2).predict(pairs)
    assert np.argmax(probs, axis=1).tolist() == [0 if k % 2 else 2 for k in range(9, 0, -1)]


def test_long_premise_chunked_or_truncated(tmp_path):
    build_model(tmp_path, {"0": "entailment", "1": "neutral", "2": "contradiction"}, max_length=12)
    premise = "filler filler filler filler . filler filler filler . yes filler ."
    chunked = OnnxNLI(tmp_path).predict([(premise, "claim")])[0]
    truncated = OnnxNLI(tmp_path, long_premise="truncate").predict([(premise, "claim")])[0]
    assert chunked[0] > 0.99  # the chunk holding "yes" is kept
    np.testing.assert_allclose(truncated, [1 / 3, 1 / 3, 1 / 3])  # "yes" was cut off


def test_signature_names_model_and_hash(tmp_path):
    build_model(tmp_path, {"0": "entailment", "1": "neutral", "2": "contradiction"})
    assert OnnxNLI(tmp_path).signature.startswith("tiny#sha256=")


def test_config_without_labels_is_refused(tmp_path):
    build_model(tmp_path, {"0": "yes", "1": "no"})
    with pytest.raises(FactalignError, match="id2label"):
        OnnxNLI(tmp_path)


@pytest.mark.parametrize("option, shown", [("batch_size=0", "batch_size must be a whole number of at least 1, not 0"),
                                           ("batch_size=-3", "batch_size must be a whole number of at least 1, not -3"),
                                           ("threads=-1", "threads must be a whole number of at least 1, not -1"),
                                           ("threads=two", "threads must be a whole number of at least 1, not 'two'")])
def test_a_count_option_below_one_is_a_one_line_error(capsys, option, shown):
    """batch_size=0 ended in a traceback from range(); a negative one scored nothing and returned zeros."""
    from pathlib import Path

    from factalign.cli import main

    examples = Path(__file__).resolve().parents[1] / "examples"
    code = main(["score", "--document", str(examples / "document.txt"), "--summary", str(examples / "summary.txt"),
                 "--nli", f"house,{option}", "--no-cache"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("factalign: error: NLI option ") and shown in err and err.count("\n") == 1


def test_batch_size_is_checked_before_the_model_loads(tmp_path):
    with pytest.raises(FactalignError, match="batch_size must be a whole number of at least 1"):
        OnnxNLI(tmp_path / "absent", batch_size=0)  # the directory's absence would be the other error

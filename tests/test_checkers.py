"""The binary checkers (hf: with positive=, t5:, hhem:, llm:) on tiny models the tests build and save: factalign's
probabilities equal a direct transformers forward on the same inputs; missing or unfit models are one line."""

import json

import numpy as np
import pytest

from factalign.errors import FactalignError
from factalign.nli import load_nli
from factalign.nli.labels import BINARY, THREE_WAY, labels_of
from tests.helpers import needs

needs("torch", "transformers")

import torch  # noqa: E402

WORDS = ["0", "1", "a", "cat", "sat", "dog", "ran", ".", "predict:", "premise:", "hypothesis:"]
PAIRS = [("a cat sat .", "a cat sat ."), ("a dog ran . a cat sat .", "a dog sat ."), ("a dog .", "cat ran .")]


def word_tokenizer(path, specials, pair_template):
    """A word-level fast tokenizer over WORDS with the given special tokens, saved to `path`."""
    from tokenizers import Tokenizer, models, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast

    vocab = {w: i for i, w in enumerate([*specials.values(), *WORDS])}
    tok = Tokenizer(models.WordLevel(vocab, unk_token=specials["unk_token"]))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    single, pair = pair_template
    tok.post_processor = processors.TemplateProcessing(
        single=single, pair=pair, special_tokens=[(t, vocab[t]) for t in specials.values() if t in single + pair])
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, **specials)
    fast.save_pretrained(path)
    return len(vocab)


def tiny_roberta(path, num_labels=2):
    from transformers import RobertaConfig, RobertaForSequenceClassification

    specials = {"bos_token": "<s>", "pad_token": "<pad>", "eos_token": "</s>", "unk_token": "<unk>"}
    size = word_tokenizer(path, specials, ("<s> $A </s>", "<s> $A </s> </s> $B </s>"))
    torch.manual_seed(0)
    config = RobertaConfig(vocab_size=size, hidden_size=16, num_hidden_layers=2, num_attention_heads=2,
                           intermediate_size=32, max_position_embeddings=64, num_labels=num_labels, pad_token_id=1)
    RobertaForSequenceClassification(config).save_pretrained(path)
    return path


def tiny_t5(path):
    from transformers import T5Config, T5ForConditionalGeneration

    specials = {"pad_token": "<pad>", "eos_token": "</s>", "unk_token": "<unk>"}
    size = word_tokenizer(path, specials, ("$A </s>", "$A </s> $B </s>"))
    torch.manual_seed(0)
    words = [*specials.values(), *WORDS]
    assert words.index("<pad>") == 0 and words.index("</s>") == 1
    config = T5Config(vocab_size=size + 2, d_model=16, d_ff=32, d_kv=8, num_layers=2, num_decoder_layers=2, num_heads=2,
                      decoder_start_token_id=0, pad_token_id=0, eos_token_id=1)
    T5ForConditionalGeneration(config).save_pretrained(path)
    return path


def direct(path, texts, seq2seq=None):
    """P(supported) from a plain transformers forward: a classifier's softmax column 1, or a seq2seq model's
    softmax over the tokens `seq2seq` = (no, yes) at the first decoder step."""
    from transformers import AutoModelForSeq2SeqLM, AutoModelForSequenceClassification, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(path)
    enc = tok(*texts, padding=True, return_tensors="pt")
    with torch.no_grad():
        if seq2seq is None:
            logits = AutoModelForSequenceClassification.from_pretrained(path).eval()(**enc).logits
            return torch.softmax(logits, -1)[:, 1].numpy()
        model = AutoModelForSeq2SeqLM.from_pretrained(path).eval()
        logits = model(**enc, decoder_input_ids=torch.zeros((len(texts[0]), 1), dtype=torch.long)).logits[:, 0]
        return torch.softmax(logits[:, list(seq2seq)], -1)[:, 1].numpy()


def refused_in_one_line(cases):
    for spec, message in cases:
        with pytest.raises(FactalignError, match=message) as err:
            load_nli(spec)
        assert "\n" not in str(err.value)


@pytest.fixture(scope="module")
def roberta(tmp_path_factory):
    return tiny_roberta(tmp_path_factory.mktemp("roberta"))


@pytest.fixture(scope="module")
def t5(tmp_path_factory):
    return tiny_t5(tmp_path_factory.mktemp("t5"))


def test_hf_binary_equals_a_direct_forward(roberta):
    nli = load_nli(f"hf:{roberta},positive=1")
    assert labels_of(nli) is BINARY and "+positive=1" in nli.signature
    rows = nli.predict(PAIRS)
    want = direct(roberta, ([p for p, _ in PAIRS], [h for _, h in PAIRS]))
    np.testing.assert_allclose(rows[:, 0], want, rtol=1e-5)
    np.testing.assert_allclose(rows[:, 1], 1 - want, rtol=1e-5)
    assert (rows[:, 2] == 0).all()
    # the label may be named by index, name or LABEL_<index>
    assert np.allclose(load_nli(f"hf:{roberta},positive=LABEL_1").predict(PAIRS)[:, 0], want, rtol=1e-5)


def test_hf_template_makes_one_text_as_minicheck_does(roberta):
    nli = load_nli(f"hf:{roberta},positive=1,template={{premise}}{{eos}}{{hypothesis}}")
    want = direct(roberta, ([f"{p}</s>{h}" for p, h in PAIRS],))
    np.testing.assert_allclose(nli.predict(PAIRS)[:, 0], want, rtol=1e-5)
    by_name = load_nli(f"hf:{roberta},positive=1,template=minicheck")
    np.testing.assert_allclose(by_name.predict(PAIRS)[:, 0], want, rtol=1e-5)
    factcg = load_nli(f"hf:{roberta},positive=1,template=factcg")  # FactCG's instruction around the pair
    want = direct(roberta, ([f'{p}\n\nChoose your answer: based on the paragraph above can we conclude that "{h}"?\n\n'
                             "OPTIONS:\n- Yes\n- No\nI think the answer is " for p, h in PAIRS],))
    np.testing.assert_allclose(factcg.predict(PAIRS)[:, 0], want, rtol=1e-5)


def test_hf_dtype_and_unfit_models_are_one_line(roberta):
    half = load_nli(f"hf:{roberta},positive=1,dtype=bfloat16")
    assert "+dtype=bfloat16" in half.signature
    np.testing.assert_allclose(half.predict(PAIRS)[:, 0], load_nli(f"hf:{roberta},positive=1").predict(PAIRS)[:, 0], atol=0.05)
    refused_in_one_line([(f"hf:{roberta}", "needs its supported label named"),
                         (f"hf:{roberta},positive=7", "positive=7 is none of the model's labels"),
                         (f"hf:{roberta},dtype=float8", "dtype must be one of"),
                         (f"hf:{roberta}/missing,positive=1", "cannot load NLI model")])


def test_t5_is_p1_over_p1_plus_p0_at_the_first_decoder_step(t5):
    nli = load_nli(f"t5:{t5}")  # MiniCheck-Flan-T5's input: predict: {premise}</s>{hypothesis}
    assert labels_of(nli) is BINARY
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(t5)
    no, yes = tok.convert_tokens_to_ids("0"), tok.convert_tokens_to_ids("1")
    want = direct(t5, ([f"predict: {p}</s>{h}" for p, h in PAIRS],), seq2seq=(no, yes))
    np.testing.assert_allclose(nli.predict(PAIRS)[:, 0], want, rtol=1e-5)
    trueteacher = load_nli(f"t5:{t5},template=trueteacher")
    want = direct(t5, ([f"premise: {p} hypothesis: {h}" for p, h in PAIRS],), seq2seq=(no, yes))
    np.testing.assert_allclose(trueteacher.predict(PAIRS)[:, 0], want, rtol=1e-5)


def test_t5_unfit_models_are_one_line(t5, roberta):
    refused_in_one_line([(f"t5:{roberta}", "cannot load seq2seq checker"),
                         (f"t5:{t5},positive=yes", "no token for the label 'yes'"),
                         (f"t5:{t5},template={{premise}} only", "or hold {premise} and {hypothesis}"),
                         (f"t5:{t5}/none", "cannot load seq2seq checker")])


def test_hhem_needs_trust_remote_code():
    with pytest.raises(FactalignError, match="trust_remote_code=true") as err:
        load_nli("hhem:vectara/hallucination_evaluation_model")
    assert "\n" not in str(err.value)


def test_hhem_runs_the_models_own_predict(tmp_path):
    """A tiny model whose remote code (beside its config) defines predict(), as HHEM-2.1-open does."""
    (tmp_path / "tiny_hhem.py").write_text(
        "import torch\nfrom transformers import PretrainedConfig, PreTrainedModel\n\n"
        "class TinyConfig(PretrainedConfig):\n    model_type = 'tiny-hhem'\n\n"
        "class TinyHHEM(PreTrainedModel):\n    config_class = TinyConfig\n\n"
        "    def __init__(self, config):\n        super().__init__(config)\n"
        "        self.w = torch.nn.Parameter(torch.tensor([0.25]))\n        self.post_init()\n\n"
        "    def predict(self, pairs):\n"
        "        return torch.sigmoid(self.w * torch.tensor([float(len(p) - len(h)) for p, h in pairs]))\n")
    config = {"model_type": "tiny-hhem", "architectures": ["TinyHHEM"],
              "auto_map": {"AutoConfig": "tiny_hhem.TinyConfig", "AutoModelForSequenceClassification": "tiny_hhem.TinyHHEM"}}
    (tmp_path / "config.json").write_text(json.dumps(config))
    from safetensors.torch import save_file

    save_file({"w": torch.tensor([0.25])}, str(tmp_path / "model.safetensors"))
    nli = load_nli(f"hhem:{tmp_path},trust_remote_code=true")
    assert labels_of(nli) is BINARY
    want = 1 / (1 + np.exp(-0.25 * np.array([len(p) - len(h) for p, h in PAIRS], dtype=float)))
    np.testing.assert_allclose(nli.predict(PAIRS)[:, 0], want, rtol=1e-6)


def test_llm_judge_reads_p_yes_over_yes_and_no_from_a_local_server():
    from tests.test_acueval import answer, plain
    from tests.test_llm_client import ScriptedServer, routed

    replies = {"Claim: a cat sat .": [answer(("Yes", 0.6), ("No", 0.2), (" yes", 0.1), ("Maybe", 0.1))],
               "Claim: a dog sat .": [answer(("No", 0.5), ("Yes", 0.25))],
               "Claim: cat ran .": [plain("No")]}
    with ScriptedServer(route=routed(replies)) as server:
        nli = load_nli(f"llm:tiny,base_url={server.url},timeout=5")
        assert labels_of(nli) is BINARY and nli.signature == "llm:tiny+prompt=minicheck"
        rows = nli.predict(PAIRS[:2])
        np.testing.assert_allclose(rows[:, 0], [0.7 / 0.9, 0.25 / 0.75])
        assert nli.predict(PAIRS[:2]).tolist() == rows.tolist() and len(server.requests) == 2  # the NLI cache
        users = sorted(r["body"]["messages"][1]["content"] for r in server.requests)  # sent in parallel: any order
        assert users == ["Document: a cat sat .\nClaim: a cat sat .", "Document: a dog ran . a cat sat .\nClaim: a dog sat ."]
        first = server.requests[0]["body"]
        assert first["messages"][0]["content"].startswith("Determine whether the provided claim is consistent")
        assert first["max_tokens"] == 1 and first["logprobs"] is True
        with pytest.raises(FactalignError, match="no log-probabilities"):
            nli.predict(PAIRS[2:])
    replies = {"Claim: a cat sat .": [answer(("No", 0.6), ("Yes", 0.2))]}
    with ScriptedServer(route=routed(replies)) as server:  # a judge of risk: No means supported
        risk = load_nli(f"llm:guard,base_url={server.url},timeout=5,positive=no")
        assert risk.predict(PAIRS[:1])[0, 0] == pytest.approx(0.75) and risk.signature.endswith("+positive=no")


def test_a_3_way_hf_model_stays_3_way(tmp_path):
    path = tiny_roberta(tmp_path, num_labels=3)
    cfg = json.loads((path / "config.json").read_text())
    cfg["id2label"] = {"0": "entailment", "1": "neutral", "2": "contradiction"}
    cfg["label2id"] = {v: int(k) for k, v in cfg["id2label"].items()}
    (path / "config.json").write_text(json.dumps(cfg))
    nli = load_nli(f"hf:{path}")
    assert labels_of(nli) is THREE_WAY
    np.testing.assert_allclose(nli.predict(PAIRS).sum(axis=1), 1.0, rtol=1e-6)


def test_models_lists_each_backend_with_its_kind(capsys):
    from factalign.cli import main

    assert main(["models"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "[binary, seq2seq]" in lines["t5[:ID_OR_DIR]"] and "[binary, LLM judge]" in lines["llm[:MODEL]"]
    assert "[3-way NLI]" in lines["house"] and "positive=" in lines["hf[:ID_OR_DIR]"]

"""The local causal-LM backend (`--llm-model hf:DIR`) on a tiny random-weights GPT-2 built here: exact
next-token probabilities of Yes/No and of the ratings 1-5, and ACUEval/G-Eval run through it."""

import math

import pytest

from tokenizers import Tokenizer, models, pre_tokenizers

from factalign import Scorer
from factalign.cli import main
from factalign.errors import FactalignError
from factalign.llm import load_llm
from factalign.llm.reply import rating, yes_probability
from tests.helpers import needs

needs("torch", "transformers")

WORDS = ("Yes yes YES No no 1 2 3 4 5 the a summary document fact is supported by Natalia Moon was born in Darwin "
         "New Zealand . : ? Passage Statement Read and").split()


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory):
    import torch
    import transformers

    path = tmp_path_factory.mktemp("tiny-lm")
    vocab = {w: i for i, w in enumerate(["[UNK]", "[EOS]", *dict.fromkeys(WORDS)])}
    tok = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    fast = transformers.PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]", eos_token="[EOS]")
    fast.save_pretrained(path)
    torch.manual_seed(0)
    config = transformers.GPT2Config(vocab_size=len(vocab), n_positions=2048, n_embd=16, n_layer=1, n_head=2,
                                     eos_token_id=1, bos_token_id=1)
    transformers.GPT2LMHeadModel(config).save_pretrained(path)
    return path


def next_token_probs(path, text):
    import torch
    import transformers

    tok = transformers.AutoTokenizer.from_pretrained(path)
    lm = transformers.AutoModelForCausalLM.from_pretrained(path).eval()
    ids = tok(text, return_tensors="pt")["input_ids"]
    with torch.no_grad():
        probs = torch.softmax(lm(input_ids=ids).logits[0, -1].float(), -1)
    return {t: float(probs[i]) for t, i in tok.get_vocab().items()}


MESSAGES = [{"role": "user", "content": "Natalia Moon was born in Darwin . Is the fact supported ?"}]


def test_yes_no_and_ratings_are_exact_next_token_probabilities(model_dir):
    llm = load_llm(model=f"hf:{model_dir}")
    p = next_token_probs(model_dir, MESSAGES[0]["content"])
    reply = llm.generate(MESSAGES, max_tokens=1)
    yes, no = p["Yes"] + p["yes"] + p["YES"], p["No"] + p["no"]
    assert yes_probability(reply) == (pytest.approx(yes / (yes + no), rel=1e-5), "logprobs")
    top = dict(reply.tokens[0].top)
    assert all(math.isclose(math.exp(top[w]), p[w], rel_tol=1e-5) for w in ("Yes", "yes", "YES", "No", "no", "1", "5"))
    assert reply.text == max(p, key=p.get)  # greedy
    value, probs, read, _ = rating(llm.generate(MESSAGES, max_tokens=1))
    mass = sum(p[r] for r in "12345")
    assert read == "logprobs" and value == pytest.approx(sum(int(r) * p[r] for r in "12345") / mass, rel=1e-5)
    assert llm.calls == 2 and llm.model == f"hf:{model_dir}"


def test_greedy_decoding_spells_its_text(model_dir):
    reply = load_llm(model=f"hf:{model_dir}").generate(MESSAGES, max_tokens=6)
    assert reply.text == "".join(t.text for t in reply.tokens) and 1 <= len(reply.tokens) <= 6


def test_geval_runs_on_the_local_model(model_dir):
    llm = load_llm(model=f"hf:{model_dir}")
    res = Scorer("geval", llm=llm).score("Natalia Moon was born in Darwin.", "Natalia Moon was born in New Zealand.")
    assert 0.0 <= res.score <= 1.0 and res.claims[0].details["read"] == "logprobs"
    assert f"|llm:hf:{model_dir}|version:" in res.signature


def test_bad_local_models_are_one_line_errors(tmp_path, capsys):
    with pytest.raises(FactalignError, match="needs a directory"):
        load_llm(model=f"hf:{tmp_path / 'missing'}")
    with pytest.raises(FactalignError, match="cannot load a causal LM"):
        load_llm(model=f"hf:{tmp_path}")
    with pytest.raises(FactalignError, match="takes no --llm-base-url"):
        load_llm("http://127.0.0.1:9/v1", f"hf:{tmp_path}")
    (tmp_path / "d.txt").write_text("A text.")
    code = main(["score", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "d.txt"), "--method", "geval",
                 "--llm-model", f"hf:{tmp_path}"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "cannot load a causal LM" in err


def test_a_prompt_over_the_context_is_refused(model_dir):
    llm = load_llm(model=f"hf:{model_dir}")
    with pytest.raises(FactalignError, match="over the model's limit of 2048"):
        llm.generate([{"role": "user", "content": "the " * 2100}], max_tokens=1)

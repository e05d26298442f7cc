"""The seq2seq extractor's plumbing on a tiny randomly initialised T5 saved to a temporary directory."""

import pytest

from factalign.claims import load_extractor
from factalign.errors import FactalignError
from tests.helpers import doc_of, needs

needs("torch", "transformers")

WORDS = ["<pad>", "</s>", "<unk>", "ann", "sang", "bob", "danced", "in", "paris", "."]


@pytest.fixture(scope="module")
def tiny_t5(tmp_path_factory):
    import torch
    import transformers
    from tokenizers import Tokenizer, models, pre_tokenizers

    path = tmp_path_factory.mktemp("tiny-t5")
    tok = Tokenizer(models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    transformers.PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="<pad>", eos_token="</s>",
                                         unk_token="<unk>").save_pretrained(path)
    torch.manual_seed(0)
    config = transformers.T5Config(vocab_size=len(WORDS), d_model=8, d_ff=16, d_kv=4, num_layers=1, num_heads=2,
                                   decoder_start_token_id=0, pad_token_id=0, eos_token_id=1)
    transformers.T5ForConditionalGeneration(config).save_pretrained(path)
    return str(path)


def test_claims_per_sentence_deterministic(tiny_t5, monkeypatch):
    monkeypatch.setattr("factalign.claims.seq2seq.MAX_NEW_TOKENS", 12)
    doc = doc_of("ann sang in paris .", "bob danced .")
    extractor = load_extractor(f"seq2seq:{tiny_t5}")
    first = extractor.extract(doc)
    assert first and {c.sentence_index for c in first} <= {0, 1}
    assert all(c.span == doc.sentences[c.sentence_index] for c in first)
    assert [c.text for c in first] == [c.text for c in extractor.extract(doc)]
    assert extractor.name == f"seq2seq:{tiny_t5}"


def test_missing_model_names_it_and_the_local_dir_option(tmp_path):
    with pytest.raises(FactalignError, match=r"cannot load the text2text model .*missing.*pass its local directory"):
        load_extractor(f"seq2seq:{tmp_path / 'missing'}").extract(doc_of("A b."))


def test_bad_option():
    with pytest.raises(FactalignError, match="no parameter beams; it takes: groups"):
        load_extractor("seq2seq:some/model,beams=3")

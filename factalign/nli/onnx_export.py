"""An NLI classifier (a transformers sequence-classification model) as an ONNX graph, fp32 or dynamic int8.

Below both its users: `factalign export-onnx` (train/export.py) and the house-large assembly (nli/house_large.py),
so that a model trained here and the one assembled in a user's cache are the same kind of graph.
"""

from __future__ import annotations

import logging
import warnings
from contextlib import contextmanager
from pathlib import Path

OPSET = 17
INT8 = "dynamic int8 (QInt8 weights, per-channel scales)"  # what quantize_int8 makes, as config.json says it


def _takes_token_types(model) -> bool:
    """BERT-style encoders read segment ids; MPNet's (house-large's base) has no such input."""
    import inspect

    return "token_type_ids" in inspect.signature(model.forward).parameters


def _logits_only(model, token_types: bool):
    import torch

    class LogitsOnly(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask, token_type_ids=None):
            extra = {"token_type_ids": token_type_ids} if token_types else {}
            return self.model(input_ids=input_ids, attention_mask=attention_mask, **extra).logits

    return LogitsOnly().eval()


def export_module(model, path: Path) -> None:
    """Export a sequence-classification model (eager attention) to an fp32 ONNX graph with dynamic axes; its inputs
    are input_ids, attention_mask and, where the model reads them, token_type_ids (OnnxNLI feeds what it finds)."""
    import torch

    token_types = _takes_token_types(model)
    dummy = torch.ones(2, 8, dtype=torch.long)
    names = ["input_ids", "attention_mask", "token_type_ids"][:3 if token_types else 2]
    inputs = (dummy, dummy, torch.zeros_like(dummy))[:len(names)]
    axes = {name: {0: "batch", 1: "sequence"} for name in names} | {"logits": {0: "batch"}}
    torch.onnx.export(_logits_only(model, token_types), inputs, str(path), input_names=names,
                      output_names=["logits"], dynamic_axes=axes, opset_version=OPSET, dynamo=False)


@contextmanager
def quiet():
    """The exporters' notes, which are about graphs other than this one: torch's tracer warns of a branch on
    the padding length (the graph is exported with dynamic axes and checked against torch by the tests),
    of negative indices (the model has none), transformers shows a progress bar while loading the weights,
    and onnxruntime's quantizer suggests shape pre-processing, which dynamic int8 does not need."""
    from transformers.utils import logging as hf_logging

    root, bars = logging.getLogger().level, hf_logging.is_progress_bar_enabled()
    logging.getLogger().setLevel(logging.ERROR)
    hf_logging.disable_progress_bar()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logging.getLogger().setLevel(root)
        if bars:
            hf_logging.enable_progress_bar()


def quantize_int8(fp32: Path, output: Path) -> None:
    """Dynamic int8 with per-channel scales: a model fine-tuned from int8 weights (train-nli --base house) sits on
    the per-tensor grid it came from, and per-tensor rounding would undo most of the fine-tuning."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(str(fp32), str(output), weight_type=QuantType.QInt8, per_channel=True)


def write_tokenizer(source: Path, output: Path, max_length: int) -> bool:
    """Copy a tokenizer.json with truncation at max_length and no padding (OnnxNLI runs one pair unpadded);
    returns do_lower_case."""
    import json

    spec = json.loads(source.read_text(encoding="utf-8"))
    spec["truncation"] = {"direction": "Right", "max_length": max_length, "strategy": "LongestFirst", "stride": 0}
    spec["padding"] = None
    output.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    return bool((spec.get("normalizer") or {}).get("lowercase", False))

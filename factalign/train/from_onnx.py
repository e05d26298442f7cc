"""Rebuild a trainable torch checkpoint from an exported house-model directory (int8 or fp32 ONNX).

`train-nli --base house` (or `--base onnx:DIR`) continues training from the shipped weights
instead of from the raw encoder, so a new version builds on the last one without its checkpoint.

The ONNX graph names some weights after their torch parameter ("model.classifier.bias") and the
rest after the node that uses them ("onnx::MatMul_720"). The second kind is mapped by exporting
the same architecture, with distinct random weights, through the same exporter and matching values.
Int8 weights are dequantized, (q - zero_point) * scale, so the rebuilt model differs from the
shipped one only by quantization noise, which the first training steps absorb.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

PREFIX = "model."  # export.py wraps the model in a LogitsOnly module


def _initializers(path: Path) -> dict:
    import onnx
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    return {i.name: numpy_helper.to_array(i) for i in graph.initializer}


def _dequantized(inits: dict) -> dict[str, tuple]:
    """name -> (fp32 array, quantized?), int8/uint8 weights dequantized under their fp32 name.

    A quantized Linear weight is stored as a MatMul input, (in, out); newer onnxruntime versions
    say so with a `_Transposed` suffix, older ones do not.
    """
    import numpy as np

    out = {}
    for name, value in inits.items():
        if name.endswith("_quantized"):
            stem = name[: -len("_quantized")]
            scale, zero = inits[stem + "_scale"], inits[stem + "_zero_point"]
            out[stem.removesuffix("_Transposed")] = ((value.astype(np.float32) - zero.astype(np.float32)) * scale, True)
        elif not name.endswith(("_scale", "_zero_point")):
            out[name] = (value, False)
    return out


def _unnamed_weights(model) -> dict[str, tuple[str, bool]]:
    """ONNX initializer name -> (torch parameter name, stored transposed?) for the initializers the
    exporter names after their use, from an fp32 export of `model` with distinct random weights."""
    import numpy as np
    import torch

    from factalign.nli.onnx_export import export_module

    torch.manual_seed(0)
    with torch.no_grad():
        for p in model.parameters():
            p.copy_(torch.randn_like(p))
    params = {n: p.detach().numpy() for n, p in model.named_parameters()}
    with tempfile.TemporaryDirectory() as tmp:
        export_module(model, Path(tmp) / "model.onnx")
        exported = _initializers(Path(tmp) / "model.onnx")
    names = {}
    for onnx_name, value in exported.items():
        if onnx_name.startswith(PREFIX):
            continue
        for torch_name, param in params.items():
            if param.shape == value.shape and np.array_equal(param, value):
                names[onnx_name] = (torch_name, False)
                break
            if param.shape == value.T.shape and np.array_equal(param, value.T):
                names[onnx_name] = (torch_name, True)
                break
    return names


def checkpoint_from_onnx(model_dir: Path, architecture: Path, output: Path) -> Path:
    """Write a `from_pretrained` checkpoint of the ONNX model in model_dir to output.

    `architecture` is a Hugging Face directory of the same architecture (the base encoder) whose
    config.json gives the layer sizes; its weights are not used.
    """
    import torch
    from transformers import AutoConfig, AutoModelForSequenceClassification

    from factalign.train.data import fail

    house = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    id2label = {int(k): v for k, v in house["id2label"].items()}
    config = AutoConfig.from_pretrained(architecture, num_labels=len(id2label), id2label=id2label,
                                        label2id={v: k for k, v in id2label.items()})
    model = AutoModelForSequenceClassification.from_config(config, attn_implementation="eager")
    unnamed = _unnamed_weights(model)
    weights = _dequantized(_initializers(model_dir / "model.onnx"))
    state = model.state_dict()
    loaded = set()
    for name, (value, quantized) in weights.items():
        if name.startswith(PREFIX):
            target = name[len(PREFIX):]
            linear = quantized and value.ndim == 2 and "embeddings" not in target
            array = value.T if linear else value
        elif name in unnamed:
            target, transposed = unnamed[name]
            array = value.T if transposed else value
        else:
            continue
        if target not in state or tuple(state[target].shape) != array.shape:
            raise fail(f"{model_dir}: weight {name} does not fit the architecture of {architecture}")
        state[target] = torch.from_numpy(array.copy())
        loaded.add(target)
    missing = {n for n, _ in model.named_parameters()} - loaded
    if missing:
        raise fail(f"{model_dir}: no weights for {len(missing)} parameters, e.g. {sorted(missing)[0]}")
    model.load_state_dict(state)
    output.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(output)
    shutil.copy(model_dir / "tokenizer.json", output / "tokenizer.json")
    recipe = {"base": f"onnx:{model_dir}", "model_id": house.get("model_id"), "sha256": house.get("sha256")}
    (output / "recipe.json").write_text(json.dumps({"imported": recipe, "base_recipe": house.get("recipe", {})},
                                                   indent=2) + "\n", encoding="utf-8")
    return output

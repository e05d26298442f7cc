"""Export a fine-tuned checkpoint to an ONNX model directory (int8 by default).

The directory holds model.onnx, tokenizer.json and config.json; config.json carries
id2label, max_length, the sha256 of model.onnx and the training recipe.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from factalign.nli.onnx import file_sha256
from factalign.nli.onnx_export import INT8, export_module, quantize_int8, quiet, write_tokenizer
from factalign.train.data import fail


def export_fp32(checkpoint: Path, path: Path) -> None:
    from transformers import AutoModelForSequenceClassification

    export_module(AutoModelForSequenceClassification.from_pretrained(checkpoint, attn_implementation="eager"), path)


def _recipe_chain(checkpoint: Path) -> dict:
    """The checkpoint's recipe; when it was fine-tuned from another train-nli output, that one's too."""
    path = checkpoint / "recipe.json"
    if not path.exists():
        return {}
    recipe = json.loads(path.read_text(encoding="utf-8"))
    base = Path(recipe.get("base", ""))
    if (base / "recipe.json").exists() and base.resolve() != checkpoint.resolve():
        recipe["base_recipe"] = _recipe_chain(base)
    return recipe


def own_model_id(output: Path) -> str:
    """export-onnx's default model id: the output directory's name under `local/`, so that signatures and
    calibrations never take a user's model for the shipped one (whose id is factalign/house-nli-...)."""
    return f"local/{Path(output).resolve().name}"


def export_model_dir(checkpoint: Path, output: Path, quantize: bool = True, model_id: str | None = None) -> dict:
    """Write output/{model.onnx, tokenizer.json, config.json}, whole or not at all (an earlier export in `output`
    stays as it was when this one fails); returns the config. `model_id`: the name in config.json and in every
    signature made with the model (default: own_model_id(output))."""
    from factalign.outputs import replacing_dir

    model_id = model_id or own_model_id(output)
    with replacing_dir(output) as work:
        return _export(checkpoint, work, quantize, model_id)


def _export(checkpoint: Path, output: Path, quantize: bool, model_id: str) -> dict:
    for name in ("config.json", "tokenizer.json"):
        if not (checkpoint / name).exists():
            raise fail(f"{checkpoint} is not a train-nli output (missing {name})")
    recipe = _recipe_chain(checkpoint)
    model_config = json.loads((checkpoint / "config.json").read_text(encoding="utf-8"))
    max_length = recipe.get("training", {}).get("max_length", 256)
    with tempfile.TemporaryDirectory() as tmp, quiet():
        fp32 = Path(tmp) / "model.onnx"
        export_fp32(checkpoint, fp32)
        if quantize:
            quantize_int8(fp32, output / "model.onnx")
        else:
            shutil.copy(fp32, output / "model.onnx")
    config = {
        "model_id": model_id,
        "id2label": {str(k): v for k, v in model_config["id2label"].items()},
        "max_length": max_length,
        "do_lower_case": write_tokenizer(checkpoint / "tokenizer.json", output / "tokenizer.json", max_length),
        "inputs": ["input_ids", "attention_mask", "token_type_ids"],
        "quantization": INT8 if quantize else None,
        "sha256": file_sha256(output / "model.onnx"),
        "recipe": recipe,
    }
    (output / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return config

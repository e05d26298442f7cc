"""Round an encoder checkpoint's weights to int8 (per row, fp32 scales) and back.

The GPU machine of recipes/house-nli-v2-gpu.sh takes at most 64 MiB per call, so the base encoder
travels as int8 (23 MB instead of 91 MB). The recipe rounds the base on every machine, GPU or not,
so the trained weights do not depend on where they were trained.

    python recipes/int8_base.py pack BASE_DIR OUT_DIR     # OUT_DIR/weights.int8.pt + config, tokenizer
    python recipes/int8_base.py unpack OUT_DIR FULL_DIR   # a from_pretrained directory, fp32
"""

import shutil
import sys
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

KEEP = ("config.json", "tokenizer.json")


def pack(base: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    packed = {}
    for name, w in load_file(base / "model.safetensors").items():
        w = w.float()
        if w.dim() == 2:
            scale = w.abs().amax(dim=1, keepdim=True).clamp(min=1e-12) / 127
            packed[name] = (torch.round(w / scale).to(torch.int8), scale)
        else:
            packed[name] = w
    torch.save(packed, out / "weights.int8.pt")
    for name in KEEP:
        shutil.copy(base / name, out / name)


def unpack(packed_dir: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    packed = torch.load(packed_dir / "weights.int8.pt")
    weights = {name: (v[0].float() * v[1] if isinstance(v, tuple) else v).contiguous() for name, v in packed.items()}
    save_file(weights, out / "model.safetensors")
    for name in KEEP:
        shutil.copy(packed_dir / name, out / name)


if __name__ == "__main__":
    {"pack": pack, "unpack": unpack}[sys.argv[1]](Path(sys.argv[2]), Path(sys.argv[3]))

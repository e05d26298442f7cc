"""Average the weights of fine-tuned runs from one base ("model soup", Wortsman et al., 2022) and
report the soup's dev accuracy per source next to each run's.

    python recipes/soup.py OUT_DIR EXAMPLES RUN_DIR...
"""

import json
import shutil
import sys
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

from factalign.train import batching
from factalign.train.cli import _read_examples
from factalign.train.trainer import _label_ids, _load_model, evaluate, torch_device

NATURAL = ("sick", "msrp", "wice", "feverfact")


def soup(runs: list[Path], out: Path) -> None:
    states = [load_file(run / "model.safetensors") for run in runs]
    mean = {name: (sum(s[name].double() for s in states) / len(states)).to(states[0][name].dtype)
            for name in states[0]}
    out.mkdir(parents=True, exist_ok=True)
    save_file(mean, out / "model.safetensors")
    for name in ("config.json", "tokenizer.json"):
        shutil.copy(runs[0] / name, out / name)
    recipe = json.loads((runs[0] / "recipe.json").read_text())
    recipe["soup"] = {"runs": [str(r) for r in runs], "seeds": [json.loads((r / "recipe.json").read_text())
                                                               ["training"]["seed"] for r in runs]}
    (out / "recipe.json").write_text(json.dumps(recipe, indent=2) + "\n")


def dev_figures(model_dir: Path, dev: list[dict]) -> dict:
    model = _load_model(model_dir).to(torch_device("auto"))
    tokenizer = batching.load_tokenizer(model_dir, 256)
    metrics = evaluate(model, batching.encode(tokenizer, dev), _label_ids(dev), sources=[ex["source"] for ex in dev])
    per = metrics["per_source"]
    return {"dev": round(metrics["accuracy"], 4), "natural": round(sum(per[s] for s in NATURAL) / len(NATURAL), 4),
            **{s: per[s] for s in NATURAL}}


if __name__ == "__main__":
    out, examples, runs = Path(sys.argv[1]), Path(sys.argv[2]), [Path(p) for p in sys.argv[3:]]
    soup(runs, out)
    _, dev, _ = _read_examples(examples)
    with torch.no_grad():
        rows = {str(p): dev_figures(p, dev) for p in [*runs, out]}
    recipe = json.loads((out / "recipe.json").read_text())
    recipe["soup"]["dev"] = rows
    (out / "recipe.json").write_text(json.dumps(recipe, indent=2) + "\n")
    for name, row in rows.items():
        print(name, json.dumps(row))

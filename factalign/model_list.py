"""`factalign models`: the NLI backends and checkers, what each outputs, where it loads from and its training terms."""

from __future__ import annotations

import argparse

from factalign.errors import FactalignError
from factalign.nli import NLI_BACKENDS


def run_models(args: argparse.Namespace) -> int:
    from factalign.nli import HOUSE_MODEL_DIR, KINDS
    from factalign.nli.house_large import SHIPPED_DIR

    for name in NLI_BACKENDS.names():
        backend = NLI_BACKENDS.get(name)
        status, card = "", None
        if name == "house":
            status = "  [installed]" if (HOUSE_MODEL_DIR / "model.onnx").is_file() else "  [missing]"
            card = house_terms(HOUSE_MODEL_DIR)
        elif name == "house-large":
            status = ("  [not shipped yet]" if not (SHIPPED_DIR / "manifest.json").is_file() else
                      "  [assembled]" if house_large_ready() else "  [assembled on first use]")
            card = house_terms(SHIPPED_DIR, "manifest.json")
        options = ", ".join(f"{k}={v}" for k, v in backend.options.items())
        kind = KINDS.get(name, "plugin")  # what it outputs: 3-way NLI or a binary checker (docs/checkers.md)
        print(f"{backend.spec_help:<18} [{kind}] {backend.description}{status}" + (f"; options: {options}" if options else ""))
        if card:
            print(f"{'':<18} {card}")
    return 0


def house_large_ready() -> bool:
    from factalign.nli.house_large import cache_dir

    try:
        return (cache_dir() / "config.json").is_file()
    except FactalignError:
        return False


def house_terms(directory, file: str = "config.json") -> str:
    """One line on a shipped model's training data terms, read from the recipe in its config.json (house-large's
    manifest.json), and its card."""
    import json

    from factalign.train.licences import restricted

    try:
        recipe = json.loads((directory / file).read_text(encoding="utf-8")).get("recipe", {})
    except (OSError, ValueError):
        return f"training data: unknown (no readable {file})"
    closed = restricted(list(recipe.get("train_counts", {})), recipe.get("teacher"))
    terms = "every source allows commercial use" if not closed else f"not for commercial use ({len(closed)} restricted sources)"
    return f"training data: {terms}; model card: {directory / 'README.md'}"

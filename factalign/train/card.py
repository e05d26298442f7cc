"""A house model's card (README.md beside its weights): what it is, its training data and their terms, its dev
figures, intended use and known limits, written from the recipe its config.json carries.

    python -m factalign.train.card factalign/models/house-nli      # rewrites factalign/models/house-nli/README.md

The data table is generated, so that the card cannot list other sources than the model was trained on.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from factalign.train.licences import restricted, terms_of

LIMITS = """\
- A MiniLM-L6 cross-encoder (22M parameters, int8): it reads a premise of at most 256 tokens with its hypothesis;
  longer premises are chunked by the caller (factalign/nli/transformer.py).
- It leans on the words a hypothesis shares with its premise: opposite events, reversed roles, a plan stated as
  done and ranks are the errors it misses most (benchmarks/realistic_suite.py measures each kind); the role and
  detail checks of `factalign score` cover some of them.
- Trained on English news, encyclopedia and web text; other languages and genres are untested.
"""


def data_rows(train_counts: dict[str, dict[str, int]]) -> list[str]:
    rows = ["| source | examples | dataset | terms | commercial use |", "|---|---|---|---|---|"]
    for source in sorted(train_counts):
        t = terms_of(source)
        rows.append(f"| {source} | {sum(train_counts[source].values())} | {t.dataset} | {t.licence} | "
                    f"{'yes' if t.commercial else 'no'} |")
    return rows


HOUSE_INTRO = "The NLI model factalign ships and uses by default (`--nli house`)"


def render(config: dict, intro: str = HOUSE_INTRO, limits: str = LIMITS) -> str:
    """The card of a model whose config (config.json, or house-large's manifest) carries its recipe."""
    recipe = config.get("recipe", {})
    counts = recipe.get("train_counts", {})
    closed = restricted(list(counts), recipe.get("teacher"))
    dev = recipe.get("dev") or {}
    lines = [
        f"# {config.get('model_id', 'house model')}", "",
        f"{intro}: three labels "
        f"({', '.join(config.get('id2label', {}).values())}), {config.get('quantization', 'fp32')}, "
        f"sha256 `{config.get('sha256', '?')[:12]}`. Recipe and experiments: docs/house-model.md.", "",
        "## Training data", "",
        f"Command: `{recipe.get('command', '?')}`", "",
        *data_rows(counts), "",
        ("**Every source allows commercial use.**" if not closed else
         "**Not for commercial use**: trained on " + ", ".join(closed) + "."), "",
        "## Dev figures", "",
        f"Dev accuracy {dev.get('accuracy', float('nan')):.3f} at step {dev.get('step', '?')} (the dev parts of the "
        "sources above, at most 300 each). FRANK, WiCE and the realistic dev suite: docs/house-model.md.", "",
        "## Intended use", "",
        "Checking generated English text (summaries, answers, claims) against its sources, claim by claim, through "
        "factalign's methods; not a general-purpose NLI model.", "",
        "## Known limits", "", limits,
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    directory = Path(args[0] if args else "factalign/models/house-nli")
    config = json.loads((directory / "config.json").read_text(encoding="utf-8"))
    (directory / "README.md").write_text(render(config), encoding="utf-8")
    print(directory / "README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())

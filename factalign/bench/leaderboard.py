"""The LLM-AggreFact leaderboard's table (Tang et al. 2024, llm-aggrefact.github.io): balanced accuracy per
dataset and their unweighted average, at the fixed threshold 0.5 and with a threshold per dataset tuned on
its dev split.

Rows are those the run's split measures (`--split auto`: the file's test rows, thresholds tuned on its
dev rows; without a split column, the folds `--split` names). A claim is predicted supported when its
score >= the threshold (MiniCheck's code says > 0.5; the two differ only for a score of exactly 0.5).
A dataset whose measured rows hold one class, or whose dev rows do, reads n/a and is left out of that
column's average, which then says how many datasets it averages.
"""

from __future__ import annotations

import numpy as np

from factalign.bench import metrics
from factalign.bench.data import Example

FIXED = 0.5


def leaderboard(ex: list[Example], labels: np.ndarray, scores: dict[str, np.ndarray],
                folds: list[tuple[np.ndarray, np.ndarray]]) -> dict:
    """{variant: {"fixed"|"tuned": {dataset: BAcc or nan, ..., "average": mean over defined datasets, "datasets": n}}}."""
    datasets = [e.dataset or "all" for e in ex]
    names = list(dict.fromkeys(datasets))
    evaluated = np.unique(np.concatenate([e for _, e in folds]))
    out = {}
    for variant, s in scores.items():
        tuned, _ = metrics.tuned_predictions(labels, s, datasets, folds)
        fixed = np.where(np.isin(np.arange(len(s)), evaluated), s >= FIXED, np.nan)
        out[variant] = {kind: _per_dataset(labels, pred, datasets, names) for kind, pred in (("fixed", fixed), ("tuned", tuned))}
    return out


def _per_dataset(labels: np.ndarray, pred: np.ndarray, datasets: list[str], names: list[str]) -> dict:
    cells = {}
    for name in names:
        rows = np.array([d == name for d in datasets]) & ~np.isnan(pred)
        cells[name] = metrics.balanced_accuracy(labels[rows], pred[rows]) if rows.any() else np.nan
    defined = [v for v in cells.values() if v == v]
    return {**cells, "average": float(np.mean(defined)) if defined else np.nan, "datasets": len(defined)}


def markdown(board: dict, text=str) -> list[str]:
    """The table: one row per method and threshold, one column per dataset, then the average (x100); `text`
    makes a name from the data safe in a table cell."""
    first = next(iter(board.values()))["fixed"]
    names = [k for k in first if k not in ("average", "datasets")]
    lines = ["### LLM-AggreFact leaderboard: balanced accuracy per dataset (threshold 0.5, and tuned per dataset on dev)", "",
             f"| method | threshold | {' | '.join(map(text, names))} | average |", "|---" * (len(names) + 3) + "|"]
    for variant, kinds in board.items():
        for kind, label in (("fixed", "0.5"), ("tuned", "tuned on dev")):
            c = kinds[kind]
            average = _cell(c["average"]) + ("" if c["datasets"] == len(names) else f" ({c['datasets']} of {len(names)})")
            lines.append(f"| {text(variant)} | {label} | {' | '.join(_cell(c[n]) for n in names)} | {average} |")
    return lines


def _cell(value: float) -> str:
    return "n/a" if value != value else f"{value * 100:.1f}"

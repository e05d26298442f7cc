"""How the labels a scorer gives by default (the shipped calibration of each row's task, calibration/tasks.py)
agree with the human labels of a bench run: their balanced accuracy beside that of the best single threshold
on the same rows (what a calibration fitted on this very data could reach at most), and the risks the
pass / review / block bands bound. This is how a task's calibration is judged on data of its kind."""

from __future__ import annotations

from collections import Counter

import numpy as np

from factalign.bench import metrics


def default_labels(verdicts: dict[str, list], labels: np.ndarray, scores: dict[str, np.ndarray],
                   groups: dict[str, np.ndarray]) -> dict[str, dict[str, dict]]:
    """Per variant whose every measured row was labelled (its saved verdicts: (label, decision, task) or None), per
    group of rows (all, each origin, each category: positions in the arrays)."""
    out = {}
    every = np.unique(np.concatenate(list(groups.values()))) if groups else np.array([], dtype=int)
    for name, given in verdicts.items():
        if not len(every) or any(given[i] is None for i in every):
            continue
        cells = {g: _agreement(given, labels, scores[name], rows) for g, rows in groups.items()}
        out[name] = {g: c for g, c in cells.items() if c is not None}
    return out


def _agreement(given: list, labels: np.ndarray, values: np.ndarray, rows: np.ndarray) -> dict | None:
    if not metrics.two_classes(labels[rows]):
        return None
    chosen = [given[i] for i in rows]
    truth = labels[rows].astype(int)
    predicted = np.array([v[0] == "consistent" for v in chosen], dtype=int)
    decisions = [v[1] for v in chosen]
    best = metrics.balanced_accuracy_at(truth, values[rows], metrics.candidate_thresholds(values[rows])).max()
    consistent, inconsistent = truth == 1, truth == 0
    return {"n": len(rows), "tasks": dict(Counter(v[2] or "none" for v in chosen)),
            "balanced_accuracy": metrics.balanced_accuracy(truth, predicted),
            "best_threshold_balanced_accuracy": float(best),
            "inconsistent_labelled_consistent": float(predicted[inconsistent].mean()),
            "consistent_labelled_inconsistent": float(1 - predicted[consistent].mean()),
            **(_risks(decisions, consistent, inconsistent) if all(d is not None for d in decisions) else {})}


def _risks(decisions: list[str], consistent: np.ndarray, inconsistent: np.ndarray) -> dict:
    d = np.array(decisions)
    return {"inconsistent_passed": float((d[inconsistent] == "pass").mean()),
            "consistent_blocked": float((d[consistent] == "block").mean()),
            "review": float((d == "review").mean())}


def markdown(results: dict[str, dict], text) -> list[str]:
    """The section of results.md; `text` escapes a cell."""
    if not results:
        return []
    lines = ["", "### Default labels (the shipped calibration of each row's task) against the best single threshold", "",
             "| method | rows | task | n | balanced accuracy | best threshold's | inconsistent labelled consistent | "
             "consistent labelled inconsistent | inconsistent passed | consistent blocked | review |",
             "|---" * 11 + "|"]
    for name, cells in results.items():
        for group, r in cells.items():
            tasks = ", ".join(f"{t} {n}" for t, n in r["tasks"].items())
            risks = [_pct(r.get(k)) for k in ("inconsistent_passed", "consistent_blocked", "review")]
            lines.append(f"| {text(name)} | {text(group)} | {text(tasks)} | {r['n']} | {r['balanced_accuracy'] * 100:.1f} | "
                         f"{r['best_threshold_balanced_accuracy'] * 100:.1f} | {_pct(r['inconsistent_labelled_consistent'])} | "
                         f"{_pct(r['consistent_labelled_inconsistent'])} | {' | '.join(risks)} |")
    return lines


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"

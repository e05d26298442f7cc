"""How the labels a scorer gives by default (the shipped calibration of each row's task, calibration/tasks.py)
agree with the human labels of a bench run: their balanced accuracy beside that of the best single threshold
on the same rows (what a calibration fitted on this very data could reach at most), and the risks the
pass / review / block bands bound. This is how a task's calibration is judged on data of its kind."""

from __future__ import annotations

from collections import Counter

import numpy as np

from factalign.bench import metrics


def default_labels(verdicts: dict[str, list], labels: np.ndarray, scores: dict[str, np.ndarray],
                   rows: np.ndarray) -> dict[str, dict]:
    """Per variant whose every row in `rows` was labelled (its saved verdicts: (label, decision, task) or None)."""
    out = {}
    for name, given in verdicts.items():
        chosen = [given[i] for i in rows]
        if not chosen or any(v is None for v in chosen) or not metrics.two_classes(labels[rows]):
            continue
        truth = labels[rows].astype(int)
        predicted = np.array([v[0] == "consistent" for v in chosen], dtype=int)
        decisions = [v[1] for v in chosen]
        values = scores[name][rows]
        best = metrics.balanced_accuracy_at(truth, values, metrics.candidate_thresholds(values)).max()
        consistent, inconsistent = truth == 1, truth == 0
        out[name] = {
            "n": len(rows), "tasks": dict(Counter(v[2] or "none" for v in chosen)),
            "balanced_accuracy": metrics.balanced_accuracy(truth, predicted),
            "best_threshold_balanced_accuracy": float(best),
            "inconsistent_labelled_consistent": float(predicted[inconsistent].mean()),
            "consistent_labelled_inconsistent": float(1 - predicted[consistent].mean()),
            **(_risks(decisions, consistent, inconsistent) if all(d is not None for d in decisions) else {}),
        }
    return out


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
             "| method | task | n | balanced accuracy | best threshold's | inconsistent labelled consistent | "
             "consistent labelled inconsistent | inconsistent passed | consistent blocked | review |",
             "|---" * 10 + "|"]
    for name, r in results.items():
        tasks = ", ".join(f"{t} {n}" for t, n in r["tasks"].items())
        risks = [_pct(r.get(k)) for k in ("inconsistent_passed", "consistent_blocked", "review")]
        lines.append(f"| {text(name)} | {text(tasks)} | {r['n']} | {r['balanced_accuracy'] * 100:.1f} | "
                     f"{r['best_threshold_balanced_accuracy'] * 100:.1f} | {_pct(r['inconsistent_labelled_consistent'])} | "
                     f"{_pct(r['consistent_labelled_inconsistent'])} | {' | '.join(risks)} |")
    return lines


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"

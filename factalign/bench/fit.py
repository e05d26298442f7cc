"""Fitting a calibration from scores and human labels (1 = consistent): the threshold with the best
balanced accuracy (as `factalign bench` tunes it) and a monotone probability map, with
cross-validated figures that say how often the label is wrong.
"""

from __future__ import annotations

import numpy as np

from factalign.bench import metrics
from factalign.bench.data import Example
from factalign.bench.splits import make_split
from factalign.calibration.model import Calibration
from factalign.errors import FactalignError

FOLDS = 5


def fit_calibration(labels: np.ndarray, scores: np.ndarray, examples: list[Example], method: str, signature: str,
                    probability: str = "platt", data: dict | None = None, seed: int = 0) -> Calibration:
    labels, scores = np.asarray(labels, dtype=int), np.asarray(scores, dtype=float)
    if not metrics.two_classes(labels):
        raise FactalignError("calibration needs both labels, 1 (consistent) and 0 (inconsistent)")
    threshold = metrics.tune_threshold(labels, scores)
    cal = Calibration(method, signature, threshold, fit_probability(labels, scores, probability), dict(data or {}))
    cal.figures = {
        "roc_auc": metrics.roc_auc(labels, scores),
        "balanced_accuracy": metrics.balanced_accuracy(labels, (scores >= threshold).astype(int)),
        "probability_at_threshold": cal.probability_of(threshold),
        **cross_validated(labels, scores, examples, probability, seed),
    }
    return cal


def fit_probability(labels: np.ndarray, scores: np.ndarray, kind: str) -> dict:
    """Platt scaling (a logistic curve on the score, fitted to Platt's smoothed targets so it stays
    finite on separable data) or isotonic regression (a non-decreasing step curve, interpolated)."""
    if kind == "platt":
        from sklearn.linear_model import LogisticRegression

        n_pos, n_neg = int(labels.sum()), int(len(labels) - labels.sum())
        target = np.where(labels == 1, (n_pos + 1) / (n_pos + 2), 1 / (n_neg + 2))
        x = np.concatenate([scores, scores])[:, None]
        y = np.concatenate([np.ones(len(scores)), np.zeros(len(scores))])
        model = LogisticRegression(C=1e6, max_iter=1000).fit(x, y, sample_weight=np.concatenate([target, 1 - target]))
        return {"kind": "platt", "a": float(model.coef_[0, 0]), "b": float(model.intercept_[0])}
    if kind == "isotonic":
        from sklearn.isotonic import IsotonicRegression

        model = IsotonicRegression(y_min=0, y_max=1, out_of_bounds="clip").fit(scores, labels)
        return {"kind": "isotonic", "x": model.X_thresholds_.tolist(), "y": model.y_thresholds_.tolist()}
    raise FactalignError(f"--probability takes platt or isotonic; got {kind!r}")


def cross_validated(labels: np.ndarray, scores: np.ndarray, examples: list[Example], kind: str, seed: int) -> dict:
    """Each row labelled with a threshold and probability map fitted on the other folds: balanced
    accuracy, both error rates, Brier score and log loss. Empty when the data is too small for folds."""
    k = min(FOLDS, int(labels.sum()), int(len(labels) - labels.sum()))
    try:
        folds = make_split(examples, f"kfold:{k}", seed, "calibration data").folds if k >= 2 else []
    except FactalignError:
        folds = []  # a fold without one of the labels
    if not folds:
        return {}
    pred, _ = metrics.tuned_predictions(labels, scores, ["all"] * len(labels), folds)
    prob = np.empty(len(labels))
    for tune, evaluate in folds:
        cal = Calibration("", "", 0.0, fit_probability(labels[tune], scores[tune], kind))
        prob[evaluate] = [cal.probability_of(s) for s in scores[evaluate]]
    return {
        "folds": k,
        "balanced_accuracy_cv": metrics.balanced_accuracy(labels, pred),
        "inconsistent_labelled_consistent_cv": float(np.mean(pred[labels == 0] == 1)),
        "consistent_labelled_inconsistent_cv": float(np.mean(pred[labels == 1] == 0)),
        "brier_cv": float(np.mean((prob - labels) ** 2)),
        "log_loss_cv": log_loss(labels, prob),
    }


def log_loss(labels: np.ndarray, prob: np.ndarray, eps: float = 1e-15) -> float:
    """Mean negative log-likelihood; a probability of exactly 0 or 1 on a wrong row costs -log(1e-15) = 34.5."""
    p = np.clip(prob, eps, 1 - eps)
    return float(-np.mean(labels * np.log(p) + (1 - labels) * np.log(1 - p)))

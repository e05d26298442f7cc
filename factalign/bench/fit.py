"""Fitting a calibration from scores and human labels (1 = consistent): the threshold with the best
balanced accuracy (as `factalign bench` tunes it), a probability map anchored there, pass / review /
block bands by conformal risk control, and cross-validated figures that say how often each is wrong.

The probability is P(consistent) at even prior odds: the classes are weighted equally when it is
fitted, which is what a balanced-accuracy threshold assumes too. Platt's curve is fitted as a logistic
in (score - threshold) with no intercept, so P = 0.5 exactly at the threshold and the label
(score >= threshold) never contradicts it. Isotonic maps are fitted the same way and the threshold is
then where the map reaches 0.5.
"""

from __future__ import annotations

import math

import numpy as np

from factalign.bench import metrics
from factalign.bench.data import Example
from factalign.bench.splits import make_split
from factalign.calibration.conformal import MAX_BLOCKED_CONSISTENT, MAX_PASSED_INCONSISTENT, fit_bands
from factalign.calibration.decision import DecisionRule, probability_of
from factalign.calibration.model import Calibration, ClaimCalibration
from factalign.errors import FactalignError

FOLDS = 5


def fit_calibration(labels: np.ndarray, scores: np.ndarray, examples: list[Example], method: str, signature: str,
                    probability: str = "platt", data: dict | None = None, seed: int = 0,
                    max_passed: float = MAX_PASSED_INCONSISTENT, max_blocked: float = MAX_BLOCKED_CONSISTENT
                    ) -> Calibration:
    labels, scores = _checked(labels, scores)
    rule = fit_rule(labels, scores, probability, max_passed, max_blocked)
    cal = Calibration(method, signature, rule.threshold, rule.probability, dict(data or {}), bands=rule.bands)
    cal.figures = figures(labels, scores, examples, rule, probability, seed)
    return cal


def fit_claim_calibration(labels: np.ndarray, scores: np.ndarray, examples: list[Example], probability: str = "platt",
                          data: dict | None = None, seed: int = 0, max_passed: float = MAX_PASSED_INCONSISTENT,
                          max_blocked: float = MAX_BLOCKED_CONSISTENT) -> ClaimCalibration:
    labels, scores = _checked(labels, scores)
    rule = fit_rule(labels, scores, probability, max_passed, max_blocked)
    return ClaimCalibration(rule.threshold, rule.probability, rule.bands, dict(data or {}),
                            figures(labels, scores, examples, rule, probability, seed))


def fit_rule(labels: np.ndarray, scores: np.ndarray, kind: str, max_passed: float, max_blocked: float) -> DecisionRule:
    threshold = metrics.tune_threshold(labels, scores)
    prob = fit_probability(labels, scores, kind, threshold)
    if kind == "isotonic":
        threshold = crossing(prob)
    return DecisionRule(threshold, prob, fit_bands(labels, scores, max_passed, max_blocked))


def fit_probability(labels: np.ndarray, scores: np.ndarray, kind: str, threshold: float) -> dict:
    """Platt scaling anchored at the threshold, or isotonic regression; classes weighted equally."""
    weight = np.where(labels == 1, 0.5 / max(labels.sum(), 1), 0.5 / max((labels == 0).sum(), 1)) * len(labels)
    if kind == "platt":
        from sklearn.linear_model import LogisticRegression

        # Platt's smoothed targets keep the slope finite on separable data
        n_pos, n_neg = int(labels.sum()), int(len(labels) - labels.sum())
        target = np.where(labels == 1, (n_pos + 1) / (n_pos + 2), 1 / (n_neg + 2))
        x = np.concatenate([scores, scores])[:, None] - threshold
        y = np.concatenate([np.ones(len(scores)), np.zeros(len(scores))])
        w = np.concatenate([target, 1 - target]) * np.concatenate([weight, weight])
        a = float(LogisticRegression(C=1e6, fit_intercept=False, max_iter=1000).fit(x, y, sample_weight=w).coef_[0, 0])
        return {"kind": "platt", "a": a, "b": -a * threshold}
    if kind == "isotonic":
        from sklearn.isotonic import IsotonicRegression

        model = IsotonicRegression(y_min=0, y_max=1, out_of_bounds="clip").fit(scores, labels, sample_weight=weight)
        return {"kind": "isotonic", "x": model.X_thresholds_.tolist(), "y": model.y_thresholds_.tolist()}
    raise FactalignError(f"--probability takes platt or isotonic; got {kind!r}")


def crossing(prob: dict) -> float:
    """The lowest score at which an isotonic map reaches 0.5 (interpolated between knots)."""
    x, y = np.asarray(prob["x"]), np.asarray(prob["y"])
    above = np.flatnonzero(y >= 0.5)
    if len(above) == 0:
        return float(x[-1]) + 1e-9  # never 0.5: nothing above the data is labelled consistent
    i = above[0]
    if i == 0:
        return float(x[0])
    return float(x[i - 1] + (0.5 - y[i - 1]) * (x[i] - x[i - 1]) / (y[i] - y[i - 1]))


def figures(labels: np.ndarray, scores: np.ndarray, examples: list[Example], rule: DecisionRule, kind: str,
            seed: int) -> dict:
    return {
        "roc_auc": metrics.roc_auc(labels, scores),
        "balanced_accuracy": metrics.balanced_accuracy(labels, (scores >= rule.threshold).astype(int)),
        "probability_at_threshold": probability_of(rule.probability, rule.threshold),
        **cross_validated(labels, scores, examples, kind, seed, rule.bands),
    }


def cross_validated(labels: np.ndarray, scores: np.ndarray, examples: list[Example], kind: str, seed: int,
                    bands=None) -> dict:
    """Each row decided by a rule fitted on the other folds: balanced accuracy, both error rates, Brier
    score, log loss and, with bands, the share of inconsistent rows passed (with a 95% Wilson interval),
    of consistent rows passed and blocked, and of rows sent to review. Empty when too small for folds."""
    k = min(FOLDS, int(labels.sum()), int(len(labels) - labels.sum()))
    try:
        folds = make_split(examples, f"kfold:{k}", seed, "calibration data").folds if k >= 2 else []
    except FactalignError:
        folds = []  # a fold without one of the labels
    if not folds:
        return {}
    pred, prob = np.full(len(labels), -1), np.empty(len(labels))
    outcome = np.empty(len(labels), dtype=object)
    for tune, evaluate in folds:
        rule = fit_rule(labels[tune], scores[tune], kind,
                        bands.max_passed_inconsistent if bands else MAX_PASSED_INCONSISTENT,
                        bands.max_blocked_consistent if bands else MAX_BLOCKED_CONSISTENT)
        for i in evaluate:
            d = rule.decide(scores[i])
            pred[i], prob[i], outcome[i] = d.label == "consistent", d.probability, d.outcome
    out = {
        "folds": k,
        "balanced_accuracy_cv": metrics.balanced_accuracy(labels, pred),
        "inconsistent_labelled_consistent_cv": float(np.mean(pred[labels == 0] == 1)),
        "consistent_labelled_inconsistent_cv": float(np.mean(pred[labels == 1] == 0)),
        "brier_cv": float(np.mean((prob - labels) ** 2)),
        "log_loss_cv": log_loss(labels, prob),
    }
    if bands is not None:
        bad, good = outcome[labels == 0], outcome[labels == 1]
        out |= {
            "inconsistent_passed_cv": share(bad == "pass"),
            "consistent_passed_cv": share(good == "pass"),
            "consistent_blocked_cv": share(good == "block"),
            "review_cv": share(outcome == "review"),
        }
    return out


def share(hits: np.ndarray) -> dict:
    """A proportion with its 95% Wilson score interval."""
    n, k = len(hits), int(np.sum(hits))
    if n == 0:
        return {"share": None, "n": 0, "ci95": None}
    p, z = k / n, 1.959963984540054
    centre, half = (p + z * z / (2 * n)) / (1 + z * z / n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return {"share": p, "n": n, "ci95": [max(0.0, centre - half), min(1.0, centre + half)]}


def log_loss(labels: np.ndarray, prob: np.ndarray, eps: float = 1e-15) -> float:
    """Mean negative log-likelihood; a probability of exactly 0 or 1 on a wrong row costs -log(1e-15) = 34.5."""
    p = np.clip(prob, eps, 1 - eps)
    return float(-np.mean(labels * np.log(p) + (1 - labels) * np.log(1 - p)))


def _checked(labels, scores) -> tuple[np.ndarray, np.ndarray]:
    labels, scores = np.asarray(labels, dtype=int), np.asarray(scores, dtype=float)
    if not metrics.two_classes(labels):
        raise FactalignError("calibration needs both labels, 1 (consistent) and 0 (inconsistent)")
    auc = metrics.roc_auc(labels, scores)
    if auc < 0.5:  # a fit would slope backwards: P(consistent) falling as the score rises, labels against it
        raise FactalignError(f"the scores rank consistent rows below inconsistent ones (ROC-AUC {100 * auc:.1f}, under "
                             "50): no calibration is fitted on them; check that label 1 means consistent, or use a "
                             "method and model that read this data")
    return labels, scores

"""Agreement with human labels: balanced accuracy at a tuned threshold, ROC-AUC, bootstrap CIs, paired tests.

Labels: 1 = consistent; a summary is predicted consistent when its score >= the threshold.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import numpy as np
from scipy import stats
from sklearn.metrics import balanced_accuracy_score, roc_auc_score

from factalign.errors import FactalignError


def candidate_thresholds(scores: np.ndarray) -> np.ndarray:
    """The unique scores and the midpoints between neighbours, ascending."""
    unique = np.unique(scores)
    return np.sort(np.concatenate([unique, (unique[1:] + unique[:-1]) / 2]))


def balanced_accuracy_at(labels: np.ndarray, scores: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """Balanced accuracy at each threshold, from sorted counts (no n_rows x n_thresholds matrix)."""
    pos, neg = np.sort(scores[labels == 1]), np.sort(scores[labels == 0])
    true_pos = len(pos) - np.searchsorted(pos, thresholds, side="left")
    true_neg = np.searchsorted(neg, thresholds, side="left")
    return (true_pos / len(pos) + true_neg / len(neg)) / 2


def tune_threshold(labels: np.ndarray, scores: np.ndarray) -> float:
    """The threshold with the highest balanced accuracy; ties go to the lowest, which is a midpoint
    whenever one gives the same predictions as a score."""
    thresholds = candidate_thresholds(scores)
    return float(thresholds[np.argmax(balanced_accuracy_at(labels, scores, thresholds))])


def tuned_predictions(labels: np.ndarray, scores: np.ndarray, groups: Sequence[Hashable],
                      folds: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, dict[Hashable, list[float]]]:
    """Predictions (nan where a row is not evaluated) with a threshold per group, tuned on each fold's
    tuning rows of that group and applied to its evaluation rows of that group."""
    names = list(dict.fromkeys(groups))
    code = np.array([names.index(g) for g in groups])
    pred = np.full(len(labels), np.nan)
    thresholds: dict[Hashable, list[float]] = {}
    for tune, evaluate in folds:
        for k in np.unique(code[evaluate]):
            group, t, e = names[k], tune[code[tune] == k], evaluate[code[evaluate] == k]
            if len(set(labels[t].tolist())) < 2:
                continue  # nothing to tune on: the group's cell reads n/a
            threshold = tune_threshold(labels[t], scores[t])
            thresholds.setdefault(group, []).append(threshold)
            pred[e] = scores[e] >= threshold
    return pred, thresholds


def balanced_accuracy(labels: np.ndarray, pred: np.ndarray) -> float:
    return float(balanced_accuracy_score(labels, pred)) if two_classes(labels) else np.nan


def roc_auc(labels: np.ndarray, scores: np.ndarray) -> float:
    """nan with one class: ROC-AUC is undefined there."""
    return float(roc_auc_score(labels, scores)) if two_classes(labels) else np.nan


def resamples(labels: np.ndarray, n: int = 1000, seed: int = 0) -> np.ndarray:
    """n stratified bootstrap resamples of row positions, shape [n, len(labels)]: the first columns
    are drawn from the positives, the rest from the negatives, so every resample keeps both classes
    and its class counts (pROC's default for ROC-AUC intervals)."""
    rng = np.random.default_rng(seed)
    pos, neg = np.flatnonzero(labels == 1), np.flatnonzero(labels != 1)
    if len(pos) == 0 or len(neg) == 0:
        raise FactalignError("cannot bootstrap with one class: ROC-AUC and balanced accuracy are undefined")
    return np.concatenate([rng.choice(pos, (n, len(pos))), rng.choice(neg, (n, len(neg)))], axis=1)


def bootstrap_balanced_accuracy(labels: np.ndarray, pred: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """Balanced accuracy on each resample, vectorised."""
    y, p = labels[idx] == 1, pred[idx] == 1
    return ((y & p).sum(1) / y.sum(1) + (~y & ~p).sum(1) / (~y).sum(1)) / 2


def bootstrap_roc_auc(labels: np.ndarray, scores: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """ROC-AUC on each resample from `resamples`, all at once: the Mann-Whitney U of the positives'
    scores over the negatives' is n_pos * n_neg * ROC-AUC (ties count half, as in scikit-learn)."""
    n_pos = int(np.sum(labels == 1))
    u = stats.mannwhitneyu(scores[idx[:, :n_pos]], scores[idx[:, n_pos:]], axis=1, method="asymptotic").statistic
    return u / (n_pos * (idx.shape[1] - n_pos))


def interval(values: np.ndarray, level: float = 0.95) -> tuple[float, float]:
    """The percentile interval of bootstrap values."""
    lo, hi = np.percentile(values, [50 * (1 - level), 50 * (1 + level)])
    return float(lo), float(hi)


def paired_difference(values_a: np.ndarray, values_b: np.ndarray, point: float, level: float = 0.95) -> dict[str, float]:
    """A - B from the same resamples: the difference, its interval, and a two-sided bootstrap p-value."""
    diff = values_a - values_b
    lo, hi = interval(diff, level)
    p = min(1.0, 2 * min(np.mean(diff <= 0), np.mean(diff >= 0)))
    return {"diff": point, "lo": lo, "hi": hi, "p": float(p)}


def resampled_ttest(labels: np.ndarray, scores_a: np.ndarray, scores_b: np.ndarray,
                    metric: Callable[[np.ndarray, np.ndarray], float] = roc_auc,
                    n: int = 1000, fraction: float = 0.7, seed: int = 0) -> dict[str, float]:
    """INFUSE-style: the metric of both methods on n random 70% subsets (without replacement), then a
    paired t-test over the subsets."""
    rng = np.random.default_rng(seed)
    size = round(fraction * len(labels))
    a, b = [], []
    for _ in range(n):
        i = rng.choice(len(labels), size=size, replace=False)
        a.append(metric(labels[i], scores_a[i]))
        b.append(metric(labels[i], scores_b[i]))
    a, b = np.array(a), np.array(b)
    keep = ~(np.isnan(a) | np.isnan(b))
    t, p = stats.ttest_rel(a[keep], b[keep])
    return {"diff": float(np.mean(a[keep] - b[keep])), "t": float(t), "p": float(p)}


def correlations(labels: np.ndarray, scores: np.ndarray) -> dict[str, float]:
    """Pearson, Spearman and Kendall between graded labels and scores."""
    return {"pearson": float(stats.pearsonr(labels, scores)[0]),
            "spearman": float(stats.spearmanr(labels, scores)[0]),
            "kendall": float(stats.kendalltau(labels, scores)[0])}


def two_classes(labels: np.ndarray) -> bool:
    return len(np.unique(labels)) == 2

"""Pass and block thresholds by conformal risk control (Angelopoulos, Bates, Fisch, Lei, Schuster,
"Conformal Risk Control", ICLR 2024), with a 0/1 loss per class (class-conditional, as Mondrian
conformal prediction does).

Pass: the loss of an inconsistent unit at threshold λ is 1 when it passes (score >= λ). CRC takes the
smallest λ with (n·R̂(λ) + 1) / (n + 1) <= α over the n inconsistent calibration units, which
guarantees E[share of new inconsistent units that pass] <= α for units exchangeable with them.
Block: the loss of a consistent unit is 1 when it is blocked (score < λ); the largest λ with the same
bound at β. With a 0/1 loss this is split conformal's finite-sample quantile.
"""

from __future__ import annotations

import math

import numpy as np

from factalign.calibration.decision import Bands
from factalign.errors import FactalignError

# the default risk bounds of `factalign calibrate` (docs/calibration.md)
MAX_PASSED_INCONSISTENT = 0.10
MAX_BLOCKED_CONSISTENT = 0.10


def allowed_losses(n: int, bound: float) -> int:
    """How many of n calibration units may incur the loss: the largest k with (k + 1) / (n + 1) <= bound
    (-1 when even none is allowed, i.e. bound < 1 / (n + 1))."""
    return math.floor(bound * (n + 1) - 1 + 1e-9)


def pass_threshold(inconsistent_scores: np.ndarray, max_passed: float) -> float:
    """The smallest threshold at which at most `allowed_losses` inconsistent units score >= it;
    +inf (nothing passes) when the bound is below 1 / (n + 1)."""
    s = np.sort(np.asarray(inconsistent_scores, dtype=float))[::-1]
    k = allowed_losses(len(s), max_passed)
    if k < 0 or len(s) == 0:
        return math.inf
    if k >= len(s):
        return -math.inf
    return float(np.nextafter(s[k], math.inf))  # just above the (k+1)-th highest: k units at most pass


def block_threshold(consistent_scores: np.ndarray, max_blocked: float) -> float:
    """The largest threshold below which at most `allowed_losses` consistent units score; -inf (nothing
    is blocked) when the bound is below 1 / (n + 1)."""
    s = np.sort(np.asarray(consistent_scores, dtype=float))
    k = allowed_losses(len(s), max_blocked)
    if k < 0 or len(s) == 0:
        return -math.inf
    if k >= len(s):
        return math.inf
    return float(s[k])  # units strictly below the (k+1)-th lowest: k at most


def fit_bands(labels: np.ndarray, scores: np.ndarray, max_passed_inconsistent: float,
              max_blocked_consistent: float) -> Bands:
    """Bands from labelled scores (1 = consistent). Where the two thresholds cross, passing wins (the
    block threshold is lowered to the pass threshold), which keeps both bounds."""
    for name, bound in (("max passed inconsistent", max_passed_inconsistent),
                        ("max blocked consistent", max_blocked_consistent)):
        if not 0 < bound < 1:
            raise FactalignError(f"the {name} share must lie strictly between 0 and 1, not {bound:g}")
    labels, scores = np.asarray(labels, dtype=int), np.asarray(scores, dtype=float)
    pass_at = pass_threshold(scores[labels == 0], max_passed_inconsistent)
    block_at = min(block_threshold(scores[labels == 1], max_blocked_consistent), pass_at)
    return Bands(pass_at, block_at, max_passed_inconsistent, max_blocked_consistent)

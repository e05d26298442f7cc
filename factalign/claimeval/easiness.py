"""Easiness: how close predicted claims are to gold ones under a text similarity (FENICE eqs. 9-10).

P = mean over predicted claims of the best similarity to a gold claim; R = mean over gold claims of
the best similarity to a predicted claim; F1 = their harmonic mean. The default similarity is
ROUGE-1 F1 (`rouge-score`, Porter stemming, as FEVERFact reports it; `stem=False` for raw tokens).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

Similarity = Callable[[str, str], float]


@lru_cache(maxsize=2)
def _rouge(stem: bool):
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(["rouge1"], use_stemmer=stem)


def rouge1(stem: bool = True) -> Similarity:
    scorer = _rouge(stem)
    return lambda a, b: scorer.score(a, b)["rouge1"].fmeasure


def harmonic(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r > 0 else 0.0


def easiness(pred: Sequence[str], gold: Sequence[str], similarity: Similarity | None = None) -> tuple[float, float, float]:
    """(P, R, F1) of one input; no predicted claims (or no gold) scores 0."""
    if not pred or not gold:
        return 0.0, 0.0, 0.0
    sim = similarity or rouge1()
    table = [[sim(g, c) for g in gold] for c in pred]
    p = sum(max(row) for row in table) / len(pred)
    r = sum(max(table[i][j] for i in range(len(pred))) for j in range(len(gold))) / len(gold)
    return p, r, harmonic(p, r)

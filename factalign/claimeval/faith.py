"""Focus, Coverage, F_fact and Redundancy (FEVERFact, Ullrich et al. 2025) through a Faith function.

Faith(premise, claim) is the NLI entailment probability by default, so the house model runs it
offline; AlignScore (the paper's Faith) is an optional backend for users who have its checkpoint.

Focus(G, C)     = mean over predicted c of Faith(concat(G), c)    (no claim strays from the gold)
Coverage(G, C)  = mean over gold g of Faith(concat(C), g)         (Focus with the roles swapped)
F_fact          = harmonic mean of Focus and Coverage
Redundancy(C)   = mean over c of Faith(concat(C without c), c)    (claims the others already imply)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from factalign.claimeval.easiness import harmonic
from factalign.errors import FactalignError
from factalign.nli import ENT, NLIModel

Faith = Callable[[Sequence[tuple[str, str]]], list[float]]  # (premise, claim) pairs -> scores in [0, 1]


def nli_faith(nli: NLIModel) -> Faith:
    return lambda pairs: [float(row[ENT]) for row in nli.predict(list(pairs))] if pairs else []


def alignscore_faith(checkpoint: str, model: str = "roberta-large", device: str = "cpu") -> Faith:
    try:
        from alignscore import AlignScore
    except ImportError:
        raise FactalignError("the AlignScore Faith needs the `alignscore` package (github.com/yuh-zha/AlignScore)") from None
    try:
        scorer = AlignScore(model=model, batch_size=16, device=device, ckpt_path=checkpoint, evaluation_mode="nli_sp")
    except (OSError, FileNotFoundError) as exc:
        raise FactalignError(f"cannot load the AlignScore checkpoint {checkpoint}: {str(exc).splitlines()[0]}") from None
    return lambda pairs: [float(s) for s in scorer.score(contexts=[p for p, _ in pairs], claims=[c for _, c in pairs])] if pairs else []


def concat(claims: Sequence[str]) -> str:
    return " ".join(claims)


def focus(gold: Sequence[str], pred: Sequence[str], faith: Faith) -> float:
    if not pred or not gold:
        return 0.0
    scores = faith([(concat(gold), c) for c in pred])
    return sum(scores) / len(scores)


def coverage(gold: Sequence[str], pred: Sequence[str], faith: Faith) -> float:
    return focus(pred, gold, faith)


def f_fact(gold: Sequence[str], pred: Sequence[str], faith: Faith) -> tuple[float, float, float]:
    """(Focus, Coverage, F_fact)."""
    f, c = focus(gold, pred, faith), coverage(gold, pred, faith)
    return f, c, harmonic(f, c)


def redundancy(pred: Sequence[str], faith: Faith) -> float:
    """0 for fewer than two claims: a single claim repeats nothing."""
    if len(pred) < 2:
        return 0.0
    pred = list(pred)
    scores = faith([(concat(pred[:i] + pred[i + 1:]), c) for i, c in enumerate(pred)])
    return sum(scores) / len(scores)

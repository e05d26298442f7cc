"""Compare predicted claim sets with gold ones: easiness, Faith-based metrics, claim scorers, statistics."""

from __future__ import annotations

from collections.abc import Sequence
from statistics import mean, median

from tqdm import tqdm

from factalign.claimeval.easiness import Similarity, easiness, rouge1
from factalign.claimeval.faith import Faith, f_fact, redundancy
from factalign.claimeval.scorers import ClaimScorer


def claim_stats(claim_sets: Sequence[Sequence[str]]) -> dict[str, float]:
    counts = [len(s) for s in claim_sets]
    lengths = [len(c.split()) for s in claim_sets for c in s]
    return {"claims_mean": mean(counts) if counts else 0.0, "claims_median": median(counts) if counts else 0.0,
            "claims_min": min(counts, default=0), "claims_max": max(counts, default=0),
            "tokens_per_claim": mean(lengths) if lengths else 0.0}


def evaluate(pred: Sequence[Sequence[str]], gold: Sequence[Sequence[str]], similarity: Similarity | None = None,
             faith: Faith | None = None, scorers: Sequence[ClaimScorer] = (), progress: bool = False) -> dict:
    """Per-input rows and their means; `faith` adds Focus/Coverage/F_fact/Redundancy; `progress` shows a
    progress bar on stderr."""
    similarity = similarity or rouge1()
    rows = []
    pairs = zip(pred, gold, strict=True)
    for p, g in tqdm(pairs, total=len(gold), desc="evaluating claims", unit="input", disable=not progress or len(gold) < 2):
        row = dict(zip(("easiness_p", "easiness_r", "easiness_f1"), easiness(p, g, similarity)))
        if faith is not None:
            row.update(zip(("focus", "coverage", "f_fact"), f_fact(g, p, faith)))
            row["redundancy"] = redundancy(p, faith)
        for scorer in scorers:
            scores = scorer.score(list(p))
            row[scorer.name] = mean(scores) if scores else 0.0
        row["claims"], row["gold_claims"] = len(p), len(g)
        rows.append(row)
    keys = [k for k in rows[0] if k not in {"claims", "gold_claims"}] if rows else []
    summary = {k: mean(r[k] for r in rows) for k in keys}
    summary["inputs"] = len(rows)
    summary["pred"] = claim_stats(pred)
    summary["gold"] = claim_stats(gold)
    return {"summary": summary, "rows": rows}

"""Claim-extraction evaluation: easiness (FENICE), Focus/Coverage/F_fact/Redundancy (FEVERFact), claim scorers."""

from factalign.claimeval.easiness import easiness, rouge1
from factalign.claimeval.evaluate import claim_stats, evaluate
from factalign.claimeval.faith import (
           alignscore_faith,
           coverage,
           f_fact,
           focus,
           nli_faith,
           redundancy,
)
from factalign.claimeval.scorers import CLAIM_SCORERS, load_scorer

__all__ = ["easiness", "rouge1", "evaluate", "claim_stats", "focus", "coverage", "f_fact", "redundancy",
           "nli_faith", "alignscore_faith", "CLAIM_SCORERS", "load_scorer"]

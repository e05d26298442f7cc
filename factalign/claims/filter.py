"""Keep only claims that their own summary entails (FIZZ, Yang et al. 2024, Algorithm 1).

An atomic fact extracted from a summary should be a consequence of that summary; one that is not
(a hallucination of the extractor) is dropped before it is checked against the document. A fact is
kept when, for at least one summary sentence as premise, entailment is the argmax of the NLI
probabilities. Ties in the argmax go to entailment (column 0 comes first), so a fact exactly on the
fence is kept.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from factalign.claims.base import ClaimExtractor, extract_claims, reads_source
from factalign.data import Claim, Document
from factalign.nli import ENT, NLIModel


def entailed_by(claims: Sequence[Claim], premises: Sequence[str], nli: NLIModel) -> list[bool]:
    """For each claim, whether some premise entails it (entailment is the argmax label); one NLI call."""
    if not claims:
        return []
    if not premises:
        return [False] * len(claims)
    pairs = [(p, c.text) for c in claims for p in premises]
    probs = np.asarray(nli.predict(pairs)).reshape(len(claims), len(premises), 3)
    return [bool((probs[i].argmax(axis=1) == ENT).any()) for i in range(len(claims))]


class EntailmentFilter:
    """Any extractor followed by the entailment filter: facts no summary sentence entails are dropped.

    Usable wherever an extractor is (`Scorer(extractor=EntailmentFilter(inner, nli))`); `.dropped`
    holds the facts removed by the last `extract` call.
    """

    def __init__(self, extractor: ClaimExtractor, nli: NLIModel):
        self.inner = extractor
        self.nli = nli
        self.name = f"{extractor.name}+filter"
        self.reads_source = reads_source(extractor)
        self.dropped: list[Claim] = []

    def extract(self, summary: Document, source: str | None = None) -> list[Claim]:
        claims = extract_claims(self.inner, summary, source)
        keep = entailed_by(claims, summary.sentence_texts, self.nli)
        self.dropped = [c for c, k in zip(claims, keep) if not k]
        return [c for c, k in zip(claims, keep) if k]


__all__ = ["entailed_by", "EntailmentFilter"]

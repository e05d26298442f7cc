"""What every method shares: its inputs, its registry entry, and NLI helpers that keep the alignment."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from factalign.claims import ClaimExtractor
from factalign.claims.base import extract_claims
from factalign.coref import Cluster, CorefModel
from factalign.data import Claim, ClaimResult, Document, Premise
from factalign.nli import CON, ENT, NLIModel

Scored = tuple[float, list[ClaimResult]]


@dataclass
class Inputs:
    """A document and a summary with the models a method may use; claims and clusters are computed on first use."""

    document: Document
    summary: Document
    nli: NLIModel
    extractor: ClaimExtractor
    coref: CorefModel
    llm: Any = None  # a factalign.llm.ChatClient, for methods that use an LLM
    prefilter: Any = None  # a factalign.evidence.Prefilter; None (or K = 0): every sentence, as published

    def kept(self, sentences: Sequence[str], queries: Sequence[str]) -> list[list[int]] | None:
        """Per query, the document sentences the evidence prefilter keeps (document order); None: all."""
        return self.prefilter.select(sentences, queries) if self.prefilter is not None else None

    @cached_property
    def claims(self) -> list[Claim]:
        return extract_claims(self.extractor, self.summary, self.document.text)

    @cached_property
    def document_clusters(self) -> list[Cluster]:
        return self.coref.clusters(self.document.text)

    @cached_property
    def summary_clusters(self) -> list[Cluster]:
        return self.coref.clusters(self.summary.text)

    @property
    def summary_claims(self) -> list[Claim]:
        """Each summary sentence as a claim."""
        return [Claim(self.summary.sentence(i), i, s) for i, s in enumerate(self.summary.sentences)]


@dataclass(frozen=True)
class Method:
    """A registry entry. `run(inputs, **params) -> (score, claim results)`; `uses` lists what the
    result depends on besides the NLI model ("extractor", "coref", "llm"), recorded in the signature."""

    name: str
    run: Callable[..., Scored]
    params: dict[str, Any] = field(default_factory=dict)
    uses: tuple[str, ...] = ()
    description: str = ""
    nli: bool = True  # False for methods that judge with an LLM instead


def nli_score(probs: np.ndarray) -> np.ndarray:
    """FENICE's NLIScore = p_ent - p_con, row-wise."""
    return probs[..., ENT] - probs[..., CON]


def grid(nli: NLIModel, premises: Sequence[str], hypotheses: Sequence[str]) -> np.ndarray:
    """All premise x hypothesis probabilities in one call, shaped [n_hypotheses, n_premises, 3]."""
    if not premises or not hypotheses:
        return np.zeros((len(hypotheses), len(premises), 3))
    probs = nli.predict([(p, h) for h in hypotheses for p in premises])
    return probs.reshape(len(hypotheses), len(premises), 3)


def result(claim: Claim, score: float, probs: np.ndarray, premise: Premise | None, **details) -> ClaimResult:
    return ClaimResult(claim, float(score), tuple(float(p) for p in probs), premise, None, details)


def mean(values: Sequence[float]) -> float:
    return float(np.mean(values)) if len(values) else 0.0

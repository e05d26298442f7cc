"""What every method shares: its inputs, its registry entry, and NLI helpers that keep the alignment."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from factalign.bounds import bounded_claims, bounded_variants
from factalign.claims import ClaimExtractor
from factalign.claims.base import extract_claims
from factalign.coref import Cluster, CorefModel, sentence_variants
from factalign.coref.windows import window_clusters
from factalign.data import Claim, ClaimResult, Document, Premise
from factalign.nli import NLIModel
from factalign.nli.labels import THREE_WAY, LabelSet, labels_of
from factalign.registry import Registry, signature_defaults

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
    _variants: dict[int, list[str]] = field(default_factory=dict, init=False, repr=False)  # sentence_variants' memo
    notes: list[str] = field(default_factory=list, init=False)  # where a cap of factalign.bounds cut

    def retrieved(self, sentences: Sequence[str], queries: Sequence[str]) -> list[list[int]] | None:
        """Per query, the document sentences the evidence prefilter keeps (document order); None: all."""
        return self.prefilter.select(sentences, queries) if self.prefilter is not None else None

    @property
    def pair_budget(self) -> int:
        """NLI pairs each claim may cost against the document (0: no budget, as for a document of at most 2K sentences)."""
        return self.prefilter.budget(len(self.document.sentences)) if self.prefilter is not None else 0

    def cut(self, sentences: Sequence[str], queries: Sequence[str], keep: list[list[int]] | None,
            sizes: Sequence[int]) -> list[list[int]] | None:
        """`keep` (None: every sentence) with query q's list cut to its `sizes[q]` best sentences by retrieval
        rank (document order). Unchanged (the same object, None included) when no list is longer than its size."""
        lengths = retrieved_counts(keep, len(sentences), len(queries))
        if all(n <= size for n, size in zip(lengths, sizes)):
            return keep
        order = self.prefilter.ranked(sentences, queries)
        out = []
        for q, size in enumerate(sizes):
            kept = list(range(len(sentences))) if keep is None else keep[q]
            if len(kept) > size:
                allowed = set(kept)
                kept = sorted([i for i in order[q] if i in allowed][:size])
            out.append(kept)
        return out

    @property
    def labels(self) -> LabelSet:
        """What the NLI model outputs (factalign/nli/labels.py): 3-way, or binary (supported)."""
        return labels_of(self.nli)

    @cached_property
    def claims(self) -> list[Claim]:
        """The extractor's claims within factalign.bounds' caps (a cap that cuts adds to `notes`)."""
        claims, notes = bounded_claims(extract_claims(self.extractor, self.summary, self.document.text), self.summary)
        self.notes += notes
        return claims

    @cached_property
    def document_clusters(self) -> list[Cluster]:
        """Coreference clusters of the document; with several sources, each cluster is cut into its
        mentions per source (a mention never resolves to a name in another source)."""
        clusters = self.coref.clusters(self.document.text)
        return clusters if not self.document.sources else per_source(self.document, clusters)

    def sentence_variants(self, i: int) -> list[str]:
        """FENICE's coref variants of document sentence i. On a long document with a pair budget, its clusters
        come from the sentences just before it (`coref.window_clusters`), not from a parse of the whole document."""
        if i not in self._variants:
            doc = self.document
            clusters = window_clusters(self.coref, doc, i) if self.pair_budget else self.document_clusters
            self._variants[i], note = bounded_variants(sentence_variants(doc.text, doc.sentences[i], clusters))
            if note and note not in self.notes:
                self.notes.append(note)
        return self._variants[i]

    @cached_property
    def summary_clusters(self) -> list[Cluster]:
        return self.coref.clusters(self.summary.text)

    @property
    def summary_claims(self) -> list[Claim]:
        """Each summary sentence as a claim."""
        return [Claim(self.summary.sentence(i), i, s) for i, s in enumerate(self.summary.sentences)]


def retrieved_counts(keep: list[list[int]] | None, n_sentences: int, n_queries: int) -> list[int]:
    """Per query, how many sentences the prefilter kept for it (every one where `keep` is None)."""
    return [n_sentences] * n_queries if keep is None else [len(k) for k in keep]


def affordable(n: int, extras: int, budget: int, per_sentence: int = 1) -> int:
    """Sentences a claim may keep under a pair budget: all n when their pairs (n * per_sentence) and the
    `extras` the method adds after them fit; else as many as leave min(budget // 4, extras) pairs for the extras."""
    return n if n * per_sentence + extras <= budget else min(n, (budget - min(budget // 4, extras)) // per_sentence)


def per_source(doc: Document, clusters: list[Cluster]) -> list[Cluster]:
    """Each cluster split by the source its mentions lie in; parts of a single mention are no cluster."""
    out = []
    for cluster in clusters:
        parts: dict[int, Cluster] = {}
        for mention in cluster:
            parts.setdefault(doc.source_index(mention[0]), []).append(mention)
        out += [part for part in parts.values() if len(part) > 1]
    return out


@dataclass(frozen=True)
class Method:
    """A registry entry. `run(inputs, **params) -> (score, claim results)`; `uses` lists what the
    result depends on besides the NLI model ("extractor", "coref", "llm"), recorded in the signature;
    a boolean parameter `use_X=False` turns the use of X off."""

    name: str
    run: Callable[..., Scored]
    params: dict[str, Any] = field(default_factory=dict)
    uses: tuple[str, ...] = ()
    description: str = ""
    needs_nli: bool | Callable[[dict], bool] = True  # False for methods that judge with an LLM; or: given the params
    ranges: dict[str, tuple[float, float]] = field(default_factory=dict)  # allowed (low, high) of float parameters
    signed: bool | str = False  # scores in [-1, 1] (else [0, 1]); a name: only when that boolean parameter is true
    check: Callable[[dict], None] | None = None  # raises FactalignError for parameter values the method refuses
    refuses_binary: str = ""  # why the method cannot use a binary checker (nli/labels.py); empty: it can

    @classmethod
    def of(cls, name: str, run: Callable[..., Scored], uses=(), description: str = "",
           needs_nli: bool | Callable[[dict], bool] = True, ranges: dict[str, tuple[float, float]] | None = None,
           signed: bool | str = False, check: Callable[[dict], None] | None = None, refuses_binary: str = "") -> Method:
        """A method whose parameters and defaults are those of `run` after its `inputs`."""
        return cls(name, run, signature_defaults(run, skip=1), tuple(uses), description or (run.__doc__ or "").strip(),
                   needs_nli=needs_nli, ranges=dict(ranges or {}), signed=signed, check=check, refuses_binary=refuses_binary)

    def uses_nli(self, params: dict) -> bool:
        return self.needs_nli(params) if callable(self.needs_nli) else self.needs_nli

    def uses_for(self, params: dict[str, Any]) -> tuple[str, ...]:
        return tuple(u for u in self.uses if params.get(f"use_{u}", True) is not False)

    def signed_for(self, params: dict[str, Any]) -> bool:
        return self.signed is True or (isinstance(self.signed, str) and params.get(self.signed, self.params.get(self.signed)) is True)

    def score_range(self, params: dict[str, Any]) -> tuple[float, float]:
        """Where the method's scores lie with these parameters: [-1, 1] when signed, else [0, 1]."""
        return (-1.0, 1.0) if self.signed_for(params) else (0.0, 1.0)


METHODS = Registry("method", "methods", make=Method.of)
register_method = METHODS.register


def nli_score(probs: np.ndarray, labels: LabelSet = THREE_WAY) -> np.ndarray:
    """FENICE's NLIScore, row-wise: p_ent - p_con, or p_sup for a binary checker."""
    return labels.score(probs)


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


def retrieved_grid(nli, premises: Sequence[str], hypotheses: Sequence[str],
              keep: list[list[int]] | None) -> tuple[np.ndarray, np.ndarray]:
    """Like `grid`, but only the kept premises of each hypothesis are scored (one NLI call).

    Returns probabilities [n_h, n_p, 3] (NaN where not kept) and the mask of kept cells. With
    `keep=None` every cell is scored, exactly as `grid`.
    """
    if keep is None:
        return grid(nli, premises, hypotheses), np.ones((len(hypotheses), len(premises)), dtype=bool)
    probs = np.full((len(hypotheses), len(premises), 3), np.nan)
    mask = np.zeros((len(hypotheses), len(premises)), dtype=bool)
    cells = [(h, p) for h, kept in enumerate(keep) for p in kept]
    if cells:
        rows = nli.predict([(premises[p], hypotheses[h]) for h, p in cells])
        for (h, p), row in zip(cells, rows):
            probs[h, p] = row
            mask[h, p] = True
    return probs, mask


def masked(scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Scores with the cells a prefilter dropped at -inf, so no max or ranking picks them."""
    return np.where(mask, scores, -np.inf)

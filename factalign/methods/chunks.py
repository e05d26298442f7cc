"""Chunks: the protocol of the binary checkers and of LLM-AggreFact (MiniCheck, Tang et al. 2024; AlignScore,
Zha et al. 2023): each claim against the sources cut into chunks of about N tokens, max over chunks.

Claims are the summary's sentences (as LLM-AggreFact scores them; `use_extractor=true`: the extractor's
claims). The document's sentences are packed greedily, in order, into chunks of at most `chunk_tokens`
tokens of the checker's own tokenizer (whitespace words for a model without one: table, HHEM, an LLM
judge); a chunk never crosses a source, and a sentence longer than N is a chunk of its own (the
backend's long-premise rule then applies). Every claim is scored against every chunk in one NLI call;
its score is the max over chunks of its support (p_sup of a binary checker, p_ent of a 3-way model)
and the argmax chunk (first on ties) is its span. Summary score = min over claims (`aggregate=mean`:
their mean).

Readings: MiniCheck's code packs whole sentences greedily into chunks of 400 tokens (RoBERTa,
DeBERTa) or 500 words (Flan-T5), AlignScore 350 tokens; both split with NLTK, we with factalign's
sentence splitter. Neither says how a multi-sentence claim's score is aggregated ("left to the
user"); min is the strict reading (a summary is only as supported as its least supported sentence).
"""

from __future__ import annotations

import numpy as np

from factalign.data import Premise
from factalign.errors import FactalignError
from factalign.methods.base import Inputs, Scored, grid, mean, register_method, result
from factalign.nli import token_budget
from factalign.text import pack

AGGREGATES = ("min", "mean")


def _check(params: dict) -> None:
    n = params["chunk_tokens"]
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise FactalignError(f"chunks: chunk_tokens must be a whole number of at least 1, not {n!r}")
    if params["aggregate"] not in AGGREGATES:
        raise FactalignError(f"chunks: aggregate must be one of {', '.join(AGGREGATES)}, not {params['aggregate']!r}")


def chunk_sentences(inputs: Inputs, chunk_tokens: int) -> list[list[int]]:
    """The document's sentence indices, packed into chunks of at most chunk_tokens tokens, none across sources."""
    doc = inputs.document
    tokens = token_budget(inputs.nli)
    texts = doc.sentence_texts
    lengths = list(tokens.count_tokens(texts)) if tokens is not None else [len(s.split()) for s in texts]
    return pack(lengths, chunk_tokens, groups=doc.sentence_sources)


@register_method("chunks", uses=("extractor",), check=_check,
                 description="each sentence (or claim) vs source chunks of N checker tokens, max over chunks; min over claims")
def chunks(inputs: Inputs, chunk_tokens: int = 400, aggregate: str = "min", use_extractor: bool = False) -> Scored:
    doc = inputs.document
    claims = inputs.claims if use_extractor else inputs.summary_claims
    packed = chunk_sentences(inputs, chunk_tokens)
    premises = [Premise.of_sentences(doc, c, "chunk") for c in packed]
    probs = grid(inputs.nli, [p.text for p in premises], [c.text for c in claims])  # [claims, chunks, 3]
    support = inputs.labels.support(probs)
    results = []
    for ci, claim in enumerate(claims):
        best = int(np.argmax(support[ci]))
        results.append(result(claim, support[ci, best], probs[ci, best], premises[best], chunk=best, chunks=len(packed)))
    scores = [r.score for r in results]
    return (min(scores) if aggregate == "min" and scores else mean(scores)), results

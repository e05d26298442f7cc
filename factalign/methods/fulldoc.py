"""FullDoc, the INFUSE paper's whole-document baseline: the whole summary against the whole document.

The document is cut into chunks of consecutive whole sentences that fit the NLI model's input
beside the summary; the summary (whole, one hypothesis) is scored against every chunk (one NLI
call) and the score is the mean entailment probability over chunks.

Chunk size: if the NLI model exposes `count_tokens` and `max_length` (the onnx and hf backends;
`CachedNLI` forwards them), a chunk holds at most max_length - tokens(summary) - 4 model tokens
(floor 16); otherwise `chunk_tokens` (default 400) whitespace tokens. Sentences are packed
greedily in document order; a sentence longer than the budget is a chunk on its own (the backend's
own long-premise handling then applies). Token counts of a chunk are the sum of its sentences'.

Result: one unit, the whole summary (its text from the first sentence's start to the last one's end,
sentence_index 0), with the mean (p_ent, p_neu, p_con) over chunks as its probs, aligned
to the chunk with the highest entailment (ties: the first); `details` lists every chunk's sentence
indices and entailment.
"""

from __future__ import annotations

import numpy as np

from factalign.data import Claim, Premise
from factalign.methods.base import Inputs, Method, Scored, result
from factalign.nli import ENT

SPECIAL_TOKENS = 4


def chunk_sentences(lengths: list[int], budget: int) -> list[list[int]]:
    """Greedy packing of sentence indices into chunks whose summed length stays within budget."""
    chunks, current, used = [], [], 0
    for i, size in enumerate(lengths):
        if current and used + size > budget:
            chunks.append(current)
            current, used = [], 0
        current.append(i)
        used += size
    if current:
        chunks.append(current)
    return chunks


def fulldoc(inputs: Inputs, chunk_tokens: int = 400) -> Scored:
    doc, summary, nli = inputs.document, inputs.summary, inputs.nli
    span = (summary.sentences[0][0], summary.sentences[-1][1]) if summary.sentences else (0, len(summary.text))
    hypothesis = summary.text[span[0]:span[1]]
    count = getattr(nli, "count_tokens", None)
    max_length = getattr(nli, "max_length", None)
    if callable(count) and isinstance(max_length, int):
        lengths = list(count(doc.sentence_texts))
        budget = max(max_length - count([hypothesis])[0] - SPECIAL_TOKENS, 16)
    else:
        lengths = [len(s.split()) for s in doc.sentence_texts]
        budget = int(chunk_tokens)
    chunks = chunk_sentences(lengths, budget)
    premises = [Premise.of_sentences(doc, c, "chunk") for c in chunks]
    probs = nli.predict([(p.text, hypothesis) for p in premises])
    best = int(np.argmax(probs[:, ENT]))
    claim = Claim(hypothesis, 0, span)
    score = float(probs[:, ENT].mean())
    unit = result(claim, score, probs.mean(axis=0), premises[best], budget=budget,
                  chunks=[{"sentences": c, "entailment": float(p[ENT])} for c, p in zip(chunks, probs)])
    return score, [unit]


FULLDOC = Method("fulldoc", fulldoc, {"chunk_tokens": 400}, (),
                 "whole summary vs document chunks that fit the model; mean entailment over chunks")

"""FullDoc, the INFUSE paper's whole-document baseline: the whole summary against the whole document.

The document is cut into chunks of consecutive whole sentences that fit the NLI model's input
beside the summary; the summary (whole, one hypothesis) is scored against every chunk (one NLI
call) and the score is the mean entailment probability over chunks.

Chunk size: if the NLI model has the `TokenBudget` capability (`count_tokens`, `premise_budget`: the
onnx and hf backends), a chunk holds at most the model's premise budget beside the summary;
otherwise `chunk_tokens` (default 400) whitespace tokens. Sentences are packed
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
from factalign.methods.base import Inputs, Scored, register_method, result
from factalign.nli import ENT, token_budget
from factalign.text import pack


@register_method("fulldoc",
                 description="whole summary vs document chunks that fit the model; mean entailment over chunks")
def fulldoc(inputs: Inputs, chunk_tokens: int = 400) -> Scored:
    doc, summary, nli = inputs.document, inputs.summary, inputs.nli
    span = (summary.sentences[0][0], summary.sentences[-1][1]) if summary.sentences else (0, len(summary.text))
    hypothesis = summary.text[span[0]:span[1]]
    tokens = token_budget(nli)
    if tokens is not None:
        lengths = list(tokens.count_tokens(doc.sentence_texts))
        budget = tokens.premise_budget(hypothesis)
    else:
        lengths = [len(s.split()) for s in doc.sentence_texts]
        budget = int(chunk_tokens)
    chunks = pack(lengths, budget, groups=doc.sentence_sources)  # with several sources: no chunk crosses two
    premises = [Premise.of_sentences(doc, c, "chunk") for c in chunks]
    probs = nli.predict([(p.text, hypothesis) for p in premises])
    best = int(np.argmax(probs[:, ENT]))
    claim = Claim(hypothesis, 0, span)
    score = float(probs[:, ENT].mean())
    unit = result(claim, score, probs.mean(axis=0), premises[best], budget=budget,
                  chunks=[{"sentences": c, "entailment": float(p[ENT])} for c, p in zip(chunks, probs)])
    return score, [unit]

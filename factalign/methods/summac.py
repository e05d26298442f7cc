"""SummaC-ZS (Laban et al., TACL 2022), zero-shot: sentence-level NLI matrix, max per summary sentence, mean.

Each summary sentence is checked against every document sentence (one NLI call for the whole
matrix); it scores the max over document sentences of p_ent, or of p_ent - p_con with
`use_con=True` (the paper's best zero-shot setting); the argmax sentence (first on ties) is its
alignment. Summary score = mean over summary sentences.

`original_constraints=True` applies SummaC's input limits to the document: sentences of fewer than
10 whitespace tokens are ignored and only the first 100 remaining sentences are used (if every
sentence is too short, all are kept). They are off by default, as in the INFUSE paper's
re-implementation of the baseline. (SummaC's released code filters sentences of at most 10
*characters*, and applies the filter to summary sentences too; we follow the reading stated here.)

With a binary checker (factalign/nli/labels.py) both settings score max p_sup: the checker gives no
contradiction, so `use_con` changes nothing but the score range it declares.

With a pair budget B (`--pair-budget`), each summary sentence is checked against at most B sentences, its
B best retrieved ones (a document of at most B usable sentences runs as without the budget).
"""

from __future__ import annotations

import numpy as np

from factalign.data import Premise
from factalign.methods.base import Inputs, Scored, retrieved_grid, masked, mean, register_method, result

MIN_TOKENS = 10
MAX_SENTENCES = 100


def usable_sentences(sentences: list[str], original_constraints: bool) -> list[int]:
    """Indices of the document sentences SummaC looks at."""
    idx = list(range(len(sentences)))
    if not original_constraints:
        return idx
    long_enough = [i for i in idx if len(sentences[i].split()) >= MIN_TOKENS] or idx
    return long_enough[:MAX_SENTENCES]


@register_method("summac-zs", uses=("prefilter",), signed="use_con",
                 description="summary sentences vs document sentences, max entailment (or ent - con), mean")
def summac_zs(inputs: Inputs, use_con: bool = False, original_constraints: bool = False) -> Scored:
    doc = inputs.document
    idx = usable_sentences(doc.sentence_texts, original_constraints)
    claims = inputs.summary_claims
    premises, hypotheses = [doc.sentence(i) for i in idx], [c.text for c in claims]
    keep = inputs.retrieved(premises, hypotheses)
    if inputs.pair_budget:  # at most B sentences per summary sentence: its B best retrieved ones
        keep = inputs.cut(premises, hypotheses, keep, [inputs.pair_budget] * len(hypotheses))
    probs, mask = retrieved_grid(inputs.nli, premises, hypotheses, keep)
    labels = inputs.labels
    scores = masked(labels.score(probs) if use_con else labels.support(probs), mask)
    results = []
    for h, claim in enumerate(claims):
        j = int(np.argmax(scores[h]))
        results.append(result(claim, scores[h, j], probs[h, j], Premise.of_sentences(doc, [idx[j]], "sentence"),
                              sentences_used=len(idx)))
    return mean([r.score for r in results]), results

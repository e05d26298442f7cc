"""SentLI (Schuster et al., 2022, "Stretching Sentence-pair NLI Models to Reason over Long Documents and Clusters").

For each summary sentence h: every document sentence is scored against h (one NLI call for all
pairs); the k sentences with the highest entailment and the k with the highest contradiction are
selected (ties by document index), their union is put back in document order and joined into one
premise, and h is scored by one more NLI call on that premise (batched over summary sentences).
The sentence score is that call's entailment probability; summary score = mean over summary
sentences. With N <= k the premise is the whole document.

Readings: the paper's retrieval step takes the top-k by entailment and by contradiction and keeps
the original order, which is what is done here with k = 5; the score is p_ent of the final call
(the paper reports the entailment probability for its binary tasks); the mean over sentences is
our aggregation for summaries. With a binary checker (factalign/nli/labels.py) the premise is the top-k
by p_sup alone and the score its p_sup.
"""

from __future__ import annotations

from factalign.data import Premise
from factalign.methods.base import Inputs, Scored, grid, mean, register_method, result
from factalign.nli import CON, ENT


def select(probs_row, k: int, binary: bool = False) -> tuple[list[int], list[int], list[int]]:
    """(union in document order, top-k by entailment, top-k by contradiction) for one hypothesis; a binary
    checker gives no contradiction, so its top-k by contradiction is empty."""
    n = len(probs_row)
    top_ent = sorted(range(n), key=lambda m: (-probs_row[m, ENT], m))[:k]
    top_con = [] if binary else sorted(range(n), key=lambda m: (-probs_row[m, CON], m))[:k]
    return sorted(set(top_ent) | set(top_con)), top_ent, top_con


@register_method("sentli",
                 description="premise = top-k entailing + top-k contradicting sentences in document order; entailment; mean")
def sentli(inputs: Inputs, k: int = 5) -> Scored:
    doc = inputs.document
    claims = inputs.summary_claims
    probs = grid(inputs.nli, doc.sentence_texts, [c.text for c in claims])
    chosen = [select(probs[h], max(1, int(k)), inputs.labels.binary) for h in range(len(claims))]
    premises = [Premise.of_sentences(doc, union, "ranked") for union, _, _ in chosen]
    rows = inputs.nli.predict([(p.text, c.text) for p, c in zip(premises, claims)]) if claims else []
    results = [result(c, row[ENT], row, p, top_entailment=ent, top_contradiction=con)
               for c, row, p, (_, ent, con) in zip(claims, rows, premises, chosen)]
    return mean([r.score for r in results]), results

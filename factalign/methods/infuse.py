"""INFUSE (Zhang, Xu and Perez-Beltrachini, EACL 2024), Algorithm 1, with its variants INFUSE_sub and fixed k.

For each hypothesis h (a summary sentence):
1. rank: every document sentence d_m gets E_m = p_ent(d_m => h) + p_ent(h => d_m) (two NLI calls
   in total, one per direction, batched over all hypotheses); sentences are sorted by E descending,
   ties by document index. With `reverse=False` only p_ent(d_m => h) is used (the paper's ablation).
2. grow: R_i is the i top-ranked sentences, joined in rank order. After each addition
   u_i = p_neu(R_i => h). The first i with u_i >= u_{i-1} stops the search and R_{i-1} is returned
   with its entailment e_{i-1} as the score of h. If neutral keeps falling, every sentence ends up in
   the premise (R_N). Steps are run for all hypotheses together: one NLI call per step.
Summary score = mean over summary sentences.

A binary checker (factalign/nli/labels.py) gives no neutral probability, so `infuse` and `infuse-sub`
refuse it in one line; `infuse-k` (a fixed k, no neutral stop) reads p_sup as its entailment.

Readings, stated so numbers can be compared:
- u_0 (the empty premise) is read as +infinity: with no context nothing has been ruled out, so the
  first ranked sentence is always accepted and R_0 is never returned. The published code does the
  same (it initialises the best neutral score to 1000). Algorithm 1's line 8 writes "n_{0,n} = 0",
  which read literally would stop at the first step (u_1 >= 0) and return the empty premise.
- the stopping test is `u_i >= u_{i-1}` (neutral did not fall). The published code stops only on a
  strict rise (`>`); the two differ only on exact ties.
- the premise is joined in rank order, one space between sentences; the published code re-sorts the
  selected sentences into document order and concatenates them without a separator, and before
  ranking keeps only the 2i sentences with the highest forward entailment; ties there are broken by
  forward entailment, here by document index.
- the paper does not say in its text how sentence scores become a summary score; the mean is our
  reading (as SummaC-ZS aggregates).
- INFUSE_sub (`infuse-sub`): the paper splits summary sentences with a fine-tuned T5-large sentence
  splitter (Section 4); here the claims of the extractor in use stand in for its sub-sentences,
  grouped by
  `Claim.sentence_index`; each claim runs the procedure above and a summary sentence scores the min
  over its claims. A summary sentence without any claim is checked whole. The results list every
  claim (details: k, its sentence, the sentence score, whether it was the min); the summary score
  is the mean over summary sentences of those minima.
- `infuse-k`: the premise is the k top-ranked sentences (rank order), scored by its entailment, no
  stopping rule; k is clipped to the document length. The paper's Figure 6 sweeps k = 1..5; the
  default here is k = 1, the SummaC-style single-sentence premise (but ranked bidirectionally).
- scores are entailment probabilities (not p_ent - p_con), as in the paper and its code.
- pair budget B (`--pair-budget`): ranking costs 2 pairs per sentence (1 with `reverse=False`), growing
  one pair per step. A claim whose ranking of all its n kept sentences plus n growing steps fits in B runs
  as without it; otherwise it ranks only its (B - min(B // 4, n)) // 2 best retrieved sentences, and the
  growing stops when the budget is spent (as if the ranked list ended there: the last accepted premise is
  kept). B = 32: 12 sentences ranked both ways (24 pairs), at most 8 growing steps. `infuse-k` reserves
  one pair for its premise: (B - 1) // 2 sentences ranked.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from factalign.data import Claim, ClaimResult, Premise
from factalign.errors import FactalignError
from factalign.methods.base import (Inputs, Scored, affordable, grid, mean, register_method, result, retrieved_counts,
                                    retrieved_grid)
from factalign.nli import ENT, NEU


def rank(inputs: Inputs, hypotheses: list[str], reverse: bool = True, extras=lambda n: 0) -> list[list[int]]:
    """For each hypothesis, document sentence indices by E = forward (+ backward) entailment, descending.

    With a pair budget B, `extras(n)` is the most pairs the caller adds after ranking n sentences; a hypothesis
    whose ranking plus extras does not fit in B ranks only its best retrieved sentences (see `affordable`)."""
    sents = inputs.document.sentence_texts
    keep = inputs.retrieved(sents, hypotheses)  # None: every sentence; else only the kept ones are ranked
    if inputs.pair_budget:
        sizes = [affordable(n, extras(n), inputs.pair_budget, 2 if reverse else 1)
                 for n in retrieved_counts(keep, len(sents), len(hypotheses))]
        keep = inputs.cut(sents, hypotheses, keep, sizes)
    probs, mask = retrieved_grid(inputs.nli, sents, hypotheses, keep)
    e = probs[..., ENT]  # [n_h, n_d]: premise d, hypothesis h
    if reverse:
        if keep is None:
            e = e + grid(inputs.nli, hypotheses, sents)[..., ENT].T  # [n_d, n_h] -> [n_h, n_d]
        else:
            cells = [(h, m) for h, kept in enumerate(keep) for m in kept]
            rows = inputs.nli.predict([(hypotheses[h], sents[m]) for h, m in cells]) if cells else []
            for (h, m), row in zip(cells, rows):
                e[h, m] += row[ENT]
    return [sorted((m for m in range(len(sents)) if mask[h, m]), key=lambda m: (-row[m], m)) for h, row in enumerate(e)]


def incremental(inputs: Inputs, claims: list[Claim], reverse: bool = True) -> list[ClaimResult]:
    """Algorithm 1 for every claim; the incremental steps are batched across claims."""
    doc, nli = inputs.document, inputs.nli
    if inputs.labels.binary:
        raise FactalignError(f"infuse cannot use a binary checker: {NO_BINARY}")
    orders = rank(inputs, [c.text for c in claims], reverse, extras=lambda n: n)  # worst case: n growing steps
    budget = inputs.pair_budget
    # steps each claim may take: what its ranking left of the budget (never binding when all n steps fit)
    steps = [budget - len(o) * (2 if reverse else 1) if budget else len(o) for o in orders]
    n = max(map(len, orders), default=0)  # the document's length, or K with a prefilter
    best = [None] * len(claims)          # (k, probs row) of the accepted premise R_k
    last_neu = [np.inf] * len(claims)    # u_0 = +inf: R_1 is always accepted
    trace: list[list[float]] = [[] for _ in claims]
    active = list(range(len(claims)))
    for i in range(1, n + 1):
        active = [c for c in active if i <= len(orders[c]) and i <= steps[c]]  # all ranked sentences in (or budget spent): stop
        if not active:
            break
        rows = nli.predict([(doc.join(orders[c][:i]), claims[c].text) for c in active])
        still = []
        for c, row in zip(active, rows):
            u = float(row[NEU])
            trace[c].append(u)
            if u >= last_neu[c]:
                continue  # neutral did not fall: keep R_{i-1}
            best[c], last_neu[c] = (i, row), u
            still.append(c)
        active = still
    out = []
    for c, claim in enumerate(claims):
        k, row = best[c]
        premise = Premise.of_sentences(doc, orders[c][:k], "ranked")
        out.append(result(claim, row[ENT], row, premise, k=k, neutral=trace[c]))
    return out


NO_BINARY = ("it stops growing a premise when its neutral probability rises, which a binary checker does not give; "
             "use infuse-k, chunks or fenice with it")


@register_method("infuse", uses=("prefilter",), refuses_binary=NO_BINARY,
                 description="summary sentences, premise grown over bidirectionally ranked sentences until neutral stops falling; mean")
def infuse(inputs: Inputs, reverse: bool = True) -> Scored:
    results = incremental(inputs, inputs.summary_claims, reverse)
    return mean([r.score for r in results]), results


@register_method("infuse-sub", uses=("extractor", "prefilter"), refuses_binary=NO_BINARY,
                 description="INFUSE per claim, min within a summary sentence, mean over sentences")
def infuse_sub(inputs: Inputs, reverse: bool = True) -> Scored:
    by_sentence: dict[int, list[Claim]] = defaultdict(list)
    for claim in inputs.claims:
        by_sentence[claim.sentence_index].append(claim)
    units: list[Claim] = []
    for i, whole in enumerate(inputs.summary_claims):
        units += by_sentence.pop(i, None) or [whole]
    for i in sorted(by_sentence):  # claims pointing outside the summary's sentences: their own group
        units += by_sentence[i]
    results = incremental(inputs, units, reverse)
    groups: dict[int, list[ClaimResult]] = defaultdict(list)
    for r in results:
        groups[r.claim.sentence_index].append(r)
    sentence_scores = []
    for i, group in groups.items():
        low = min(group, key=lambda r: r.score)
        sentence_scores.append(low.score)
        for r in group:
            r.details.update(sentence=i, sentence_score=low.score, is_min=r is low)
    return mean(sentence_scores), results


@register_method("infuse-k", uses=("prefilter",),
                 description="INFUSE ranking with a fixed premise of the top-k sentences; mean")
def infuse_k(inputs: Inputs, k: int = 1, reverse: bool = True) -> Scored:
    doc = inputs.document
    claims = inputs.summary_claims
    orders = rank(inputs, [c.text for c in claims], reverse, extras=lambda n: 1)  # then one pair: the premise
    k = max(1, min(int(k), len(doc.sentences)))
    premises = [Premise.of_sentences(doc, order[:k], "ranked") for order in orders]  # order: K long with a prefilter
    rows = inputs.nli.predict([(p.text, c.text) for p, c in zip(premises, claims)]) if claims else []
    results = [result(c, row[ENT], row, p, k=k) for c, row, p in zip(claims, rows, premises)]
    return mean([r.score for r in results]), results

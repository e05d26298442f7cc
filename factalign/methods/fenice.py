"""FENICE (Scirè et al., 2024, Findings of ACL), equations 1-8, and its ablations NLI_sent / NLI_claim.

For each claim c: FENICE_sent(c) = max_s NLIScore(s, c) over document sentences, with
NLIScore = p_ent - p_con and the argmax s* as the alignment. Coref: the variants Co(s*) of s*, each
mention replaced by another non-pronoun mention of its cluster; the claim keeps the best of s* and
its variants. If that score is below T, passages of j consecutive sentences (sliding, stride 1)
and the whole document are tried too, and the claim keeps the max. Summary score = mean over claims.
Each claim's details keep `runners_up`: the next RUNNERS_UP sentences by NLIScore, with their spans
(the HTML report shows them).

Readings and differences from the released code, stated here so numbers can be compared:
- the released code always scores passages and the document (no T); pass T=inf to do the same.
- the released code subtracts the *neutral* probability in its max (a label-order slip); we follow
  the paper, p_ent - p_con.
- with a binary checker (MiniCheck, FactCG, HHEM, an LLM judge; factalign/nli/labels.py) NLIScore is
  p_sup, the probability it gives that the premise supports the claim: scores lie in [0, 1], not [-1, 1],
  and T (a threshold on p_ent - p_con) should be tuned for it.
- when the document has at most j sentences the only passage is the document itself, so only the
  whole-document premise is scored.
- eq. 7 read literally gives a claim below T the score FENICE_mul alone, which can be lower than its
  coref score; here (as in the released code, which maxes over every premise) the claim keeps the
  max of its coref score and FENICE_mul, so passages can only raise a score.
- Co(s*) (eq. 4) replaces each mention with the other mentions of its cluster that are not pronouns
  (a pronoun brings no name to the NLI model); the paper says "all its coreferential mentions".
- ties keep the finer granularity (sentence, then coref, then passage, then document) and the
  earlier sentence.
"""

from __future__ import annotations

import math

import numpy as np

from factalign.claims import SentenceExtractor
from factalign.data import Premise
from factalign.methods.base import (Inputs, Scored, affordable, masked, mean, nli_score, register_method, result,
                                    retrieved_grid)
from factalign.text import passages as passage_windows

RUNNERS_UP = 3  # next-best sentences kept per claim, for reports


@register_method("fenice", uses=("extractor", "coref", "prefilter"), ranges={"T": (-1.0, math.inf)}, signed=True,
                 description="claims vs sentences, coref variants, passages and document below T; mean")
def fenice(inputs: Inputs, T: float = 0.8, j: int = 5, use_coref: bool = True, passages: bool = True) -> Scored:
    """With a pair budget B (`--pair-budget`), a claim whose worst case (its sentences, every coref variant of
    its sentence with the most, and every passage and the document/evidence premise) fits in B runs as without
    it. Otherwise it keeps its B - R best retrieved sentences (document order), R = min(B // 4, that worst
    case's extras); the coref variants of its best sentence come next, in their order, as many as fit; then
    the passages (windows of j of the kept sentences) and the evidence premise fit into what is left, in this
    order of priority: windows that contain the best sentence, the evidence premise, the other windows in
    document order (the chosen ones are tried in their usual order, so ties resolve as without a budget).
    The budget applies to documents of more than 2K sentences only; there a sentence's coref variants come from
    the clusters of the few sentences before it (`factalign.coref.windows`), not of the whole document."""
    doc, nli = inputs.document, inputs.nli
    claims = inputs.claims
    texts = [c.text for c in claims]
    keep = inputs.retrieved(doc.sentence_texts, texts)  # None: every sentence (no prefilter)
    budget = inputs.pair_budget
    whole = [keep is None] * len(claims)  # the claim's passages run over the whole document
    if budget:
        sizes = _sentence_sizes(inputs, keep, budget, j, use_coref, passages)
        cut = inputs.cut(doc.sentence_texts, texts, keep, sizes)
        if cut is not keep:
            all_n = len(doc.sentences)
            whole = [keep is None and len(k) == all_n for k in cut]
            keep = cut
    probs, mask = retrieved_grid(nli, doc.sentence_texts, texts, keep)
    scores = masked(nli_score(probs, inputs.labels), mask)
    best = []
    for ci, claim in enumerate(claims):
        order = np.argsort(-scores[ci], kind="stable")
        k = int(order[0])
        runners = [{"sentences": [int(m)], "spans": [list(doc.sentences[m])], "score": float(scores[ci, m])}
                   for m in [m for m in order[1:] if mask[ci, m]][:RUNNERS_UP]]
        best.append(result(claim, scores[ci, k], probs[ci, k], Premise.of_sentences(doc, [k], "sentence"),
                           runners_up=runners))
    left = [budget - int(mask[ci].sum()) for ci in range(len(claims))] if budget else None

    if use_coref:
        candidates = [[Premise.of_sentences(doc, r.premise.sentences, "coref", text=v)
                       for v in inputs.sentence_variants(r.premise.sentences[0])]
                      for r in best]
        if left is not None:
            candidates = [c[:max(n, 0)] for c, n in zip(candidates, left)]
            left = [n - len(c) for c, n in zip(candidates, left)]
        best = _keep_best(nli, best, candidates, inputs.labels)

    if passages:
        if keep is None:
            wide = _document_premises(doc, j)
            candidates = [wide if r.score < T else [] for r in best]
        else:  # passages and the document premise are built from the claim's kept sentences
            candidates = [(_document_premises(doc, j) if all_of else _evidence_premises(doc, kept, j)) if r.score < T else []
                          for r, kept, all_of in zip(best, keep, whole)]
        if left is not None:
            candidates = [_within(c, n, r.premise.sentences[0]) for c, n, r in zip(candidates, left, best)]
        best = _keep_best(nli, best, candidates, inputs.labels)
    return mean([r.score for r in best]), best


def _document_premises(doc, j: int) -> list[Premise]:
    """Without a prefilter: windows of j consecutive sentences, then the whole document."""
    return [*(Premise.of_sentences(doc, w, "passage") for w in _windows(doc, list(range(len(doc.sentences))), j)),
            Premise.whole(doc)]


def _sentence_sizes(inputs: Inputs, keep, budget: int, j: int, use_coref: bool, passages: bool) -> list[int]:
    """Per claim, how many retrieved sentences it may keep under the pair budget (see `fenice`)."""
    doc = inputs.document
    every = list(range(len(doc.sentences)))
    sizes = []
    for kept in (keep or [None] * len(inputs.claims)):
        kept = every if kept is None else kept
        extras = len(_windows(doc, kept, j)) + 1 if passages else 0
        if use_coref and (len(kept) + extras <= budget or extras < budget // 4):  # else they change nothing below
            extras += max((len(inputs.sentence_variants(i)) for i in kept), default=0)
        sizes.append(affordable(len(kept), extras, budget))
    return sizes


def _within(candidates: list[Premise], n: int, best: int) -> list[Premise]:
    """At most n of a claim's passage candidates: windows holding its best sentence, then the evidence (or
    document) premise, then the other windows; kept in their original order."""
    if len(candidates) <= n:
        return candidates
    if n <= 0:
        return []
    last = len(candidates) - 1  # the evidence or whole-document premise
    priority = sorted(range(len(candidates)),
                      key=lambda i: (0 if i < last and best in candidates[i].sentences else 1 if i == last else 2, i))
    chosen = set(priority[:n])
    return [c for i, c in enumerate(candidates) if i in chosen]


def _evidence_premises(doc, kept: list[int], j: int) -> list[Premise]:
    """With a prefilter: windows of j consecutive kept sentences (document order), then all kept sentences."""
    wide = [Premise.of_sentences(doc, w, "passage") for w in _windows(doc, kept, j)]
    wide.append(Premise.of_sentences(doc, kept, "evidence"))
    return wide


def _windows(doc, sentences: list[int], j: int) -> list[list[int]]:
    """Passages: windows of j consecutive `sentences`, each inside one source (a shorter source, or
    stretch of kept sentences, is one shorter window), leaving out a window of all `sentences`, which
    is the whole-document (or evidence) premise."""
    groups = doc.sentence_sources
    windows = passage_windows(len(sentences), j, groups=[groups[i] for i in sentences] if groups else None)
    return [[sentences[i] for i in w] for w in windows if len(w) < len(sentences)]


def _keep_best(nli, best, candidates, labels):
    """For each claim, the best of its current result and its candidate premises (one NLI call for all)."""
    pairs = [(p.text, r.claim.text) for r, cands in zip(best, candidates) for p in cands]
    if not pairs:
        return best
    probs = iter(nli.predict(pairs))
    out = []
    for r, cands in zip(best, candidates):
        for premise in cands:
            row = next(probs)
            score = float(nli_score(row, labels))
            if score > r.score:
                r = result(r.claim, score, row, premise, **r.details)
        out.append(r)
    return out


@register_method("nli-sent", uses=("prefilter",), signed=True, description="summary sentences vs document sentences, max, mean")
def nli_sent(inputs: Inputs) -> Scored:
    """Each summary sentence against every document sentence, max, then mean (FENICE Table 5)."""
    inputs = Inputs(inputs.document, inputs.summary, inputs.nli, SentenceExtractor(), inputs.coref, prefilter=inputs.prefilter)
    return fenice(inputs, use_coref=False, passages=False)


@register_method("nli-claim", uses=("extractor", "prefilter"), signed=True, description="claims vs document sentences, max, mean")
def nli_claim(inputs: Inputs) -> Scored:
    """Claims against every document sentence, max, then mean: no coref, no passages (FENICE Table 5)."""
    return fenice(inputs, use_coref=False, passages=False)


"""FIZZ (Yang et al., EMNLP 2024): zoom in on the summary (atomic facts), zoom out on the document.

1. Coreference: document and summary are resolved (pronoun -> name, and a nominal modifier is
   prefixed with the name, "Emmanuel Adebayor, the 27-year-old"; `factalign.coref.resolve`).
2. Atomic facts: the resolved summary goes through the claim extractor in use, sentence by sentence.
3. Filter (Algorithm 1): a fact is kept only if, for some resolved summary sentence as premise,
   entailment is the argmax label (`factalign.claims.filter.entailed_by`; ties go to entailment).
4. Score (eq. 2): each fact gets the max entailment probability over the resolved document sentences;
   the argmax sentence (first on ties) is its alignment.
5. Granularity expansion (Algorithm 2): when that best pair's argmax label is not entailment, every
   window of 2..gran consecutive sentences containing the best sentence is scored
   (`factalign.text.windows_containing`, clipped at the document's edges) and the fact keeps the
   max of its sentence score and the window scores (ties keep the single sentence).
6. Summary score = min over kept facts.

Readings, stated so numbers can be compared:
- alignments point into the ORIGINAL document: each document sentence is resolved on its own, with
  the clusters' mentions inside it and each cluster's name taken from anywhere in the document, so
  sentence i of the resolved document is exactly document sentence i. A premise's `text` is the
  resolved text the NLI model saw; its `spans` are the original sentences'. The summary is resolved
  the same way (names from anywhere in the summary), sentence by sentence, so facts keep their
  `sentence_index`; when resolution changed the summary, a fact's `span` is its whole original
  summary sentence.
- dropped facts stay visible: they are scored like the others (max entailment, expansion) and
  reported with `details["kept"] = False`, but are left out of the min.
- if the filter drops every fact, all facts are kept (`details["filter_fallback"] = True`); if the
  extractor returns no fact at all, each resolved summary sentence is a fact.
- `filter=False` and `expand=False` give the paper's ablations; `gran` is the largest window size.
  Algorithm 2's line 14 loops g = 1, ..., gran+1 (windows of up to 4 sentences for gran = 3), but
  the text limits the expansion to "a maximum of three sentences (d_{i-1} + d_i + d_{i+1})": the text
  is followed (the loop reads as Python's range(1, gran + 1)). Its line 11 tests the label of
  (d_i, a_k) with i left over from the loop above (the last sentence); read as the best sentence
  d_midx, whose entailment the test is about.
- pair budget B (`--pair-budget`): a fact whose kept sentences plus every window of its expansion (at most
  2 + ... + gran of them) fit in B runs as without it; otherwise it keeps its B - min(B // 4, that window
  count) best retrieved sentences (document order), and the expansion tries its windows (smallest first,
  as `windows_containing` lists them) within what is left. The filter's pairs (facts against the
  summary's own sentences) do not depend on the document and are not counted.
- Algorithm 1 appends a fact once per summary sentence that entails it; here a fact is kept once
  (the min over facts is the same).
- the filter is there to drop what the extractor made up ("incorrect atomic facts"), so a fact whose
  every word is a word of its own resolved summary sentence is stated by the summary and always kept,
  whatever the NLI model says of it: a small model can fail to see "Natalia Moon was born in New
  Zealand." in "Natalia Moon was born in New Zealand.", and dropping it hid the summary's one error.
  The words of a sentence include those of the names its mentions stand for: coreference leaves a
  surname as it is ("Moon was born in New Zealand."), while the extractor writes it out ("Natalia Moon
  was born in New Zealand."), and that fact is still the summary's own.
"""

from __future__ import annotations

import re

import numpy as np

from factalign.claims.filter import entailed_by
from factalign.coref import Cluster, representative, resolve
from factalign.data import Claim, Document, Premise
from factalign.methods.base import (Inputs, Scored, affordable, masked, register_method, result, retrieved_counts,
                                    retrieved_grid)
from factalign.nli import ENT
from factalign.text import windows_containing


def resolve_sentences(doc: Document, clusters: list[Cluster]) -> list[str]:
    """Each sentence of `doc` with its own mentions resolved, names taken from the whole text."""
    text = doc.text
    out = []
    for a, b in doc.sentences:
        local = []
        for cluster in clusters:
            inside = [m for m in cluster if a <= m[0] and m[1] <= b]
            name = representative(text, cluster) if inside else None
            if name is None:
                continue
            # the mention that is the name goes first so resolve() picks the same name; it is never edited
            named = next(m for m in cluster if text[m[0]:m[1]] == name)
            local.append([named] + [m for m in inside if m != named])
        if not local:
            out.append(text[a:b])
            continue
        resolved = resolve(text, local)  # every edit lies inside [a, b): the rest of the text is unchanged
        out.append(resolved[a:len(resolved) - (len(text) - b)])
    return out


def atomic_facts(inputs: Inputs) -> tuple[list[Claim], list[str]]:
    """The facts of the coref-resolved summary, and the resolved summary sentences."""
    summary = inputs.summary
    resolved = resolve_sentences(summary, inputs.summary_clusters)
    if resolved == summary.sentence_texts:
        facts = inputs.claims
    else:
        facts = [Claim(c.text, c.sentence_index,
                       summary.sentences[c.sentence_index] if 0 <= c.sentence_index < len(summary.sentences) else None)
                 for c in inputs.extractor.extract(Document.from_sentences(resolved))]
    if not facts:
        facts = [Claim(t, i, span) for i, (t, span) in enumerate(zip(resolved, summary.sentences))]
    return facts, resolved


def words_of(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def stated_words(summary: Document, clusters: list[Cluster], resolved: list[str]) -> list[set[str]]:
    """Per summary sentence: the words of its resolved text and of the names its mentions stand for."""
    out = [words_of(t) for t in resolved]
    for cluster in clusters:
        name = representative(summary.text, cluster)
        if name is None:
            continue
        for a, b in cluster:
            out = [w | words_of(name) if s <= a and b <= e else w for w, (s, e) in zip(out, summary.sentences)]
    return out


@register_method("fizz", uses=("extractor", "coref", "prefilter"),
                 description="coref-resolved atomic facts filtered by the summary, max entailment over sentences, windows around the best sentence when not entailed; min")
def fizz(inputs: Inputs, gran: int = 3, expand: bool = True, filter: bool = True) -> Scored:
    doc, nli = inputs.document, inputs.nli
    facts, summary_sents = atomic_facts(inputs)
    kept = [True] * len(facts)
    if filter:
        own = stated_words(inputs.summary, inputs.summary_clusters, summary_sents)
        stated = [words_of(f.text) <= own[f.sentence_index] if 0 <= f.sentence_index < len(own) else False for f in facts]
        checked = entailed_by([f for f, s in zip(facts, stated) if not s], summary_sents, nli)
        kept = [True if s else checked.pop(0) for s in stated]
    fallback = filter and not any(kept)
    if fallback:
        kept = [True] * len(facts)

    doc_sents = resolve_sentences(doc, inputs.document_clusters)
    hypotheses = [f.text for f in facts]
    keep = inputs.retrieved(doc_sents, hypotheses)
    budget = inputs.pair_budget
    if budget:  # a fact whose sentences and every window fit runs as without the budget
        windows = sum(range(2, gran + 1)) if expand else 0
        sizes = [affordable(n, windows, budget) for n in retrieved_counts(keep, len(doc_sents), len(facts))]
        keep = inputs.cut(doc_sents, hypotheses, keep, sizes)
    probs, mask = retrieved_grid(nli, doc_sents, hypotheses, keep)
    entailment = masked(probs[..., ENT], mask)
    results = []
    for c, fact in enumerate(facts):
        j = int(np.argmax(entailment[c]))
        premise = Premise.of_sentences(doc, [j], "sentence", text=doc_sents[j])
        details = {"kept": kept[c], "sentence_score": float(probs[c, j, ENT]), "expanded": False}
        if fallback:
            details["filter_fallback"] = True
        results.append(result(fact, probs[c, j, ENT], probs[c, j], premise, **details))

    if expand:
        groups = doc.sentence_sources  # with several sources, windows stay inside the best sentence's source
        candidates = [windows_containing(r.premise.sentences[0], len(doc.sentences), gran, groups=groups)
                      if int(np.argmax(r.probs)) != ENT else [] for r in results]
        if budget:
            candidates = [ws[:max(budget - int(m.sum()), 0)] for ws, m in zip(candidates, mask)]
        pairs = [(" ".join(doc_sents[i] for i in w), r.claim.text) for r, ws in zip(results, candidates) for w in ws]
        rows = iter(nli.predict(pairs) if pairs else [])
        for n, (r, windows) in enumerate(zip(results, candidates)):
            if windows:
                r.details["expanded"] = True
            for w in windows:
                row = next(rows)
                if row[ENT] > results[n].score:
                    text = " ".join(doc_sents[i] for i in w)
                    results[n] = result(r.claim, row[ENT], row, Premise.of_sentences(doc, w, "expanded", text=text),
                                        **r.details)

    scores = [r.score for r, k in zip(results, kept) if k]
    return (min(scores) if scores else 0.0), results

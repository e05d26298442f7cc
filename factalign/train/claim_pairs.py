"""Claim-level pairs: a sentence (or a window around it) against the claims the `rules` extractor
draws from it.

Claims keep the sentence's words but drop modifiers ("in 2012", appositives, clauses), so they
teach that a dropped detail is still entailed, while the same claim with a number or an entity
changed is a contradiction and a claim of another sentence is neutral. Without them the model
learns from the number/date perturbations that a missing date means contradiction.
"""

from __future__ import annotations

import random

from factalign.data import Document
from factalign.train.data import example
from factalign.train.synthetic import contradict, is_clean

SENTENCES_PER_DOCUMENT = 10
CLAIMS_PER_SENTENCE = 3


def claim_pairs(documents: dict[tuple[str, str], list[str]], nlp, seed: int) -> list[dict]:
    from factalign.claims.rules import RulesExtractor

    extractor = RulesExtractor("none")
    pairs = []
    for (kind, key), sentences in sorted(documents.items()):
        rng = random.Random(f"{seed}:claims:{kind}:{key}")
        chosen = [i for i, s in enumerate(sentences) if is_clean(s)]
        rng.shuffle(chosen)
        chosen = sorted(chosen[:SENTENCES_PER_DOCUMENT])
        claims = {i: [c.text for c in extractor.extract(Document.from_sentences([sentences[i]]))
                      if c.text.rstrip(".") != sentences[i].rstrip(".")][:CLAIMS_PER_SENTENCE] for i in chosen}
        pool = [(e.text, e.label_) for doc in nlp.pipe(sentences[i] for i in chosen) for e in doc.ents]
        source = f"claims-{kind}"
        for i in chosen:
            if not claims[i]:
                continue
            start = max(0, i - rng.randint(0, 2))
            premise = rng.choice([sentences[i], " ".join(sentences[start:i + 1])])
            for claim in claims[i]:
                pairs.append(example(premise, claim, "entailment", source))
            edited = contradict(nlp(rng.choice(claims[i]))[:], pool, rng)
            if edited:
                pairs.append(example(premise, edited, "contradiction", source))
            others = [c for j in chosen if j != i and abs(j - i) > 2 for c in claims[j]]
            if others:
                pairs.append(example(sentences[i], rng.choice(others), "neutral", source))
    return pairs

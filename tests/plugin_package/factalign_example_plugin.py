"""A third-party plugin as a separate package would ship it: an NLI backend, a claim extractor and a
method, found by factalign through entry points only (tests/test_plugins.py installs it)."""

import numpy as np

from factalign.data import Claim, Premise
from factalign.methods import register_method
from factalign.methods.base import grid, mean, result


class OverlapNLI:
    """Entailed (p_ent = `entailed`) when every word of the hypothesis is in the premise, else contradicted."""

    def __init__(self, entailed: float = 0.9):
        self.entailed = entailed
        self.signature = f"overlap:{entailed}"

    def predict(self, pairs):
        def row(premise, hypothesis):
            inside = set(hypothesis.lower().strip(".").split()) <= set(premise.lower().replace(".", "").split())
            return (self.entailed, 1 - self.entailed, 0.0) if inside else (0.0, 0.1, 0.9)

        return np.array([row(p, h) for p, h in pairs], dtype=float).reshape(len(pairs), 3)


class AndExtractor:
    """Each summary sentence cut at " and " into claims."""

    name = "and-split"

    def extract(self, summary):
        return [Claim(part.strip().rstrip(".") + ".", i, span)
                for i, span in enumerate(summary.sentences) for part in summary.sentence(i).split(" and ")]


@register_method("weakest", uses=("extractor",), description="the lowest best-entailment over claims")
def weakest(inputs, floor: float = 0.0):
    doc = inputs.document
    claims = inputs.claims
    probs = grid(inputs.nli, doc.sentence_texts, [c.text for c in claims])
    out = []
    for c, claim in enumerate(claims):
        j = int(np.argmax(probs[c, :, 0]))
        out.append(result(claim, max(probs[c, j, 0], floor), probs[c, j], Premise.of_sentences(doc, [j], "sentence")))
    return min(r.score for r in out) if out else mean([]), out


class KeywordNLI:
    """A backend that takes an argument (`--nli keyword:WORD`): entailed when the hypothesis holds WORD."""

    def __init__(self, word: str, entailed: float = 0.9):
        self.word, self.entailed = word, entailed
        self.signature = f"keyword:{word}:{entailed}"

    def predict(self, pairs):
        return np.array([(self.entailed, 1 - self.entailed, 0.0) if self.word in h else (0.0, 0.1, 0.9)
                         for _, h in pairs], dtype=float).reshape(len(pairs), 3)

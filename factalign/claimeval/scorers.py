"""Per-claim quality scorers (FEVERFact's Atomicity, Fluency, Decontextualization), chosen by name.

Offline: `atomicity` (relations counted in spaCy's dependency parse; <= 1 is atomic) and
`decontext` (no pronoun or demonstrative left to resolve). Hub-backed, loaded lazily:
`atomicity-rebel[:ID_OR_DIR]` (REBEL triplets, as the paper counts relations) and
`fluency-coedit[:ID_OR_DIR]` (CoEdIT's grammar correction; 1 = nothing to correct).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from factalign.registry import Registry, build
from factalign.text.pronouns import UNRESOLVED

CLAIM_SCORERS = Registry("claim scorer", "claim_scorers")



class ClaimScorer(Protocol):
    name: str

    def score(self, claims: Sequence[str]) -> list[float]:
        ...


def relation_count(sent) -> int:
    """Relations a parsed claim states: its predicates, appositives and extra coordinated nouns."""
    from factalign.claims.clauses import ClauseSplitter, is_verbal

    splitter = ClauseSplitter(sent[:], {})
    predicates = len(splitter.predicates()) or 1
    appositives = sum(1 for t in sent if t.dep_ == "appos")
    conjuncts = sum(1 for t in sent if t.dep_ == "conj" and not is_verbal(t))
    return predicates + appositives + conjuncts


@CLAIM_SCORERS.register("atomicity", description="relations in spaCy's dependency parse; <= 1 is atomic")
class HeuristicAtomicity:
    name = "atomicity"

    def counts(self, claims: Sequence[str]) -> list[int]:
        from factalign.claims.parsing import parser

        return [relation_count(doc) for doc in parser().pipe(claims)]

    def score(self, claims: Sequence[str]) -> list[float]:
        return [1.0 if n <= 1 else 0.0 for n in self.counts(claims)]


@CLAIM_SCORERS.register("decontext", description="no pronoun or demonstrative left to resolve")
class HeuristicDecontext:
    name = "decontext"

    def score(self, claims: Sequence[str]) -> list[float]:
        return [0.0 if UNRESOLVED & {w.strip(".,;:'\"").lower() for w in c.split()} else 1.0 for c in claims]


class _Seq2Seq:
    """A hub text2text model, loaded on first use; a missing package or weights is a one-line error."""

    default = ""

    def __init__(self, model: str | None = None):
        self.model_id = model or self.default
        self._model = None

    def generate(self, inputs: list[str]) -> list[str]:
        if self._model is None:
            from factalign.claims.seq2seq import load_text2text

            self._model = load_text2text(self.model_id)
        tokenizer, model = self._model
        batch = tokenizer(inputs, return_tensors="pt", padding=True, truncation=True)
        out = model.generate(**batch, max_new_tokens=128)
        return tokenizer.batch_decode(out, skip_special_tokens=False)


@CLAIM_SCORERS.register("atomicity-rebel", arg="ID_OR_DIR", description="REBEL triplets counted as relations")
class RebelAtomicity(_Seq2Seq):
    name = "atomicity-rebel"
    default = "Babelscape/rebel-large"

    def score(self, claims: Sequence[str]) -> list[float]:
        # REBEL linearises each triplet as "<triplet> head <subj> tail <obj> relation"
        return [1.0 if text.count("<triplet>") <= 1 else 0.0 for text in self.generate(list(claims))]


@CLAIM_SCORERS.register("fluency-coedit", arg="ID_OR_DIR", description="CoEdIT grammar correction; 1 = nothing to correct")
class CoeditFluency(_Seq2Seq):
    name = "fluency-coedit"
    default = "grammarly/coedit-large"

    def score(self, claims: Sequence[str]) -> list[float]:
        from factalign.claimeval.easiness import rouge1

        fixed = self.generate([f"Fix grammatical errors in this sentence: {c}" for c in claims])
        sim = rouge1(stem=False)
        return [sim(c, f.replace("<pad>", "").replace("</s>", "").strip()) for c, f in zip(claims, fixed)]



def load_scorer(spec: str) -> ClaimScorer:
    return build(CLAIM_SCORERS, spec)

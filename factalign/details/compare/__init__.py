"""The comparison stage: a claim set beside its evidence slot by slot.

Both texts are parsed into frames (frames.py: the predicate with its polarity and how sure it is, its agent,
patient and modifiers, read through voice, xcomp chains, relative clauses and event nouns), and each claim frame is
compared with the evidence's frames of the same event (compare.py). A finding, of one of KINDS:
- roles: the claim's agent is the evidence's patient (or the other way round), whatever the verb or construction;
- negation: the evidence denies what the claim states, names the claim's argument only to deny it, or draws the
  claim's contrast the other way round ("A rather than B" against "B, not A"; contrast.py);
- opposite: the evidence reports the opposite event (kept/raised, won/lost, approved/rejected; lexicon.py);
- name, ordinal, quantifier: a slot the evidence fills with another name, rank or quantity, or a holder the
  evidence places otherwise however each says the place ("topped the poll" against "came second"; standings.py);
- factuality: the claim is surer than the evidence (done against agreed, decided against could).

One component, like the role check, for every method that scores with the NLI model; named in the signature as
`compare:KIND+KIND...@wordnet-3.0#sha256=...` (the kinds, then the WordNet table its lexicon reads) when on (`--compare-check on|off|KIND,KIND`, `Scorer(compare_check=...)`, a bench variant's
`[compare_check=...]`). On by default for DEFAULT_KINDS, the kinds that pass the keep rule of docs/methods.md
(all of them since factuality no longer reads a page's "will", written before the event, as less sure). Its rule, in
`ComparedNLI`: a pair whose premise gives a finding of a checked kind is answered as the role check answers a
reversal (`details.capped`: p_ent cut to CAP, the rest moved to contradiction, or to neutral for factuality); each
method then scores the claim by its own equation, and the claim's reason names both sides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np

from factalign.details import answered
from factalign.details.compare.compare import INTO, KINDS, WHAT, Finding, compare
from factalign.details.compare.sentence import own_sentence, through_sentence
from factalign.errors import FactalignError
from factalign.nli.base import Wrapper
from factalign.registry import switch
from factalign.text.wordnet_table import identity as wordnet_identity

# the kinds on by default, each where it passes the keep rule of docs/methods.md
DEFAULT_KINDS: frozenset[str] = frozenset(KINDS)
DEFAULT_ON = bool(DEFAULT_KINDS)


@dataclass(frozen=True)
class CompareCheck:
    kinds: frozenset[str] = DEFAULT_KINDS

    @property
    def on(self) -> bool:
        return bool(self.kinds)

    @property
    def spelled(self) -> str:
        """The kinds checked as the command line writes them (`roles+negation`), "off" for none."""
        return "+".join(k for k in KINDS if k in self.kinds) or "off"

    @property
    def signature(self) -> str | None:
        """The kinds checked and the WordNet table the lexicon reads: `roles+negation@wordnet-3.0#sha256=...`."""
        return f"{self.spelled}@{wordnet_identity()}" if self.on else None

    def wrap(self, nli, document: str | None = None, output: str | None = None):
        return ComparedNLI(nli, self.kinds, document, output) if self.on and nli is not None else nli

    def finding(self, claim: str, places: Sequence[str], sentence: str | None = None,
                document: str | None = None) -> dict | None:
        """The first of `places` (evidence sentences, nearest first) that gives a finding of a checked kind:
        {"kind": "roles", "claim_says": ..., "sentence": ...}; else the finding of the output `sentence` the claim
        was written from against the whole `document`, where the claim repeats what it is about (sentence.py)."""
        for place in places:
            found = checked(claim, place, self.kinds)
            if found is not None:
                return asdict(found)
        if sentence and document and sentence.strip() != claim.strip():
            found = through_sentence(claim, sentence, document, self.kinds)
            return asdict(found) if found is not None else None
        return None


def checked(claim: str, evidence: str, kinds: frozenset[str]) -> Finding | None:
    found = compare(claim, evidence)
    return found if found is not None and found.kind in kinds else None


def parse_compare_check(value: bool | str | CompareCheck | None) -> CompareCheck:
    """`on`/`off` (and true/false, yes/no, 1/0), kinds joined by `,` or `+` ("roles,negation"), a bool, a
    CompareCheck, or None for the default."""
    if isinstance(value, CompareCheck):
        return value
    if value is None:
        return CompareCheck(DEFAULT_KINDS)
    if isinstance(value, bool):
        return CompareCheck(frozenset(KINDS) if value else frozenset())
    if isinstance(value, str):
        on = switch(value)
        if on is not None:
            return CompareCheck(frozenset(KINDS) if on else frozenset())
        kinds = {k.strip().lower() for k in value.replace("+", ",").split(",") if k.strip()}
        if kinds and kinds <= set(KINDS):
            return CompareCheck(frozenset(kinds))
    raise FactalignError(f"the compare check is on, off or kinds among {', '.join(KINDS)}, not {value!r}")


class ComparedNLI(Wrapper):
    """The NLI model as the comparison stage hands it on (see the module docstring). With the `document` (the sources
    joined), a claim the whole document gives a finding for (no frame anywhere says what it says, one reports it
    otherwise) has every pair capped, not only the pairs whose premise holds the finding: the premise a method
    picks for it is then often a sentence that shares its words and says nothing of its event. With the `output`
    too, a claim is also capped where the output sentence it was written from gives a finding against the document
    that the claim repeats (sentence.py): an extractor's claim may have lost what the comparison needs."""

    def __init__(self, model, kinds: frozenset[str] = frozenset(KINDS), document: str | None = None,
                 output: str | None = None):
        super().__init__(model)
        self.kinds = kinds
        self.document = document
        self.output = output
        self._whole: dict[str, str | None] = {}

    def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        return answered(self.model.predict(pairs), pairs, self._answer)

    def _answer(self, premise: str, hypothesis: str) -> str | None:
        found = checked(hypothesis, premise, self.kinds)
        if found is not None:
            return found.into
        if not self.document:
            return None
        if hypothesis not in self._whole:
            whole = checked(hypothesis, self.document, self.kinds)
            sentence = own_sentence(hypothesis, self.output) if whole is None and self.output else None
            if sentence is not None:
                whole = through_sentence(hypothesis, sentence, self.document, self.kinds)
            self._whole[hypothesis] = whole.into if whole is not None else None
        return self._whole[hypothesis]


def describe(found: dict, quote=str) -> str:
    """"who did what to whom is the other way round: the claim says Halden Bank, the sources say Vessa Group is the
    buyer (Vessa Group will take over ...)" (`quote` shortens the sentence)."""
    return (f"{WHAT[found['kind']]}: the claim says {found['claim_says']}, the sources say {found['sources_say']} "
            f"({quote(found['sentence'])})")


OFF = CompareCheck(frozenset())

__all__ = ["CompareCheck", "ComparedNLI", "DEFAULT_KINDS", "DEFAULT_ON", "INTO", "KINDS", "OFF", "WHAT", "Finding", "checked", "compare",
           "describe", "parse_compare_check"]

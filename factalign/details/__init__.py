"""The detail check: numbers, scores, years, dates and names of a claim are looked up in the sources, and a claim
with a detail found nowhere in them is not supported, whatever the NLI model says.

One component, like the evidence prefilter: on by default for every method that scores with the NLI model
(`Scorer(detail_check=False)`, `--detail-check off` in score, batch, bench and calibrate turn it off), named in the
signature when on as `details:exact/cap0`. Finding details: `find.py`; looking them up (aliases, units,
rounding): `match.py`.

The cap, in this one place: the NLI model the method is given (`CheckedSources.wrap`) answers every pair whose
hypothesis holds a detail found nowhere in the sources, and not in that pair's premise either, with its
entailment probability cut to CAP and the difference moved to neutral. Every method then scores such a claim
(or summary sentence) as a claim without support, by its own equation: FENICE's p_ent - p_con is at most CAP,
an entailment-probability score (FIZZ, INFUSE, SummaC-ZS, SENTLI, FullDoc) at most CAP. A premise that holds
the detail (FIZZ's filter checks facts against the summary itself) is answered as the model answers.
The claim's details then list what is missing (`missing_details`) and its reason names it, with the value of
the same kind the sources give near the claim's best premise: "50,000: the sources say 35,000".
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from factalign.details.find import Detail, details_of, words
from factalign.details.match import SourceIndex, nearby
from factalign.errors import FactalignError

CAP = 0.0  # p_ent of a pair whose hypothesis has a detail found nowhere in the sources
DEFAULT_ON = False
SWITCH = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False, "1": True, "0": False}
_KEPT = 16  # sources whose index is kept (batch and bench score several summaries per document)


@dataclass(frozen=True)
class DetailCheck:
    on: bool = DEFAULT_ON

    @property
    def signature(self) -> str | None:
        return f"exact/cap{CAP:g}" if self.on else None

    def sources(self, text: str) -> CheckedSources:
        """The sources' index, kept for the next summaries of the same document."""
        key = hashlib.sha256(text.encode()).hexdigest()
        if key not in _SOURCES:
            _SOURCES[key] = CheckedSources(text)
            while len(_SOURCES) > _KEPT:
                _SOURCES.popitem(last=False)
        _SOURCES.move_to_end(key)
        return _SOURCES[key]


_SOURCES: OrderedDict[str, CheckedSources] = OrderedDict()


def parse_detail_check(value: bool | str | DetailCheck | None) -> DetailCheck:
    """`on`/`off` (and true/false, yes/no, 1/0), a bool, a DetailCheck, or None for the default."""
    if isinstance(value, DetailCheck):
        return value
    if value is None:
        return DetailCheck(DEFAULT_ON)
    if isinstance(value, bool):
        return DetailCheck(value)
    if isinstance(value, str) and value.strip().lower() in SWITCH:
        return DetailCheck(SWITCH[value.strip().lower()])
    raise FactalignError(f"the detail check is on or off, not {value!r}")


class CheckedSources:
    """The sources of one scoring, for the detail check: which details of a claim they lack."""

    def __init__(self, text: str):
        self.index = SourceIndex(text)
        self._missing: dict[str, tuple[Detail, ...]] = {}
        self._premises: dict[str, SourceIndex] = {}

    def missing(self, claim: str) -> tuple[Detail, ...]:
        """The claim's details found nowhere in the sources (a text the sources hold word for word has none)."""
        if claim not in self._missing:
            own = f" {' '.join(words(claim))} " in self.index.padded
            self._missing[claim] = () if own else tuple(d for d in details_of(claim) if not self.index.has(d))
        return self._missing[claim]

    def in_premise(self, details: tuple[Detail, ...], premise: str) -> bool:
        if premise not in self._premises:
            self._premises[premise] = SourceIndex(premise)
        return all(self._premises[premise].has(d) for d in details)

    def wrap(self, nli) -> CheckedNLI:
        return CheckedNLI(nli, self)

    def findings(self, claim: str, places: list[str]) -> list[dict]:
        """Each missing detail of the claim, with the same-kind value the first of `places` (texts near where the
        claim would be supported, nearest first) that has one gives: [{"detail": "50,000", "kind": "number",
        "sources_say": "35,000"}]."""
        out = []
        for d in self.missing(claim):
            other = next((w for w in (nearby(d, text, claim) for text in places) if w is not None), None)
            out.append({"detail": d.text, "kind": d.kind, "sources_say": other.text if other else None})
        return out


def describe(findings: list[dict]) -> str:
    """"50,000: the sources say 35,000; Modern Family: found nowhere in the sources"."""
    return "; ".join(f"{f['detail']}: the sources say {f['sources_say']}" if f["sources_say"]
                     else f"{f['detail']}: found nowhere in the sources" for f in findings)


class CheckedNLI:
    """The NLI model as the detail check hands it to a method (see the module docstring)."""

    def __init__(self, model, sources: CheckedSources):
        self.model, self.sources, self.signature = model, sources, model.signature

    def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        probs = np.array(self.model.predict(pairs), dtype=np.float64)
        for i, (premise, hypothesis) in enumerate(pairs):
            lacking = self.sources.missing(hypothesis)
            if lacking and not self.sources.in_premise(lacking, premise):
                probs[i] = capped(probs[i])
        return probs


def capped(row: np.ndarray) -> np.ndarray:
    """(p_ent, p_neu, p_con) with p_ent cut to CAP, the difference moved to neutral."""
    ent = min(float(row[0]), CAP)
    return np.array([ent, float(row[1]) + float(row[0]) - ent, float(row[2])])


OFF = DetailCheck(False)

__all__ = ["CAP", "DetailCheck", "CheckedSources", "CheckedNLI", "OFF", "describe", "parse_detail_check"]

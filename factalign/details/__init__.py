"""The detail check: numbers, scores, years, dates and names of a claim are looked up in the sources, and an NLI
pair whose claim has a detail found nowhere in them is answered by the check, not by the NLI model.

One component, like the evidence prefilter, for every method that scores with the NLI model, in one of MODES
(`Scorer(detail_check="numbers")`, `--detail-check off|on|numbers|counts|conflict` in score, batch, bench and
calibrate, a bench variant's `[detail_check=...]`; DEFAULT, `counts`, when not given: the one mode that raises
ROC-AUC on FRANK CNN/DM, FRANK XSum or WiCE claims by a point and lowers none by more than half, docs/methods.md), named in the signature when on (`details:exact/cap0`, `details:numbers/cap0`,
`details:counts/cap0`, `details:conflict/cap0-con`). Finding details: `find.py`; looking
them up (aliases, units, rounding) and comparing them: `match.py`.

The rule, in this one place. A claim's checked details are those of the mode's kinds: every kind under `on`;
numbers, match scores, years and dates (day and month names) under `numbers` and `conflict` (names are left to
the NLI model); under `counts` numbers and match scores only, without the day of a date ("March 1") and without a
count of up to LISTED without a unit, which the sources may give as a list of that many things (`listed`). The NLI model the method is given (`CheckedSources.wrap`) answers each pair whose hypothesis has a
checked detail found nowhere in the sources:
- `on`, `numbers`, `counts`: unless that pair's premise holds the detail (FIZZ's filter checks facts against the summary
  itself), with its entailment probability cut to CAP and the difference moved to neutral;
- `conflict`: only where that pair's premise lacks the detail and gives a value a reader would set against it
  (`match.conflicting`: a number in the same unit, a year, a score, a day for a day, a month for a month, none
  the claim has itself), with its entailment probability cut to CAP and the difference moved to contradiction; a
  detail found nowhere with nothing comparable in the premise is left to the NLI model.
Every other pair is answered as the model answers. Every method then scores by its own equation: FENICE's
p_ent - p_con of an answered pair is at most CAP, an entailment-probability score (FIZZ, INFUSE, SummaC-ZS,
SENTLI, FullDoc) at most CAP. The claim's details then list what is missing (`missing_details`; under `conflict`
only details the sources give another value for; under `counts` and `conflict` that value is in the detail's unit) and its reason names it, with the value of the same kind the
sources give near the claim's best premise: "50,000: the sources say 35,000".
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from factalign.stopping import checkpoint
from factalign.details.find import Detail, day_of_month, details_of, words
from factalign.details.match import SourceIndex, conflicting, nearby
from factalign.errors import FactalignError
from factalign.nli.base import Wrapper
from factalign.registry import switch

CAP = 0.0  # p_ent of a pair the check answers
NUMBER_KINDS = frozenset(("number", "year", "score", "date"))
ALL_KINDS = NUMBER_KINDS | {"name"}
COUNT_KINDS = frozenset(("number", "score"))
# "counts" also leaves out the day of a date ("March 1") and a count of up to LISTED without a unit: the sources may
# list the things rather than count them ("Paris, Rome and Berlin": "three cities")
LISTED = 10


@dataclass(frozen=True)
class Mode:
    """What a mode checks and how, decided here by its name and read everywhere else from these fields."""

    kinds: frozenset[str]
    signature: str | None
    conflict: bool = False  # only a premise giving another value of the kind answers, into contradiction
    in_unit: bool = False  # a missing detail is set beside a value of the sources in its own unit
    lists: bool = False  # the day of a date and a count of up to LISTED without a unit are left out


# "on" is signed `exact`: every kind, each matched as written
MODES = {"off": Mode(frozenset(), None), "on": Mode(ALL_KINDS, f"exact/cap{CAP:g}"),
         "numbers": Mode(NUMBER_KINDS, f"numbers/cap{CAP:g}"),
         "counts": Mode(COUNT_KINDS, f"counts/cap{CAP:g}", in_unit=True, lists=True),
         "conflict": Mode(NUMBER_KINDS, f"conflict/cap{CAP:g}-con", conflict=True, in_unit=True)}
DEFAULT = "counts"
_KEPT = 16  # sources whose index is kept (batch and bench score several summaries per document)


@dataclass(frozen=True)
class DetailCheck:
    mode: str = DEFAULT

    def __post_init__(self):
        if isinstance(self.mode, bool):  # DetailCheck(True) is the check of every kind
            object.__setattr__(self, "mode", "on" if self.mode else "off")
        if self.mode not in MODES:
            raise FactalignError(f"the detail check is one of {', '.join(MODES)}, not {self.mode!r}")

    @property
    def on(self) -> bool:
        return bool(self.kinds)

    @property
    def kinds(self) -> frozenset[str]:
        return MODES[self.mode].kinds

    @property
    def signature(self) -> str | None:
        return MODES[self.mode].signature

    def sources(self, text: str) -> CheckedSources:
        """The sources' index, kept for the next summaries of the same document."""
        key = (self.mode, hashlib.sha256(text.encode()).hexdigest())
        if key not in _SOURCES:
            _SOURCES[key] = CheckedSources(text, self.mode)
            while len(_SOURCES) > _KEPT:
                _SOURCES.popitem(last=False)
        _SOURCES.move_to_end(key)
        return _SOURCES[key]


_SOURCES: OrderedDict[tuple[str, str], CheckedSources] = OrderedDict()


def parse_detail_check(value: bool | str | DetailCheck | None) -> DetailCheck:
    """A mode (off, on, numbers, conflict; true/false, yes/no, 1/0, all), a bool, a DetailCheck, or None for the
    default."""
    if isinstance(value, DetailCheck):
        return value
    if value is None:
        return DetailCheck(DEFAULT)
    if isinstance(value, bool):
        return DetailCheck(value)
    if isinstance(value, str):
        word = value.strip().lower()
        mode = {True: "on", False: "off"}.get(switch(word), "on" if word == "all" else word)
        return DetailCheck(mode) if mode in MODES else _refuse(value)
    _refuse(value)


def _refuse(value) -> DetailCheck:
    raise FactalignError(f"the detail check is one of {', '.join(MODES)}, not {value!r}")


class CheckedSources:
    """The sources of one scoring, for the detail check: which details of a claim they lack, and which NLI pairs
    the check answers (see the module docstring)."""

    def __init__(self, text: str, mode: str = "on"):
        self.index, self.mode = SourceIndex(text), MODES[mode]
        self._missing: dict[str, tuple[Detail, ...]] = {}
        self._premises: dict[str, SourceIndex] = {}

    def missing(self, claim: str) -> tuple[Detail, ...]:
        """The claim's details of the checked kinds found nowhere in the sources (a text the sources hold word for
        word has none)."""
        if claim not in self._missing:
            own = f" {' '.join(words(claim))} " in self.index.padded
            self._missing[claim] = () if own else tuple(
                d for d in details_of(claim) if d.kind in self.mode.kinds and not self.index.has(d)
                and not (self.mode.lists and (day_of_month(d, claim) or listed(d))))
        return self._missing[claim]

    def _premise(self, premise: str) -> SourceIndex:
        if premise not in self._premises:
            self._premises[premise] = SourceIndex(premise)
        return self._premises[premise]

    def in_premise(self, details: tuple[Detail, ...], premise: str) -> bool:
        return all(self._premise(premise).has(d) for d in details)

    def answer(self, premise: str, claim: str) -> str | None:
        """How the check answers the pair: "neutral" (p_ent cut to CAP, the rest to neutral), "contradiction"
        (to contradiction), or None (as the model answers)."""
        lacking = self.missing(claim)
        if not lacking:
            return None
        if self.mode.conflict:
            index, own = self._premise(premise), self._premise(claim)
            return "contradiction" if any(not index.has(d) and conflicting(d, index, own) for d in lacking) else None
        return None if self.in_premise(lacking, premise) else "neutral"

    def wrap(self, nli) -> CheckedNLI:
        return CheckedNLI(nli, self)

    def findings(self, claim: str, places: list[str]) -> list[dict]:
        """Each missing detail of the claim, with the same-kind value the first of `places` (texts near where the
        claim would be supported, nearest first) that has one gives: [{"detail": "50,000", "kind": "number",
        "sources_say": "35,000"}]. Under `conflict`, only details with such a value (the others are left to the
        NLI model)."""
        out = []
        for d in self.missing(claim):
            other = next((w for w in (nearby(d, text, claim, self.mode.in_unit) for text in places) if w is not None),
                         None)
            if other is not None or not self.mode.conflict:
                out.append({"detail": d.text, "kind": d.kind, "sources_say": other.text if other else None})
        return out


def listed(d: Detail) -> bool:
    """A count the sources may give as a list of that many things: a number up to LISTED without a unit."""
    return d.kind == "number" and d.unit is None and float(d.value).is_integer() and d.value <= LISTED


def describe(findings: list[dict]) -> str:
    """"50,000: the sources say 35,000; Modern Family: found nowhere in the sources"."""
    return "; ".join(f"{f['detail']}: the sources say {f['sources_say']}" if f["sources_say"]
                     else f"{f['detail']}: found nowhere in the sources" for f in findings)


class CheckedNLI(Wrapper):
    """The NLI model as the detail check hands it to a method (see the module docstring)."""

    def __init__(self, model, sources: CheckedSources):
        super().__init__(model)
        self.sources = sources

    def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        return answered(self.model.predict(pairs), pairs, self.sources.answer)


def answered(probs, pairs: Sequence[tuple[str, str]], answer) -> np.ndarray:
    """`probs` (a row per pair) with each pair that `answer(premise, hypothesis)` answers ("neutral" or
    "contradiction") capped into it, the others as the model answered: how the detail check and the role check
    hand the model on."""
    out = np.array(probs, dtype=np.float64)
    for i, (premise, hypothesis) in enumerate(pairs):
        checkpoint()  # a request past its deadline stops here (stopping.py)
        into = answer(premise, hypothesis)
        if into:
            out[i] = capped(out[i], into)
    return out


def capped(row: np.ndarray, into: str = "neutral") -> np.ndarray:
    """(p_ent, p_neu, p_con) with p_ent cut to CAP, the difference moved to neutral (or to contradiction)."""
    ent = min(float(row[0]), CAP)
    moved = float(row[0]) - ent
    if into == "contradiction":
        return np.array([ent, float(row[1]), float(row[2]) + moved])
    return np.array([ent, float(row[1]) + moved, float(row[2])])


OFF = DetailCheck("off")

__all__ = ["CAP", "DEFAULT", "MODES", "DetailCheck", "CheckedSources", "CheckedNLI", "OFF", "answered", "describe",
           "parse_detail_check"]

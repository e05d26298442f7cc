"""Is a detail of a claim in the sources? Names are matched alias-aware and case- and accent-insensitively,
numbers by value (units, multipliers and the claim's rounding taken into account), scores in either order.

Names: a name is found when its words appear together in the sources, or the same after leaving out a
title or a generic word ("Mount Kilimanjaro" = "Kilimanjaro", "Dr Smith" = "Smith"), or one of its
aliases does ("US" = "United States" = "America"), or it is an acronym of a name in the sources ("NHS" =
"National Health Service") or the other way round; a person's name is also found by its surname alone
("Hans Meyer" = "Meyer"), and a name of several words by its words close together in any order ("U.S. Immigration
Enforcement" = "U.S. Immigration and Customs Enforcement", "Rio Olympics" = "the Olympics in Rio"). A name holding "UNK" (older summarisers' unknown word)
is not checked. Numbers: 35,000 is found where the sources have a value that rounds to it at
its precision (34,800; not 50,000); "about" allows 10%; "more than 30,000" any value of at least 30,000, "less
than" any value up to it; "nearly 50,000" a value from 10% below it up to it; values with different units ("5,895 metres", "5,895
feet") are different. A score "3-1" is found as "3-1" or "1-3" (who won is the NLI model's question).
"""

from __future__ import annotations

import math
import re
from functools import cached_property

from factalign.details.find import DAYS_MONTHS, TITLES, Detail, day_of_month, fold, names_of, numbers_of, scores_of, words

SUFFIXES = frozenset("fc afc inc ltd plc corp co llc".split())
ALIASES = [
    {("us",), ("u", "s"), ("usa",), ("u", "s", "a"), ("united", "states"), ("america",), ("united", "states", "of", "america")},
    {("uk",), ("u", "k"), ("united", "kingdom"), ("britain",), ("great", "britain")},
    {("un",), ("u", "n"), ("united", "nations")},
    {("eu",), ("european", "union")},
    {("uae",), ("united", "arab", "emirates")},
]
GAP = 2  # words a long name may skip in the sources
_JOINERS = frozenset(("of", "and", "for", "the", "de", "&"))
_CAPITAL_WORD = re.compile(r"[^\W\d_][\w'’.-]*")


def variants(name: tuple[str, ...]) -> list[tuple[str, ...]]:
    """A name's words as written, without titles and generic suffixes, and its aliases."""
    out = [name]
    core = list(name)
    while len(core) > 1 and core[0] in TITLES:
        core = core[1:]
    while len(core) > 1 and core[-1] in SUFFIXES:
        core = core[:-1]
    out.append(tuple(core))
    for group in ALIASES:
        if name in group or tuple(core) in group:
            out += sorted(group)
    return out


def initials(name: tuple[str, ...]) -> str:
    return "".join(w[0] for w in name if w not in _JOINERS)


class SourceIndex:
    """The sources (or any text) read once for lookups: their words, numbers, scores and acronyms."""

    def __init__(self, text: str):
        self.text = text
        tokens = words(text)
        self.padded = " " + " ".join(tokens) + " "
        self.tokens = set(tokens)

    @cached_property
    def numbers(self) -> list[Detail]:
        return numbers_of(self.text)

    @cached_property
    def scores(self) -> set[tuple]:
        return {d.value for d in scores_of(self.text)}

    @cached_property
    def acronyms(self) -> set[str]:
        """Initials of each run of capitalised words ("National Health Service" -> "nhs")."""
        out, run = set(), []
        for m in _CAPITAL_WORD.finditer(self.text + " ."):
            word = fold(m.group(0))
            if m.group(0)[0].isupper() and not (not run and word in _JOINERS):
                run.append(word)
            elif run and word in _JOINERS:
                run.append(word)
            else:
                out |= {initials(tuple(run[i:])) for i in range(len(run))}  # "Yesterday National Health Service"
                run = []
        return {a for a in out if len(a) >= 2}

    def has(self, d: Detail) -> bool:
        if d.kind == "score":
            return d.value in self.scores or d.value[::-1] in self.scores
        if d.kind in ("number", "year"):
            return any(_same_number(d, w) for w in self.numbers)
        return self._has_name(d)

    @cached_property
    def positions(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for i, w in enumerate(self.padded.split()):
            out.setdefault(w, []).append(i)
        return out

    def _close_together(self, name: tuple[str, ...]) -> bool:
        """The words of a name all within a stretch of the sources GAP words longer than the name, in any order
        ("U.S. Immigration Enforcement" in "U.S. Immigration and Customs Enforcement", "Rio Olympics" in "the
        Olympics in Rio")."""
        if len(name) < 2 or any(w not in self.tokens for w in name):
            return False
        span = len(name) + GAP
        return any(all(any(start - span < p < start + span for p in self.positions[w]) for w in name[1:])
                   for start in self.positions[name[0]])

    def _has_name(self, d: Detail) -> bool:
        name = d.value
        if any(f" {' '.join(v)} " in self.padded for v in variants(name) if v):
            return True
        if self._close_together(name):
            return True
        if len(name) == 1 and name[0] in self.acronyms:
            return True
        if len(name) > 1 and initials(name) in self.tokens:
            return True
        return d.label == "PERSON" and len(name) > 1 and name[-1] in self.tokens


def _same_number(d: Detail, w: Detail) -> bool:
    if d.kind == "year" or w.kind == "year":
        return d.value == w.value
    if d.unit and w.unit and d.unit != w.unit:
        return False
    v, x = d.value, w.value
    if d.bound == "min":
        return x >= v
    if d.bound == "max":
        return x <= v
    if d.bound == "nearly":
        return 0.9 * v <= x <= v + d.step / 2
    slack = max(d.step / 2, 0.1 * abs(v)) if d.bound == "about" else d.step / 2
    return abs(x - v) <= slack * (1 + 1e-9)


def nearby(d: Detail, text: str, claim: str, same_unit: bool = False) -> Detail | None:
    """The value in `text` (the sentences around a claim's best premise) of the same kind as the missing detail
    `d`, as a reader would compare them: the closest number (in any unit, or in d's with `same_unit`; a day of a
    date only for a day; a span of time, "six months", only for a span of time), the score,
    the name sharing a word with it, the day or month; None where `text` has none the claim lacks."""
    claimed = SourceIndex(claim)
    if d.kind == "score":
        found = [s for s in scores_of(text) if not claimed.has(s)]
        return found[0] if found else None
    if d.kind in ("number", "year"):
        day = day_of_month(d, claim)  # a date's day is compared with days only
        found = [w for w in numbers_of(text) if w.kind == d.kind and not claimed.has(w)
                 and (w.unit == d.unit or not same_unit) and day_of_month(w, text) == day and w.duration == d.duration]
        return min(found, key=lambda w: abs(math.log((abs(w.value) + 1) / (abs(d.value) + 1))), default=None)
    found = [w for w in names_of(text) if w.kind == d.kind and not claimed.has(w)]
    if d.kind == "date":
        return next(iter(found), None)
    # a name only where it shares a word ("Modern Family", "Ismol Family"): another place is no answer to a birthplace
    return next((w for w in found if set(w.value) & set(d.value)), None)


DAYS = frozenset(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))
_DAY_MONTH = re.compile(r"\b(?:" + "|".join(w.capitalize() for w in sorted(DAYS_MONTHS)) + r")\b")


def conflicting(d: Detail, premise: SourceIndex, claim: SourceIndex) -> bool:
    """Does `premise` give a value a reader would set against the claim's detail `d`, one the claim does not have
    itself: a number in the same unit (or both without one: 35,000 against 50,000 climbers, $2.5 billion against
    $4.5 billion; not 5,895 metres), a year, a match score, a day (against a day) or a month (against a month)?"""
    if d.kind == "score":
        return any(s not in claim.scores and s[::-1] not in claim.scores for s in premise.scores)
    if d.kind in ("number", "year"):
        return any(w.kind == d.kind and w.unit == d.unit and not claim.has(w) for w in premise.numbers)
    if d.kind == "date":
        group = DAYS if d.value[0] in DAYS else DAYS_MONTHS - DAYS
        return any(w in group and w not in claim.tokens for w in map(fold, _DAY_MONTH.findall(premise.text)))
    return False

"""Whether two frames of one event state one proposition: the same participants in the role slots both fill (a
name on one side may be described on the other), so that a difference in polarity, direction or sureness is about
that proposition and not about two different ones."""

from __future__ import annotations

import re

from factalign.details.compare import lexicon as lx
from factalign.details.compare.args import Arg
from factalign.details.compare.frames import Frame

ROLE_SLOTS = ("agent", "patient", "from", "to")


def _any(a: tuple[Arg, ...], b: tuple[Arg, ...], negated: bool | None = False) -> bool:
    """Some argument of `a` matches one of `b` (of `b`'s denied ones with negated=True; any with None)."""
    return any(x.matches(y) for x in a for y in b if negated is None or y.negated == negated)


def _solid(args: tuple[Arg, ...]) -> bool:
    return any(not a.pronoun and not a.negated for a in args)


def aligned(c: Frame, e: Frame) -> bool:
    """Every role slot both frames fill holds the same argument: the frames state one proposition, so a
    difference in polarity, direction or sureness is about it (not "was not the type" against "was the actor")."""
    both = [s for s in ROLE_SLOTS if _solid(c.get(s)) and _solid(e.get(s))]
    same = [s for s in both if _any(c.get(s), e.get(s), None)]
    # the doer described otherwise on one side ("the plant", "the factory", "Voltaro"), with what is done to shared
    # and no two names in conflict, is one proposition
    rest = [s for s in both if s not in same]
    if c.pred == "be":
        return not rest
    # or a name on one side and a description on the other ("Valmont" and "the company"), which may be one thing
    rest = [s for s in rest if not _describes(c.get(s), e.get(s))]
    return not rest or (rest == ["agent"] and "patient" in same and not any(
        a.named for a in (*c.get("agent"), *e.get("agent"))))


def described(c: Frame, e: Frame) -> bool:
    """One event told in other common words ("the closure" and "the decision", "work" and "construction"): every role
    filler that differs is an unnamed description, and some slot holds the same on both sides. Enough to compare how
    sure each side is of it, never what happened in it."""
    both = [s for s in c.slots if _solid(c.get(s)) and _solid(e.get(s))]  # a pronoun may be either
    differ = [s for s in both if s in ROLE_SLOTS and not _any(c.get(s), e.get(s), None)]
    return c.pred != "be" and len(differ) < len(both) and all(
        not a.named and not _amount(a) for s in differ for a in (*c.get(s), *e.get(s)))


_NUMBERS = frozenset("hundred thousand million billion trillion percent per cent".split())


def _amount(a: Arg) -> bool:
    """An amount ("78 million", "51 percent") is a detail of its own, never a description of another."""
    return any(ch.isdigit() for ch in a.text) or a.head in _NUMBERS


def _describes(a: tuple[Arg, ...], b: tuple[Arg, ...]) -> bool:
    named = [any(x.named for x in g) for g in (a, b)]
    described = b if named[0] else a
    return named[0] != named[1] and all(not x.pronoun for x in (*a, *b)) and all(x.definite for x in described)


# a year or a month ("May" left out: the modal); what bounds a denial in time
_DATE = re.compile(r"\b(?:1[6-9]\d\d|20\d\d|January|February|March|April|June|July|August|September|October|November"
                   r"|December)\b")


def bounded(denied: Frame, other: Frame) -> bool:
    """A denial limited to a time the other side does not give ("did not appear on a cover from 1991 to 2000" against
    "appeared on later covers"): it leaves the other side's statement open."""
    # named years and months only (not "this year", which is the time of the claim's event too), read from the words:
    # the parser may hang them on a noun of the clause ("on any cover from 1991 to 2000")
    return bool(set(_DATE.findall(denied.text)) - set(_DATE.findall(other.text)))


def only_possible(f: Frame) -> bool:
    """What a side says only could be, or leaves open ("could have chosen to go": a verb of the chain that says
    nothing of whether it happened); a report's own level says nothing of that."""
    return (f.level is None and f.pred not in lx.REPORTING) or (f.level is not None and f.level <= lx.POSSIBLE)


def sure_of(c: Frame) -> float:
    return min(c.level, lx.COMMITTED) if c.scheduled else c.level

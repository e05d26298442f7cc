"""A claim's frames set beside the frames of one evidence text, slot by slot.

A claim frame is compared only with evidence frames of the same event: the same or a synonymous predicate sharing
at least one argument, an opposite predicate sharing its subject or object, or any predicate sharing at least two
arguments (then only the slots that do not depend on the verb are read: a denied argument, a place, a time). If
one of those frames says what the claim says (same event, same polarity, no slot filled otherwise, sure enough),
the evidence supports it somewhere and nothing fires; otherwise the first finding, in KINDS order, is reported.
"""

from __future__ import annotations

from dataclasses import dataclass

from factalign.details.compare import lexicon as lx
from factalign.details.compare.alignment import (
    ROLE_SLOTS, _any, _solid, aligned, bounded, described, only_possible, sure_of)
from factalign.details.compare.args import ranks_differ
from factalign.details.compare.frames import Arg, Frame, frames
from factalign.details.compare.contrast import turned_round
from factalign.details.compare.names import relocated, renamed, reranked
from factalign.details.compare.standings import placed_otherwise
from factalign.details.find import words

KINDS = ("roles", "negation", "opposite", "name", "ordinal", "quantifier", "factuality")
WHAT = {"roles": "who did what to whom is the other way round", "negation": "the sources say the opposite",
        "opposite": "the sources report the opposite event", "name": "the sources name another",
        "ordinal": "the sources give another rank", "quantifier": "the sources say how many otherwise",
        "factuality": "the sources are less sure"}
# a claim more sure than its evidence is not entailed (neutral); every other finding contradicts
INTO = {kind: "neutral" if kind == "factuality" else "contradiction" for kind in KINDS}
_VERB_FREE = frozenset(("place",))
_MONTHS = frozenset("""january february march april may june july august september october november
december""".split())  # slots a frame of another verb may still be compared on


@dataclass(frozen=True)
class Finding:
    kind: str
    claim_says: str     # the claim's side ("Halden Bank", "lowered", "signed")
    sources_say: str    # the evidence's side ("Vessa Group is the buyer", "held", "agreed")
    sentence: str       # the evidence clause it was read from

    @property
    def into(self) -> str:
        return INTO[self.kind]


def shared(c: Frame, e: Frame) -> int:
    evidence = tuple(a for _, a in e.args())
    return sum(any(a.matches(b) for b in evidence) for _, a in c.args())


def relation(c: Frame, e: Frame) -> str | None:
    """"same", "opposite" or None: how the two predicates relate, where the frames speak of one event."""
    n = shared(c, e)
    if lx.synonymous(c.pred, e.pred):
        return "same" if n >= 1 else None
    if lx.opposite(c.pred, e.pred):
        if _solid(e.get("patient")) and not c.get("patient") and not _any(tuple(a for _, a in c.args()), e.get("patient")):
            return None  # "hit and killed a driver" against "will miss the start": what the claim's verb acts on is unsaid
        same_slot = any(_any(c.get(s), e.get(s)) for s in ("agent", "patient"))
        return "opposite" if n >= 2 or same_slot else None
    if e.pred in lx.WEIGHING and c.pred not in lx.GOVERNORS and _any(c.get("patient"), e.get("patient")):
        return "governed"  # "is considering a second campus" against "will open a second campus"
    return "other" if n >= 2 else None


def reversed_roles(c: Frame, e: Frame) -> tuple[str, Arg] | None:
    """The slot the evidence gives the claim's argument, with the argument the evidence has in the claim's slot:
    the claim's agent is the evidence's patient (or seller), and the evidence's agent is someone else."""
    if c.pred in lx.SYMMETRIC or c.pred in lx.RELATIONAL:
        return None
    if not c.get("patient") and not c.get("from") and e.get("patient") and _stem(c.verb) == _stem(e.verb):
        return None  # the verb used without an object ("the concert aired") may say what was done to its subject
    for mine in ROLE_SLOTS:
        for theirs in ROLE_SLOTS:
            if mine == theirs or not c.get(mine) or not _any(c.get(mine), e.get(theirs)):
                continue
            rest = [s for s in ROLE_SLOTS if s != mine]
            # the claim's other role is the evidence's one, or the claim names no other than the evidence does in the
            # same slot ("A sold the unit" against "B sold the unit to A"; a pronoun may be anyone)
            if not _any(c.get(theirs), e.get(mine)) and any(c.get(s) and (s == theirs or not _any(c.get(s), e.get(s)))
                                                            for s in rest):
                continue
            if _any(c.get(mine), e.get(mine)) or not _solid(e.get(mine)):
                continue
            solid = [a for a in e.get(mine) if not a.pronoun and not a.negated]
            return mine, next((a for a in solid if _any((a,), c.get(theirs))), solid[0])
    return _crossed_holders(c, e)


def _crossed_holders(c: Frame, e: Frame) -> tuple[str, Arg] | None:
    """The claim's agent owns what the evidence's agent takes, and the other way round ("A hired three of B's
    traders" against "B hired three of A's traders"): the agent, with the evidence's."""
    for p in c.get("patient"):
        for q in e.get("patient"):
            if p.holders and q.holders and p.matches(q) and _any(c.get("agent"), q.holders) \
                    and _any(p.holders, e.get("agent")) and not _any(c.get("agent"), e.get("agent")):
                return "agent", next(a for a in e.get("agent") if _any((a,), p.holders))
    return None


def _stem(verb: str) -> str:
    return verb.split()[-1].lower()[:3]


def padded(text: str) -> str:
    return f" {' '.join(words(text))} "


def anchored(c: Frame, e: Frame, slot: str) -> bool:
    """Another slot than `slot` holds the same argument in both (the same pronoun will do: "It was the firm's
    second loss"), or the claim fills no other: the frames speak of one event with one of its participants, so a
    different filler of `slot` is a different account of it."""
    # a report's own participant is who reports: what it reports is read as frames of its own
    others = [s for s in c.slots if s != slot and (c.pred != "say" or s in e.slots)]
    return not others or any(_any(c.get(s), e.get(s)) or {a.text.lower() for a in c.get(s) if a.pronoun}
                             & {b.text.lower() for b in e.get(s) if b.pronoun} for s in others)


def _kind(a: Arg) -> str:
    """What a time is: a year, a month or a day ("2017" against "Tuesday" is no conflict)."""
    return "year" if a.head.isdigit() else "month" if a.head in _MONTHS else "day"


def slot_conflict(c: Frame, e: Frame, slots, evidence: str = "", details: bool = True) -> Finding | None:
    """A name, rank or quantity the claim puts in a slot the evidence fills otherwise, in a frame of the same
    polarity anchored by another participant (a name only where the evidence, `evidence` (padded words) or else
    the clause, does not name it anywhere)."""
    if c.negated != e.negated:
        return None
    evidence = evidence or padded(e.text)
    for slot in slots:
        mine, theirs = c.get(slot), tuple(a for a in e.get(slot) if not a.negated)
        # one of the slot's group is the evidence's (an apposition: "Y, the third-largest"): the group is one thing
        same = any(x.matches(b) for x in mine for b in theirs)
        anchor = anchored(c, e, slot)
        if not mine or not theirs or not (anchor or (same and details)):
            continue
        for a in mine:
            match = next((b for b in theirs if a.matches(b)), None)
            if match is not None:
                if not anchor:  # the group is one thing, but this member is the same in both
                    continue
                found = _detail(a, match, e, evidence) if details else None
                if found:
                    return found
                if details and a.only and len(theirs) > len(mine):  # "only Smith" where the sources name Smith and Jones
                    return Finding("quantifier", f"only {a.text}", " and ".join(b.text for b in theirs), e.text)
                continue
            other = next((b for b in theirs if b.named and not b.pronoun), None)
            # another name: none of its words in the evidence, no word shared ("Alexander UNK", "Alexander S."), and
            # no other name of the claim's in the slot found there (a list the evidence gives in part)
            # another date is another occasion unless the evidence has all else the claim says ("the court ruled on a
            # case in 1954" is not "the court ruled in Plessy in 1896")
            if slot == "time" and other is not None and (_kind(a) != _kind(other) or not all(
                    _any(c.get(s), e.get(s)) for s in c.slots if s != "time")):
                continue
            # (nor where the claim dates its event and the evidence does not: "led the 2021 round" is not the round
            # the evidence says another led)
            if anchor and a.named and not a.pronoun and other is not None and not any(f" {w} " in evidence for w in a.words) \
                    and not any(x.words & b.words for b in theirs for x in mine) \
                    and (slot == "time" or not _dated_otherwise(c, evidence)):
                return Finding("name", a.text, other.text, e.text)
            if not details:
                continue
            # a rank for the slot's one thing: as the head ("finished second"), or where the group is one thing
            other = next((b for b in theirs if b.ordinal), None)
            if a.ordinal and other is not None and (same or (anchor and (_rank_word(a) or _rank_word(other)))) \
                    and ranks_differ(a.ordinal, other.ordinal) \
                    and (not a.owner or not other.owner or a.owner & other.owner):  # "the region's first"
                return Finding("ordinal", _ranked(a), _ranked(other), e.text)
    return None


def _dated_otherwise(c: Frame, evidence: str) -> bool:
    return any(not any(f" {w} " in evidence for w in t.words) for t in c.get("time"))


def _ranked(a: Arg) -> str:
    """"third-largest city" where the argument's text leaves the rank out."""
    if a.ordinal is None or a.ordinal[1] in a.text.lower():
        return a.text
    last = a.ordinal[1].split("-")[-1]
    at = a.text.lower().find(last)
    return a.text[:at] + a.ordinal[1] + a.text[at + len(last):] if at >= 0 else f"{a.ordinal[1]} {a.text}"


def _rank_word(a: Arg) -> bool:
    return a.head in lx.ORDINALS or (a.ordinal is not None and a.ordinal[1].split("-")[-1] in a.words)


def _detail(a: Arg, b: Arg, e: Frame, evidence: str) -> Finding | None:
    if ranks_differ(a.ordinal, b.ordinal):
        return Finding("ordinal", _ranked(a), _ranked(b), e.text)
    # one thing put in another place ("controllers in Darmstadt" where the sources have them in Kiruna)
    if a.places and b.places and not set(a.places) & set(b.places) and not any(
            f" {w} " in evidence for p in a.places for w in words(p)):
        return Finding("name", f"{a.text} ({', '.join(a.places)})", f"{b.text} ({', '.join(b.places)})", e.text)
    if a.quantifier and b.quantifier and a.quantifier[0] != b.quantifier[0]:
        return Finding("quantifier", f"{a.quantifier[1]} {a.text}", f"{b.quantifier[1]} {b.text}", e.text)
    return None


def denied_argument(c: Frame, e: Frame) -> Finding | None:
    """The claim's argument is one the evidence names only to deny it ("by a faulty valve, not by sabotage"), where
    the claim does not deny it too ("it was not sabotage")."""
    if c.negated:
        return None
    for slot, a in c.args():
        if a.negated or a.pronoun:
            continue
        theirs = e.get(slot)
        if _any((a,), theirs, negated=True) and not _any((a,), theirs, negated=False):
            return Finding("negation", a.text, f"not {next(b for b in theirs if b.negated and a.matches(b)).text}", e.text)
    return None


def supports(c: Frame, e: Frame, rel: str, evidence: str = "") -> bool:
    """The evidence frame says what the claim frame says."""
    if rel == "same":
        sure = c.level is None or e.level is None or sure_of(c) < e.level + 1
        return c.negated == e.negated and sure and not _differs(c, e, evidence)
    if rel == "opposite":  # "did not raise" against "kept"
        return c.negated != e.negated and not _differs(c, e, evidence)
    return False


def _differs(c: Frame, e: Frame, evidence: str) -> bool:
    return bool(reversed_roles(c, e) or denied_argument(c, e) or slot_conflict(c, e, c.slots, evidence))


def finding(c: Frame, e: Frame, rel: str, evidence: str = "") -> Finding | None:
    if rel == "governed":  # what the evidence only plans or weighs, the claim has done or settled
        sure = sure_of(c) if c.level is not None else None
        return Finding("factuality", c.cue or c.verb, e.verb, e.text) if sure is not None and c.finite and \
            c.negated == e.negated and sure >= lx.GOVERNORS[e.pred] + 1 and aligned(c, e) else None
    conflict = slot_conflict(c, e, c.slots, evidence) if rel != "other" else \
        slot_conflict(c, e, _VERB_FREE, evidence, details=False)
    if rel == "other":
        return denied_argument(c, e) or conflict
    if rel == "same":
        swap = reversed_roles(c, e)
        if swap is not None:
            slot, other = swap
            return Finding("roles", next(a.text for a in c.get(slot)), f"{other.text} is {_role(e, slot)}", e.text)
    found = denied_argument(c, e)
    if found:
        return found
    # (a denial does not contradict what the other side says only could be: "could have gone" / "did not go")
    if rel == "same" and c.negated != e.negated and not conflict and aligned(c, e) and c.finite and e.finite \
            and not (c.scoped if c.negated else e.scoped) and not bounded(*((c, e) if c.negated else (e, c))) \
            and not only_possible(e if c.negated else c):
        return Finding("negation", _polar(c), _polar(e), e.text)
    if rel == "opposite" and c.negated == e.negated and not conflict and aligned(c, e) and c.finite and e.finite:
        return Finding("opposite", _polar(c), _polar(e), e.text)
    if conflict or rel != "same":
        return conflict
    level = sure_of(c) if c.level is not None else None
    if c.negated == e.negated and c.finite and level is not None and e.level is not None \
            and level >= e.level + 1 and (aligned(c, e) or described(c, e)) \
            and not (level >= lx.DONE and e.cue.lower() in lx.FUTURE):
        return Finding("factuality", c.cue or c.verb, e.cue or e.verb, e.text)
    return None


def _role(e: Frame, slot: str) -> str:
    """"the buyer", "the winner"; else "the one who sued", "the one sued" (the evidence's verb as written)."""
    nouns = lx.ROLE_NOUNS.get(e.pred)
    if nouns and ROLE_SLOTS.index(slot) < len(nouns):
        return f"the {nouns[ROLE_SLOTS.index(slot)]}"
    return {"agent": f"the one who {e.verb}", "patient": f"the one {e.verb}", "from": f"where {e.verb} came from",
            "to": f"the one {e.verb} to"}[slot]


def _polar(f: Frame) -> str:
    return f"not {f.verb}" if f.negated else f.verb


def compare(claim: str, evidence: str) -> Finding | None:
    """The first finding of the claim's frames against the evidence's, or None (no frame of the same event, or one
    that says what the claim says)."""
    found = compared(claim, evidence)
    return found[1] if found else None


def compared(claim: str, evidence: str) -> tuple[Frame | None, Finding] | None:
    """The first finding with the claim's frame it is about (None for a finding of the words, `_phrases`)."""
    mine = frames(claim)
    if not mine or claim.rstrip().endswith("?"):  # a question states nothing
        return None
    low = padded(evidence)
    if padded(claim) in low:  # the evidence says it word for word (whatever the parser makes of either)
        return None
    # most pairs share no argument's word (a stem: "school" for "schools"): no parse
    if not any(f" {w[:-1] if len(w) > 4 else w}" in low for f in mine for _, a in f.args() for w in a.words if w):
        return None
    theirs = frames(evidence)
    for c in mine:
        related = [(e, rel) for e in theirs for rel in [relation(c, e)] if rel]
        backing = [_roles_shared(c, e) for e, rel in related if supports(c, e, rel, low)]
        # a frame with both of the claim's participants the other way round outweighs one that names only one of them
        # ("won the title, defeating Y" against "was beaten by Y")
        swapped = next((finding(c, e, rel, low) for e, rel in related if rel == "same" and reversed_roles(c, e)
                        and _roles_shared(c, e) == 0 and all(_any(c.get(s), e.get(t)) for s, t in _SWAP)), None)
        if backing and (swapped is None or max(backing) >= 2):
            continue
        found = swapped or next((f for f in (finding(c, e, rel, low) for e, rel in related) if f), None)
        if found:
            return c, found
    found = _phrases(claim, evidence, low)
    return (None, found) if found else None


def _phrases(claim: str, evidence: str, low: str) -> Finding | None:
    """What the words say independent of any verb: a contrast turned round (contrast.py); a name placed elsewhere or
    named otherwise, a rank (names.py); a holder placed otherwise (standings.py)."""
    for kind, read in (("negation", turned_round), ("name", relocated), ("name", renamed), ("ordinal", reranked),
                       ("ordinal", placed_otherwise)):
        found = read(claim, evidence, low)
        if found:
            return Finding(kind, found[0], found[1], evidence)
    return None


_SWAP = (("agent", "patient"), ("patient", "agent"))


def _roles_shared(c: Frame, e: Frame) -> int:
    return sum(_any(c.get(s), e.get(s)) for s in ROLE_SLOTS)

"""Noun phrases told apart independent of any verb: a name placed elsewhere, the same title, kind of thing or place
of a thing named otherwise in the claim than in the evidence, and the same thing ranked otherwise.

A name is read with its anchor, the words that say what it names, independent of any verb:
- a title before a person's name ("labour minister A", "Superintendent A"; a title is a noun whose commonest sense
  is a kind of person), or a description in apposition ("A, the mediator");
- the common noun a name is the possessor or a modifier of ("the A distribution centre", "A's plant");
- the noun a name follows a preposition of ("the island of A", "miners in A", "a factory in A").
Where the claim's name is written nowhere in the evidence and the evidence gives the same anchor a name the claim
does not have ("the smaller island of B"), the claim names another thing than the sources: a `name` finding. A name
is its distinctive words, those that are not common nouns ("Uppsala" in "the University of Uppsala"): two names that
share one are taken as one ("Harlow County" and "the Harlow County board").

A rank is read the same way, from the noun it ranks ("the firm's third outage of the year", "the country's
second-largest port"): where the evidence ranks that noun on the same scale (no superlative or the same one), never
with the claim's rank and always with another, the claim ranks it otherwise (an `ordinal` finding); two possessors,
or two holders (the subject of "had the cleanest water"), that are different names are two things.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from factalign.details.compare import lexicon as lx
from factalign.details.compare.args import NAME_TYPES, _argument, ranks_differ
from factalign.details.compare.frames import located, parse, sentences
from factalign.details.find import words

_PREPS = frozenset("of in at from near outside".split())


@dataclass(frozen=True)
class Named:
    text: str                   # the name as written ("the University of Uppsala")
    distinct: frozenset[str]    # its words that are not common nouns ("uppsala")
    anchor: tuple[str, str]     # (how, what): ("title", "labour minister"), ("noun", "island"), ("poss", "plant")


def _noun_phrase(head) -> str:
    """The head with the common nouns compounded before it ("distribution centre", "labour minister")."""
    parts = [c for c in head.lefts if c.dep_ == "compound" and c.pos_ == "NOUN"] + [head]
    return " ".join(w.lemma_.lower() for w in parts)


def _anchors(span) -> list[tuple[str, str]]:
    root = span.root
    found = []
    # a title inside the recognised name ("Superintendent Karen Dwyer") or compounded before it ("labour minister")
    lead = []
    for w in span:  # the leading words only: "Airdrie Sheriff Court" is no sheriff
        if w.i >= root.i or not (lx.person_noun(w.lower_) or w.pos_ in ("DET", "ADJ")):
            break
        lead += [w] if lx.person_noun(w.lower_) else []
    before = [w for w in root.lefts if w.dep_ == "compound" and w.pos_ == "NOUN" and w.i < span.start]
    title = (lead or before)[-1:]
    if title:
        found.append(("title", _noun_phrase(title[0]) if title[0].pos_ == "NOUN" else title[0].lower_))
    for c in root.children:
        if c.dep_ == "appos" and c.pos_ == "NOUN":
            found.append(("title", _noun_phrase(c)))
    if root.dep_ == "appos" and root.head.pos_ == "NOUN":
        found.append(("title", _noun_phrase(root.head)))
    # the thing it is a modifier or possessor of: up the compounds to the phrase's head
    head, dep = root, root.dep_
    while head.dep_ == "compound" and head.head.i != head.i:
        head = head.head
    if head is not root and head.pos_ == "NOUN":
        found.append(("noun", _noun_phrase(head)))
    elif dep == "poss" and root.head.pos_ == "NOUN":
        found.append(("poss", _noun_phrase(root.head)))
    # the noun it follows a preposition of; after a verb, the verb's object, which the phrase may place as well
    # ("follows miners in A" as "miners in A")
    if dep == "pobj" and root.head.lower_ in _PREPS:
        above = root.head.head
        if above.pos_ == "NOUN":
            found.append(("noun", _noun_phrase(above)))
        elif above.pos_ == "VERB" and root.head.lower_ != "of":
            found += [("noun", _noun_phrase(o)) for o in above.children if o.dep_ == "dobj" and o.pos_ == "NOUN"]
    # not a common word of the name itself ("the University of A" against "the University of B"): on web pages and
    # lists, where one sentence names many councils and universities, that reads most names as others
    return found


def _spans(doc):
    """Each recognised name, and each run of capitalised proper nouns the recogniser left out."""
    taken = set()
    for e in doc.ents:
        if e.label_ in NAME_TYPES:
            taken.update(range(e.start, e.end))
            yield e
    i = 0
    while i < len(doc):
        if doc[i].pos_ == "PROPN" and doc[i].i not in taken and doc[i].text[:1].isupper() and not doc[i].is_sent_start:
            j = i
            while j + 1 < len(doc) and doc[j + 1].pos_ == "PROPN" and doc[j + 1].i not in taken:
                j += 1
            yield doc[i:j + 1]
            i = j
        i += 1


def names(text: str) -> tuple[Named, ...]:
    return tuple(n for s in sentences(text) for n in _names(s))


@lru_cache(maxsize=4096)
def _names(text: str) -> tuple[Named, ...]:
    doc = parse(text)
    out = []
    for span in _spans(doc):
        # written as a name (a lower-cased text's "PROPN" is often a common noun)
        distinct = frozenset(w for t in span if t.pos_ == "PROPN" and t.text[:1].isupper() and not lx.common_noun(t.lower_)
                             and not lx.person_noun(t.lower_) for w in words(t.text))
        if distinct:
            out += [Named(span.text, distinct, anchor) for anchor in _anchors(span)]
    return tuple(out)


def renamed(claim: str, evidence: str, low: str) -> tuple[str, str] | None:
    """(the claim's name, the evidence's) where the evidence names the claim's anchor otherwise; `low` is the
    evidence's padded words."""
    mine = [n for n in names(claim) if not any(f" {w} " in low for w in n.distinct)]
    if not mine:
        return None
    said, theirs = f" {' '.join(words(claim))} ", names(evidence)
    for n in mine:
        for o in theirs:
            if o.anchor == n.anchor and not any(f" {w} " in said for w in o.distinct):
                return n.text, f"{o.text} ({' '.join(o.anchor[1:])})"
    return None


def relocated(claim: str, evidence: str, low: str) -> tuple[str, str] | None:
    """A name both texts place, in places the evidence does not name ("Tanzania's Grace Nakato" against "Uganda's
    Grace Nakato"): whatever either says the name did, it is put somewhere else."""
    for a in located(claim):
        if any(f" {w} " in low for p in a.places for w in words(p)):
            continue
        b = next((b for b in located(evidence) if b.named and a.named and a.matches(b)), None)
        if b is not None and not set(a.places) & set(b.places):
            return f"{a.text} ({', '.join(a.places)})", f"{b.text} ({', '.join(b.places)})"
    return None


def ranked(text: str) -> tuple:
    """(the noun's lemma, the scales it is ranked on, its argument, its holder) for each noun the text ranks, but a
    noun of time ("the first time since 2015", "a third time"), which counts occasions, not things."""
    return tuple(r for s in sentences(text) for r in _ranked_in(s))


@lru_cache(maxsize=4096)
def _ranked_in(text: str) -> tuple:
    doc = parse(text)
    return tuple((a.head, _scales(t), a, _holder(t)) for t in doc if t.pos_ == "NOUN" and not lx.time_noun(t.lemma_.lower())
                 for a in [_argument(t)] if a.ordinal is not None)


def _holder(t):
    """Who has the ranked thing, where a name says so: the subject of the verb it is the object or complement of
    ("Kuusiku had the cleanest water"), or the name it stands in apposition to."""
    if t.dep_ == "appos":
        return _argument(t.head)
    if t.dep_ in ("dobj", "attr", "oprd"):
        subject = next((c for c in t.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        return _argument(subject) if subject is not None else None
    return None


def _scales(t) -> frozenset[str]:
    """The superlatives of the phrase ("27th best country": best; "fifth richest country": richest)."""
    return frozenset(lx.SCALES.get(w.lower_, w.lower_) for w in t.subtree if w.tag_ in ("JJS", "RBS") and w.i < t.i)


def reranked(claim: str, evidence: str, low: str) -> tuple[str, str] | None:
    """(the claim's ranked phrase, the evidence's) where the evidence ranks the claim's noun only otherwise (`low`,
    unread, keeps the signature of the other readings)."""
    theirs = ranked(evidence)
    for head, scales, a, holder in ranked(claim):
        same = [b for h, s, b, other in theirs if h == head and s == scales and not (
            _proper(a.owner, claim) and _proper(b.owner, evidence) and not a.owner & b.owner) and not (
            holder is not None and other is not None and holder.named and other.named and not holder.matches(other))]
        if len({b.ordinal for b in same}) == 1 and ranks_differ(a.ordinal, same[0].ordinal):
            return a.text, same[0].text
    return None


def _proper(owner: frozenset[str], text: str) -> bool:
    """The possessor is written as a name ("Denmark's", not "the country's")."""
    return bool(owner) and any(w[:1].isupper() for w in text.split() if words(w) and words(w)[0] in owner)

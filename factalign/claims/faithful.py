"""The extractor's fail-safe on meaning: a claim is written only when it says what its sentence says.

The well-formedness check (wellformed.py) rejects a claim that is not a sentence; these checks reject one that is a
sentence but says more than its sentence, in the ways a clause splitter gets wrong (each a named check with the
linguistic generalisation it encodes). A rejected claim is dropped, and the whole sentence stands in for it where
the claims kept do not hold its words (rules.guarded): fewer, fuller claims rather than a wrong one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from importlib import resources

from spacy.tokens import Doc, Token

from factalign.claims.wellformed import parsed

CURRENCY = {"$", "€", "£", "¥", "₹"}
SCALES = {"thousand", "million", "billion", "trillion", "bn", "m", "k"}
NEGATIONS = {"not", "n't", "never", "no"}


@lru_cache(maxsize=1)
def _restrictions() -> tuple[frozenset[str], tuple[tuple[str, ...], ...]]:
    data = json.loads(resources.files("factalign.claims").joinpath("lexicon/restrictions.json").read_text("utf-8"))
    return frozenset(data["words"]), tuple(tuple(p.split()) for p in data["phrases"])


def _words(text: str) -> set[str]:
    """The claim's words, as written and as lemmas ("approved" is the sentence's "approve")."""
    return {w for t in parsed(text) for w in (t.lower_, t.lemma_.lower())}


def _stated(t: Token, claim: set[str]) -> bool:
    return t.lower_ in claim or t.lemma_.lower() in claim


def _clause_verb(t: Token) -> Token:
    """The verb of the clause `t` stands in (itself when it is one)."""
    while t.pos_ not in ("VERB", "AUX") and t.head.i != t.i:
        t = t.head
    return t


def _restrictor(sent: Doc, t: Token) -> tuple[str, ...] | None:
    """The restricting marker that starts at `t` (one word or a phrase), or None."""
    words, phrases = _restrictions()
    following = tuple(w.lower_ for w in sent[t.i:t.i + 4])
    for phrase in phrases:
        if following[:len(phrase)] == phrase:
            return phrase
    return (t.lower_,) if t.lower_ in words else None


def restriction_kept(claim: set[str], sent: Doc) -> bool:
    """A restriction or condition ("only", "unless", "until", "limited to", ...) stays with the clause it restricts:
    a claim that states that clause's verb without the marker says more than the sentence ("The pool opens."
    from "opens only in summer"; "The licence is valid." from "valid until May unless withdrawn"). The verb is the
    one the marker's phrase hangs on, and for a conditional clause ("unless the council revokes it") also the verb it
    conditions: neither the condition nor what it conditions is a fact on its own."""
    for t in sent:
        marker = _restrictor(sent, t)
        if marker is None:
            continue
        verbs = [_clause_verb(t.head)]
        if t.dep_ == "mark" and verbs[0].head.i != verbs[0].i:
            verbs.append(_clause_verb(verbs[0].head))  # the condition's own verb, stated as a fact, is wrong too
        if any(v.i != t.i and _stated(v, claim) for v in verbs) and not set(marker) <= claim:
            return False
    return True


def units_kept(claim: set[str], sent: Doc) -> bool:
    """A number keeps its unit, scale and currency: "fell 2.7" from "fell 2.7%" (or "9.4" from "$9.4 billion") is
    another quantity."""
    for t in sent:
        if not (t.like_num and _stated(t, claim)):
            continue
        unit = [sent[t.i + 1]] if t.i + 1 < len(sent) and (sent[t.i + 1].text in {"%", "percent", "per"}
                                                            or sent[t.i + 1].lower_ in SCALES) else []
        unit += [sent[t.i - 1]] if t.i > 0 and sent[t.i - 1].text in CURRENCY else []
        if any(u.lower_ not in claim for u in unit):
            return False
    return True


def negation_kept(claim: set[str], sent: Doc) -> bool:
    """A negation stays with the verb it negates: a claim that states the verb without it says the opposite."""
    for t in sent:
        if t.dep_ == "neg" and t.lower_ in NEGATIONS and _stated(t.head, claim) and not claim & NEGATIONS:
            return False
    return True


CHECKS: tuple[Callable[[set[str], Doc], bool], ...] = (restriction_kept, units_kept, negation_kept)


def faithful(claim: str, sentence: str) -> bool:
    """True when no check finds the claim saying more than its sentence (a claim that is the sentence itself is)."""
    if claim.strip() == sentence.strip():
        return True
    words, sent = _words(claim), parsed(sentence)
    return all(check(words, sent) for check in CHECKS)

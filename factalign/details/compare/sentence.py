"""A claim read through the output sentence it was written from.

An extractor's claim may lose what makes the sentence wrong for the comparison to see: a report turned round ("the
university said after ..."), a split that drops the scope or the contrast ("... put down to farm runoff to its
sewer", where the sentence said "rather than to"), a malformed clause after an apposition or a vote count. The
sentence itself still gives the finding. A claim is then judged by its sentence's finding where it repeats what
the finding is about: the words of the finding's claim side that the sentence holds and, for a finding about the
event (roles, negation, opposite, factuality), the verb of the sentence's frame; a claim of the same sentence about
something else ("Ellery was 44") keeps its own answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from factalign.details.compare import lexicon as lx
from factalign.details.compare.compare import Finding, compared
from factalign.details.compare.frames import Frame, sentences
from factalign.details.find import words

# findings about the event rather than one slot's value: the claim must state that event
EVENT_KINDS = frozenset(("roles", "negation", "opposite", "factuality"))
# the fewest words a claim shares with a sentence for it to be read as written from it
SHARED = 2


@lru_cache(maxsize=4096)
def own_sentence(claim: str, output: str) -> str | None:
    """The sentence of the output the claim was written from: the one that shares the most of its words (at least
    SHARED); None where the claim is that sentence as written (it is read as it stands) or shares too little."""
    mine = set(words(claim))
    best, most = None, 0
    for s, theirs in _worded(output):
        n = len(mine & theirs)
        if n > most:
            best, most = s, n
    if best is None or most < SHARED or best.strip() == claim.strip():
        return None
    return best


@lru_cache(maxsize=64)
def _worded(output: str) -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple((s, frozenset(words(s))) for s in sentences(output))


def through_sentence(claim: str, sentence: str, evidence: str, kinds: frozenset[str]) -> Finding | None:
    """The finding of the claim's sentence against the evidence, where the claim repeats what it is about."""
    found = compared(sentence, evidence)
    if found is None or found[1].kind not in kinds or not repeats(claim, sentence, *found):
        return None
    return found[1]


def repeats(claim: str, sentence: str, frame: Frame | None, found: Finding) -> bool:
    mine = words(claim)
    said = [w for w in words(found.claim_says) if w in set(words(sentence)) and w != "not"]
    if frame is not None and found.kind in EVENT_KINDS:
        said += words(frame.verb)
    return bool(said) and all(_said(w, mine) for w in said)


def _said(word: str, claim: Sequence[str]) -> bool:
    """The word, or a form of it ("lost" for "lose", "backing" for "backed"), is in the claim."""
    n = min(4, len(word) - 1) if len(word) > 2 else len(word)
    return any(w == word or (len(w) >= n and w[:n] == word[:n]) or lx.related(w, word) for w in claim)

"""Contrasts read from the words, independent of any frame: "A rather than B", "A, not B", "A instead of B",
"not A but B". A claim that keeps the contrast and turns it round ("blamed the sewer rather than farm runoff"
against "farm runoff rather than the sewer") states what its evidence denies; the parse of either side often
hangs B on the wrong word, so both sides are read as two bags of content words: what is asserted, what denied.

It fires only where both texts draw a contrast, they share a word outside it (they speak of one thing), and more
of the claim's two sides cross over to the evidence's other side than stay on their own, with at least two
crossing words. A claim without a contrast is left to the frames (denied_argument): "birth numbers fell" is no
denial of "a shortage, rather than falling birth numbers"."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from factalign.details.compare import lexicon as lx
from factalign.details.compare.frames import parse, sentences
from factalign.text.deps import contrastive

_CONTENT = frozenset("NOUN PROPN ADJ VERB NUM".split())
_BOUNDARY = frozenset(",;:.!?()—–")
_SPAN = 10          # tokens a side may run to: a contrast is drawn between two phrases, not two paragraphs
CROSSING = 2        # words that must cross over for a finding


@dataclass(frozen=True)
class Contrast:
    asserted: str
    denied: str
    asserted_words: frozenset[str]
    denied_words: frozenset[str]
    rest: frozenset[str]        # the sentence's other content words


def _marker(doc, i: int) -> int | None:
    """The index of the first word of the denied side if token `i` ends a contrast marker, else None."""
    t = doc[i]
    prev = doc[i - 1].lower_ if i > 0 else ""
    if contrastive(t) or (t.lower_ == "to" and prev == "opposed" and i > 1 and doc[i - 2].lower_ == "as"):
        return i + 1
    # "A, not B": a "not" after a comma or dash that denies a phrase, not a verb ("not improvements in sanitation",
    # "not because ..."); "... did not raise" is the verb's own negation
    # "not to A but to B" anywhere
    if t.lower_ == "not" and i + 1 < len(doc) and doc[i + 1].pos_ in ("DET", "ADP", "SCONJ", "NOUN", "PROPN", "ADJ", "NUM") \
            and (prev in (",", "—", "–", "-") or any(w.lower_ == "but" for w in doc[i + 2:i + 2 + _SPAN])):
        return i + 1
    return None


def _forward(doc, start: int) -> tuple[int, int]:
    end = start
    while end < len(doc) and end - start < _SPAN and doc[end].text not in _BOUNDARY and doc[end].lower_ != "but":
        end += 1
    return start, end


def _backward(doc, marker: int, first) -> tuple[int, int]:
    """The asserted side before the marker: from the same preposition or conjunction the denied side opens with
    ("to X rather than to Y", "because X, not because Y"), else the phrase back to its verb or a stop."""
    end = marker
    while end > 0 and (doc[end - 1].lower_ in ("rather", "instead", "opposed", "as") or doc[end - 1].text in _BOUNDARY):
        end -= 1
    floor = max(0, end - _SPAN)
    if first.pos_ in ("ADP", "SCONJ") or first.lower_ == "to":
        same = next((j for j in range(end - 1, floor - 1, -1) if doc[j].lower_ == first.lower_), None)
        if same is not None:
            return same, end
    start = end
    while start > floor and doc[start - 1].text not in _BOUNDARY and doc[start - 1].pos_ not in ("VERB", "AUX"):
        start -= 1
    return start, end


def _words(span) -> frozenset[str]:
    return frozenset(w.lemma_.lower() for w in span if w.pos_ in _CONTENT and not w.is_stop and w.is_alpha)


@lru_cache(maxsize=4096)
def contrasts(text: str) -> tuple[Contrast, ...]:
    out = []
    for sentence in sentences(text):
        doc = parse(sentence)
        for i in range(1, len(doc)):
            start = _marker(doc, i)
            if start is None or start >= len(doc):
                continue
            but = doc[i].lower_ == "not" and any(w.lower_ == "but" for w in doc[start:start + _SPAN])
            d0, d1 = _forward(doc, start)
            if but and d1 < len(doc) and doc[d1].lower_ == "but":  # "not by A but by B": B is asserted
                a0, a1 = _forward(doc, d1 + 1)
            else:
                a0, a1 = _backward(doc, i, doc[start])
            asserted, denied = doc[a0:a1], doc[d0:d1]
            if not _words(asserted) or not _words(denied):
                continue
            inside = set(range(a0, a1)) | set(range(d0, d1))
            rest = _words(w for w in doc if w.i not in inside)
            out.append(Contrast(asserted.text, denied.text, _words(asserted), _words(denied), rest))
    return tuple(out)


def _overlap(a: frozenset[str], b: frozenset[str]) -> int:
    """Words of `a` that one of `b` shares, by lemma, a common stem ("short"/"shortage") or a WordNet derivation."""
    return sum(any(lx.related(x, y) for y in b) for x in a)


def turned_round(claim: str, evidence: str, low: str = "") -> tuple[str, str] | None:
    """("A, not B" as the claim draws it, as the evidence does) where the claim's contrast is the evidence's turned
    round (`low`, unread, keeps the signature of the other readings)."""
    theirs = contrasts(evidence)
    for c in contrasts(claim):
        for e in theirs:
            if not _overlap(c.rest, e.rest):
                continue
            crossing = _overlap(c.denied_words, e.asserted_words) + _overlap(c.asserted_words, e.denied_words)
            staying = _overlap(c.asserted_words, e.asserted_words) + _overlap(c.denied_words, e.denied_words)
            if crossing >= CROSSING and crossing > staying:
                return f"{c.asserted}, not {c.denied}", f"{e.asserted}, not {e.denied}"
    return None

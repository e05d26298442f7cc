"""Coverage: is every content word of a sentence in at least one of its claims?

A content word is a noun, proper noun, number (with dates and quantities), adjective or verb that is
not a light word ("many", "other", "be", "have"); spaCy's stop list is not used, since it holds words
that carry the facts a checker must see ("two", "fifteen", "top", "first", "name"). A word is in a
claim when each letter-or-digit run it is part of is ("5,895" -> "5" and "895", "27-year-old"; "m" of
"$10m" is part of "10m"), compared
without case and without a final plural or third-person "s" (a split subject's verb agrees with its
one conjunct: "recruit" -> "recruits"). A pronoun the claim names is no content word, so a name put
for it costs nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.tokens import Doc, Span, Token

CONTENT_POS = {"NOUN", "PROPN", "NUM", "ADJ", "VERB"}
LIGHT = {"many", "much", "more", "most", "other", "others", "such", "own", "same", "several", "few", "various",
         "certain", "less", "least", "lot", "lots", "thing", "things", "something", "anything", "everything",
         "nothing", "someone", "anyone", "everyone", "whole", "able", "else", "etc", "be", "have", "do", "get", "got"}
RUN = re.compile(r"[^\W_]+")


def key(word: str) -> str:
    """A word without case and a final "s" / "es" / "ies" (plurals and third-person verbs)."""
    w = word.lower()
    if len(w) > 3 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and re.search(r"(?:s|x|z|ch|sh|o)es$", w):
        return w[:-2]
    if len(w) > 2 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def keys(text: str) -> set[str]:
    return {key(w) for w in RUN.findall(text)}


def is_content(t: Token) -> bool:
    if t.pos_ not in CONTENT_POS or not RUN.search(t.text):
        return False
    if t.like_num or t.pos_ == "NUM":
        return True
    return t.lower_ not in LIGHT and t.lemma_.lower() not in LIGHT


def content_words(sent: Doc | Span) -> list[Token]:
    return [t for t in sent if is_content(t)]


def missing(sent: Doc | Span, claims: list[str], named: list[tuple[str, str]] = ()) -> list[str]:
    """The content words of a parsed sentence that no claim holds, in sentence order. `named`: (word,
    name) pairs of words the claims say by a name ("The album" -> "Collision Course"), held where the
    claims hold the name."""
    held = set().union(*(keys(c) for c in claims)) if claims else set()
    held |= {key(w) for word, name in named if keys(name) <= held for w in RUN.findall(word)}
    text, base = sent.text, sent[0].idx if len(sent) else 0
    runs = [(m.start() + base, m.end() + base, key(m.group())) for m in RUN.finditer(text)]
    out = []
    for t in content_words(sent):
        mine = {k for a, b, k in runs if a < t.idx + len(t.text) and t.idx < b}
        if not mine <= held:
            out.append(t.text)
    return out


@lru_cache(maxsize=4096)
def _parsed(sentence: str) -> Doc:
    from factalign.claims.parsing import parse

    return parse(sentence, [])


def uncovered(sentence: str, claims: list[str], named: list[tuple[str, str]] = ()) -> list[str]:
    """The content words of `sentence` that none of `claims` holds (the sentence parsed on its own)."""
    return missing(_parsed(sentence), claims, named)


def covered(sentence: str, claims: list[str]) -> bool:
    return not uncovered(sentence, claims)


__all__ = ["content_words", "covered", "missing", "uncovered"]

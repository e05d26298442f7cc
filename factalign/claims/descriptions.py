"""Comma-set descriptions of a noun that open with an adverb of former or present state: "hired the
engineer Ida Berg, until recently head of research at a rival, to run ...", "the council, now led by
...,".

Such a phrase says what the noun was or is, but the small parser often hangs its words on the verb of
the clause (the prepositions become the verb's modifiers), and the claims then move them: "hired Ida
Berg for four years", or a claim that runs the phrase into the verb's complement. The phrase is taken
out of the clause's claims and makes one claim of its own, "Ida Berg was until recently head of
research at a rival.", in the tense its adverb gives (a former state: "was"; "now", "currently":
"is").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from spacy.tokens import Span, Token

from factalign.claims.wellformed import FINITE_TAGS

FORMER = {"formerly", "previously", "once", "latterly", "recently"}
PRESENT = {"now", "currently"}
OPENERS = {("until", "recently"), ("until", "last"), ("most", "recently"), ("until", "now"), ("up", "to")}
DASHES = {"-", "--", "\u2013", "\u2014"}


def comma_descriptions(sent: Span, hidden: set[int], timed: Callable[[Token], bool]) -> list[tuple[int, list[int]]]:
    """(the described noun, the phrase's tokens) for each description in `sent`, sentence-relative;
    the phrase runs from after the comma to the next comma or dash or the sentence's end and holds no
    finite verb (a clause is not a description). A noun `timed` says is a time or a number is when or
    how much, not what the phrase describes ("rose in May, now the highest in a decade")."""
    out = []
    for t in sent:
        i = t.i - sent.start
        if t.text != "," or i == 0 or i + 1 >= len(sent) or i in hidden:
            continue
        noun = sent[i - 1]
        if noun.pos_ not in {"NOUN", "PROPN"} or noun.dep_ == "compound" or timed(noun) \
                or not opens_description(sent, i + 1):
            continue
        end = next((k for k in range(i + 1, len(sent)) if sent[k].text == "," or sent[k].text in DASHES), len(sent))
        words = [k for k in range(i + 1, end) if not (k == len(sent) - 1 and sent[k].is_punct)]
        if len(words) < 2 or any(sent[k].tag_ in FINITE_TAGS for k in words) or set(words) & hidden:
            continue
        out.append((noun.i - sent.start, words))
    return out


def opens_description(sent: Span, k: int) -> bool:
    word = sent[k].lower_
    following = sent[k + 1].lower_ if k + 1 < len(sent) else ""
    return word in FORMER | PRESENT or (word, following) in OPENERS


def copula(noun: Token, first: Token) -> str:
    """The verb of the description's claim: "now" and "currently" say what the noun is, the other
    openers what it was."""
    plural = noun.tag_ in {"NNS", "NNPS"}
    if first.lower_ in PRESENT:
        return "are" if plural else "is"
    return "were" if plural else "was"


def description_claims(splitter) -> list[list[str]]:
    """The claims of a sentence's descriptions, each as words: "Ida Berg was until recently head of research."
    `splitter` is the sentence's ClauseSplitter (its `descriptions`, `subtree` and `render`)."""
    out = []
    for noun, words in splitter.descriptions:
        subject = {k for k in splitter.subtree(splitter.sent[noun]) if k < words[0]}
        claim = subject | set(words)
        out.append(splitter.render(sorted(subject), claim=claim) + [copula(splitter.sent[noun], splitter.sent[words[0]])]
                   + splitter.render(words, claim=claim))
    return out


def outside_names(sent: Span, descriptions: list[tuple[int, list[int]]], names: dict[int, str]) -> dict[int, str]:
    """`names` without the pronouns outside a description that coreference resolved to a name inside it: a
    pronoun after the aside does not refer into it ("hired X, formerly a player in Oslo, to coach its youth
    side": "its" is the club's, whatever coreference says)."""
    aside = {k for _, words in descriptions for k in words}
    inside = " " + " ".join(sent[k].text for k in sorted(aside)) + " "
    return {k: v for k, v in names.items() if k in aside or sent[k].tag_ not in {"PRP", "PRP$"}
            or not v or " " + re.sub(r"'s$", "", v) + " " not in inside}

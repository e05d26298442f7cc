"""Coordination: one claim per conjunct ("Anna and Bob watch films" -> "Anna watches films."), and
the verb agreeing with the one conjunct a claim keeps; "X or Y" and "one of X and Y" stay whole.
"""

from __future__ import annotations

import re

from spacy.tokens import Token

from factalign.claims.scope import Scopes
from factalign.text.deps import contrastive

MAX_VARIANTS = 12
CHOOSERS = {"one", "either", "neither", "each", "both", "none", "any", "all", "some"}
SINGULAR = {"were": "was", "are": "is", "have": "has", "do": "does"}


class Coordinations(Scopes):
    """The conjuncts a claim can keep, one choice in each coordination."""

    def split_conjuncts(self, subject: set[int], pred: set[int]) -> list[tuple[set[int], set[int]]]:
        """One (subject, predicate) per choice of conjunct in each coordination, at most MAX_VARIANTS
        (a single longer list gives its first MAX_VARIANTS items)."""
        variants = [(subject, pred)]
        if any(self.sent[i].lower_ == "respectively" for i in pred):
            return variants  # "X and Y scored 14 and 9 points, respectively": no conjunct pairs with the other list's
        together = self.collective(pred)
        for head in self.coordinations(subject | pred):
            if together and self.rel(head) in subject:
                continue  # "Anna and Bob met", "... scored 14 and 9 points, respectively": not one alone
            options = self.conjunct_options(head)
            grown = []
            for s, pr in variants:
                for keep, drop in options:
                    grown.append((s - drop | (keep & s) if head.i - self.sent.start in s else s,
                                  pr - drop | (keep & pr) if head.i - self.sent.start in pr else pr))
            if len(grown) > MAX_VARIANTS and len(variants) > 1:
                break  # a second long coordination: left whole
            variants = grown[:MAX_VARIANTS]  # one long list: its first items
        return variants

    def coordinations(self, tokens: set[int]) -> list[Token]:
        heads = []
        for i in sorted(tokens):
            t = self.sent[i]
            if t.like_num and t.dep_ in {"nummod", "quantmod"}:
                continue  # "between 10 and 15 percent", "14 and 9 points": one range or one pairing
            if t.dep_ == "pobj" and t.head.lower_ == "between":
                continue  # "between 2002 and 2010" is one range
            if t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.lower_ in CHOOSERS:
                continue  # "one of Bournemouth or Middlesbrough": neither alone
            if any(c.dep_ == "cc" and c.lower_ in {"or", "nor"} for m in (t, *t.conjuncts) for c in m.children):
                continue  # "X or Y" asserts neither one alone: a claim of either would say more than the text
            if contrasted(t):
                continue  # "X rather than Y", "X, not Y": Y is named to be denied, so no claim states it alone
            if self.followed_by_modifier(t, tokens):
                continue  # "pays for two libraries and fixes to 15 bridges": what follows may be the last one's alone
            if t.dep_ == "appos" and not self.describing_appositive(t):
                continue  # "sections: an intro, a ballad and a coda": a list kept whole in its head's phrase
            if (t.dep_ != "conj" and not self.heads_claim(t) and not self.place_pair(t)
                    and any(c.dep_ == "conj" and self.rel(c) in tokens for c in t.children)):
                heads.append(t)
        return heads

    def followed_by_modifier(self, head: Token, tokens: set[int]) -> bool:
        """Whether a phrase the claim keeps follows the coordination's last conjunct but hangs on a word
        above it: a reader may take it for the last conjunct's own ("two libraries and fixes to 15 bridges")."""
        after = max(m.right_edge.i for m in (head, *head.conjuncts)) + 1
        if after >= self.sent.end or after - self.sent.start not in tokens:
            return False
        nxt = self.sent.doc[after]
        return nxt.dep_ in {"prep", "npadvmod", "advmod"} and nxt.head.is_ancestor(head)

    def place_pair(self, head: Token) -> bool:
        """Two names joined by a bare comma, no "and"/"or": a place and its region ("Seattle, Washington")."""
        conj = [c for c in head.children if c.dep_ == "conj"]
        return (head.pos_ == "PROPN" and len(conj) == 1 and conj[0].pos_ == "PROPN"
                and not any(c.dep_ in {"cc", "conj"} for c in conj[0].children)
                and not any(c.dep_ == "cc" for c in head.children))

    def conjunct_options(self, head: Token) -> list[tuple[set[int], set[int]]]:
        """For each conjunct: (tokens to keep, tokens of the coordination to drop)."""
        members = [head]
        while True:
            nxt = next((c for c in members[-1].children if c.dep_ == "conj" and not self.coordinated_predicate(c)), None)
            if nxt is None:
                break
            members.append(nxt)
        glue = {self.rel(c) for m in members for c in m.children if c.dep_ in {"cc", "punct", "preconj"}}
        own = {}
        for m in members:
            sub = self.subtree(m) - glue
            for later in members[members.index(m) + 1:]:
                sub -= self.subtree(later)
            own[m.i] = sub
        everything = set().union(*own.values()) | glue
        options = []
        det = next((self.subtree(c) for c in head.children if c.dep_ in {"det", "poss"} and c.i < head.i), None)
        for m in members:
            keep = set(own[m.i])
            if m is not head and det is not None and not any(c.dep_ in {"det", "poss"} for c in m.children):
                keep |= det  # "an aviation pioneer and author" -> "an author"; "its capital and largest city"
            options.append((keep, everything))
        return options


def contrasted(head: Token) -> bool:
    """A noun phrase coordination joined by a denial: "X rather than Y", "X instead of Y", "X, not Y" (a verb's own
    "not" is its negation: "by not smoking and avoiding sun")."""
    return any(c.dep_ == "cc" and contrastive(c) for m in (head, *head.conjuncts) for c in m.children) or any(
        c.lower_ == "not" and c.i == m.left_edge.i and m.pos_ not in {"VERB", "AUX"}
        for m in head.conjuncts for c in m.children)


def conjunct_head(subject: Token, kept: set[int]) -> Token:
    """The noun heading the one conjunct of a split subject that a claim keeps."""
    return subject if subject.i in kept else next((c for c in subject.conjuncts if c.i in kept), subject)


def singular(words: list[str], verb: Token) -> list[str]:
    """The first verb form of a predicate made to agree with one conjunct of a split subject
    ("Donald Duck and Goofy recruit Sora" -> "Goofy recruits Sora")."""
    for k, w in enumerate(words):
        if w in SINGULAR:
            return words[:k] + [SINGULAR[w]] + words[k + 1:]
        if k == 0 and w == verb.text and verb.tag_ in {"VBP", "VB"}:  # the small tagger reads many as VB
            return [third_person(w)] + words[1:]
    return words


def third_person(verb: str) -> str:
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"

"""Free adjuncts: a gerund clause set off by a comma that says what the subject of its verb also did
("He toured Europe in 1990, playing forty shows." -> "He was playing forty shows.").

Such a clause is asserted whenever the clause it hangs on is, so it makes a claim of its own instead of
riding as a modifier in every claim of its verb (claims that run long and repeat one another). Its verb
keeps the progressive form and takes "be" in the tense of the verb it hangs on: the progressive says
what the gerund says without guessing a simple tense. Only a bare gerund qualifies: one with a link
word ("while", "after"), a subject, an auxiliary or a negation of its own, or one hanging on a verb that
is negated, under a modal, hedged, conditioned, attributed or itself not asserted, stays inside its
verb's claims, which keep what scopes over it.
"""

from __future__ import annotations

from spacy.tokens import Token

from factalign.text.deps import AUX_DEPS, SUBJECT_DEPS, contrastive

PLURAL_PRONOUNS = {"they", "we", "you"}


def free_adjunct(scopes, t: Token) -> bool:
    """Whether t heads a bare gerund clause set off by a comma from an asserted, plain verb. `scopes`
    is the sentence's `Scopes` (for `held`, `plain`, `hidden`)."""
    if t.dep_ != "advcl" or t.tag_ != "VBG" or t.i < t.head.i and t.head.dep_ != "ROOT":
        return False
    if any(c.dep_ in SUBJECT_DEPS | AUX_DEPS | {"mark", "neg"} or c.tag_ == "WRB" for c in t.children):
        return False
    head = t.head
    if head.tag_ == "VBG" and any(c.dep_ in SUBJECT_DEPS for c in head.children):
        return False  # "with his son conquering Persia, spreading ...": whose spreading is unclear
    if head.pos_ not in {"VERB", "AUX"} or not scopes.plain(head) or scopes.held(head) or scopes.held(t):
        return False
    if any(c.i != t.i and scopes.scoping(head, c) for c in head.children):
        return False  # "reportedly", "according to ...", "if ...": said of the verb's claims only
    sent, doc = scopes.sent, scopes.sent.doc
    if t.left_edge.i > sent.start:  # "..., playing forty shows"
        return doc[t.left_edge.i - 1].text == "," and t.i > head.i
    after = t.right_edge.i + 1  # "Playing forty shows, he toured Europe"
    return after < sent.end and doc[after].text == ","


def progressive_be(scopes, head: Token, subject: Token, named: bool) -> str:
    """The form of "be" a free adjunct's gerund takes: the tense of the nearest tensed verb above it (a
    perfect counts as past; none: the sentence's), the number of its subject (`named`: the subject is
    replaced by a name)."""
    past, verb = None, head
    while past is None:
        auxiliaries = [c for c in verb.children if c.dep_ in AUX_DEPS]
        if any(a.lemma_ == "have" for a in auxiliaries) or any(x.tag_ == "VBD" for x in [verb, *auxiliaries]):
            past = True
        elif any(x.tag_ in {"VBZ", "VBP", "MD"} for x in [verb, *auxiliaries]):
            past = False
        elif verb.dep_ in {"conj", "advcl", "xcomp", "acl", "relcl"} and verb.head.pos_ in {"VERB", "AUX"}:
            verb = verb.head
        else:
            past = scopes.past()
    plural = not named and (subject.tag_ in {"NNS", "NNPS"} or subject.lower_ in PLURAL_PRONOUNS)
    if past:
        return "were" if plural else "was"
    return "are" if plural else "am" if subject.lower_ == "i" and not named else "is"


def with_denial(clause, mods: list[set[int]], c) -> list[set[int]]:
    """`mods` with the phrase of `c`: a modifier of its own, or, where it is what a contrast denies ("to X rather than
    to Y", "on X, not on Y"), joined with its marker to the phrase before it, so that no claim states Y alone."""
    start = c.left_edge.i
    if c.doc[start].lower_ == "not" and c.dep_ == "prep":  # the parser hung the "not" on the phrase itself
        if not mods:  # what it is contrasted with is outside this clause ("because A fell, not because of B")
            return mods
        start += 1
    before = [w.lower_ for w in c.doc[max(0, start - 2):start]]
    marker = 2 if start > 0 and contrastive(c.doc[start - 1]) else 1 if before[-1:] == ["not"] else 0
    if marker == 1 and before[-2:-1] == [","]:
        marker = 2  # ", not"
    phrase = clause.subtree(c) | {clause.rel(c.doc[start - k]) for k in range(1, marker + 1)}
    if mods and marker and max(mods[-1]) >= clause.rel(c.doc[start - marker]) - 2:
        return [*mods[:-1], mods[-1] | phrase]
    return [*mods, phrase]  # (after a phrase of the verb's object, with its marker: "... on X rather than on Y")


def denied_part(c) -> bool:
    """A clause said only to be denied ("closed because A, not because B": B) or the "not" that denies it, which the
    parser may hang on the verb before: neither is part of a claim, nor a claim of its own."""
    doc = c.doc
    if c.dep_ == "neg" and c.i + 1 < len(doc) and doc[c.i + 1].dep_ == "mark":
        return doc[c.i + 1].head.dep_ == "advcl"
    return c.dep_ == "advcl" and any(m.dep_ == "mark" and m.i > 0 and doc[m.i - 1].lower_ == "not" for m in c.children)

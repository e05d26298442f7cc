"""Clauses whose words a claim must keep together with another clause's: a verb that stands for its head's
("stay as they are"), a phrase after an inverted report that may be either clause's, and the predicative
complement of an object ("calling it far below its value")."""

from __future__ import annotations

from spacy.tokens import Token

from factalign.text.deps import NOMINAL_SUBJECT_DEPS
from factalign.text.nlp import root_participle

# verbs whose object takes a predicative complement: "calling it far below its value" is not "calling it"
PREDICATIVE_VERBS = {"call", "deem", "consider", "label", "brand", "dub", "term", "declare", "describe", "rate", "rank"}


def bare_comparison(c: Token) -> bool:
    """A clause of manner or comparison whose verb stands for its head's ("stay as they are", "more
    than it did"): no claim alone, and its head's claims keep it ("stay" alone says something else)."""
    marks = {m.lower_ for m in c.children if m.dep_ == "mark"}
    said = [x for x in c.children if x.dep_ in {"dobj", "attr", "acomp", "oprd", "xcomp", "ccomp"}]
    return bool(marks & {"as", "than"}) and c.lemma_ in {"be", "do", "have"} and not said


def after_inverted_report(scopes, p: Token, phrase: set[int]) -> bool:
    """A phrase set off by a comma after a reporting verb that follows what it reports ("The line will
    open in March, officials said on Friday, two months late"): it may belong to either clause, so no
    claim attaches it to one; the sentence itself carries it. `scopes`: the sentence's Scopes."""
    first = min(phrase)
    subj = next((s for s in p.children if s.dep_ in NOMINAL_SUBJECT_DEPS), None)
    if first < scopes.rel(p) or subj is None or scopes.sent[first - 1].text != ",":
        return False
    return any(c.dep_ == "ccomp" and c.i < subj.i for c in p.children)


def predicative(p: Token) -> bool:
    """A verb with an object and a predicative complement, whose phrases all belong to the complement."""
    return p.lemma_ in PREDICATIVE_VERBS and any(c.dep_ == "dobj" for c in p.children)


def misread_verb(sent) -> bool:
    """A sentence whose main verb the parser read as a participle of the noun before it ("The authority named Ines
    Alvarez as director": "named" an acl of "authority", the noun the root): a participle right after a root noun,
    with an object of its own, which no participle of a noun phrase takes this way."""
    return (sent.root.pos_ in {"NOUN", "PROPN"} and any(
        root_participle(t) and any(c.dep_ in {"dobj", "oprd"} and c.i > t.i for c in t.children) for t in sent)) \
        or any(misread_relative(t) for t in sent)


def misread_relative(t: Token) -> bool:
    """A relative pronoun the parser made the subject of a word that is no verb ("floods that engineers blamed on X":
    "that" the subject of "on", "engineers" a pre-conjunction): the clause around it is misread."""
    return t.tag_ in {"WDT", "WP"} and t.dep_ in {"nsubj", "nsubjpass"} and t.head.pos_ not in {"VERB", "AUX"}

"""Capability edits that bring in what the premise lacks or say it in other words (see capabilities.py): a
named entity of another document, WordNet synonyms, an added detail; the labels are in
`capability_pairs.FAMILIES`."""

from __future__ import annotations

import random
import re
from functools import cache

from spacy.tokens import Span

from factalign.train.capabilities import _WN_POS, _common, _inflect
from factalign.train.perturb import _match_case, _render

# Plain-English synonyms (entailed both ways in context); WordNet's first-sense synonyms are added
SYNONYMS = {
    "attempt": "try", "purchase": "buy", "approximately": "about", "commence": "begin", "obtain": "get",
    "assist": "help", "numerous": "many", "demonstrate": "show", "construct": "build", "terminate": "end",
    "additional": "extra", "sufficient": "enough", "initial": "first", "reside": "live", "require": "need",
    "utilize": "use", "acquire": "buy", "depart": "leave", "inform": "tell", "establish": "set up",
    "roughly": "about", "nearly": "almost", "large": "big", "start": "begin", "finish": "complete",
    "receive": "get", "select": "choose", "display": "show", "perish": "die", "seek": "look for",
}
# A WordNet synonym is used only where the word's first sense is its usual one (>= this share of its
# SemCor count, of at least SYNONYM_MIN_COUNT) and the synonym is common: "view" -> "consider" and
# "central" -> "cardinal" are out, "state" -> "say" and "remain" -> "stay" are in.
FIRST_SENSE_SHARE = 0.6
SYNONYM_MIN_COUNT = 10
DETAILS = ("for the first time", "for the second time", "without any help", "despite strong opposition",
           "in secret", "at the request of the government", "after a long delay")


def foreign_entity(sent: Span, pool: list[tuple[str, str]], premise: str, rng: random.Random) -> str | None:
    """A named entity replaced by one of the same spaCy type from `pool` (another document's) that the
    premise never mentions."""
    from factalign.train.perturb import swap_entity

    names = [(re.sub(r"^(?i:the) |'s$", "", t), label) for t, label in pool]  # not "the the NHL", "York's's"
    return swap_entity(sent, [(t, label) for t, label in names
                              if t.lower() not in premise.lower() and not _common_word(t)], rng)


@cache
def _common_word(text: str) -> bool:
    """A one-word "entity" that WordNet knows in lower case ("Time"; "Paris" is listed capitalised)."""
    from factalign.text.wordnet import wordnet

    wn = wordnet()
    word = text.lower()
    base = wn.morphy(word) or word
    return " " not in text and any(base in s.lemma_names() for s in wn.synsets(word))


@cache
def wordnet_synonym(lemma: str, pos: str) -> str | None:
    """A single-word synonym from `lemma`'s first WordNet sense whose own first sense is the same one."""
    from factalign.text.wordnet import wordnet

    wn = wordnet()
    synsets = wn.synsets(lemma, pos=pos)
    counts = [sum(lem.count() for lem in s.lemmas() if lem.name().lower() == lemma) for s in synsets]
    if not synsets or sum(counts) < SYNONYM_MIN_COUNT or counts[0] < FIRST_SENSE_SHARE * sum(counts):
        return None
    first = synsets[0]
    for candidate in first.lemmas():
        name = candidate.name()
        if name.lower() == lemma or not _common(candidate) or candidate.count() < SYNONYM_MIN_COUNT:
            continue
        own = wn.synsets(name, pos=pos)
        if own and own[0] == first:
            return name.lower()
    return None


def paraphrase(sent: Span) -> str | None:
    """Words replaced by plain synonyms (the curated list, then WordNet's first sense for the main verb
    or a predicate adjective), inflected like the originals (entailed)."""
    replace = {}
    for tok in sent:
        word = SYNONYMS.get(tok.lemma_.lower()) if tok.pos_ in ("VERB", "ADJ", "ADV") else None
        if word and " " in word and (tok.pos_ != "VERB" or tok.dep_ == "amod"):
            word = None  # "an established relationship" cannot take "set up"
        if word:
            form = _inflect(word.split()[0], tok) if tok.pos_ == "VERB" else word
            if form:
                replace[tok.i] = _match_case(" ".join([form, *word.split()[1:]]), tok.text)
    root = sent.root
    for tok in [root, *(c for c in root.children if c.dep_ == "acomp")]:
        pos = _WN_POS.get(tok.pos_)
        if tok.i in replace or not pos or tok.lemma_.lower() in ("be", "have", "do"):
            continue
        synonym = wordnet_synonym(tok.lemma_.lower(), pos)
        form = synonym and (_inflect(synonym, tok) if pos == "v" else synonym)
        if form:
            replace[tok.i] = _match_case(form, tok.text)
    return _render(sent, replace) if replace else None


def _prepositional_detail(other: Span) -> str | None:
    """A time or place phrase ("in 2004", "in Geneva") of another sentence."""
    for tok in other:
        if tok.dep_ == "prep" and tok.lower_ in ("in", "on", "at", "during") and tok.head == other.root:
            obj = next((c for c in tok.children if c.dep_ == "pobj"), None)
            if obj is not None and obj.ent_type_ in ("DATE", "GPE", "LOC", "FAC", "TIME"):
                return " ".join(t.text for t in tok.subtree).lower() if tok.i == other.start else \
                " ".join(t.text for t in tok.subtree)
    return None


def _adjective_detail(sent: Span, other: Span) -> str | None:
    adjectives = [t for t in other if t.dep_ == "amod" and t.pos_ == "ADJ" and t.tag_ == "JJ" and t.lower_.isalpha()]
    nouns = [t for t in sent if t.pos_ == "NOUN" and t.dep_ in ("dobj", "pobj", "nsubj")
             and not any(c.dep_ in ("amod", "compound", "nummod") for c in t.children)
             and any(c.dep_ == "det" for c in t.children)]
    if not adjectives or not nouns:
        return None
    noun, adjective = nouns[0], adjectives[0]
    word = adjective.text if adjective.text[:1].isupper() and adjective.i != other.start else adjective.lower_
    det = next(c for c in noun.children if c.dep_ == "det")
    replace = {noun.i: f"{word} {noun.text}"}
    if det.lower_ in ("a", "an"):
        replace[det.i] = _match_case("an" if word[0] in "aeiou" else "a", det.text)
    return _render(sent, replace)


def add_detail(sent: Span, other: Span, rng: random.Random) -> str | None:
    """The sentence with a detail the premise does not state: a time/place phrase or an adjective taken
    from another document's sentence, or a phrase such as "for the first time" (neutral)."""
    choice = rng.random()
    if choice < 0.4:
        edited = _adjective_detail(sent, other)
        if edited:
            return edited
    detail = _prepositional_detail(other) if choice < 0.8 else None
    detail = detail or rng.choice(DETAILS)
    if detail.lower() in sent.text.lower() or not sent.text.endswith("."):
        return None
    return f"{sent.text[:-1].rstrip()} {detail}."

"""Edits of one spaCy-parsed sentence, used to build synthetic NLI pairs.

The truth-flipping edits (negate, swap_entity, change_number, swap_pronoun,
swap_antonym) give contradiction hypotheses; `shorten` drops modifiers and
trailing conjoined clauses, giving an entailed sub-span. Every function returns
the edited text, or None when the edit does not apply to the sentence.
"""

from __future__ import annotations

import random
import re

from spacy.tokens import Span

SWAPPABLE_ENTITY_TYPES = frozenset(
    {"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "EVENT", "WORK_OF_ART", "PRODUCT", "LANGUAGE"}
)
NUMERIC_ENTITY_TYPES = frozenset({"DATE", "CARDINAL", "MONEY", "PERCENT", "QUANTITY", "TIME"})
AUXILIARIES = frozenset(
    {"be", "have", "do", "can", "could", "will", "would", "shall", "should", "may", "might", "must"}
)
DO_FORMS = {"VBD": "did", "VBZ": "does", "VBP": "do"}
NUMBER_WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]

_ANTONYM_PAIRS = [
    ("increase", "decrease"), ("increased", "decreased"), ("rise", "fall"), ("rose", "fell"),
    ("won", "lost"), ("win", "lose"), ("before", "after"), ("first", "last"),
    ("larger", "smaller"), ("largest", "smallest"), ("more", "less"), ("higher", "lower"),
    ("highest", "lowest"), ("older", "younger"), ("oldest", "youngest"), ("north", "south"),
    ("northern", "southern"), ("east", "west"), ("eastern", "western"), ("male", "female"),
    ("early", "late"), ("earlier", "later"), ("maximum", "minimum"), ("above", "below"),
    ("inside", "outside"), ("open", "closed"), ("success", "failure"), ("successful", "unsuccessful"),
    ("accepted", "rejected"), ("joined", "left"), ("public", "private"), ("major", "minor"),
    ("positive", "negative"), ("always", "never"), ("entered", "exited"), ("ancient", "modern"),
]
ANTONYMS = {a: b for a, b in _ANTONYM_PAIRS} | {b: a for a, b in _ANTONYM_PAIRS}

_PRONOUN_SWAPS = {"he": "she", "she": "he", "him": "her", "his": "her", "himself": "herself",
                  "herself": "himself"}

_CONDITIONAL_MARKERS = frozenset({"if", "unless", "whether"})


def _render(sent: Span, replace: dict[int, str], drop: frozenset[int] = frozenset()) -> str:
    """Rebuild `sent` with token i replaced by replace[i] and tokens in drop removed."""
    parts = []
    for tok in sent:
        if tok.i in drop:
            if parts and tok.whitespace_ and not parts[-1].endswith(" "):
                parts[-1] += " "  # "is" + dropped "n't " must not glue to the next word
            continue
        parts.append(replace.get(tok.i, tok.text) + tok.whitespace_)
    text = "".join(parts).strip()
    text = re.sub(r"\s+([,.;:!?)])", r"\1", text)
    text = re.sub(r"([,;])(\s*[,;.])+", r"\2", text).replace(" ,", ",")
    return re.sub(r"\s{2,}", " ", text)


def _match_case(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def negate(sent: Span) -> str | None:
    """Remove the main verb's negation, or insert one ("The cat sat." -> "The cat did not sit.")."""
    root = sent.root
    if root.pos_ not in ("VERB", "AUX"):
        return None
    negations = [c for c in root.children if c.dep_ == "neg"]
    if negations:
        return _render(sent, {}, frozenset(t.i for t in negations))
    auxiliaries = [c for c in root.children
                   if c.dep_ in ("aux", "auxpass") and c.i < root.i and c.lemma_.lower() in AUXILIARIES]
    if auxiliaries:
        aux = auxiliaries[0]
        if aux.i == sent.start:
            return None  # a question or inversion
        return _render(sent, {aux.i: aux.text + " not"})
    if root.lemma_ == "be" and root.tag_ in DO_FORMS:
        return _render(sent, {root.i: root.text + " not"})
    if root.tag_ in DO_FORMS and root.i > sent.start:
        return _render(sent, {root.i: f"{DO_FORMS[root.tag_]} not {root.lemma_.lower()}"})
    return None


def _distinct(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return a not in b and b not in a


def swap_entity(sent: Span, pool: list[tuple[str, str]], rng: random.Random) -> str | None:
    """Replace one named entity with a different entity of the same type from `pool`.

    `pool` holds (text, label) pairs, normally every entity of the sentence's document.
    """
    entities = [e for e in sent.ents if e.label_ in SWAPPABLE_ENTITY_TYPES]
    rng.shuffle(entities)
    for ent in entities:
        candidates = sorted({text for text, label in pool
                             if label == ent.label_ and _distinct(text, ent.text)})
        if candidates:
            start, end = ent.start_char - sent.start_char, ent.end_char - sent.start_char
            return sent.text[:start] + rng.choice(candidates) + sent.text[end:]
    return None


def _changed_number(text: str, rng: random.Random) -> str | None:
    word = text.lower()
    if word in NUMBER_WORDS:
        return _match_case(rng.choice([w for w in NUMBER_WORDS if w != word]), text)
    digits = text.replace(",", "")
    if not re.fullmatch(r"\d+(\.\d+)?", digits):
        return None
    if "." in digits:
        whole, frac = digits.split(".")
        return f"{int(whole) + rng.randint(1, 9)}.{frac}"
    value = int(digits)
    if len(digits) == 4 and 1000 <= value <= 2100:
        new = value + rng.choice([-1, 1]) * rng.randint(1, 9)
    else:
        new = value * rng.choice([2, 3]) + rng.randint(1, 9) if value else rng.randint(1, 9)
    return f"{new:,}" if "," in text else str(new)


def change_number(sent: Span, rng: random.Random) -> str | None:
    """Change one number (a year, count, amount or percentage) to a different value."""
    numbers = [t for t in sent if t.like_num and (t.ent_type_ in NUMERIC_ENTITY_TYPES or t.tag_ == "CD")]
    rng.shuffle(numbers)
    for tok in numbers:
        new = _changed_number(tok.text, rng)
        if new is not None and new != tok.text:
            return _render(sent, {tok.i: new})
    return None


def swap_pronoun(sent: Span) -> str | None:
    """Swap the gender of every third-person singular pronoun ("he" <-> "she", ...)."""
    replace = {}
    for tok in sent:
        word = tok.lower_
        if word == "her":
            new = "his" if tok.tag_ == "PRP$" else "him"
        elif word in _PRONOUN_SWAPS:
            new = _PRONOUN_SWAPS[word]
        else:
            continue
        replace[tok.i] = _match_case(new, tok.text)
    return _render(sent, replace) if replace else None


def swap_antonym(sent: Span) -> str | None:
    """Replace the first word that has an entry in the small ANTONYMS list."""
    for tok in sent:
        if tok.lower_ in ANTONYMS:
            return _render(sent, {tok.i: _match_case(ANTONYMS[tok.lower_], tok.text)})
    return None


def _is_droppable(tok) -> bool:
    if tok.dep_ in ("appos", "relcl"):
        # Only the comma-delimited (non-restrictive) kind; "what is ..." may be an object.
        first = next(tok.subtree)
        return first.i > tok.sent.start and tok.doc[first.i - 1].text == ","
    if tok.dep_ in ("advcl", "parataxis"):
        return not any(c.dep_ == "mark" and c.lower_ in _CONDITIONAL_MARKERS for c in tok.children)
    # A verb conjoined to the main verb is a separate clause ("..., and moved to Austin").
    return tok.dep_ == "conj" and tok.head == tok.sent.root and tok.pos_ in ("VERB", "AUX")


def shorten(sent: Span) -> str | None:
    """Drop appositives, relative/adverbial clauses and conjoined clauses: an entailed sub-span."""
    drop: set[int] = set()
    for tok in sent:
        if tok.i in drop or tok == sent.root or not _is_droppable(tok):
            continue
        subtree = list(tok.subtree)
        drop.update(t.i for t in subtree)
        if tok.dep_ == "conj":
            drop.update(c.i for c in tok.head.children if c.dep_ == "cc" and c.i < tok.i)
        before, after = subtree[0].i - 1, subtree[-1].i + 1
        if before >= sent.start and sent.doc[before].text in (",", ";", "-", "--"):
            drop.add(before)
            if after < sent.end and sent.doc[after].text == ",":
                drop.add(after)  # the closing comma of a parenthetical ", who ...,"
    kept = [t for t in sent if t.i not in drop and not t.is_punct]
    if not drop or len(kept) < 4:
        return None
    text = _render(sent, {}, frozenset(drop)).rstrip(",;: ")
    return text if text.endswith((".", "!", "?")) else text + "."

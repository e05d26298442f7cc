"""Capability edits of amounts (see capabilities.py): quantifiers and scope ("some" -> "all", a restriction
dropped), and numbers, dates and units (a count, date, scale or bound changed, or the same number in other
words); the labels are in `capability_pairs.FAMILIES`."""

from __future__ import annotations

import random
import re

from spacy.tokens import Span

from factalign.details.find import SMALL, TENS
from factalign.train.capabilities import QUANTIFIERS, _is_person_noun
from factalign.train.perturb import _match_case, _render

NOT_RESTRICTIVE = QUANTIFIERS | {"few", "numerous", "other", "such", "more", "fewer", "various"}
TIME_NOUNS = frozenset({"seconds", "minutes", "hours", "days", "weeks", "months", "years", "decades", "times"})
GROUP_NOUNS = frozenset({"people", "children", "adults", "students", "residents", "visitors", "members",
                         "workers", "employees", "patients", "users", "citizens", "players", "voters",
                         "women", "men", "customers", "passengers", "fans", "teachers", "families"})

def generalise_quantifier(sent: Span) -> str | None:
    """"some/many/several/most X" -> "all X" (neutral)."""
    for tok in sent:
        if tok.lower_ in QUANTIFIERS and tok.dep_ in ("det", "amod") and tok.head.tag_ == "NNS" \
                and tok.head.lower_ not in TIME_NOUNS:  # "for some weeks" -> "for all weeks" is nonsense
            if tok.i + 1 < sent.end and sent.doc[tok.i + 1].lower_ == "of":
                return None  # "most of the ..." -> "all of the ..." reads fine but is rare; keep it simple
            return _render(sent, {tok.i: _match_case("all", tok.text)})
    return None


def some_to_no(sent: Span) -> str | None:
    """"some X" -> "no X" (contradiction)."""
    for tok in sent:
        if tok.lower_ == "some" and tok.dep_ == "det" and tok.head.pos_ == "NOUN":
            return _render(sent, {tok.i: _match_case("no", tok.text)})
    return None


def all_to_some(sent: Span) -> str | None:
    """"all X" -> "some X" (entailed: an entailed control of the quantifier family)."""
    for tok in sent:
        if tok.lower_ == "all" and tok.dep_ in ("det", "predet") and tok.head.tag_ == "NNS":
            return _render(sent, {tok.i: _match_case("some", tok.text)})
    return None


def _restrictive_modifiers(noun) -> list:
    mods = []
    for child in noun.children:
        if child.dep_ == "prep" and child.i > noun.i and child.lower_ not in ("of", "'s"):
            mods.append(child)
        elif child.dep_ == "amod" and child.i < noun.i and child.pos_ == "ADJ" and child.lower_ not in NOT_RESTRICTIVE:
            mods.append(child)
        elif child.dep_ == "relcl" and noun.doc[next(child.subtree).i - 1].text != ",":
            mods.append(child)
    return mods


def widen_scope(sent: Span, rng: random.Random) -> str | None:
    """Drop a restrictive modifier of a plural group and add "all" ("children under 12" -> "all children"),
    or, for people in a prepositional object, say "everyone" (neutral)."""
    for noun in sent:
        if noun.tag_ != "NNS" or noun.dep_ not in ("nsubj", "dobj", "pobj"):
            continue
        if noun.lower_ not in GROUP_NOUNS and not _is_person_noun(noun.lemma_.lower()):
            continue
        if any(c.dep_ in ("det", "nummod", "poss", "predet") or c.lower_ in NOT_RESTRICTIVE for c in noun.children):
            continue
        mods = _restrictive_modifiers(noun)
        if not mods:
            continue
        drop = {t.i for m in mods for t in m.subtree}
        if noun.dep_ == "pobj" and noun.lower_ in GROUP_NOUNS and rng.random() < 0.5:
            phrase = [t.i for t in noun.subtree]
            return _render(sent, {phrase[0]: "everyone"}, frozenset(phrase[1:]))
        start = min([noun.i, *(t.i for t in noun.subtree if t.i not in drop)])
        first = sent.doc[start]
        word = "All" if start == sent.start else "all"
        return _render(sent, {start: f"{word} {first.text if first.pos_ == 'PROPN' else first.lower_}"},
                       frozenset(drop))
    return None


# -- numbers, dates and units ----------------------------------------------------------------------------

NUMBER_WORDS = {**SMALL, **TENS, "hundred": 100}  # the detail check's number words, with "zero", "one", "hundred"
DIGIT_WORDS = {n: w for w, n in NUMBER_WORDS.items() if n != 100 and n > 1}
SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
MONTHS = ("January February March April May June July August September October November December").split()
APPROX = ("about", "around", "approximately", "roughly", "nearly", "almost", "some")


def _value(tok) -> float | None:
    text = tok.text.replace(",", "")
    if re.fullmatch(r"\d+(\.\d+)?", text):
        return float(text)
    return NUMBER_WORDS.get(tok.lower_)


def _format(value: float) -> str:
    return f"{int(value):,}" if value == int(value) else f"{value:,.1f}"


def _counts(sent: Span):
    """Cardinal numbers that count or measure something (not years, dates, times or ordinals)."""
    for tok in sent:
        if tok.tag_ == "CD" and tok.ent_type_ not in ("DATE", "TIME", "ORDINAL") and _value(tok) is not None:
            if tok.i + 1 < sent.end and sent.doc[tok.i + 1].text in ("-", "/", ":", "%"):
                continue
            if tok.i > sent.start and sent.doc[tok.i - 1].text in ("-", "/", "–"):
                continue  # the end of a range ("55-60kg")
            yield tok


def number_words(sent: Span) -> str | None:
    """"fifteen" <-> "15" (entailed)."""
    for tok in _counts(sent):
        value = _value(tok)
        if tok.ent_type_ in ("MONEY", "PERCENT") or (tok.i > sent.start and sent.doc[tok.i - 1].is_currency):
            continue  # "$80" -> "$eighty"
        if tok.lower_ in NUMBER_WORDS and tok.lower_ != "hundred" and value > 1:
            return _render(sent, {tok.i: str(int(value))})
        after = sent.doc[tok.i + 1] if tok.i + 1 < sent.end else None
        if tok.text.isdigit() and int(tok.text) in DIGIT_WORDS and (after is None or after.pos_ != "PROPN"):
            return _render(sent, {tok.i: _match_case(DIGIT_WORDS[int(tok.text)], tok.text)})
    return None


def _scaled(sent: Span):
    """(number token, scale token) for "2.4 billion"-style amounts."""
    for tok in sent:
        if tok.lower_ in SCALES and tok.i > sent.start:
            number = sent.doc[tok.i - 1]
            if number.tag_ == "CD" and re.fullmatch(r"\d+(\.\d+)?", number.text.replace(",", "")):
                return number, tok
    return None


def spell_out_scale(sent: Span) -> str | None:
    """"2.4 billion" -> "2,400,000,000" (entailed)."""
    found = _scaled(sent)
    if not found:
        return None
    number, scale = found
    value = float(number.text.replace(",", "")) * SCALES[scale.lower_]
    if value != int(value):
        return None
    return _render(sent, {number.i: f"{int(value):,}"}, frozenset({scale.i}))


def swap_scale(sent: Span) -> str | None:
    """"million" <-> "billion", "thousand" -> "million" (contradiction)."""
    found = _scaled(sent)
    if not found:
        return None
    _, scale = found
    new = {"thousand": "million", "million": "billion", "billion": "million", "trillion": "billion"}[scale.lower_]
    return _render(sent, {scale.i: _match_case(new, scale.text)})


def change_date(sent: Span, rng: random.Random) -> str | None:
    """Another month, or another day of the month, in a date (contradiction)."""
    for tok in sent:
        if tok.ent_type_ != "DATE":
            continue
        if tok.text in MONTHS:
            day = next((t for t in (sent.doc[tok.i + 1] if tok.i + 1 < sent.end else None,)
                        if t is not None and t.text.isdigit() and 1 <= int(t.text) <= 31), None)
            if day is not None and rng.random() < 0.5:
                new_day = rng.choice([d for d in range(1, 29) if d != int(day.text)])
                return _render(sent, {day.i: str(new_day)})
            return _render(sent, {tok.i: rng.choice([m for m in MONTHS if m != tok.text])})
    return None


def change_approximate(sent: Span, rng: random.Random) -> str | None:
    """"about 35,000" -> "around 50,000": another hedge word and a number at least 40% away (contradiction)."""
    for tok in _counts(sent):
        hedge = sent.doc[tok.i - 1] if tok.i > sent.start else None
        if hedge is None or hedge.lower_ not in APPROX or not tok.text.replace(",", "").isdigit():
            continue
        value = int(tok.text.replace(",", ""))
        if value < 10:
            continue
        factor = rng.choice([0.4, 0.5, 1.5, 1.7, 2.0])
        digits = len(str(value)) - 2
        new = round(value * factor, -max(digits, 0))
        if new == value or new <= 0:
            continue
        word = rng.choice([w for w in APPROX[:4] if w != hedge.lower_])
        return _render(sent, {hedge.i: _match_case(word, hedge.text), tok.i: _format(new)})
    return None


def bound_number(sent: Span, rng: random.Random, looser: bool) -> str | None:
    """An exact count N stated as a bound: looser=True -> "more than M" (M < N, entailed),
    looser=False -> "more than M" (M > N, contradiction); "more than N" already in the premise is
    moved down (entailed) or up (neutral: the premise does not say how many more)."""
    for tok in _counts(sent):
        value = _value(tok)
        if value is None or value < 5 or not tok.text.replace(",", "").isdigit() or tok.head.pos_ != "NOUN" \
                or tok.head.i < tok.i:
            continue  # a count before its noun, not a label after it ("chromosome 21")
        prev = sent.doc[tok.i - 1] if tok.i > sent.start else None
        if prev is not None and prev.lower_ in APPROX:
            continue
        step = max(1, int(value * rng.choice([0.2, 0.3, 0.5])))
        smaller, larger = _format(value - step), _format(value + step)
        bounded = prev is not None and prev.lower_ == "than" and tok.i - 2 >= sent.start \
            and sent.doc[tok.i - 2].lower_ == "more"
        if bounded:
            return _render(sent, {tok.i: smaller if looser else larger})
        if prev is not None and prev.dep_ in ("advmod", "quantmod"):
            continue  # "at least", "up to", ...
        return _render(sent, {tok.i: "more than " + (smaller if looser else larger)})
    return None

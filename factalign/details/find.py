"""The details of a text that a reader checks first: numbers (with their units, number words and multipliers),
match scores ("3-1"), years, names (people, places, organisations, titles of works) and day and month names.

`details_of(text)` finds them in a claim (spaCy's tagger and entity recogniser name the names);
`numbers_of(text)` and `scores_of(text)` find numbers and scores in any text by pattern alone, so the
sources are read without a model. Every found detail keeps its text as written, for reasons.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

UNITS = {"%": "%", "percent": "%", "per cent": "%", "pc": "%", "$": "$", "dollar": "$", "dollars": "$", "usd": "$",
         "£": "£", "pound": "£", "pounds": "£", "gbp": "£", "€": "€", "euro": "€", "euros": "€",
         "metre": "m", "metres": "m", "meter": "m", "meters": "m", "m": "m", "km": "km", "kilometre": "km",
         "kilometres": "km", "kilometer": "km", "kilometers": "km", "mile": "mi", "miles": "mi", "ft": "ft", "feet": "ft",
         "foot": "ft", "kg": "kg", "kilogram": "kg", "kilograms": "kg", "tonne": "t", "tonnes": "t", "tons": "t",
         "degree": "°", "degrees": "°", "°": "°", "°c": "°"}
MULTIPLIERS = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9, "trillion": 1e12}
SMALL = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                    "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if i >= 2}
# "one" stands for a thing as often as for a number ("one of the", "no one"): it is not read as 1
NUMBER_WORDS = {w: v for w, v in {**SMALL, **TENS}.items() if w not in ("zero", "one")}
AT_LEAST = ("more than", "over", "at least", "above", "upwards of", "in excess of", "exceeding")
AT_MOST = ("less than", "fewer than", "under", "below", "up to", "at most")
NEARLY = ("almost", "nearly", "just under", "close to")
DAYS_MONTHS = frozenset("monday tuesday wednesday thursday friday saturday sunday january february march april may "
                        "june july august september october november december".split())
TITLES = frozenset("mount mt lake river mr mrs ms miss dr sir dame saint st president prime minister king queen prince "
                   "princess lord lady professor prof pope judge senator general captain coach chancellor".split())
NAME_LABELS = frozenset(("PERSON", "ORG", "GPE", "LOC", "FAC", "WORK_OF_ART", "EVENT", "PRODUCT", "LAW"))

_UNIT = "|".join(sorted((re.escape(u) for u in UNITS if u not in "$£€"), key=len, reverse=True))
_MULT = "|".join(sorted(MULTIPLIERS, key=len, reverse=True))
_WORD_NUMBER = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_NUMBER = re.compile(
    r"(?<![\w.,])(?P<cur>[$£€])?\s?"
    rf"(?:(?P<digits>\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.(?P<dec>\d+))?(?P<decade>s\b)?"
    rf"|(?P<word>(?:{_WORD_NUMBER})(?:[- ](?:{'|'.join(SMALL)}))?)(?![\w]))"
    rf"(?:[ -]?(?P<mult>{_MULT})\b)?(?:[ -]?(?P<unit>{_UNIT})(?![\w]))?", re.IGNORECASE)
_SCORE = re.compile(r"(?<![\w.,-])(\d{1,2}) ?[-–] ?(\d{1,2})(?!\w|[.,]\d|-\w)")
DURATIONS = frozenset("second seconds minute minutes hour hours day days week weeks month months year years decade "
                      "decades century centuries".split())
_COUNTED = re.compile(r"\s*(?:-|of (?:the |their |its )?[\d,]+ )?([A-Za-z]+)")  # "six months", "62 of the 100 patients"
_TOKEN = re.compile(r"[^\W\d_]+|\d+")  # "County11" is two words: summaries glue them
UNKNOWN = "unk"  # the <unk> of older summarisers: a word nobody can look up


@dataclass(frozen=True)
class Detail:
    """One checkable detail. `kind`: "number", "year", "score", "name" or "date" (a day or month name);
    `value`: the number, the (a, b) of a score, or a name's normalised words; `unit`: "%", "$", "m", ... or None;
    `bound`: "min" after "more than", "max" after "less than", "nearly" after "nearly"/"almost", "about" after
    "about"/"around", else None."""

    text: str
    kind: str
    value: float | tuple
    unit: str | None = None
    bound: str | None = None
    step: float = 1.0  # the claim's precision: 35,000 allows anything that rounds to it (step 1,000)
    label: str = ""     # the entity recogniser's label of a name, when it gave one
    duration: bool = field(default=False, compare=False)  # "six months": a span of time, not a count of things


def fold(text: str) -> str:
    """Lower case without accents: "Pelé" -> "pele"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


def words(text: str) -> list[str]:
    return _TOKEN.findall(fold(text))


def _word_value(word: str) -> float:
    parts = re.split(r"[- ]", word.lower())
    return float(sum(NUMBER_WORDS.get(p, SMALL.get(p, 0)) for p in parts))


def _digits_value(digits: str, dec: str | None) -> tuple[float, float]:
    """The value of a number's digits and its precision (35,000: step 1,000); inf where a float cannot hold them."""
    value = float(f"{digits}.{dec}" if dec else digits)  # inf past the float range, never an error
    if dec:
        return value, 10.0 ** -min(len(dec), 400)  # underflows to 0.0 at worst
    zeros = len(digits) - len(digits.rstrip("0"))
    return value, 10.0 ** zeros if zeros <= 308 else math.inf


def _bound(text: str, start: int) -> str | None:
    before = " " + " ".join(words(text[max(0, start - 24):start])[-3:]) + " "
    if any(f" {b} " in before[-len(b) - 3:] for b in AT_LEAST):
        return "min"
    if any(f" {b} " in before[-len(b) - 3:] for b in NEARLY):
        return "nearly"
    if any(f" {b} " in before[-len(b) - 3:] for b in AT_MOST):
        return "max"
    if any(f" {b} " in before[-len(b) - 3:] for b in ("about", "around", "approximately", "roughly", "some", "an estimated")):
        return "about"
    return None


def numbers_of(text: str) -> list[Detail]:
    """Numbers and years in `text`, outside match scores; "2.4 billion" is 2.4e9, "fifteen" is 15."""
    taken = [m.span() for m in _SCORE.finditer(text)]
    out = []
    for m in _NUMBER.finditer(text):
        if any(a <= m.start() < b for a, b in taken) or not (m["digits"] or m["word"]):
            continue
        cur, mult, unit = m["cur"], (m["mult"] or "").lower(), (m["unit"] or "").lower()
        if mult == "m" and not cur:  # "5,895 m" is metres; "$4.2m" is millions
            mult, unit = "", unit or "m"
        if m["word"]:
            value, step = _word_value(m["word"]), 1.0
        else:
            digits = m["digits"].replace(",", "")
            value, step = _digits_value(digits, m["dec"])
        factor = MULTIPLIERS.get(mult, 1.0)
        if not (math.isfinite(value * factor) and math.isfinite(step * factor)):
            continue  # beyond a float (about 309 digits): no value to compare, so no number detail; NLI judges the claim
        year = (not cur and not mult and not unit and m["digits"] and not m["dec"] and "," not in m["digits"]
                and 1000 <= value <= 2100)
        kind = "year" if year else "number"
        if year or m["decade"]:
            step = 1.0
        end = m.end() if not unit or m["unit"] else m.end("mult")
        noun = _COUNTED.match(text, end)
        out.append(Detail(text[m.start():end].strip(), kind, value * factor, UNITS.get(cur or unit),
                          _bound(text, m.start()), step * factor,
                          duration=bool(noun) and noun[1].lower() in DURATIONS))
    return out


def scores_of(text: str) -> list[Detail]:
    return [Detail(m.group(0), "score", (int(m[1]), int(m[2]))) for m in _SCORE.finditer(text)]


@lru_cache(maxsize=8192)
def details_of(text: str) -> tuple[Detail, ...]:
    """Every detail of a claim: numbers, scores, then names and day/month names in text order."""
    return (*scores_of(text), *numbers_of(text), *names_of(text))


def names_of(text: str) -> list[Detail]:
    """Names: spans the entity recogniser labels as a name (not nationalities, NORP), and runs of proper nouns
    it missed ("Modern Family"); day and month names are "date" details."""
    from factalign.text.nlp import ENTITIES, pipeline

    doc = pipeline(ENTITIES)(text)
    spans = [(e.start, e.end, e.label_) for e in doc.ents if e.label_ in NAME_LABELS]
    covered = {i for a, b, _ in spans for i in range(a, b)}
    blocked = {i for e in doc.ents if e.label_ not in NAME_LABELS for i in range(e.start, e.end)}
    i = 0
    while i < len(doc):
        if doc[i].pos_ == "PROPN" and i not in covered and i not in blocked:
            j = i
            while j < len(doc) and doc[j].pos_ == "PROPN" and j not in covered and j not in blocked:
                j += 1
            spans.append((i, j, ""))
            i = j
        else:
            i += 1
    covered = {i for a, b, _ in spans for i in range(a, b)}
    spans += [(t.i, t.i + 1, "") for t in doc if t.i not in covered and t.text[:1].isupper() and fold(t.text) in DAYS_MONTHS]
    out = []
    for a, b, label in _split_at_verbs(doc, sorted(spans)):
        span = doc[a:b]
        while len(span) and (span[0].is_stop or not span[0].text[:1].isalpha()):  # "the", quotes, "3-1"
            span = span[1:]
        while len(span) and (not span[-1].text[:1].isalpha() or span[-1].text.lower() in ("'s", "’s")):  # "Chelsea 2-1"
            span = span[:-1]
        value = tuple(words(span.text))
        if (not value or not any(t.text[:1].isupper() for t in span) or all(w.isdigit() or w in TITLES for w in value)
                or UNKNOWN in value):
            continue
        kind = "date" if len(value) == 1 and value[0] in DAYS_MONTHS else "name"
        out.append(Detail(span.text, kind, value, label=label))
    return out


def _split_at_verbs(doc, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """A recogniser's span that runs over a verb ("AP McCoy is Arsenal") as the names on either side of it."""
    out = []
    for a, b, label in spans:
        start = a
        for i in range(a, b):
            if doc[i].pos_ in ("VERB", "AUX"):
                out.append((start, i, label))
                start = i + 1
        out.append((start, b, label))
    return [(a, b, label) for a, b, label in out if a < b]


_MONTH = "|".join(w.capitalize() for w in sorted(DAYS_MONTHS) if not w.endswith("day"))


def day_of_month(d: Detail, text: str) -> bool:
    """Is the number `d` the day of a date in `text` ("March 1", "16 November 2012", "the 3rd of May")?"""
    if d.kind != "number" or d.unit or not 1 <= d.value <= 31 or not d.text.isdigit():
        return False
    day = re.escape(d.text)
    return re.search(rf"\b(?:{_MONTH})\.? {day}\b|\b{day}(?:st|nd|rd|th)? (?:of )?(?:{_MONTH})\b", text) is not None

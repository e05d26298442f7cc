"""Which language a text is in, as far as the default pipeline needs to know: it reads English only (the rules
extractor and the comparison stage parse with spaCy's English model; the house NLI model was trained on English).

A text in another language would be scored without error but not read (a German summary saying "abgelehnt"
against a document saying "beschlossen" reads as supported), so the scorer says so and never lets the shipped
calibrations pass or block it. The guess needs no model: a text mostly in a non-Latin script is named by that script (Unicode's
character names: CJK, ARABIC, CYRILLIC, ...); a Latin-script text by whichever of spaCy's stop-word lists (a
well-kept list per language, shipped with spaCy) its words hit most.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache

LATIN_LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl")
NAMES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "pt": "Portuguese",
         "nl": "Dutch"}
MIN_LETTERS = 20  # fewer letters than this (a name, a number, a heading) tell no language
_WORD = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=None)
def _stop_words(lang: str) -> frozenset[str]:
    import importlib

    return frozenset(importlib.import_module(f"spacy.lang.{lang}.stop_words").STOP_WORDS)


def _script(ch: str) -> str:
    return unicodedata.name(ch, "UNKNOWN").split()[0]


def guess_language(text: str) -> str | None:
    """An ISO 639-1 code among LATIN_LANGUAGES, a script's name in lower case ("cjk", "arabic", "cyrillic",
    "hangul", ...), or None where the text is too short or gives no sign."""
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < MIN_LETTERS:
        return None
    script, n = Counter(_script(ch) for ch in letters).most_common(1)[0]
    if script != "LATIN" and n > len(letters) / 2:
        return script.lower()
    words = _WORD.findall(text.lower())
    hits = {lang: sum(w in _stop_words(lang) for w in words) for lang in LATIN_LANGUAGES}
    best = max(hits, key=lambda lang: (hits[lang], lang == "en"))  # a tie is read as English, the default's language
    return best if hits[best] else None


def unread(*texts: str) -> str | None:
    """The name of the first language among `texts` that the default pipeline does not read, else None."""
    for text in texts:
        lang = guess_language(text)
        if lang not in (None, "en"):
            return NAMES.get(lang, f"{lang.upper()}-script")
    return None

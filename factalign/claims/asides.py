"""Claims from a bracketed aside of life dates after a leading name, the way encyclopedic texts open:
"Albert Arnold Gore Jr. (born March 31, 1948) is ..." -> "Al Gore was born on March 31, 1948.".

The rules extractor drops bracketed asides before parsing (they confuse the parser); these are the
facts of one kind of aside that a reader still takes from the sentence: a birth name, a birth date
and place, a death date. Any other aside gives no claim.
"""

from __future__ import annotations

import re

MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
DATE = rf"(?:\d{{1,2}} {MONTH},? \d{{3,4}}|{MONTH} \d{{1,2}},? \d{{3,4}}|{MONTH},? \d{{3,4}}|\d{{3,4}})"
LEADING_NAME = re.compile(r"(?:[A-Z][\w.'-]*\s+)*[A-Z][\w.'-]*")
BORN = re.compile(rf"born\s+(?:(?!{MONTH}\b)(?P<name>[A-Z][^,;()]*?)(?:\s+on|\s+in|,|;)\s+)?(?P<date>{DATE})"
                  rf"(?:\s+in\s+(?P<place>[A-Z][^,;()]*(?:,\s*[A-Z][^,;()]*)?))?"
                  rf"(?:\s*[-–]\s*(?P<death>{DATE}))?\s*$")
LIFE = re.compile(rf"(?P<date>{DATE})\s*[-–]\s*(?P<death>{DATE})\s*$")


def on(date: str) -> str:
    """"on 9 May 1992" for a day, else "in May 1992" / "in 1992"."""
    return f"on {date}" if re.search(r"\d{1,2} |\d{1,2},", date) else f"in {date}"


def aside_claims(sentence: str, topic: str | None = None) -> list[str]:
    """Claims of a life-dates aside right after the sentence's leading name, said of the topic when the
    text has one (the page's name, as the rest of the claims say it), else of that name."""
    m = re.match(rf"\s*({LEADING_NAME.pattern})\s*\(([^()]*)\)", sentence)
    if not m:
        return []
    subject = topic or m.group(1)
    inside = re.sub(r"^[^A-Za-z0-9]*", "", m.group(2)).strip()
    found = BORN.search(inside) if inside.startswith("born") else LIFE.fullmatch(inside)
    if not found:
        return []
    parts = found.groupdict()
    claims = []
    if parts.get("name"):
        claims.append(f"{subject} was born {parts['name'].strip()}.")
    claims.append(f"{subject} was born {on(parts['date'])}.")
    if parts.get("place"):
        claims.append(f"{subject} was born in {parts['place'].strip()}.")
    if parts.get("death"):
        claims.append(f"{subject} died {on(parts['death'])}.")
    return claims


__all__ = ["aside_claims"]

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
ASIDE = re.compile(r"\s*((?:[A-Z][\w.'-]*\s+)*[A-Z][\w.'-]*)\s*\(([^()]*)\)")  # a leading name, then its aside
BORN = re.compile(rf"born\s+(?:(?!{MONTH}\b)(?P<name>[A-Z][^,;()]*?)(?:\s+on|\s+in|,|;)\s+)?(?P<date>{DATE})"
                  rf"(?:\s+in\s+(?P<place>[A-Z][^,;()]*(?:,\s*[A-Z][^,;()]*)?))?"
                  rf"(?:\s*[-–]\s*(?P<death>{DATE}))?\s*$")
SUFFIXES = {"Jr.", "Sr.", "Jr", "Sr", "II", "III", "IV", "Sir"}
LIFE = re.compile(rf"(?P<date>{DATE})\s*[-–]\s*(?P<death>{DATE})\s*$")


def on(date: str) -> str:
    """"on 9 May 1992" for a day, else "in May 1992" / "in 1992"."""
    return f"on {date}" if re.search(r"\d{1,2} |\d{1,2},", date) else f"in {date}"


def same_name(lead: str, topic: str) -> bool:
    """Whether the leading name is the topic's, maybe in a fuller form: "Albert Arnold Gore Jr." for
    "Al Gore", "Charles II" for "Charles II of England"; not "Tipper Gore" for "Al Gore"."""
    if lead.startswith(topic) or topic.startswith(lead):
        return True
    a, b = ([w for w in name.split() if w not in SUFFIXES] for name in (lead, topic))
    return bool(a and b) and a[-1] == b[-1] and a[0][:2] == b[0][:2]


def aside_claims(sentence: str, topic: str | None = None) -> list[str]:
    """Claims of a life-dates aside right after the sentence's leading name, said of the topic when that
    name is the topic's (the page's name, as the rest of the claims say it), else of the name itself."""
    m = ASIDE.match(sentence)
    if not m:
        return []
    lead = m.group(1)
    subject = topic if topic and same_name(lead, topic) else lead
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

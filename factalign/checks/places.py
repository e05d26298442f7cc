"""Where a check looks for what the sources say instead of a claim, and how a reason quotes it."""

from __future__ import annotations

from factalign.data import ClaimResult, Document
from factalign.evidence import tokens

QUOTE_CHARS = 100  # of the premise quoted in a reason


def cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 3].rstrip() + "..."


def sentences_near(c: ClaimResult, doc: Document) -> list[str]:
    """The premise's sentences, then the rest of the document's (the role check looks in single sentences)."""
    spans = c.premise.spans if c.premise is not None else []
    first = [i for i, (s, e) in enumerate(doc.sentences) if any(a < e and s < b for a, b in spans)]
    return [doc.sentence(i) for i in first + [i for i in range(len(doc.sentences)) if i not in first]]


def around(c: ClaimResult, doc: Document) -> list[str]:
    """Where a reader would look for the value the sources give instead: the sentence sharing the most words with
    the claim, then that sentence with its neighbours (the premise the capped NLI answer points to may be any)."""
    if not doc.sentences:
        return []
    claim = set(tokens(c.claim.text))
    best = max(range(len(doc.sentences)), key=lambda i: (len(claim & set(tokens(doc.sentence(i)))), -i))
    near = [j for j in (best - 1, best, best + 1) if 0 <= j < len(doc.sentences)]
    return [doc.sentence(best), " ".join(doc.sentence(j) for j in near)]

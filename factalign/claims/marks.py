"""Token spans that punctuation marks off in a parsed sentence: brackets and quotations."""

from __future__ import annotations

from spacy.tokens import Span


def bracketed(sent: Span) -> set[int]:
    """Sentence-relative indices of tokens inside (), [] or {} (the brackets included)."""
    depth, inside = 0, set()
    for t in sent:
        if t.text in "([{":
            depth += 1
        if depth:
            inside.add(t.i - sent.start)
        if t.text in ")]}" and depth:
            depth -= 1
    return inside


def quote_pairs(sent: Span) -> list[tuple[int, int]]:
    """Sentence-relative indices of each pair of quotation marks: straight ones in order (when they
    pair up), curly ones by their direction."""
    out, straight, opened = [], [], []
    for t in sent:
        i = t.i - sent.start
        if t.text == '"':
            straight.append(i)
        elif t.text == "\u201c":
            opened.append(i)
        elif t.text == "\u201d" and opened:
            out.append((opened.pop(), i))
    if len(straight) % 2 == 0:
        out += list(zip(straight[::2], straight[1::2]))
    return out

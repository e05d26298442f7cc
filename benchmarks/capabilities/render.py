"""Token edits of one parsed sentence and the text they give.

An edit is a list of ops (start, end, text): tokens [start, end) of the sentence are replaced by
`text` (deleted when it is empty; inserted before token `start` when start == end).
"""

from __future__ import annotations

import re

Op = tuple[int, int, str]

_SPACE_BEFORE = re.compile(r"\s+([,.;:!?)%])")
_DOUBLE_COMMA = re.compile(r",\s*(?=[,.;:])")


def render(doc, ops: list[Op]) -> str:
    """The sentence with the ops applied: spaces tidied, first letter upper-case."""
    ops = sorted(ops, key=lambda op: (op[0], op[1]))
    for (s1, e1, _), (s2, _, _) in zip(ops, ops[1:]):
        if s2 < e1:
            raise ValueError(f"overlapping edits at tokens {s1}-{e1} and {s2}")
    out, at = [], 0
    for start, end, text in ops:
        out.append(doc[at:start].text_with_ws if start > at else "")
        if text:
            if start == end and "".join(out) and not "".join(out).endswith(" "):
                out.append(" ")
            out.append(text)
            out.append(doc[end - 1].whitespace_ if end > start else " ")
        elif end > start and doc[end - 1].whitespace_ and "".join(out) and not "".join(out).endswith(" "):
            out.append(" ")  # "did" + deleted "n't " must not glue to the next word
        at = max(at, end)
    out.append(doc[at:].text_with_ws if at < len(doc) else "")
    return tidy("".join(out))


def tidy(text: str) -> str:
    text = re.sub(r"\s{2,}", " ", text).strip()
    text = _DOUBLE_COMMA.sub("", _SPACE_BEFORE.sub(r"\1", text))
    text = re.sub(r"\(\s+", "(", text).lstrip(",;: ")
    return text[:1].upper() + text[1:]


def match_case(word: str, like: str) -> str:
    """`word` capitalised as `like` is (The -> A, the -> a)."""
    if like[:1].isupper() and not like.isupper() or len(like) == 1 and like.isupper():
        return word[:1].upper() + word[1:]
    return word


def lower_first(span) -> str:
    """A span's text to stand inside a sentence: a common first word loses its capital."""
    first = span[0]
    if first.pos_ == "PROPN" or first.ent_type_ or first.text == "I" or first.text.isupper() and len(first.text) > 1:
        return span.text
    return first.text[:1].lower() + span.text[1:]


def article_op(doc, i: int, new_word: str) -> list[Op]:
    """Fix the indefinite article before token i when it becomes `new_word` (a -> an before a vowel)."""
    if i == 0 or doc[i - 1].lower_ not in ("a", "an"):
        return []
    wanted = "an" if new_word[:1].lower() in "aeiou" else "a"
    if doc[i - 1].lower_ == wanted:
        return []
    return [(i - 1, i, match_case(wanted, doc[i - 1].text))]

"""Text edits driven by coreference clusters."""

from __future__ import annotations

import re

from factalign.coref.base import Cluster
from factalign.data import Span
from factalign.text.pronouns import POSSESSIVE, PRONOUNS


def sentence_variants(text: str, sentence: Span, clusters: list[Cluster]) -> list[str]:
    """FENICE's Co(s): the sentence with one mention replaced by another (non-pronoun) mention of its cluster.

    One variant per (mention inside the sentence, other mention text of the cluster); duplicates
    and the unchanged sentence are dropped. Order is deterministic.
    """
    s_start, s_end = sentence
    original = text[s_start:s_end]
    variants: dict[str, None] = {}  # ordered, with O(1) membership
    for cluster in clusters:
        inside = [(a, b) for a, b in cluster if s_start <= a and b <= s_end]
        if not inside:
            continue
        inside_words = {text[a:b] for a, b in inside}
        others = sorted({text[a:b] for a, b in cluster} - inside_words, key=lambda m: (m.lower() in PRONOUNS, m))
        others = [m for m in others if m.lower() not in PRONOUNS]
        for a, b in inside:
            for other in others:
                variant = original[: a - s_start] + in_place(other, a == s_start) + original[b - s_start:]
                if variant != original:
                    variants.setdefault(variant)
    return list(variants)


def possessive(name: str) -> str:
    """"Natalia Moon's", "the players'" (a plural noun ends on "s'")."""
    last = name.split()[-1] if name.split() else name
    return name + "'" if re.fullmatch(r"[a-z][a-z-]*[^s]s", last) else name + "'s"


ARTICLES = {"the", "a", "an", "this", "that", "these", "those"}


def in_place(mention: str, starts_sentence: bool) -> str:
    """A mention put where another stood: a leading article capitalised at a sentence start only
    ("the suspect" / "The suspect")."""
    first, _, rest = mention.partition(" ")
    if first.lower() not in ARTICLES or not rest:
        return mention
    return (first.capitalize() if starts_sentence else first.lower()) + " " + rest


def representative(text: str, cluster: Cluster, clusters: list[Cluster] = ()) -> str | None:
    """The cluster's name: its longest clean proper-name mention (first on ties), else its longest
    non-pronoun mention. A clean name is one line, without quotes or brackets, every word capitalised
    ("Emmanuel Adebayor" over "the 27-year-old" and over a mention spilling onto the next line). A pronoun
    inside that mention which another of `clusters` resolves is replaced by that cluster's name ("Its main span"
    -> "The Golden Gate Bridge's main span")."""
    spans = [(a, b) for a, b in cluster if text[a:b].lower() not in PRONOUNS]
    if not spans:
        return None
    a, b = max(spans, key=lambda s: (_clean_name(text[s[0]:s[1]]), s[1] - s[0]))
    name = text[a:b]
    inner = sorted(((x, y, other) for other in clusters if other != cluster for x, y in other
                    if a <= x and y <= b and text[x:y].lower() in PRONOUNS), reverse=True)
    for x, y, other in inner:
        owner = representative(text, other)
        if owner is not None:
            owner = possessive(owner) if text[x:y].lower() in POSSESSIVE else owner
            name = name[:x - a] + in_place(owner, x == a) + name[y - a:]
    return name


def _clean_name(mention: str) -> bool:
    words = mention.split()
    return (bool(words) and "\n" not in mention and not any(ch in mention for ch in "\"()[]{}")
            and all(w[:1].isupper() or w[:1].isdigit() or w.lower() in NAME_PARTICLES for w in words)
            and words[0].lower() not in {"the", "a", "an", "this", "that"})


NAME_PARTICLES = {"of", "de", "da", "van", "von", "der", "del", "la", "le", "du", "bin", "al", "and", "&"}


def resolve(text: str, clusters: list[Cluster], prefix_modifiers: bool = True) -> str:
    """Replace each pronoun with its cluster's name ("his" -> "Name's").

    With `prefix_modifiers`, a nominal mention that is not the name ("the 27-year-old") is kept
    and prefixed with it ("Emmanuel Adebayor, the 27-year-old"), as FIZZ does.
    """
    edits: list[tuple[int, int, str]] = []
    for cluster in clusters:
        name = representative(text, cluster, clusters)
        if name is None:
            continue
        for a, b in cluster:
            mention = text[a:b]
            low = mention.lower()
            if low in PRONOUNS:
                edits.append((a, b, possessive(name) if low in POSSESSIVE else name))
            elif prefix_modifiers and name.lower() not in low and low.split()[0] in {"the", "a", "an", "this", "that"}:
                edits.append((a, b, f"{name}, {mention}"))
    out, last = [], 0
    for a, b, new in sorted(edits):
        if a < last:
            continue  # nested mentions: keep the outer edit
        out += [text[last:a], new]
        last = b
    return "".join(out) + text[last:]

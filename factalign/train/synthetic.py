"""FactCC-style synthetic pairs built from the sentences of real documents.

For each sampled sentence s of a document, with a premise window of 1-5 consecutive
sentences containing s:
  entailment     window -> s, or a shortened s (modifiers and conjoined clauses dropped)
  contradiction  window -> s with one truth-flipping edit (entity, number, negation, ...),
                 up to two different edits per sentence
  neutral        window with s replaced by its shortened form -> s (s adds details), or
                 window -> a sentence of the same document outside the window, or
                 window -> a sentence of another document
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from spacy.tokens import Span

from factalign.train import perturb
from factalign.train.data import example

_CLEAN = re.compile(r"^[A-Z0-9\"'(].*[.!?\"')]$")


def is_clean(sentence: str) -> bool:
    """A prose sentence of reasonable length (web evidence holds menus and captions)."""
    words = sentence.split()
    return 6 <= len(words) <= 50 and bool(_CLEAN.match(sentence)) and "http" not in sentence


def contradict(sent: Span, pool: list[tuple[str, str]], rng: random.Random) -> str | None:
    edits: list[Callable[[], str | None]] = [
        lambda: perturb.swap_entity(sent, pool, rng),
        lambda: perturb.change_number(sent, rng),
        lambda: perturb.negate(sent),
        lambda: perturb.swap_pronoun(sent),
        lambda: perturb.swap_antonym(sent),
    ]
    rng.shuffle(edits)
    for edit in edits:
        edited = edit()
        if edited and edited != sent.text:
            return edited
    return None


def _window(index: int, count: int, rng: random.Random) -> tuple[int, int]:
    size = min(rng.choice([1, 1, 2, 3, 4, 5]), count)
    start = rng.randint(max(0, index - size + 1), min(index, count - size))
    return start, start + size


def document_pairs(sentences: list[str], parsed: dict[int, Span], foreign: list[str],
                   rng: random.Random, source: str) -> list[dict]:
    """Pairs for the parsed sentences (index -> spaCy span) of one document."""
    pool = [(e.text, e.label_) for span in parsed.values() for e in span.ents]
    pairs = []
    for i, sent in sorted(parsed.items()):
        start, end = _window(i, len(sentences), rng)
        window = sentences[start:end]
        premise = " ".join(window)
        short = perturb.shorten(sent)
        hypothesis = short if short and rng.random() < 0.5 else sentences[i]
        pairs.append(example(premise, hypothesis, "entailment", source))
        # Contradictions are the scarce label in the real data, so take up to two edits.
        for edited in dict.fromkeys([contradict(sent, pool, rng), contradict(sent, pool, rng)]):
            if edited:
                pairs.append(example(premise, edited, "contradiction", source))
        outside = [j for j in parsed if j < start or j >= end]
        choice = rng.random()
        if short and choice < 0.4:
            reduced = " ".join(short if k == i else s for k, s in enumerate(window, start))
            pairs.append(example(reduced, sentences[i], "neutral", source))
        elif outside and choice < 0.85:
            pairs.append(example(premise, sentences[rng.choice(outside)], "neutral", source))
        elif foreign:
            pairs.append(example(premise, rng.choice(foreign), "neutral", source))
    return pairs

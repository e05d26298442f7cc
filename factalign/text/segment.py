"""spaCy sentence segmentation that keeps exact char offsets into the original text.

Text is cut into blocks first (blank lines, bullet items, and long paragraphs at a whitespace
boundary) and the blocks are streamed through spaCy, so a long document costs linear time and
bounded memory, and no sentence crosses a paragraph or list-item boundary. A "sentence" over
MAX_SENTENCE_CHARS (text without sentence punctuation) is cut at whitespace into pieces under it,
so no later step (coreference variants, NLI) ever works on an unbounded sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from factalign.text.nlp import SENTENCES, pipeline

Span = tuple[int, int]  # [start, end) char offsets

MAX_BLOCK_CHARS = 20_000
MAX_SENTENCE_CHARS = 2_000  # ~500 tokens: over the house model's window (256), within DeBERTa's (512)
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s")
_MARKER_ONLY = re.compile(r"(?:[-*•·▪‣]|\d{1,3}[.)])")
_BULLET = re.compile(r"[ \t]*(?:[-*•·▪‣]|\d{1,3}[.)])\s")
# "...at the Cenotaph.Anzac Day commemorates...": scraped pages (XSum's BBC articles among them) lose the
# space after a full stop, and spaCy then reads two sentences as one token and one sentence.
_GLUED_BOUNDARY = re.compile(r"(?<=[a-z0-9)\]][.!?])(?=[A-Z][a-z])|(?<=[a-z0-9][.!?][\"'”’])(?=[A-Z][a-z])")


def sentence_pipeline():
    """spaCy with only the statistical sentence recogniser (fast, no parser)."""
    return pipeline(SENTENCES)


def _blocks(text: str) -> Iterator[tuple[int, str]]:
    """(offset, block) pieces: paragraphs end at blank lines; each bullet item is its own block."""
    start = end = 0
    prev_bullet = False
    for line in text.splitlines(keepends=True):
        bullet = bool(_BULLET.match(line))
        if not line.strip() or bullet or prev_bullet:
            yield from _capped(text, start, end)
            start = end
        prev_bullet = bullet
        end += len(line)
    yield from _capped(text, start, end)


def _capped(text: str, start: int, end: int) -> Iterator[tuple[int, str]]:
    """Cut an over-long block after its last sentence-final punctuation (else whitespace) in range."""
    while end - start > MAX_BLOCK_CHARS:
        lo, hi = start + MAX_BLOCK_CHARS // 2, start + MAX_BLOCK_CHARS
        ends = [m.end() for m in _SENTENCE_END.finditer(text, lo, hi)]
        cut = ends[-1] if ends else text.rfind(" ", lo, hi) + 1 or hi
        yield start, text[start:cut]
        start = cut
    if text[start:end].strip():
        yield start, text[start:end]


def split_sentences(text: str) -> list[Span]:
    """Sentence spans [start, end) with surrounding whitespace trimmed; text[s:e] is the sentence."""
    blocks = list(_blocks(text))
    spans: list[Span] = []
    for (offset, _), doc in zip(blocks, sentence_pipeline().pipe(b for _, b in blocks)):
        for sent in doc.sents:
            s, e = offset + sent.start_char, offset + sent.end_char
            while s < e and text[s].isspace():
                s += 1
            while e > s and text[e - 1].isspace():
                e -= 1
            if e > s:
                spans.append((s, e))
    return _split_long(text, _split_glued(text, _merge_markers(text, spans)))


def _split_long(text: str, spans: list[Span], limit: int = MAX_SENTENCE_CHARS) -> list[Span]:
    """Cut each sentence over `limit` chars after its last whitespace within the limit (hard cut if none)."""
    out: list[Span] = []
    for s, e in spans:
        while e - s > limit:
            space = max(text.rfind(" ", s + limit // 2, s + limit), text.rfind("\n", s + limit // 2, s + limit))
            cut = space if space > s else s + limit
            out.append((s, cut))
            s = cut
            while s < e and text[s].isspace():
                s += 1
        if e > s:
            out.append((s, e))
    return out


def _split_glued(text: str, spans: list[Span]) -> list[Span]:
    """Cut sentences at a sentence end glued to the next sentence's capital ("Cenotaph.Anzac")."""
    out: list[Span] = []
    for s, e in spans:
        for m in _GLUED_BOUNDARY.finditer(text, s, e):
            out.append((s, m.start()))
            s = m.start()
        out.append((s, e))
    return out


def _merge_markers(text: str, spans: list[Span]) -> list[Span]:
    """Glue a lone list marker ("1.", "-") to the sentence that follows it on the same line."""
    out: list[Span] = []
    for s, e in spans:
        if out and _MARKER_ONLY.fullmatch(text[out[-1][0]:out[-1][1]]) and "\n" not in text[out[-1][1]:s]:
            s = out.pop()[0]
        out.append((s, e))
    return out

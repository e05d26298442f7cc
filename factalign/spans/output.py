"""The words of the output a reader should look at: `unsupported_spans`, char offsets into the summary or answer.

Only an unsupported claim yields spans (its label is "unsupported", or, without claim labels, its decision is
block), so an output with no unsupported claim has none. For each such claim the word model (spans/words.py)
reads the claim's words against the whole document and the claim's premise (which coreference may have
rewritten): an unsupported claim's premise is often only the closest sentence, and a word the document holds
elsewhere is not what a reader should look at. (The model was fitted with the supporting sentences as evidence;
read against the whole page it scores about the same on WiCE dev, benchmarks/unsupported_spans.py.) The flagged words are found in the output sentence the claim came
from by aligning the two word sequences (difflib), so a claim's rewritten words (a pronoun replaced by its
antecedent) map to nothing and are dropped. Neighbouring flagged words of the output, with only spaces or
punctuation between them, make one span; a span flagged by several claims names them all.

Where no flagged word maps back (the claim's words all occur in the evidence: swapped roles, a negation), the
claim's own span in the output is marked whole, so an unsupported claim is never left without a span.
"""

from __future__ import annotations

import difflib
import re

from factalign.data import ClaimResult, Document, UnsupportedSpan
from factalign.spans.words import evidence_words, word_model
from factalign.text.nlp import pipeline

COMPONENTS = ("tok2vec", "tagger", "attribute_ruler", "lemmatizer", "parser", "ner")  # the claim: its features
LEMMAS = ("tok2vec", "tagger", "attribute_ruler", "lemmatizer")  # the evidence: only its words' lemmas
_JOINS = re.compile(r"[\s\-–—,;:'\"()]*")  # what may lie between two flagged words of one span


def is_unsupported(c: ClaimResult) -> bool:
    """Whether a claim counts as unsupported for spans: by its label, or by its decision where it has no label."""
    if not c.counted:
        return False
    return c.label == "unsupported" if c.label is not None else c.decision == "block"


def unsupported_spans(summary: Document, document: str, claims: list[ClaimResult]) -> list[UnsupportedSpan]:
    """The spans of `summary` (the output) for its unsupported `claims`, read against `document` (the source text)."""
    unsupported = [k for k, c in enumerate(claims) if is_unsupported(c)]
    if not unsupported:
        return []
    nlp, lemmas = pipeline(COMPONENTS), pipeline(LEMMAS)
    model = word_model()
    in_document = evidence_words(lemmas, document)
    marks: list[tuple[int, int, int, float]] = []  # (start, end, claim index, word probability)
    for k in unsupported:
        c = claims[k]
        start, end = claim_region(summary, c)
        found = []
        if c.claim.text.strip():
            doc = nlp(c.claim.text)
            words, lowered = in_document
            if c.premise is not None and c.premise.text not in document:
                more = evidence_words(lemmas, c.premise.text)
                words, lowered = words | more[0], f"{lowered} {more[1]}"
            probs = model.probabilities(doc, words, lowered)
            flagged = {t.i: float(p) for t, p in zip(doc, probs) if p >= model.threshold and not t.is_punct}
            found = list(mapped(nlp, doc, flagged, summary.text, start, end))
        if not found:
            found = [(start, end, 1.0 - max(0.0, min(1.0, c.score)))]
        marks += [(a, b, k, p) for a, b, p in found]
    return merged(summary.text, marks, claims)


def claim_region(summary: Document, c: ClaimResult) -> tuple[int, int]:
    """The claim's span in the output if known, else its sentence's."""
    if c.claim.span is not None:
        return tuple(c.claim.span)
    if 0 <= c.claim.sentence_index < len(summary.sentences):
        return summary.sentences[c.claim.sentence_index]
    return 0, len(summary.text)


def mapped(nlp, doc, flagged: dict[int, float], text: str, start: int, end: int):
    """(start, end, probability) in `text` of each flagged claim token that aligns with a token of text[start:end],
    both cut by the same spaCy tokenizer."""
    if not flagged:
        return
    words = [(start + t.idx, start + t.idx + len(t.text)) for t in nlp.make_doc(text[start:end]) if not t.is_space]
    region = [text[a:b].lower() for a, b in words]
    claim = [t.lower_ for t in doc]
    matcher = difflib.SequenceMatcher(None, claim, region, autojunk=False)
    for block in matcher.get_matching_blocks():
        for j in range(block.size):
            i = block.a + j
            if i in flagged:
                a, b = words[block.b + j]
                yield a, b, flagged[i]


def merged(text: str, marks: list[tuple[int, int, int, float]], claims: list[ClaimResult]) -> list[UnsupportedSpan]:
    """One UnsupportedSpan per run of marks with only joining characters between them."""
    out: list[UnsupportedSpan] = []
    for a, b, k, p in sorted(marks):
        last = out[-1] if out else None
        if last is not None and a <= last.end + 1 or last is not None and _JOINS.fullmatch(text[last.end:a]):
            last.end = max(last.end, b)
            last.text = text[last.start:last.end]
            last.score = max(last.score, round(p, 4))
            if k not in last.claims:
                last.claims.append(k)
                last.reason = last.reason or claims[k].reason
            continue
        out.append(UnsupportedSpan(a, b, text[a:b], [k], round(p, 4), claims[k].reason))
    return out

"""`llm`: claims from a chat model behind an OpenAI-compatible endpoint, with the papers' prompts.

Spec `llm[:PRESET]` with PRESET one of fenice, fizz (default), acueval. A summary-level preset's
claims are attributed to the summary sentence that shares most of their words. A reply that is not
a list is a FactalignError for that summary. A per-sentence preset asks about the sentences in
parallel, up to the client's concurrency.
"""

from __future__ import annotations

import threading

from factalign.claims.prompts import PRESETS
from factalign.coref import CorefModel, load_coref, representative
from factalign.coref.edit import possessive
from factalign.data import Claim, Document
from factalign.errors import FactalignError
from factalign.llm import ChatClient, load_llm, parse_list
from factalign.text.pronouns import POSSESSIVE, PRONOUNS


class LLMExtractor:
    def __init__(self, preset: str = "fizz", client: ChatClient | None = None, coref: str | CorefModel = "heuristic"):
        if preset not in PRESETS:
            raise FactalignError(f"unknown llm prompt preset {preset!r}; choose one of: {', '.join(PRESETS)}")
        self.preset = PRESETS[preset]
        self.client = client or load_llm()
        self.coref = load_coref(coref) if self.preset.resolve_coref else None
        self._coref_lock = threading.Lock()
        self.name = f"llm:{preset}:{self.client.model}"

    def extract(self, summary: Document) -> list[Claim]:
        if self.preset.unit == "summary":
            claims = self.ask(summary.text)
            return [Claim(c, i, summary.sentences[i]) for c in claims if (i := best_sentence(summary, c)) is not None]
        with self._coref_lock:  # rows may be extracted in parallel threads; the coref model is not thread-safe
            clusters = self.coref.clusters(summary.text) if self.coref else []
        replies = self.client.map(self.ask, [resolve_sentence(summary.text, span, clusters) for span in summary.sentences])
        return [Claim(c, i, span) for i, (span, claims) in enumerate(zip(summary.sentences, replies)) for c in claims]

    def ask(self, text: str) -> list[str]:
        return parse_list(self.client.complete(self.preset.messages(text)))


def resolve_sentence(text: str, span: tuple[int, int], clusters) -> str:
    """The sentence with each pronoun replaced by its cluster's name (FIZZ decomposes resolved text)."""
    start, end = span
    edits = []
    for cluster in clusters:
        name = representative(text, cluster)
        for a, b in cluster:
            low = text[a:b].lower()
            if name and start <= a and b <= end and low in PRONOUNS:
                edits.append((a, b, possessive(name) if low in POSSESSIVE else name))
    out, last = [], start
    for a, b, new in sorted(edits):
        if a >= last:
            out += [text[last:a], new]
            last = b
    return "".join(out) + text[last:end]


def best_sentence(summary: Document, claim: str) -> int | None:
    words = set(claim.lower().split())
    overlaps = [len(words & set(s.lower().split())) for s in summary.sentence_texts]
    return max(range(len(overlaps)), key=overlaps.__getitem__) if overlaps else None

"""The claim-extractor protocol: a segmented summary -> claims tied to their summary sentence."""

from __future__ import annotations

from typing import Protocol

from factalign.data import Claim, Document


class ClaimExtractor(Protocol):
    name: str

    def extract(self, summary: Document) -> list[Claim]:
        ...


class SentenceExtractor:
    """Each summary sentence is one claim (FENICE's NLI_sent ablation; INFUSE's unit)."""

    name = "sentences"

    def extract(self, summary: Document) -> list[Claim]:
        return [Claim(summary.sentence(i), i, span) for i, span in enumerate(summary.sentences)]


def extract_claims(extractor: ClaimExtractor, summary: Document, source: str | None = None) -> list[Claim]:
    """The claims of a summary; an extractor that reads the source document (`reads_source = True`,
    e.g. to restore the casing of a lower-cased summary) gets it as `source`."""
    if source is not None and getattr(extractor, "reads_source", False):
        return extractor.extract(summary, source=source)
    return extractor.extract(summary)

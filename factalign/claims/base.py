"""The claim-extractor protocol: a segmented summary -> claims tied to their summary sentence."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from factalign.data import Claim, Document


class ClaimExtractor(Protocol):
    name: str

    def extract(self, summary: Document) -> list[Claim]:
        ...


@runtime_checkable
class SourceReader(Protocol):
    """An optional capability beside ClaimExtractor: with `reads_source` true, `extract` is also given the
    source document (the rules extractor restores the casing of a lower-cased summary from it)."""

    reads_source: bool

    def extract(self, summary: Document, source: str | None = None) -> list[Claim]:
        ...


def reads_source(extractor: ClaimExtractor) -> bool:
    return isinstance(extractor, SourceReader) and extractor.reads_source is True


class SentenceExtractor:
    """Each summary sentence is one claim (FENICE's NLI_sent ablation; INFUSE's unit)."""

    name = "sentences"

    def extract(self, summary: Document) -> list[Claim]:
        return [Claim(summary.sentence(i), i, span) for i, span in enumerate(summary.sentences)]


def extract_claims(extractor: ClaimExtractor, summary: Document, source: str | None = None) -> list[Claim]:
    """The claims of a summary; an extractor that reads the source document (`reads_source = True`,
    e.g. to restore the casing of a lower-cased summary) gets it as `source`."""
    if source is not None and reads_source(extractor):
        return extractor.extract(summary, source=source)
    return extractor.extract(summary)

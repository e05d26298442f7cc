"""Claim extractors behind one protocol, chosen by name."""

from __future__ import annotations

from factalign.claims.base import ClaimExtractor, SentenceExtractor
from factalign.errors import FactalignError

EXTRACTORS = {"sentences": SentenceExtractor}


def load_extractor(spec: str | ClaimExtractor | None = "sentences") -> ClaimExtractor:
    if spec is None or not isinstance(spec, str):
        return spec or SentenceExtractor()
    name, _, arg = spec.partition(":")
    if name not in EXTRACTORS:
        raise FactalignError(f"unknown claim extractor {spec!r}; choose one of: {', '.join(EXTRACTORS)}")
    return EXTRACTORS[name](arg) if arg else EXTRACTORS[name]()


__all__ = ["ClaimExtractor", "SentenceExtractor", "EXTRACTORS", "load_extractor"]

"""Claim extractors behind one protocol, chosen by name.

Specs: `sentences`, `rules[:COREF]`, `llm[:PRESET]`, `seq2seq[:ID_OR_DIR[,groups=K]]`; a `+filter`
suffix keeps only claims the summary entails (FIZZ's atomic-fact filter, through an NLI model).
"""

from __future__ import annotations

from factalign.claims.base import ClaimExtractor, SentenceExtractor
from factalign.errors import FactalignError


def _rules(arg: str = ""):
    from factalign.claims.rules import RulesExtractor

    return RulesExtractor(arg or "heuristic")


def _llm(arg: str = "", client=None):
    from factalign.claims.llm import LLMExtractor

    return LLMExtractor(arg or "fizz", client)


def _seq2seq(arg: str = ""):
    from factalign.claims.seq2seq import Seq2SeqExtractor

    return Seq2SeqExtractor(arg)


EXTRACTORS = {"sentences": lambda arg="": SentenceExtractor(), "rules": _rules, "llm": _llm, "seq2seq": _seq2seq}
FILTER_SUFFIX = "+filter"


def load_extractor(spec: str | ClaimExtractor | None = "sentences", nli=None, llm=None) -> ClaimExtractor:
    """An extractor from its spec; `nli` (a model or spec, default the house model) serves `+filter`,
    `llm` (a ChatClient; default from FACTALIGN_LLM_* settings) the `llm` extractor."""
    if spec is None or not isinstance(spec, str):
        return spec or SentenceExtractor()
    base, filtered = (spec[: -len(FILTER_SUFFIX)], True) if spec.endswith(FILTER_SUFFIX) else (spec, False)
    name, _, arg = base.partition(":")
    if name not in EXTRACTORS:
        raise FactalignError(f"unknown claim extractor {spec!r}; choose one of: {', '.join(EXTRACTORS)}")
    extractor = _llm(arg, llm) if name == "llm" else EXTRACTORS[name](arg)
    return with_filter(extractor, nli) if filtered else extractor


def with_filter(extractor: ClaimExtractor, nli=None) -> ClaimExtractor:
    from factalign.claims.filter import EntailmentFilter
    from factalign.nli import load_nli

    return EntailmentFilter(extractor, load_nli(nli))


__all__ = ["ClaimExtractor", "SentenceExtractor", "EXTRACTORS", "load_extractor", "with_filter"]

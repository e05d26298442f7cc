"""Claim extractors behind one protocol, chosen by a spec string.

Specs: `sentences`, `rules[:COREF]`, `llm[:PRESET]`, `seq2seq[:ID_OR_DIR][,groups=K]`; a `+filter`
suffix keeps only claims the summary entails (FIZZ's atomic-fact filter, through an NLI model).
Others register with `@EXTRACTORS.register(...)` or the `factalign.extractors` entry-point group.
"""

from __future__ import annotations

from factalign.claims.base import ClaimExtractor, SentenceExtractor
from factalign.registry import Registry, build, parse_spec

EXTRACTORS = Registry("claim extractor", "extractors")
FILTER_SUFFIX = "+filter"
DEFAULT_EXTRACTOR = "rules"


@EXTRACTORS.register("sentences", description="each summary sentence is one claim")
def _sentences() -> ClaimExtractor:
    return SentenceExtractor()


@EXTRACTORS.register("rules", arg="COREF", description="spaCy clause rules (offline); COREF resolves pronouns first")
def _rules(arg: str) -> ClaimExtractor:
    from factalign.claims.rules import RulesExtractor

    return RulesExtractor(arg or "heuristic")


@EXTRACTORS.register("llm", arg="PRESET", uses=("llm",), description="an OpenAI-compatible LLM with a prompt preset")
def _llm(arg: str, llm=None) -> ClaimExtractor:
    from factalign.claims.llm import LLMExtractor

    return LLMExtractor(arg or "fizz", llm)


@EXTRACTORS.register("seq2seq", arg="ID_OR_DIR", description="a text2text model (extra [seq2seq]); groups=K beam groups")
def _seq2seq(arg: str, groups: int = 0) -> ClaimExtractor:
    from factalign.claims.seq2seq import Seq2SeqExtractor

    return Seq2SeqExtractor(arg, groups)


def _split_filter(spec: str) -> tuple[str, bool]:
    return (spec[: -len(FILTER_SUFFIX)], True) if spec.endswith(FILTER_SUFFIX) else (spec, False)


def extractor_uses(spec: str | ClaimExtractor | None) -> tuple[str, ...]:
    """The shared models an extractor spec needs ("llm", "nli"); an object needs none of ours."""
    if not isinstance(spec, str):
        return ()
    base, filtered = _split_filter(spec)
    return EXTRACTORS.get(parse_spec(base)[0]).uses + (("nli",) if filtered else ())


def load_extractor(spec: str | ClaimExtractor | None = "sentences", nli=None, llm=None) -> ClaimExtractor:
    """An extractor from its spec; `nli` (a model or spec, default the house model) serves `+filter`,
    `llm` (a ChatClient; default from FACTALIGN_LLM_* settings) the `llm` extractor."""
    if spec is None or not isinstance(spec, str):
        return spec or SentenceExtractor()
    base, filtered = _split_filter(spec)
    extractor = build(EXTRACTORS, base, llm=llm)
    return with_filter(extractor, nli) if filtered else extractor


def with_filter(extractor: ClaimExtractor, nli=None) -> ClaimExtractor:
    from factalign.claims.filter import EntailmentFilter
    from factalign.nli import load_nli

    return EntailmentFilter(extractor, load_nli(nli))


__all__ = ["DEFAULT_EXTRACTOR", "ClaimExtractor", "SentenceExtractor", "EXTRACTORS", "load_extractor", "extractor_uses", "with_filter"]

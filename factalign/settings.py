"""What a Scorer is built from, apart from the models it loads: a frozen, picklable `ScorerSettings`.

The command line (`factalign.options.settings_from_args`) and Python (`ScorerSettings(method, **options)`, or
`Scorer(method, **options)`, which makes one) build it with the same keyword arguments, checked here once: a
bad method, parameter, threshold, prefilter or check fails before any model loads. It holds names
(specs), numbers and small frozen objects, so it pickles whenever its specs are strings (the command line's
always are): the batch engines' jobs and each Ray actor get it and build their own `Scorer(settings)`. Which
settings and which model identities a number depends on, in which order, is decided here too
(`signature`)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from factalign.calibration import Calibration
from factalign.calibration.tasks import AUTO, parse_task
from factalign.claims import DEFAULT_EXTRACTOR, ClaimExtractor, extractor_uses
from factalign.coref import DEFAULT_COREF, CorefModel
from factalign.checks import check_option_names
from factalign.checks import parse_checks, signature_parts
from factalign.errors import FactalignError
from factalign.evidence import Prefilter, parse_prefilter
from factalign.methods import DEFAULT_METHOD, Method, get_method
from factalign.nli import NLIModel
from factalign.registry import check_options
from factalign.signature import Signature
from factalign.version import __version__

MAX_DOCUMENT_CHARS = 1_000_000


@dataclass(frozen=True)
class LLMSettings:
    """The LLM client that methods and extractors using an LLM get: each None is read from the FACTALIGN_LLM_*
    (or OPENAI_*) environment variables where the client is built (factalign.llm)."""

    base_url: str | None = None
    model: str | None = None  # a chat model name, or hf:DIR for a local transformers causal LM
    api_key: str | None = field(default=None, repr=False)  # never printed
    timeout: float | None = None
    concurrency: int | None = None

    def load(self, cache: str | Path | None = None):
        """The client (`cache`: the SQLite file its replies are kept in; None: in memory)."""
        from factalign.llm import load_llm

        return load_llm(self.base_url, self.model, self.api_key, timeout=self.timeout, concurrency=self.concurrency,
                        cache=cache)


def _check_keywords(cls):
    """Each registered check's option is a keyword of its own (`ScorerSettings(detail_check="on")`,
    `dataclasses.replace(settings, role_check=False)`), gathered into `checks` over what that holds."""
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, *args, **options):
        named = [k for k in options if k in check_option_names()]
        if named:
            options["checks"] = {**(options.get("checks") or {}), **{k: options.pop(k) for k in named}}
        init(self, *args, **options)

    cls.__init__ = __init__
    return cls


@_check_keywords
@dataclass(frozen=True)
class ScorerSettings:
    """Everything a Scorer's numbers depend on besides its models' weights; `Scorer(settings)` loads those.

    >>> settings = ScorerSettings("fenice", nli="house", params={"T": 0.7})
    >>> settings.params["T"], settings.prefilter
    (0.7, 32)
    >>> Scorer(settings).score(document, summary)          # doctest: +SKIP

    Given values are checked and decided here: `params` holds every parameter of the method (its defaults and
    the given ones, typed), `prefilter`, `retriever` and `pair_budget` the evidence prefilter as it runs (K = 0
    when the method does not use it), `checks` every registered check's parsed spec by its option (all off for a
    method without NLI; `settings.detail_check` reads one) and `llm` an LLMSettings unless a client object was given.
    `dataclasses.replace(settings, nli=...)` gives checked settings that differ in one setting.
    """

    method: str | Method | Callable = DEFAULT_METHOD  # a registered name, a Method, or a run(inputs, **params) function
    nli: str | NLIModel | None = None
    extractor: str | ClaimExtractor | None = DEFAULT_EXTRACTOR
    coref: str | CorefModel | None = DEFAULT_COREF
    threshold: float | None = None
    cache: str | Path | None = None
    # for methods and extractors that use an LLM: a client object (a ChatClient), or the LLMSettings of one;
    # None: LLMSettings(), all from the FACTALIGN_LLM_* environment
    llm: Any = None
    params: dict[str, Any] = field(default_factory=dict)
    max_document_chars: int = MAX_DOCUMENT_CHARS
    # labels: a Calibration or its JSON file, "default" (the shipped one; house model only) or None;
    # an explicit `threshold` overrides the default
    calibration: str | Path | Calibration | None = "default"
    # which shipped default labels a text (factalign/calibration/tasks.py): "summary", "answer", or None / "auto": by
    # the input (several sources: answer)
    task: str | None = None
    # evidence prefilter (methods that compare claims with document sentences): the K sentences a retriever
    # ranks highest per claim; None: the default K, 0: off (the published methods); or a Prefilter, whose
    # K, retriever and pair budget are taken; see factalign/evidence
    prefilter: int | str | Prefilter | None = None
    retriever: str | None = None
    # NLI pairs per claim against a document of more than 2K sentences (needs the prefilter); None: the default
    # (32), 0: no budget (factalign/evidence)
    pair_budget: int | str | None = None
    # the checks (factalign/checks): each registered check's value by its option, `detail_check` ("off", "on",
    # "numbers", "counts", "conflict"), `role_check` (on/off), `compare_check` (on/off or kinds, "roles,negation"),
    # each also a keyword of its own (`ScorerSettings(role_check=False)`); a check not given takes its default
    checks: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        method = self.method_def
        params = {**method.params, **check_options(f"method {method.name!r}", method.params, self.params)}
        for name, value in params.items():
            check_param(name, value, method.ranges.get(name))
        if method.check:
            method.check(params)
        check_threshold(self.threshold)
        task = parse_task(self.task)
        if task != AUTO and (self.threshold is not None or self.calibration not in (None, "default")):
            given = "--threshold" if self.threshold is not None else "--calibration"
            raise FactalignError(f"task {task} picks a shipped default calibration; with {given} the labels come from "
                                 f"{given}: leave the task out")
        given = self.prefilter
        evidence = given if isinstance(given, Prefilter) else parse_prefilter(given, self.retriever, self.pair_budget)
        if "prefilter" not in method.uses:
            evidence = Prefilter(0, evidence.retriever, 0)
        decided = {"params": params, "prefilter": evidence.k, "retriever": evidence.retriever,
                   "pair_budget": evidence.pairs, "checks": parse_checks(self.checks, method.uses_nli(params)),
                   "task": task,
                   "llm": LLMSettings() if self.llm is None else self.llm}
        for name, value in decided.items():
            object.__setattr__(self, name, value)  # frozen: set once, here

    def __getattr__(self, name: str) -> Any:
        """A check's spec, read by its option: `settings.detail_check` is `settings.checks["detail_check"]`."""
        checks = self.__dict__.get("checks")
        if checks is not None and name in checks:
            return checks[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def method_def(self) -> Method:
        return get_method(self.method)

    @property
    def uses_nli(self) -> bool:
        return self.method_def.uses_nli(self.params)

    @property
    def uses_llm(self) -> bool:
        """The method, or the claim extractor it uses, asks an LLM."""
        return "llm" in uses(self.method_def, self.extractor)

    def new_prefilter(self) -> Prefilter:
        """The evidence prefilter, with caches of its own (its BM25 indexes, its dense encoder)."""
        return Prefilter(self.prefilter, self.retriever, self.pair_budget)

    def signature(self, nli: NLIModel | None, extractor: ClaimExtractor, coref: CorefModel, llm: Any) -> Signature:
        """Like sacrebleu's: the method and every parameter, the identities of the models built from these
        settings where the numbers depend on them, the prefilter and each check when on, then the
        package version."""
        method = self.method_def
        used = method.uses_for(self.params)
        parts = [("method", method.name), *((k, _fmt(v)) for k, v in self.params.items())]
        if nli is not None:
            parts.append(("nli", nli.signature))
        if "extractor" in used:  # use_extractor=false (chunks): sentences, not named
            parts.append(("extractor", extractor.name))
        if "coref" in used:
            parts.append(("coref", coref.name))
        if "llm" in method.uses:
            parts.append(("llm", llm.model))
        prefilter = self.new_prefilter()
        if prefilter.on:  # off: not named, so results of the published methods keep their signature
            parts.append(("prefilter", prefilter.signature))
        parts += signature_parts(self.checks)  # each check that is on, in registry order; off: not named
        return Signature((*parts, ("version", __version__)))


def check_param(name: str, value: Any, limits: tuple[float, float] | None = None) -> None:
    """Integer parameters are counts (at least 1); a float one lies within the method's declared limits (inclusive)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    if isinstance(value, int):
        if value < 1:
            raise FactalignError(f"parameter {name} must be at least 1, not {value}")
        return
    low, high = limits or (-math.inf, math.inf)
    if math.isnan(value) or not low <= value <= high:
        raise FactalignError(f"parameter {name} must be between {low:g} and {high:g}, not {value:g}")


def check_threshold(threshold: float | None) -> None:
    """Scores lie in [-1, 1]; a threshold outside (or NaN) would label everything alike."""
    if threshold is not None and not -1.0 <= threshold <= 1.0:
        raise FactalignError(f"the threshold must be between -1 and 1 (scores lie there), not {threshold:g}")


def uses(method: Method, extractor: str | ClaimExtractor | None) -> set[str]:
    """What a method needs, with what its extractor spec needs when it uses one ("llm", "nli", ...)."""
    return set(method.uses) | (set(extractor_uses(extractor)) if "extractor" in method.uses else set())


def _fmt(v: Any) -> str:
    return ("yes" if v else "no") if isinstance(v, bool) else str(v)

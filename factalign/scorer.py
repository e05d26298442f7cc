"""The public entry point: a Scorer binds a method to its models; its signature makes numbers reproducible."""

from __future__ import annotations

import math
from functools import partial
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from factalign import __version__
from factalign.calibration import Calibration, choose_calibration
from factalign.claims import ClaimExtractor, load_extractor
from factalign.coref import CorefModel, load_coref
from factalign.coref.memo import MemoCoref
from factalign.data import Document, SummaryResult
from factalign.errors import FactalignError
from factalign.evidence import OFF, Prefilter, parse_prefilter
from factalign.methods import Inputs, get_method
from factalign.nli import DEFAULT_NLI, NLIModel, load_nli
from factalign.nli.queue import PairQueue

MAX_DOCUMENT_CHARS = 1_000_000
# allowed ranges of float parameters (inclusive); integer parameters are counts, at least 1
PARAM_RANGES = {"T": (-1.0, math.inf), "unit_threshold": (0.0, 1.0)}


@dataclass
class Scorer:
    """Score summaries against documents with one method.

    >>> scorer = Scorer("fenice", nli="house")          # doctest: +SKIP
    >>> scorer.score(document, summary).score           # doctest: +SKIP
    """

    method: str = "fenice"
    nli: str | NLIModel | None = None
    extractor: str | ClaimExtractor | None = "rules"
    coref: str | CorefModel | None = "heuristic"
    threshold: float | None = None
    cache: str | Path | None = None
    llm: Any = None  # a ChatClient for methods that use an LLM; None: from FACTALIGN_LLM_* settings
    params: dict[str, Any] = field(default_factory=dict)
    max_document_chars: int = MAX_DOCUMENT_CHARS
    # labels: a Calibration or its JSON file, "default" (the shipped one; house model only) or None;
    # an explicit `threshold` overrides the default
    calibration: str | Path | Calibration | None = "default"
    # evidence prefilter (methods that compare claims with document sentences): the K sentences a retriever
    # ranks highest per claim; None: the default K, 0: off (the published methods); see factalign/evidence
    prefilter: int | Prefilter | None = None
    retriever: str | None = None

    def __post_init__(self):
        self.spec = get_method(self.method)
        unknown = set(self.params) - set(self.spec.params)
        if unknown:
            raise FactalignError(f"method {self.method!r} has no parameter {', '.join(sorted(unknown))}; "
                                 f"it takes: {', '.join(self.spec.params) or 'none'}")
        self.params = {**self.spec.params, **{k: _like(self.spec.params[k], v) for k, v in self.params.items()}}
        for name, value in self.params.items():
            check_param(name, value)
        check_threshold(self.threshold)
        self.prefilter_model = self.prefilter if isinstance(self.prefilter, Prefilter) else \
            parse_prefilter(self.prefilter, self.retriever)
        if "prefilter" not in self.spec.uses:
            self.prefilter_model = OFF
        self.coref_model = MemoCoref(load_coref(self.coref) if "coref" in self.spec.uses else load_coref("none"))
        self.nli_model = load_nli(self.nli, cache=self.cache) if self.spec.nli else None
        if "llm" in self.spec.uses and self.llm is None:
            from factalign.llm import ChatClient

            self.llm = ChatClient(cache=self.cache)
        # `+filter` shares the NLI model
        self.extractor_model = load_extractor(self.extractor if "extractor" in self.spec.uses else "sentences",
                                              nli=self.nli_model, llm=self.llm)
        house = self.spec.nli and self.nli in (None, DEFAULT_NLI)
        self.calibration_model = choose_calibration(self.calibration, self.threshold, self.spec.name, self.signature, house)

    @property
    def signature(self) -> str:
        """Like sacrebleu's: every setting the number depends on, then the package version."""
        parts = [f"method:{self.spec.name}", *(f"{k}:{_fmt(v)}" for k, v in self.params.items())]
        if self.nli_model is not None:
            parts.append(f"nli:{self.nli_model.signature}")
        if "extractor" in self.spec.uses:
            parts.append(f"extractor:{self.extractor_model.name}")
        if "coref" in self.spec.uses and self.params.get("use_coref", True):
            parts.append(f"coref:{self.coref_model.name}")
        if "llm" in self.spec.uses:
            parts.append(f"llm:{self.llm.model}")
        if self.prefilter_model.on:  # off: not named, so results of the published methods keep their signature
            parts.append(f"prefilter:{self.prefilter_model.signature}")
        return "|".join(parts + [f"version:{__version__}"])

    def score(self, document: str | Document, summary: str | Document) -> SummaryResult:
        return self._score(document, summary, self.nli_model)

    def score_together(self, pairs: Iterable[tuple[str | Document, str | Document]]) -> list[SummaryResult | FactalignError]:
        """Several (document, summary) pairs, e.g. the summaries of one document, scored with one NLI queue:
        their unique pairs go to the model together (factalign/nli/queue.py). Each entry is the result, the
        same as `score` gives, or the FactalignError that pair raised."""
        pairs = list(pairs)
        if self.nli_model is None or len(pairs) < 2:
            jobs = [partial(self._score, d, s, self.nli_model) for d, s in pairs]
            results = [_run(job) for job in jobs]
        else:
            queue = PairQueue(self.nli_model)
            results = queue.run([partial(self._score, d, s, queue) for d, s in pairs])
        for r in results:
            if isinstance(r, BaseException) and not isinstance(r, FactalignError):
                raise r
        return results

    def _score(self, document: str | Document, summary: str | Document, nli: NLIModel | None) -> SummaryResult:
        doc, summ = self._document(document, "document"), self._document(summary, "summary")
        inputs = Inputs(doc, summ, nli, self.extractor_model, self.coref_model, self.llm,
                        self.prefilter_model if self.prefilter_model.on else None)
        total, claims = self.spec.run(inputs, **self.params)
        cal = self.calibration_model
        threshold = cal.threshold if cal else self.threshold
        label = None
        if threshold is not None:
            for c in claims:
                if c.details.get("kept") is False:
                    c.label = "filtered"  # not part of the score (FIZZ's filter)
                else:
                    c.label = "supported" if c.score >= threshold else "unsupported"
            label = "consistent" if total >= threshold else "inconsistent"
        return SummaryResult(float(total), claims, self.spec.name, self.signature, label,
                             cal.probability_of(float(total)) if cal else None, threshold, cal.source if cal else None)

    def score_many(self, pairs: Iterable[tuple[str, str]], progress: bool = True) -> list[SummaryResult]:
        """Each (document, summary) pair scored in order, with a progress bar on stderr unless `progress=False`."""
        from tqdm import tqdm

        pairs = list(pairs)
        bar = tqdm(pairs, desc=f"scoring ({self.spec.name})", unit="pair", disable=not progress or len(pairs) < 2)
        return [self.score(d, s) for d, s in bar]

    def _document(self, text: str | Document, what: str) -> Document:
        if isinstance(text, Document):
            return text
        check_text(text, what, self.max_document_chars)
        doc = Document.from_text(text)
        if not doc.sentences:
            raise FactalignError(f"the {what} has no sentences")
        return doc


def _run(job):
    try:
        return job()
    except FactalignError as exc:
        return exc


def check_text(text: str, what: str, max_chars: int = MAX_DOCUMENT_CHARS) -> None:
    """Refuse empty or over-long input before any model is loaded or run."""
    if not isinstance(text, str) or not text.strip():
        raise FactalignError(f"the {what} is empty")
    if len(text) > max_chars:
        raise FactalignError(f"the {what} has {len(text):,} characters, over the limit of {max_chars:,} "
                             "(raise it with --max-chars)")


def check_param(name: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    if isinstance(value, int):
        if value < 1:
            raise FactalignError(f"parameter {name} must be at least 1, not {value}")
        return
    low, high = PARAM_RANGES.get(name, (-math.inf, math.inf))
    if math.isnan(value) or not low <= value <= high:
        raise FactalignError(f"parameter {name} must be between {low:g} and {high:g}, not {value:g}")


def check_threshold(threshold: float | None) -> None:
    """Scores lie in [-1, 1]; a threshold outside (or NaN) would label everything alike."""
    if threshold is not None and not -1.0 <= threshold <= 1.0:
        raise FactalignError(f"the threshold must be between -1 and 1 (scores lie there), not {threshold:g}")


def score(document: str, summary: str, method: str = "fenice", **options) -> SummaryResult:
    """One-shot scoring; for many pairs build a Scorer once (models load once)."""
    return Scorer(method, **options).score(document, summary)


def _like(default: Any, value: Any) -> Any:
    """Coerce a CLI string to the type of the parameter's default."""
    if not isinstance(value, str) or isinstance(default, str):
        return value
    try:
        if isinstance(default, bool):
            if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(value)
            return value.lower() in ("true", "1", "yes")
        return type(default)(value) if default is not None else float(value)
    except ValueError:
        raise FactalignError(f"parameter value {value!r} is not a valid {type(default).__name__}") from None


def _fmt(v: Any) -> str:
    return ("yes" if v else "no") if isinstance(v, bool) else str(v)

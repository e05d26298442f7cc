"""The public entry point: a Scorer loads the models its settings (factalign/settings.py) name and scores with
them; its signature makes numbers reproducible."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import asdict, fields, replace
from typing import Any

from factalign.text.language import unread
from factalign.reasons import unread_language
from factalign.calibration import Calibration, Calibrations
from factalign.calibration.tasks import Task, task_for
from factalign.checks import checks_on, wrapped
from factalign.claims import ClaimExtractor, load_extractor
from factalign.coref import load_coref
from factalign.coref.memo import MemoCoref
from factalign.data import Document, SummaryResult
from factalign.errors import FactalignError
from factalign.inputs import to_document
from factalign.evidence import Prefilter
from factalign.methods import DEFAULT_METHOD, Inputs, Method
from factalign.nli import DEFAULT_NLI, NLIModel, default_nli_signature, load_nli
from factalign.nli.gather import GatheringNLI
from factalign.nli.labels import labels_of
from factalign.reasons import add_reasons
from factalign.settings import LLMSettings, ScorerSettings
from factalign.signature import Signature
from factalign.spans.output import unsupported_spans
from factalign.text.sources import Source, is_source_list

SETTINGS_FIELDS = frozenset(f.name for f in fields(ScorerSettings))


class Scorer:
    """Score summaries against documents with one method: the models its settings name, loaded once.

    >>> scorer = Scorer("fenice", nli="house")          # doctest: +SKIP
    >>> scorer.score(document, summary).score           # doctest: +SKIP

    `Scorer(method, **options)` takes ScorerSettings' arguments (factalign/settings.py); `Scorer(settings)`
    (or `Scorer.from_settings(settings)`) builds one from settings made elsewhere (the command line, a batch
    job, a Ray actor). The settings' fields read through the scorer too (`scorer.params`, `scorer.threshold`).
    """

    settings: ScorerSettings
    method_def: Method
    prefilter_model: Prefilter
    coref_model: MemoCoref
    nli_model: NLIModel | None
    llm: Any  # the client of methods and extractors that use an LLM (else the object given, or None)
    extractor_model: ClaimExtractor
    calibrations: Calibrations  # by task name (calibration/tasks.py): the one that labels its texts
    _signature: Signature  # the settings' signature with these models (ScorerSettings.signature)

    def __init__(self, method: str | Method | Callable | ScorerSettings = DEFAULT_METHOD, *args, **options):
        if isinstance(method, ScorerSettings) and (args or options):
            raise FactalignError("Scorer(settings) takes no other arguments; for other settings pass "
                                 "dataclasses.replace(settings, ...)")
        s = self.settings = method if isinstance(method, ScorerSettings) else ScorerSettings(method, *args, **options)
        self.method_def = s.method_def
        self.prefilter_model = s.new_prefilter()
        self.coref_model = MemoCoref(load_coref(s.coref) if "coref" in self.method_def.uses else load_coref("none"))
        self.nli_model = load_nli(s.nli, cache=s.cache, llm=s.llm) if s.uses_nli else None
        if self.nli_model is not None and self.method_def.refuses_binary and labels_of(self.nli_model).binary:
            raise FactalignError(f"method {self.method_def.name!r} cannot use a binary checker ({self.nli_model.signature}): "
                                 f"{self.method_def.refuses_binary}")  # before any row is scored
        if isinstance(s.llm, LLMSettings):
            self.llm = s.llm.load(cache=s.cache) if s.uses_llm else None
        else:
            self.llm = s.llm  # a client object given
        # `+filter` shares the NLI model
        self.extractor_model = load_extractor(s.extractor if "extractor" in self.method_def.uses_for(s.params) else "sentences",
                                              nli=self.nli_model, llm=self.llm)
        self._signature = s.signature(self.nli_model, self.extractor_model, self.coref_model, self.llm)
        # the shipped model however it was named (house, onnx:<its dir>, with backend options): its signature
        house = self.nli_model is not None and self.nli_model.signature == default_nli_signature(DEFAULT_NLI)
        self.calibrations = Calibrations(s.calibration, s.threshold, self.method_def.name, self.signature, house,
                                         self.nli_model and self.nli_model.signature)

    @classmethod
    def from_settings(cls, settings: ScorerSettings) -> Scorer:
        return cls(settings)

    def __getattr__(self, name: str) -> Any:
        """A setting read through the scorer (`scorer.params`, `scorer.threshold`), so that code holding a scorer
        need not reach for its ScorerSettings."""
        settings = self.__dict__.get("settings")
        if settings is not None and (name in SETTINGS_FIELDS or name in settings.checks):
            return getattr(settings, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __repr__(self) -> str:
        return f"Scorer({self.settings!r})"

    def task_of(self, document: str | Document | Sequence) -> Task:
        """The task whose calibration labels texts checked against `document` (calibration/tasks.py)."""
        sources = len(document.sources) if isinstance(document, Document) else len(document) if is_source_list(document) else 0
        return task_for(self.settings.task, sources)

    def calibration_for(self, document: str | Document | Sequence) -> Calibration | None:
        """The calibration that labels texts checked against `document` (None: they are not labelled, or only by
        a bare threshold)."""
        return self.calibrations[self.task_of(document).name]

    @property
    def signature(self) -> str:
        """Like sacrebleu's: every setting the number depends on, then the package version (ScorerSettings.signature)."""
        return str(self._signature)

    def score(self, document: str | Document | Sequence[str | dict | Source], summary: str | Document) -> SummaryResult:
        """`document`: a str, a Document, or a list of sources (str, with ids "1", "2", ... by position, or
        {"id", "text", "title"?, "url"?} dicts; see factalign.text.sources)."""
        if _many(summary) or (_many(document) and not is_source_list(document)):
            raise FactalignError(f"score() takes one document and one summary (str), not {type(document).__name__} and "
                                 f"{type(summary).__name__}; for many use score_batch(documents, summaries) "
                                 "(a list as the document is a list of sources)")
        return self._score(self.as_document(document, "document"), self.as_document(summary, "summary"), self.nli_model)

    def score_batch(self, documents: Sequence[str | Document], summaries: Sequence[str | Document],
                    batch_size: int = 32, progress: bool = True) -> list[SummaryResult]:
        """Each document[i] (a str, a Document or a list of sources, as in `score`) with summary[i], in order; up to
        `batch_size` pairs at a time share their NLI calls (one model call serves them all), with the same numbers
        as `score` pair by pair."""
        from tqdm import tqdm

        if isinstance(documents, str) or isinstance(summaries, str):
            raise FactalignError("score_batch() takes lists of documents and summaries; for one pair use score()")
        documents, summaries = _texts(documents, "documents", sources=True), _texts(summaries, "summaries")
        if len(documents) != len(summaries):
            raise FactalignError(f"score_batch() got {len(documents)} documents and {len(summaries)} summaries")
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise FactalignError(f"batch_size must be a whole number of at least 1, not {batch_size!r}")
        pairs = [(self.as_document(d, "document"), self.as_document(s, "summary")) for d, s in zip(documents, summaries)]
        results: list[SummaryResult] = []
        with tqdm(total=len(pairs), desc=f"scoring ({self.method_def.name})", unit="pair",
                  disable=not progress or len(pairs) < 2) as bar:
            for start in range(0, len(pairs), batch_size):
                done = self.score_together(pairs[start:start + batch_size])
                for r in done:
                    if isinstance(r, BaseException):
                        raise r
                results += done
                bar.update(len(done))
        return results

    def score_together(self, pairs: Iterable[tuple[str | Document, str | Document]]) -> list[SummaryResult | FactalignError]:
        """Several (document, summary) pairs, e.g. the summaries of one document, whose NLI calls share model
        calls (nli/gather.py): each entry is the result `score` gives, or the FactalignError that pair raised."""
        return list(self.score_each(pairs))

    def score_each(self, pairs: Iterable[tuple[str | Document, str | Document]]) -> Iterator[SummaryResult | FactalignError]:
        """`score_together`'s entries one by one, in order, each as soon as its pair and every earlier one are
        scored (a batch writes each row when it is done); leaving the loop early stops the others."""
        pairs = list(pairs)
        if self.nli_model is None or len(pairs) < 2:
            results = (_run(self._score_pair, d, s, self.nli_model) for d, s in pairs)
        else:
            gather = GatheringNLI(self.nli_model, len(pairs))
            results = gather.each([lambda d=d, s=s: self._score_pair(d, s, gather) for d, s in pairs])
        for r in results:
            if isinstance(r, BaseException) and not isinstance(r, FactalignError):
                raise r
            yield r

    def score_frame(self, frame, document: str = "document", summary: str = "summary", **options):
        """A copy of a pandas DataFrame with `score`, `label` and `probability` columns added (extra [frames])."""
        missing = [c for c in (document, summary) if c not in getattr(frame, "columns", ())]
        if missing:
            raise FactalignError(f"score_frame() needs a DataFrame with the columns {document!r} and {summary!r}; "
                                 f"missing: {', '.join(map(repr, missing))}")
        results = self.score_batch(frame[document].tolist(), frame[summary].tolist(), **options)
        out = frame.copy()
        out["score"] = [r.score for r in results]
        out["label"] = [r.label for r in results]
        out["probability"] = [r.probability for r in results]
        return out

    def _score_pair(self, document: str | Document, summary: str | Document, nli: NLIModel | None) -> SummaryResult:
        return self._score(self.as_document(document, "document"), self.as_document(summary, "summary"), nli)

    def _score(self, doc: Document, summ: Document, nli: NLIModel | None) -> SummaryResult:
        inputs = Inputs(doc, summ, wrapped(self.settings.checks, doc.text, nli, summ.text), self.extractor_model,
                        self.coref_model, self.llm, self.prefilter_model if self.prefilter_model.on else None)
        total, claims = self.method_def.run(inputs, **self.settings.params)
        task = self.task_of(doc)
        cal, (summary_rule, claim_rule) = self.calibrations[task.name], self.calibrations.rules(task.name)
        shown = labels_of(nli).shown if nli is not None else tuple
        for c in claims:
            c.probs = shown(c.probs)  # what the model gives: (p_ent, p_neu, p_con), or a binary checker's (p_sup,)
            if doc.sources:  # the one place a premise (and a runner-up premise) gets its sources' offsets
                if c.premise is not None:
                    c.premise = replace(c.premise, locations=doc.locate(c.premise.spans))
                for runner in c.details.get("runners_up") or []:
                    runner["locations"] = [asdict(x) for x in doc.locate([tuple(span) for span in runner["spans"]])]
            if not c.counted:
                c.label = "filtered"  # reported, but not part of the score
            elif claim_rule:
                c.decide(claim_rule)
        checks = checks_on(self.settings.checks) if nli is not None else ()
        add_reasons(claims, doc, checks, summ)
        found = [i for i, c in enumerate(claims) if any(c.details.get(check.finding) for check, _ in checks)]
        result = SummaryResult(float(total), claims, self.method_def.name, read_signature(self.signature, claims),
                               sources=list(doc.sources), notes=list(inputs.notes))
        if summary_rule:
            # a one-sentence text is judged as a claim only by a calibration's claim part, not by a bare --threshold
            claim_part = claim_rule if cal is not None and cal.claims is not None else None
            result.decide(summary_rule, cal.source if cal else None, claim_part,
                          task.sentence_is_claim and len(summ.sentences) == 1,
                          task.name if self.calibrations.defaults and cal is not None else None, found)
        language = unread(summ.text, doc.text)
        if language:
            unread_language(result, language, defaults=self.calibrations.defaults and cal is not None)
        result.unsupported_spans = unsupported_spans(summ, doc.text, claims)
        return result

    def as_document(self, text: str | Document | Sequence, what: str = "document") -> Document:
        """A document (a str, a list of sources as in `score`, or a Document) or, with `what="summary"`, a summary
        as a checked Document (factalign/inputs.py); scoring several summaries of one Document splits it once."""
        return to_document(text, what, self.settings.max_document_chars)


def _many(value: Any) -> bool:
    """An iterable that is neither a text nor a Document: several of them."""
    return isinstance(value, Iterable) and not isinstance(value, (str, Document))


def _texts(values: Any, what: str, sources: bool = False) -> list:
    """score_batch's documents or summaries as a list; a mapping or a set (whose keys would pass for the
    texts, in no set order) or items that are not str or Document (or, with `sources`, a list of sources)
    are refused, naming the type."""
    also = " (a document may also be a list of sources)" if sources else ""
    if isinstance(values, (Mapping, Set)) or not isinstance(values, Iterable):
        raise FactalignError(f"score_batch() takes a list of str or Document as {what}, not {type(values).__name__}{also}")
    values = list(values)
    for i, v in enumerate(values):
        if not isinstance(v, (str, Document)) and not (sources and is_source_list(v)):
            raise FactalignError(f"score_batch() takes a list of str or Document as {what}; item {i} is "
                                 f"{type(v).__name__}{also}")
    return values


def read_signature(signature: str, claims) -> str:
    """The signature, with `read:text` (or `read:logprobs+text`) before the version when LLM answers
    were read from their text because the backend sent no log-probabilities."""
    reads = {c.details.get("read") for c in claims} - {None}
    if reads <= {"logprobs"}:
        return signature
    return str(Signature.parse(signature).inserted("read", "+".join(sorted(reads))))


def _run(job, *args):
    try:
        return job(*args)
    except FactalignError as exc:
        return exc


def score(document: str, summary: str, method: str = DEFAULT_METHOD, **options) -> SummaryResult:
    """One-shot scoring; for many pairs build a Scorer once (models load once)."""
    return Scorer(method, **options).score(document, summary)

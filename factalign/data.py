"""The data model: plain dataclasses with char-offset alignments and a JSON round trip."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import asdict, astuple, dataclass, field
from functools import cached_property
from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Literal

from factalign.calibration.decision import judge_summary
from factalign.errors import checked_fields
from factalign.nli.labels import for_probs
from factalign.text import Span, split_sentences
from factalign.text.sources import Source, SourceRange, as_sources, join

if TYPE_CHECKING:
    from factalign.calibration.decision import DecisionRule

Granularity = Literal["sentence", "coref", "passage", "document", "expanded", "ranked", "chunk", "summary", "evidence"]


@dataclass(frozen=True)
class Location:
    """A char span [start, end) inside one source, named by its id."""

    source: str
    start: int
    end: int


@dataclass
class Document:
    """A text and its sentences as [start, end) char spans into it.

    Built from several sources (`from_sources`), the text is the sources joined by a blank line and
    `sources` records where each lies in it; no sentence crosses two sources. Empty: one document.
    """

    text: str
    sentences: list[Span]
    sources: list[SourceRange] = field(default_factory=list)

    def sentence(self, i: int) -> str:
        start, end = self.sentences[i]
        return self.text[start:end]

    @property
    def sentence_texts(self) -> list[str]:
        return [self.text[s:e] for s, e in self.sentences]

    def join(self, indices: list[int]) -> str:
        """Text of several sentences, in the given order, separated by one space."""
        return " ".join(self.sentence(i) for i in indices)

    @classmethod
    def from_text(cls, text: str) -> Document:

        return cls(text, split_sentences(text))

    @classmethod
    def from_sources(cls, sources: list[str | dict | Source]) -> Document:
        """One Document of several sources (see factalign.text.sources: accepted forms, checks, the joining)."""
        text, ranges = join(as_sources(sources))
        return cls(text, _within_sources(text, split_sentences(text), ranges), ranges)

    @cached_property
    def _starts(self) -> list[int]:
        return [r.start for r in self.sources]

    def source_index(self, offset: int) -> int:
        """The index of the source holding char `offset` of the text (sources only)."""
        return max(bisect_right(self._starts, offset) - 1, 0)

    @property
    def sentence_sources(self) -> list[int] | None:
        """Each sentence's source index, so windows can stay inside one source; None for one document."""
        return [self.source_index(s) for s, _ in self.sentences] if self.sources else None

    def locate(self, spans: list[Span]) -> list[Location]:
        """Spans of the text as spans inside the sources they overlap (a span over two sources gives two)."""
        out = []
        for a, b in spans:
            for r in self.sources[self.source_index(a):self.source_index(max(a, b - 1)) + 1]:
                start, end = max(a, r.start), min(b, r.end)
                if start < end:
                    out.append(Location(r.id, start - r.start, end - r.start))
        return out

    @classmethod
    def from_sentences(cls, sentences: list[str], sep: str = " ") -> Document:
        """A Document whose sentences are exactly the given strings, joined by `sep`."""
        spans, pos = [], 0
        for s in sentences:
            spans.append((pos, pos + len(s)))
            pos += len(s) + len(sep)
        return cls(sep.join(sentences), spans)

    @classmethod
    @checked_fields
    def from_dict(cls, d: dict[str, Any]) -> Document:
        return cls(d["text"], [tuple(s) for s in d["sentences"]], [SourceRange.from_dict(r) for r in d.get("sources", [])])


def _within_sources(text: str, spans: list[Span], ranges: list[SourceRange]) -> list[Span]:
    """Sentence spans cut at source boundaries (whitespace trimmed). The blank line between sources
    already makes the segmenter cut there; this keeps "no sentence crosses two sources" true by construction."""
    starts = [r.start for r in ranges]
    out: list[Span] = []
    for a, b in spans:
        i = max(bisect_right(starts, a) - 1, 0)
        while i < len(ranges) and ranges[i].start < b:
            start, end = max(a, ranges[i].start), min(b, ranges[i].end)
            while start < end and text[start].isspace():
                start += 1
            while end > start and text[end - 1].isspace():
                end -= 1
            if start < end:
                out.append((start, end))
            i += 1
    return out


@dataclass
class Claim:
    """A unit to verify: its text, the summary sentence it came from, its span in the summary if known."""

    text: str
    sentence_index: int
    span: Span | None = None

    @classmethod
    @checked_fields
    def from_dict(cls, d: dict[str, Any]) -> Claim:
        return cls(d["text"], d["sentence_index"], tuple(d["span"]) if d.get("span") is not None else None)


@dataclass
class Premise:
    """What a claim was checked against.

    `sentences` are document sentence indices, or "document" for the whole text; `text` is the
    premise actually given to the NLI model (for coref it differs from the document text).
    """

    sentences: list[int] | Literal["document"]
    text: str
    granularity: Granularity
    spans: list[Span] = field(default_factory=list)
    # with several sources: each span as (source id, start, end) inside its source (Scorer fills it in)
    locations: list[Location] = field(default_factory=list)

    @classmethod
    def of_sentences(cls, doc: Document, indices: list[int], granularity: Granularity, text: str | None = None) -> Premise:
        return cls(list(indices), doc.join(indices) if text is None else text, granularity,
                   [doc.sentences[i] for i in indices])

    @classmethod
    def whole(cls, doc: Document) -> Premise:
        return cls("document", doc.text, "document", [(0, len(doc.text))])

    @classmethod
    @checked_fields
    def from_dict(cls, d: dict[str, Any]) -> Premise:
        return cls(d["sentences"], d["text"], d["granularity"], [tuple(s) for s in d.get("spans", [])],
                   [Location(x["source"], x["start"], x["end"]) for x in d.get("locations", [])])


@dataclass
class ClaimResult:
    """A claim's score, the NLI probabilities (p_ent, p_neu, p_con) behind it, or (p_sup,) from a binary checker
    (factalign/nli/labels.py), and its aligned premise."""

    claim: Claim
    score: float
    probs: tuple[float, ...]
    premise: Premise | None
    label: str | None = None
    details: dict[str, Any] = field(default_factory=dict)
    probability: float | None = None  # calibrated P(supported), with a claim calibration
    decision: str | None = None       # pass / review / block, with a claim calibration that has bands
    reason: str | None = None         # one line on why it is not supported (factalign/reasons.py)

    def decide(self, rule: DecisionRule) -> None:
        self.label, self.probability, self.decision = astuple(rule.decide(self.score))

    @property
    def counted(self) -> bool:
        """False for a unit a method reports but leaves out of its score (`details["kept"] = False`)."""
        return self.details.get("kept") is not False

    @classmethod
    @checked_fields
    def from_dict(cls, d: dict[str, Any]) -> ClaimResult:
        premise = Premise.from_dict(d["premise"]) if d.get("premise") else None
        probs = d["probs"]  # {"p_ent", "p_neu", "p_con"} or {"p_sup"}; results written before 0.1.0's labelled form hold a list
        probs = tuple(probs[k] for k in for_probs(probs).keys) if isinstance(probs, dict) else tuple(probs)
        return cls(Claim.from_dict(d["claim"]), d["score"], probs, premise, d.get("label"), d.get("details", {}),
                   d.get("probability"), d.get("decision"), d.get("reason"))


@dataclass
class UnsupportedSpan:
    """Words of the output (summary or answer) its unsupported claims rest on: [start, end) char offsets into the
    output, the claims (indices into `claims`) they come from, the word model's highest P(unsupported) over them
    (1 - the claim's score where the claim's span is marked whole) and the first claim's reason (factalign/spans)."""

    start: int
    end: int
    text: str
    claims: list[int]
    score: float
    reason: str | None = None

    @classmethod
    @checked_fields
    def from_dict(cls, d: dict[str, Any]) -> UnsupportedSpan:
        return cls(d["start"], d["end"], d["text"], list(d["claims"]), d["score"], d.get("reason"))


@dataclass
class SummaryResult:
    """A summary's score, its claims and the signature that makes the number reproducible."""

    score: float
    claims: list[ClaimResult]
    method: str
    signature: str
    label: str | None = None
    probability: float | None = None  # calibrated P(consistent), with a calibration
    threshold: float | None = None    # the label is "consistent" when score >= threshold
    calibration: str | None = None    # where the threshold came from: a calibration file, "default:METHOD", or None
    decision: str | None = None       # pass / review / block, with a calibration that has bands
    sources: list[SourceRange] = field(default_factory=list)  # several sources: where each lies in the joined text
    reason: str | None = None         # why it is labelled or decided so where its claims seem to say otherwise
    task: str | None = None           # the kind of text whose default calibration labelled it (calibration/tasks.py)
    notes: list[str] = field(default_factory=list)  # where a cap on the work of one input cut (factalign/bounds.py)
    unsupported_spans: list[UnsupportedSpan] = field(default_factory=list)  # the output's words to look at (factalign/spans)

    def decide(self, rule: DecisionRule, calibration: str | None = None, claim_rule: DecisionRule | None = None,
               as_claim: bool = False, task: str | None = None, found: Collection[int] = ()) -> None:
        """Label, probability, outcome and reason (the only place a summary is labelled; see
        calibration.decision.judge_summary for how its claims count; `found`: claims a check found something in)."""
        verdict = judge_summary(rule, self.score, self.claims, claim_rule, as_claim, found)
        self.label, self.probability, self.decision = verdict.label, verdict.probability, verdict.outcome
        self.threshold, self.calibration, self.reason = verdict.threshold, calibration, verdict.reason
        self.task = task

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; each claim's probs as {"p_ent": ..., "p_neu": ..., "p_con": ...} ({"p_sup": ...} from a binary checker). `sources` and the
        premises' `locations` appear only for several sources (with one document every location would name the same one)."""
        d = asdict(self)
        for c in d["claims"]:
            c["probs"] = dict(zip(for_probs(c["probs"]).keys, c["probs"]))
            if c["premise"] is not None and not c["premise"]["locations"]:
                del c["premise"]["locations"]
        if not d["sources"]:
            del d["sources"]
        if not d["notes"]:
            del d["notes"]
        return d

    @classmethod
    @checked_fields
    def from_dict(cls, d: dict[str, Any]) -> SummaryResult:
        return cls(d["score"], [ClaimResult.from_dict(c) for c in d["claims"]], d["method"], d["signature"],
                   d.get("label"), d.get("probability"), d.get("threshold"), d.get("calibration"), d.get("decision"),
                   [SourceRange.from_dict(r) for r in d.get("sources", [])], d.get("reason"), d.get("task"),
                   list(d.get("notes") or []), [UnsupportedSpan.from_dict(x) for x in d.get("unsupported_spans") or []])

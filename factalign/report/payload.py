"""Results plus their texts -> the JSON payload a report page renders (checked against the texts)."""

from __future__ import annotations

from typing import Any

from factalign.calibration.decision import CLAIM_LABELS, SUMMARY_LABELS, DecisionRule
from factalign.data import ClaimResult, SummaryResult
from factalign.errors import FactalignError
from factalign.methods import METHODS
from factalign.nli import CON, ENT, NEU
from factalign.registry import coerce
from factalign.signature import Signature
from factalign.text.sources import SourceRange

LABEL_RANK = {"unsupported": 0, None: 1, "supported": 2, "filtered": 3}


def row_view(row: dict[str, Any], document: str, summary: str, threshold: float | None = None,
             name: str = "result") -> dict[str, Any]:
    """One scored row (a SummaryResult dict, maybe with `id` and `calibration`) as a report view."""
    try:
        result = SummaryResult.from_dict(row)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise FactalignError(f"{name} is not a factalign result ({type(exc).__name__}: {exc})") from None
    if result.label is None and threshold is not None:  # an unlabelled result, labelled by the report's --threshold
        result.decide(DecisionRule(threshold, labels=SUMMARY_LABELS))
        rule = DecisionRule(threshold, labels=CLAIM_LABELS)
        for c in result.claims:
            if c.label is None and c.counted:
                c.decide(rule)
    claims = [claim_view(n, c, document, summary, name) for n, c in enumerate(result.claims)]
    claims.sort(key=lambda c: (LABEL_RANK.get(c["label"], 1), c["score"], c["n"]))
    return {
        "id": None if row.get("id") is None else str(row["id"]),
        "score": result.score, "label": result.label, "decision": result.decision, "method": result.method,
        "signature": result.signature, "threshold": result.threshold, "calibration": result.calibration,
        "probability": result.probability, "reason": result.reason,
        "range": score_range(result),
        "document": document, "summary": summary, "claims": claims,
        "failing": sum(c["label"] == "unsupported" for c in claims),
        "sources": [source_view(r, claims, document, name) for r in result.sources],
        "unsupported": [{"span": checked([u.start, u.end], summary, f"{name}: unsupported words"), "claims": u.claims,
                         "reason": u.reason} for u in result.unsupported_spans],
    }


def claim_view(n: int, c: ClaimResult, document: str, summary: str, name: str) -> dict[str, Any]:
    label = c.label
    p = c.premise
    spans = [checked(s, document, f"{name}: claim {n}'s premise") for s in p.spans] if p else []
    at_span = " ".join(document[a:b] for a, b in spans)
    rewritten = p.text if p and spans and squeeze(p.text) != squeeze(at_span) else None
    sspan = checked(c.claim.span, summary, f"{name}: claim {n}") if c.claim.span else None
    runners = []
    for r in c.details.get("runners_up") or []:
        if isinstance(r, dict) and r.get("spans"):
            rs = [checked(s, document, f"{name}: claim {n}'s runner-up") for s in r["spans"]]
            runners.append({"spans": rs, "score": float(r.get("score", 0.0))})
    return {"n": n, "text": c.claim.text, "score": float(c.score), "label": label, "probability": c.probability,
            "decision": c.decision, "reason": c.reason,
            "probs": [float(x) for x in c.probs], "sspan": sspan, "sentence": c.claim.sentence_index,
            "granularity": p.granularity if p else None, "spans": spans, "rewritten": rewritten, "runners": runners,
            "locations": [[x.source, x.start, x.end] for x in p.locations] if p else [], "verdict": verdict(c)}


def verdict(c: ClaimResult) -> str | None:
    """What the sources say of a claim: "supported" (labelled so; unlabelled: entailment is its most probable
    label), else "contradicted" when its best premise's contradiction outweighs neutral (a source says
    otherwise), else "unmentioned" (no source speaks to it; every unsupported claim of a binary checker);
    None for a filtered claim."""
    if not c.counted:
        return None
    binary = len(c.probs) == 1  # a binary checker's (p_sup,): it cannot tell contradicted from unmentioned
    supported = c.label == "supported" if c.label is not None else max(c.probs) == c.probs[ENT] and c.probs[ENT] >= 0.5 * binary
    if supported:
        return "supported"
    if binary:
        return "unmentioned"
    return "contradicted" if c.probs[CON] >= c.probs[NEU] else "unmentioned"


def source_view(r: SourceRange, claims: list[dict[str, Any]], document: str, name: str) -> dict[str, Any]:
    """A source of a multi-source row: where it lies in the joined text and the claims whose best premise
    lies in it, by what that premise says of them (supported by this source alone, or by a premise that
    joins it with others)."""
    span = checked((r.start, r.end), document, f"{name}: source {r.id!r}")
    cited = [c for c in claims if any(x[0] == r.id for x in c["locations"])]
    alone = {c["n"] for c in cited if all(x[0] == r.id for x in c["locations"])}
    supports = [c["n"] for c in cited if c["verdict"] == "supported"]
    return {"id": r.id, "title": r.title, "url": r.url, "span": span,
            "supports": [n for n in supports if n in alone], "supports_jointly": [n for n in supports if n not in alone],
            "contradicts": [c["n"] for c in cited if c["verdict"] == "contradicted"]}


def checked(span, text: str, what: str) -> list[int]:
    """A [start, end) span that must lie inside `text`."""
    try:
        a, b = int(span[0]), int(span[1])
    except (TypeError, ValueError, IndexError):
        raise FactalignError(f"{what} has a malformed span {span!r}") from None
    if not 0 <= a <= b <= len(text):
        raise FactalignError(f"{what} span [{a}:{b}] lies outside its text ({len(text)} chars): "
                             "are these the texts that were scored?")
    return [a, b]


def score_range(result: SummaryResult) -> list[float]:
    """[-1, 1] for a method registered as signed (with the settings in its signature) or any negative score."""
    method = METHODS.entries.get(result.method)
    settings = Signature.parse(result.signature).as_dict()
    params = {k: coerce(v, settings[k]) for k, v in method.params.items() if k in settings} if method else {}
    signed = (method is not None and method.signed_for(params)) or any(c.score < 0 for c in result.claims) or result.score < 0
    return [-1.0, 1.0] if signed else [0.0, 1.0]


def squeeze(text: str) -> str:
    return " ".join(text.split())


def payload(views: list[dict[str, Any]], threshold: float | None, batch: bool) -> dict[str, Any]:
    """All views; the index's threshold is the given one, else the one every row shares. Where rows were labelled
    at different thresholds, `thresholds` lists each with its rows, so the report can say why instead of
    showing none (a one-sentence text is judged by the claim threshold; rows may come from several calibrations)."""
    lo = min((v["range"][0] for v in views), default=0.0)
    counts: dict[float, int] = {}
    for v in views:
        if v["threshold"] is not None:
            counts[v["threshold"]] = counts.get(v["threshold"], 0) + 1
    if threshold is None and len(counts) == 1 and len(views) == sum(counts.values()):
        threshold = next(iter(counts))
    thresholds = [{"threshold": t, "rows": n} for t, n in sorted(counts.items())] if threshold is None else []
    return {"batch": batch, "threshold": threshold, "thresholds": thresholds, "range": [lo, 1.0], "rows": views}

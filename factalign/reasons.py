"""One line per claim that is not supported, saying why (`ClaimResult.reason`; the terminal table, JSON and the
HTML report show it): the detail the sources lack ("50,000: the sources say 35,000"; factalign/details), else the
roles or direction the sources have the other way round (factalign/details/roles.py), else the sentence that contradicts it,
else "no sentence supports it (closest: ...)"."""

from __future__ import annotations

from factalign.data import ClaimResult, Document
from factalign.details import CheckedSources, describe
from factalign.details import roles
from factalign.details.compare import OFF as COMPARE_OFF
from factalign.details.compare import CompareCheck
from factalign.details.compare import describe as describe_compared
from factalign.evidence import tokens
from factalign.nli import CON

QUOTE_CHARS = 100  # of the premise quoted in a reason
# a closest sentence the model gives at least this p_ent (or entailment as its top label) may say the claim in
# other words: the threshold judged the claim unsupported, but the evidence is no proof of an error
NEAR_ENTAILMENT = 0.4


def add_reasons(claims: list[ClaimResult], doc: Document, checked: CheckedSources | None,
                role_check: bool = False, compare_check: CompareCheck = COMPARE_OFF) -> None:
    """Each claim's `details["missing_details"]` (with the detail check), `details["reversed"]` (with the role
    check, where a source sentence reverses its roles or its direction), `details["compared"]` (with the comparison
    stage, its first finding) and `reason` (where it is not supported)."""
    for c in claims:
        found = checked.findings(c.claim.text, _around(c, doc)) if checked is not None and checked.missing(c.claim.text) else []
        if found:
            c.details["missing_details"] = found
        if role_check and c.counted:
            reversed_ = roles.finding(c.claim.text, _sentences_near(c, doc))
            if reversed_:
                c.details["reversed"] = reversed_
        if compare_check.on and c.counted:
            compared = compare_check.finding(c.claim.text, _sentences_near(c, doc))
            if compared:
                c.details["compared"] = compared
        c.reason = claim_reason(c, doc)
        if c.reason and c.reason.startswith(MAY_SAY_SAME) and c.decision == "block":
            c.decision = "review"  # the closest sentence may say the same: a reader should look, not a gate block


def claim_reason(c: ClaimResult, doc: Document) -> str | None:
    if c.details.get("missing_details"):
        return describe(c.details["missing_details"])
    if c.label != "unsupported":
        return None
    if c.details.get("reversed"):
        return roles.describe(c.details["reversed"], _cut)
    if c.details.get("compared"):
        return describe_compared(c.details["compared"], _cut)
    quote = _quote(c, doc)
    if quote and len(c.probs) == 3 and max(range(3), key=lambda k: c.probs[k]) == CON and c.premise.granularity != "document":
        return f"contradicted by: {quote}"
    if quote and _nearly_entailed(c):
        return f"{MAY_SAY_SAME}: {quote}"
    return f"no sentence supports it (closest: {quote})" if quote else "no sentence supports it"


MAY_SAY_SAME = "below the threshold, but the closest sentence may say the same in other words"


def _nearly_entailed(c: ClaimResult) -> bool:
    """The premise's probabilities read as (nearly) entailing the claim: 3-way (p_ent, p_neu, p_con) with p_ent at
    least NEAR_ENTAILMENT or on top, or a binary checker's p_sup at least NEAR_ENTAILMENT."""
    if len(c.probs) == 3:
        return c.probs[0] >= NEAR_ENTAILMENT or max(range(3), key=lambda k: c.probs[k]) == 0
    return len(c.probs) == 1 and c.probs[0] >= NEAR_ENTAILMENT


def _quote(c: ClaimResult, doc: Document) -> str:
    if c.premise is None or not c.premise.spans:
        return ""
    return _cut(" ".join(" ".join(doc.text[a:b].split()) for a, b in c.premise.spans))


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 3].rstrip() + "..."


def _sentences_near(c: ClaimResult, doc: Document) -> list[str]:
    """The premise's sentences, then the rest of the document's (the role check looks in single sentences)."""
    spans = c.premise.spans if c.premise is not None else []
    first = [i for i, (s, e) in enumerate(doc.sentences) if any(a < e and s < b for a, b in spans)]
    return [doc.sentence(i) for i in first + [i for i in range(len(doc.sentences)) if i not in first]]


def _around(c: ClaimResult, doc: Document) -> list[str]:
    """Where a reader would look for the value the sources give instead: the sentence sharing the most words with
    the claim, then that sentence with its neighbours (the premise the capped NLI answer points to may be any)."""
    if not doc.sentences:
        return []
    claim = set(tokens(c.claim.text))
    best = max(range(len(doc.sentences)), key=lambda i: (len(claim & set(tokens(doc.sentence(i)))), -i))
    near = [j for j in (best - 1, best, best + 1) if 0 <= j < len(doc.sentences)]
    return [doc.sentence(best), " ".join(doc.sentence(j) for j in near)]

"""One line per claim that is not supported, saying why (`ClaimResult.reason`; the terminal table, JSON and the
HTML report show it): the finding of a check that is on (factalign/checks: the detail the sources lack, "50,000: the
sources say 35,000", then the roles or direction the sources have the other way round, then the comparison stage's
slot), else the sentence that contradicts it, else "no sentence supports it (closest: ...)"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from factalign.checks import Check
from factalign.checks.places import cut
from factalign.data import ClaimResult, Document
from factalign.nli import CON

# a closest sentence the model gives at least this p_ent (or entailment as its top label) may say the claim in
# other words: the threshold judged the claim unsupported, but the evidence is no proof of an error
NEAR_ENTAILMENT = 0.4


def add_reasons(claims: list[ClaimResult], doc: Document, checks: Sequence[tuple[Check, Any]] | None = (),
                output: Document | None = None) -> None:
    """Each claim's finding of each check that is on (`checks`: (check, spec) pairs in registry order; in
    `details[check.finding]`: the details the sources lack, the roles or direction a source sentence reverses, the
    comparison stage's first finding) and `reason` (where it is not supported)."""
    for c in claims:
        for check, spec in checks or ():
            found = check.find_for(spec, c, doc, output)
            if found:
                c.details[check.finding] = found
        c.reason = claim_reason(c, doc, checks or ())
        if c.reason and c.reason.startswith(MAY_SAY_SAME) and c.decision == "block":
            c.decision = "review"  # the closest sentence may say the same: a reader should look, not a gate block


def claim_reason(c: ClaimResult, doc: Document, checks: Sequence[tuple[Check, Any]] = ()) -> str | None:
    """A check's finding that stands whatever the label, else for an unsupported claim the first check's finding,
    else what the closest premise says."""
    found = [(check, c.details[check.finding]) for check, _ in checks if c.details.get(check.finding)]
    said = next((check.reason(f) for check, f in found if check.any_label), None)
    if said or c.label != "unsupported":
        return said
    if found:
        return found[0][0].reason(found[0][1])
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
    return cut(" ".join(" ".join(doc.text[a:b].split()) for a, b in c.premise.spans))


# checkers that read other languages (docs/checkers.md); the rules extractor does not, so a sentence-level method
MULTILINGUAL = "--method chunks with --nli llm:MODEL (an LLM judge) or a multilingual NLI model (--nli hf:ID)"


def unread_language(result, language: str, defaults: bool) -> None:
    """A text the default pipeline does not read (text/language.py): a note on what it reads and what does read
    this; a decision of the shipped calibrations (fitted on English) moved to review, never pass or block."""
    result.notes.append(f"the text reads as {language}: the default claim extractor, comparison stage and house model "
                        f"read English only, so this score is not a reading of it; for {language}, use {MULTILINGUAL}")
    if defaults and result.decision in ("pass", "block"):
        result.decision = "review"
        why = f"review: the text reads as {language}, which the shipped calibrations were not fitted on"
        result.reason = f"{result.reason}; {why}" if result.reason else why

"""How a score becomes a decision: one rule per kind of unit (summaries, claims), asked by every output.

A `DecisionRule` holds a threshold, an optional calibrated probability map and optional risk bands.
`decide(score)` gives a `Decision`: the label ("consistent"/"inconsistent" for summaries,
"supported"/"unsupported" for claims), P(consistent) or P(supported), and, with bands, an outcome:
"pass" (score >= pass_at), "block" (score < block_at) or "review" (between).

The one labelling rule: a unit is labelled consistent (supported) exactly when its score is at least
the threshold. A calibration's probability map is anchored there (P = 0.5 at the threshold, rising
with the score), so the label and the probability never disagree.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

import numpy as np

from factalign.errors import FactalignError

OUTCOMES = ("pass", "review", "block")
SUMMARY_LABELS = ("consistent", "inconsistent")
CLAIM_LABELS = ("supported", "unsupported")


@dataclass(frozen=True)
class Decision:
    label: str | None
    probability: float | None = None
    outcome: str | None = None


@dataclass(frozen=True)
class Bands:
    """Pass at or above `pass_at`, block below `block_at`, review between (block_at <= pass_at).

    Chosen by conformal risk control (calibration/conformal.py): at most `max_passed_inconsistent` of
    inconsistent units pass and at most `max_blocked_consistent` of consistent units are blocked, in
    expectation over calibration sets exchangeable with the data scored."""

    pass_at: float
    block_at: float
    max_passed_inconsistent: float
    max_blocked_consistent: float

    def outcome(self, score: float) -> str:
        return "pass" if score >= self.pass_at else "block" if score < self.block_at else "review"

    def to_dict(self) -> dict[str, Any]:
        # JSON has no infinity: a band that is never reached is saved as null
        return {"pass_at": _finite(self.pass_at), "block_at": _finite(self.block_at),
                "max_passed_inconsistent": self.max_passed_inconsistent,
                "max_blocked_consistent": self.max_blocked_consistent}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Bands:
        pass_at = math.inf if d["pass_at"] is None else float(d["pass_at"])
        block_at = -math.inf if d["block_at"] is None else float(d["block_at"])
        bounds = float(d["max_passed_inconsistent"]), float(d["max_blocked_consistent"])
        if any(math.isnan(x) for x in (pass_at, block_at, *bounds)) or block_at > pass_at:
            raise ValueError("bands need block_at <= pass_at and numbers, not NaN")
        return cls(pass_at, block_at, *bounds)


@dataclass(frozen=True)
class DecisionRule:
    threshold: float
    probability: dict[str, Any] | None = None  # {"kind": "platt", "a", "b"} or {"kind": "isotonic", "x", "y"}
    bands: Bands | None = None
    labels: tuple[str, str] = SUMMARY_LABELS

    def decide(self, score: float) -> Decision:
        return Decision(self.labels[0] if score >= self.threshold else self.labels[1],
                        probability_of(self.probability, score) if self.probability else None,
                        self.bands.outcome(score) if self.bands else None)


@dataclass(frozen=True)
class Verdict:
    label: str
    probability: float | None
    outcome: str | None
    threshold: float
    reason: str | None = None  # why, where the summary's claims seem to say otherwise


def judge_summary(rule: DecisionRule, score: float, claims: list, claim_rule: DecisionRule | None = None,
                  as_claim: bool = False, found: Collection[int] = ()) -> Verdict:
    """A summary's verdict, respecting its claims (ClaimResults, already decided):
    - a text judged `as_claim` (one sentence of a task whose texts are claims, calibration/tasks.py): with a claim
      rule (a calibration's claim part) its label, probability and outcome all come from that rule on its weakest
      counted claim's score, as the claim part was fitted (its bands bound the risks of claims, the unit it is
      judged as); a reason is given only where it does not pass;
    - a longer text's outcome is the summary rule's, moved to review where its claims disagree: it passes only if
      no claim is blocked. Outcomes only move to review, so the summary rule's conformal bounds (inconsistent
      passed, consistent blocked) still hold on the data it was fitted on;
    - a text with a claim that is blocked on a concrete finding (`found`: the indices of claims a check found something
      in: a number, a name, a negation, roles the sources have otherwise) is blocked itself, whatever its score, so
      that `--fail-on block` fails it; a claim blocked on its score alone moves the text to review at most, since no
      score band's risk has been shown to hold on every kind of text (docs/calibration.md, "What a block rests on");
    - `reason` says why where the label, the outcome and the claims seem to disagree."""
    counted = [(i, c) for i, c in enumerate(claims) if c.counted]
    d, threshold, reason = rule.decide(score), rule.threshold, None
    label, probability, outcome = d.label, d.probability, d.outcome
    as_claim = as_claim and claim_rule is not None and bool(counted)
    if as_claim:
        weakest_claim = min((c for _, c in counted), key=lambda c: c.score)
        weakest = weakest_claim.score
        c = claim_rule.decide(weakest)
        label, probability, threshold = SUMMARY_LABELS[CLAIM_LABELS.index(c.label)], c.probability, claim_rule.threshold
        outcome = c.outcome
        if outcome == "block" and weakest_claim.decision == "review":
            outcome = "review"  # the claim judged was moved to review (reasons.py: its closest sentence may say the same)
        if outcome != "pass" and not (outcome is None and label == SUMMARY_LABELS[0]):
            reason = (f"one sentence, judged as a claim: its weakest claim scores {weakest:.4f} "
                      f"{'>=' if weakest >= threshold else '<'} {threshold:.4f}, the claim threshold")
    else:
        supported = [i for i, c in counted if c.label == CLAIM_LABELS[0]]
        unsupported = [i for i, c in counted if c.label == CLAIM_LABELS[1]]
        if label == SUMMARY_LABELS[1] and counted and len(supported) == len(counted):
            reason = (f"inconsistent although every claim is supported: the summary score {score:.4f} < {threshold:.4f}, "
                      "the summary threshold" + (f" (a claim needs {claim_rule.threshold:.4f})" if claim_rule else ""))
        elif label == SUMMARY_LABELS[0] and unsupported:
            reason = (f"consistent although {_claims(unsupported)} {'is' if len(unsupported) == 1 else 'are'} unsupported: "
                      f"the summary score {score:.4f} >= {threshold:.4f}, the summary threshold")
    blocked = [i for i, c in counted if c.decision == "block"]
    found = set(found)
    on_finding = [i for i in blocked if i in found]
    note = None
    if on_finding and outcome is not None and outcome != "block":
        outcome, note = "block", f"block: {_claims(on_finding)} {_is(on_finding)} blocked on a finding{_why(counted, on_finding)}"
    elif outcome == "pass" and blocked:
        outcome, note = "review", f"review, not pass: {_claims(blocked)} {_is(blocked)} blocked{_why(counted, blocked)}"
    if note:
        reason = f"{reason}; {note}" if reason else note
    return Verdict(label, probability, outcome, threshold, reason)


def _is(indices: list[int]) -> str:
    return "is" if len(indices) == 1 else "are"


def _why(counted: list, indices: list[int]) -> str:
    """The first of these claims' reasons, in brackets (empty when it has none)."""
    why = next((c.reason for i, c in counted if i == indices[0] and c.reason), None)
    return f" ({why})" if why else ""


def _claims(indices: list[int]) -> str:
    return f"claim {indices[0]}" if len(indices) == 1 else "claims " + ", ".join(map(str, indices))


def probability_of(p: dict[str, Any], score: float) -> float:
    """P(consistent | score) from a probability map."""
    if p["kind"] == "platt":
        z = p["a"] * score + p["b"]
        return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))
    return float(np.interp(score, p["x"], p["y"]))  # isotonic: linear between knots, clipped outside


def at_least(outcome: str | None, level: str) -> bool:
    """True when `outcome` is `level` or more severe ("review" is at least "review"; "block" too)."""
    if level not in OUTCOMES:
        raise FactalignError(f"a decision level is one of {', '.join(OUTCOMES)}, not {level!r}")
    return outcome is not None and OUTCOMES.index(outcome) >= OUTCOMES.index(level)


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None

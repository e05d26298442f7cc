"""Revising a summary with an LLM, guided by ACUEval's or G-Eval's feedback (ACUEval paper, Section 5.4).

Each round: score the summary with the feedback method; if it flags nothing, stop; otherwise ask the
LLM for a revision with the paper's refinement prompt, and score the revision. At most `rounds`
rounds (the paper runs one).

* `acueval` feedback: the units below `unit_threshold` are listed in Figure 10's comment.
* `geval` feedback: a summary rated below `unit_threshold` gets Figure 11 with the text the model
  wrote after its rating as the comment (the paper: G-Eval's continuation). A reply with nothing
  after the rating leaves no comment to give: an error, as the paper's comparison needs one.

The revision is the reply's text, without a leading "Revised Summary:" label; an empty one is an
error. `fixed` lists the units flagged in the first round that are not flagged at the end (the unit
was corrected or dropped); it is None for `geval`, which flags no units, only the whole summary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from factalign.data import SummaryResult
from factalign.errors import FactalignError
from factalign.llm import acueval_prompts as prompts

FEEDBACK = ("acueval", "geval")
_LABEL = re.compile(r"^\s*\**\s*revised summary\s*\**\s*:\s*", re.IGNORECASE)


@dataclass
class Round:
    summary: str              # what was revised
    flagged: list[str]        # the units the feedback method flagged in it
    comment: str              # the comment section the LLM was given
    revised: str
    result: SummaryResult     # the revision, scored

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary, "flagged": self.flagged, "comment": self.comment, "revised": self.revised,
                "result": self.result.to_dict()}


@dataclass
class Refinement:
    feedback: str             # acueval | geval
    max_rounds: int
    summary: str              # the original
    before: SummaryResult
    rounds: list[Round] = field(default_factory=list)
    signature: str = ""

    @property
    def after(self) -> SummaryResult:
        return self.rounds[-1].result if self.rounds else self.before

    @property
    def revised(self) -> str:
        """The last revision, or the original when nothing was flagged."""
        return self.rounds[-1].revised if self.rounds else self.summary

    @property
    def fixed(self) -> list[str] | None:
        if self.feedback != "acueval":
            return None
        still = {_key(u) for u in flagged(self.after)}
        return [u for u in flagged(self.before) if _key(u) not in still]

    def to_dict(self) -> dict[str, Any]:
        return {"feedback": self.feedback, "max_rounds": self.max_rounds, "signature": self.signature,
                "summary": self.summary, "flagged": flagged(self.before), "fixed": self.fixed, "still_flagged": flagged(self.after),
                "revised": self.revised, "before": self.before.to_dict(), "after": self.after.to_dict(),
                "rounds": [r.to_dict() for r in self.rounds]}


def flagged(res: SummaryResult) -> list[str]:
    """The units the method judged unsupported (`details["error"]`)."""
    return [c.claim.text for c in res.claims if c.details.get("error")]


def refine(document: str, summary: str, scorer, llm, rounds: int = 1) -> Refinement:
    """Verify -> revise until nothing is flagged or `rounds` rounds; `scorer` is an acueval or geval Scorer."""
    if scorer.method_def.name not in FEEDBACK:
        raise FactalignError(f"feedback comes from one of: {', '.join(FEEDBACK)}; not {scorer.method_def.name!r}")
    if rounds < 1:
        raise FactalignError(f"--rounds must be at least 1, not {rounds}")
    out = Refinement(scorer.method_def.name, rounds, summary, scorer.score(document, summary))
    out.signature = f"feedback:{out.feedback}|rounds:{rounds}|{out.before.signature}"
    current, res = summary, out.before
    for _ in range(rounds):
        units = flagged(res)
        if not units:
            break
        messages, comment = _prompt(document, current, res, units)
        revised = _LABEL.sub("", llm.complete(messages)).strip()
        if not revised:
            raise FactalignError("the LLM's revision is empty")
        new = scorer.score(document, revised)
        out.rounds.append(Round(current, units, comment, revised, new))
        current, res = revised, new
    return out


def _prompt(document: str, summary: str, res: SummaryResult, units: list[str]) -> tuple[list[dict], str]:
    if res.method == "acueval":
        return prompts.refine_with_facts(document, summary, units), prompts.facts_comment(units)
    comment = res.claims[0].details.get("comment", "")
    if not comment:
        raise FactalignError("G-Eval's reply has no comment after its rating, so there is nothing to revise by "
                             "(the model stopped after the score)")
    return prompts.refine_with_comment(document, summary, comment), comment


def _key(text: str) -> str:
    return " ".join(text.lower().split())

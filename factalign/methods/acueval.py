"""ACUEval (Wan et al., 2024, Findings of ACL): LLM-written atomic content units, each checked by the LLM.

1. An LLM breaks the summary into atomic content units (the paper's 5-shot "independent facts"
   prompt, `factalign.claims.prompts`).
2. For each unit the LLM answers Yes/No to "is this fact supported by the document?"; the unit's
   score is P(Yes) / (P(Yes) + P(No)) read from the endpoint's top log-probabilities (an endpoint
   without them gives 1 or 0 from the answer text; `details["read"]` says which). The units are
   checked in parallel, up to the client's concurrency (`--llm-concurrency`).
3. Summary score = mean over units. Units below `unit_threshold` are the errors that `feedback()`
   lists and `revise()` hands back to the LLM to correct the summary.

A unit's probs are (P(Yes), 0, 1 - P(Yes)) and its premise is the whole document. The validation
and revision prompts are ours (the paper's exact wording is not reproduced here).
"""

from __future__ import annotations

from factalign.claims.llm import LLMExtractor
from factalign.data import Premise, SummaryResult
from factalign.errors import FactalignError
from factalign.methods.base import Inputs, Scored, mean, register_method, result

VALIDATE = ("Document:\n{document}\n\nIs the following fact supported by the document above? Answer with Yes or No only.\n"
            "Fact: {fact}\nAnswer:")
REVISE = ("Document:\n{document}\n\nSummary:\n{summary}\n\nThese facts in the summary are not supported by the document:\n"
          "{feedback}\n\nRewrite the summary so that it is faithful to the document: correct or remove the unsupported "
          "facts and keep everything else as it is. Reply with the revised summary only.")


@register_method("acueval", uses=("llm",), nli=False, ranges={"unit_threshold": (0.0, 1.0)},
                 description="LLM-written atomic content units, each validated by the LLM as P(Yes); mean")
def acueval(inputs: Inputs, unit_threshold: float = 0.5) -> Scored:
    client = inputs.llm
    if client is None:
        raise FactalignError("acueval needs an LLM endpoint: --llm-base-url and --llm-model (or FACTALIGN_LLM_BASE_URL/_MODEL)")
    units = LLMExtractor("acueval", client=client).extract(inputs.summary)
    document = inputs.document
    answers = client.map(  # one request per unit, run in parallel up to the client's concurrency
        lambda unit: client.yes_probability([{"role": "user", "content": VALIDATE.format(document=document.text, fact=unit.text)}]),
        units)
    results = [result(unit, p_yes, (p_yes, 0.0, 1.0 - p_yes), Premise.whole(document), read=read, error=p_yes < unit_threshold)
               for unit, (p_yes, read) in zip(units, answers)]
    return mean([r.score for r in results]), results


def feedback(res: SummaryResult) -> list[str]:
    """The units ACUEval judged unsupported."""
    return [c.claim.text for c in res.claims if c.details.get("error")]


def revise(document: str, summary: str, res: SummaryResult, client) -> str:
    """The summary rewritten by the LLM to fix the units ACUEval flagged (unchanged if none were)."""
    wrong = feedback(res)
    if not wrong:
        return summary
    prompt = REVISE.format(document=document, summary=summary, feedback="\n".join(f"- {w}" for w in wrong))
    return client.complete([{"role": "user", "content": prompt}]).strip()

"""G-Eval-style rating with the ACUEval paper's prompt (BelugaEval, Wan et al., 2024, Figure 7 and
Appendix G), the paper's LLM-rating baseline.

One request per summary: the LLM rates the summary's consistency from 1 (worst) to 5 (best), then
may go on writing (up to 256 tokens, the paper's generation length; its prompt asks for no
explanation, but a model may give one). The rating is G-Eval's normalisation (Liu et al., 2023, the
one Appendix G says the paper used): the mean of 1-5 weighted by their probabilities at the rating
token, from the top log-probabilities; the score maps 1.0-5.0 linearly onto [0, 1]:
(rating - 1) / 4. Without log-probabilities the rating is read from the text (`details["read"]` is
"text", the signature gains `read:text`); a reply without a rating from 1 to 5 is an error.

The one unit is the whole summary (premise: the whole document); `details` hold the rating, the
probability of each rating, and `comment`, the text after the rating, which `factalign revise
--feedback geval` hands to Figure 11 as the G-Eval-style comment (the paper's GPT-4 continuation).
The unit is an error (flagged for revision) below `unit_threshold` (0.5 = rating 3).
"""

from __future__ import annotations

from factalign.data import Claim, Premise
from factalign.errors import FactalignError
from factalign.llm import acueval_prompts as prompts
from factalign.llm.reply import rating
from factalign.methods.base import Inputs, Scored, register_method, result

RATING_TOKENS = 256


@register_method("geval", uses=("llm",), needs_nli=False, ranges={"unit_threshold": (0.0, 1.0)},
                 description="the LLM rates the summary 1-5 (the ACUEval paper's BelugaEval prompt); "
                             "probability-weighted rating mapped to [0, 1]")
def geval(inputs: Inputs, unit_threshold: float = 0.5) -> Scored:
    client = inputs.llm
    if client is None:
        raise FactalignError("geval needs an LLM endpoint: --llm-base-url and --llm-model (or FACTALIGN_LLM_BASE_URL/_MODEL)")
    doc, summary = inputs.document, inputs.summary
    reply = client.generate(prompts.rating(doc.text, summary.text), RATING_TOKENS)
    value, probs, read, comment = rating(reply)
    score = (value - 1.0) / 4.0
    unit = Claim(summary.text, 0, (0, len(summary.text)))
    return score, [result(unit, score, (score, 0.0, 1.0 - score), Premise.whole(doc), rating=value, rating_probs=probs,
                          read=read, comment=comment, error=score < unit_threshold)]


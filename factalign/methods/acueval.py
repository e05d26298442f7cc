"""ACUEval (Wan et al., 2024, Findings of ACL): LLM-written atomic content units (ACUs), each verified.

1. ACU generation: the LLM breaks the summary into units with the paper's 5-shot prompt (Figure 5;
   `factalign.llm.acueval_prompts`), one "- " line per unit (the `llm:acueval` extractor).
2. ACU verification, by `variant`:
   * `per-unit` (default, the paper's ACUEval): one request per unit with Figure 6, at most 5
     generated tokens (Section 4.1), run in parallel up to the client's concurrency;
   * `all-at-once` (Table 4's VERIFY ALL AT ONCE): one request with Figure 8 for all units,
     answered as "Statement i: Yes/No" lines;
   * `one-pass` (Table 4's ONE PASS): one request with Figure 9 that writes the units and verifies
     them, as "Fact i: <unit> | Yes/No" lines (no step 1).
   A unit's score s_i = P(Yes) / (P(Yes) + P(No)) at its answer token, from the top log-probabilities
   (`factalign.llm.reply`: every tokenization of Yes/No, any case, with or without a leading space).
   A reply without them is read from its text (1 or 0): `details["read"]` is "text" and the result's
   signature gains `read:text` (`read:logprobs+text` when mixed). A reply that cannot be parsed (no
   Yes/No, a statement missing or answered twice) is an error for the summary, never a 0.
   With `verifier=nli` the Figure 5 units are verified by the NLI model instead (the paper's Table 9
   pairs ACUEval's units with SummaC): s_i = the best p_ent over document sentences (SummaC-ZS's
   reading), aligned to that sentence; it needs `variant=per-unit`.
3. Score = mean of s_i. Units with s_i below `unit_threshold` are the errors `factalign revise`
   lists in Figure 10's comment.

Readings of the paper: Figure 8's {{ACU}} is filled with "Statement i: <unit>" lines; replies of
the one-request variants may hold up to 1024 tokens (the paper gives no length for them). A unit's
probs are (s_i, 0, 1 - s_i) with the LLM verifier and its premise the whole document. LLM calls:
per-unit 1 + U, all-at-once 2, one-pass 1 (U units).
"""

from __future__ import annotations

import re

from factalign.claims.llm import LLMExtractor, best_sentence
from factalign.data import Claim, ClaimResult, Premise
from factalign.errors import FactalignError
from factalign.llm import acueval_prompts as prompts
from factalign.llm.reply import yes_probability
from factalign.methods.base import Inputs, Scored, grid, mean, register_method, result
from factalign.nli import ENT

VARIANTS = ("per-unit", "all-at-once", "one-pass")
VERIFIERS = ("llm", "nli")
VERIFY_TOKENS = 5     # the paper's maximum generation length for ACU verification
LIST_TOKENS = 1024    # a reply that answers for all units
_STATEMENT = re.compile(r"^[ \t#*]*Statement\s+(\d+)\s*:\s*\**\s*(yes|no)\b(?!\s*/)", re.IGNORECASE | re.MULTILINE)
_FACT = re.compile(r"^[ \t#*]*Fact\s+(\d+)\s*:[ \t]*(\S.*?)[ \t]*\|[ \t]*\**[ \t]*(yes|no)\b(?!\s*/)", re.IGNORECASE | re.MULTILINE)


def check(params: dict) -> None:
    """Refuse a variant or verifier that does not exist, or the NLI verifier with a one-request variant."""
    for name, allowed in (("variant", VARIANTS), ("verifier", VERIFIERS)):
        if params[name] not in allowed:
            raise FactalignError(f"acueval's {name} must be one of: {', '.join(allowed)}; not {params[name]!r}")
    if params["verifier"] == "nli" and params["variant"] != "per-unit":
        raise FactalignError(f"acueval's verifier=nli checks the Figure 5 units one by one; it needs variant=per-unit, "
                             f"not {params['variant']}")


@register_method("acueval", uses=("llm",), needs_nli=lambda params: params["verifier"] == "nli", check=check,
                 ranges={"unit_threshold": (0.0, 1.0)},
                 description="LLM-written atomic content units, each verified by the LLM as P(Yes) (or by the NLI model); mean")
def acueval(inputs: Inputs, unit_threshold: float = 0.5, variant: str = "per-unit", verifier: str = "llm") -> Scored:
    client = inputs.llm
    if client is None:
        raise FactalignError("acueval needs an LLM endpoint: --llm-base-url and --llm-model (or FACTALIGN_LLM_BASE_URL/_MODEL)")
    doc, summary = inputs.document, inputs.summary
    if variant == "one-pass":
        reply = client.generate(prompts.one_pass(doc.text, summary.text), LIST_TOKENS)
        found = numbered(_FACT, reply.text, None, "Fact")
        units = [Claim(m.group(2), i := best_sentence(summary, m.group(2)), summary.sentences[i]) for m in found]
        answers = [yes_probability(reply, m.start(3), m.group(3)) for m in found]
        return _scored(units, answers, doc, unit_threshold)
    units = LLMExtractor("acueval", client=client).extract(summary)
    if verifier == "nli":
        return _nli_verified(inputs, units, unit_threshold)
    if variant == "all-at-once":
        reply = client.generate(prompts.verify_all_at_once(doc.text, summary.text, [u.text for u in units]), LIST_TOKENS)
        answers = [yes_probability(reply, m.start(2), m.group(2)) for m in numbered(_STATEMENT, reply.text, len(units), "Statement")]
    else:  # one request per unit, run in parallel up to the client's concurrency
        answers = client.map(lambda u: yes_probability(client.generate(prompts.verification(doc.text, u.text), VERIFY_TOKENS)), units)
    return _scored(units, answers, doc, unit_threshold)


def numbered(pattern: re.Pattern, text: str, expected: int | None, what: str) -> list[re.Match]:
    """The "<what> i: ..." answers of a reply, in order 1..n; n = `expected`, or as many as given."""
    found: dict[int, re.Match] = {}
    for m in pattern.finditer(text):
        i = int(m.group(1))
        if i in found:
            raise FactalignError(f"the LLM answered {what} {i} twice: {_snippet(text)!r}")
        found[i] = m
    n = expected if expected is not None else len(found)
    if not found or sorted(found) != list(range(1, n + 1)):
        want = f"{what} 1 to {n}" if expected is not None else f"{what} 1, 2, ... in order"
        raise FactalignError(f"cannot read the LLM's reply: it answers {what} {sorted(found) or 'none'}, "
                             f"expected {want} each with Yes or No: {_snippet(text)!r}")
    return [found[i] for i in range(1, n + 1)]


def _scored(units: list[Claim], answers: list[tuple[float, str]], doc, unit_threshold: float) -> Scored:
    results = [result(unit, p_yes, (p_yes, 0.0, 1.0 - p_yes), Premise.whole(doc), read=read, error=p_yes < unit_threshold)
               for unit, (p_yes, read) in zip(units, answers)]
    return mean([r.score for r in results]), results


def _nli_verified(inputs: Inputs, units: list[Claim], unit_threshold: float) -> Scored:
    doc = inputs.document
    probs = grid(inputs.nli, doc.sentence_texts, [u.text for u in units])  # [units, sentences, 3]
    results: list[ClaimResult] = []
    for unit, rows in zip(units, probs):
        best = int(rows[:, ENT].argmax())
        p_ent = float(rows[best, ENT])
        results.append(result(unit, p_ent, rows[best], Premise.of_sentences(doc, [best], "sentence"), error=p_ent < unit_threshold))
    return mean([r.score for r in results]), results


def _snippet(text: str) -> str:
    return " ".join(text.split())[:120]

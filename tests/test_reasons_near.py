"""A reason never quotes, as the closest sentence of an unsupported claim, one the model reads as (nearly)
entailing it without saying so; such a claim goes to review, not block (factalign/reasons.py)."""

from factalign.data import Claim, ClaimResult, Document, Premise
from factalign.reasons import MAY_SAY_SAME, add_reasons

DOC = Document.from_text("The ferry service to Hollin Island ends in October. A new pier opens in spring.")


def unsupported(probs, decision="block"):
    premise = Premise([0], DOC.sentence(0), "sentence", [DOC.sentences[0]])
    return ClaimResult(Claim("Ferries to Hollin Island stop running in October.", 0), probs[0] - probs[2], probs,
                       premise, label="unsupported", decision=decision)


def test_a_closest_sentence_the_model_nearly_entails_is_said_to_maybe_say_the_same_and_reviewed():
    near = unsupported((0.45, 0.40, 0.15))
    add_reasons([near], DOC, None)
    assert near.reason == f"{MAY_SAY_SAME}: The ferry service to Hollin Island ends in October."
    assert near.decision == "review"


def test_entailment_on_top_counts_as_near_even_below_the_bound():
    top = unsupported((0.38, 0.33, 0.29))
    add_reasons([top], DOC, None)
    assert top.reason.startswith(MAY_SAY_SAME) and top.decision == "review"


def test_a_closest_sentence_the_model_does_not_entail_is_quoted_as_closest_and_stays_blocked():
    far = unsupported((0.2, 0.7, 0.1))
    add_reasons([far], DOC, None)
    assert far.reason == "no sentence supports it (closest: The ferry service to Hollin Island ends in October.)"
    assert far.decision == "block"

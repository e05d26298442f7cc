"""Claim-level training pairs: dropped details stay entailed, edited claims contradict."""

from factalign.train.claim_pairs import claim_pairs
from factalign.train.mix import spacy_pipeline

DOC = {("test", "moon"): ["Natalia Moon, a model from Darwin, moved to the Philippines in 2012.",
                          "She became fluent in Tagalog.", "The weather in Manila was hot that year.",
                          "Moon landed a major role in the sitcom Ismol Family in 2014."]}


def test_claims_of_a_sentence_are_entailed_and_their_edits_contradicted():
    pairs = claim_pairs(DOC, spacy_pipeline(), 13)
    first = DOC[("test", "moon")][0]
    entailed = {(p["premise"], p["hypothesis"]) for p in pairs if p["label"] == "entailment"}
    assert (first, "Natalia Moon moved to the Philippines.") in entailed  # "in 2012" dropped: still entailed
    assert (first, "Natalia Moon was a model from Darwin.") in entailed
    contradictions = [p for p in pairs if p["label"] == "contradiction"]
    assert contradictions and all((p["premise"], p["hypothesis"]) not in entailed for p in contradictions)
    assert {p["source"] for p in pairs} == {"claims-test"}
    assert claim_pairs(DOC, spacy_pipeline(), 13) == pairs  # seeded

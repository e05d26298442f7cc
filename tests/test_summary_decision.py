"""A summary's verdict respects its claims (calibration.decision.judge_summary), on hand-chosen scores."""

from types import SimpleNamespace

from factalign.calibration.decision import CLAIM_LABELS, Bands, DecisionRule, judge_summary

SUMMARY = DecisionRule(0.9, {"kind": "platt", "a": 10.0, "b": -9.0}, Bands(0.95, 0.6, 0.1, 0.1))
CLAIM = DecisionRule(0.66, {"kind": "platt", "a": 10.0, "b": -6.6}, Bands(0.8, 0.3, 0.1, 0.1), CLAIM_LABELS)


def claims(*scores, reason=None):
    out = []
    for s in scores:
        d = CLAIM.decide(s)
        out.append(SimpleNamespace(score=s, counted=True, label=d.label, decision=d.outcome, reason=reason))
    return out


def test_a_blocked_claim_keeps_a_summary_from_passing():
    v = judge_summary(SUMMARY, 0.96, claims(0.99, 0.2, reason="50,000: the sources say 35,000"), CLAIM, as_claim=False)
    assert (v.label, v.outcome, v.threshold) == ("consistent", "review", 0.9)
    assert v.reason == ("consistent although claim 1 is unsupported: the summary score 0.9600 >= 0.9000, the summary "
                        "threshold; review, not pass: claim 1 is blocked (50,000: the sources say 35,000)")


def test_a_summary_whose_claims_all_pass_passes():
    v = judge_summary(SUMMARY, 0.96, claims(0.99, 0.97), CLAIM, as_claim=False)
    assert (v.label, v.outcome, v.reason) == ("consistent", "pass", None)


def test_inconsistent_although_every_claim_is_supported_says_why():
    v = judge_summary(SUMMARY, 0.76, claims(0.7, 0.82), CLAIM, as_claim=False)
    assert (v.label, v.outcome) == ("inconsistent", "review")
    assert v.reason == ("inconsistent although every claim is supported: the summary score 0.7600 < 0.9000, the summary "
                        "threshold (a claim needs 0.6600)")


def test_one_sentence_is_labelled_by_the_claim_rule_on_its_weakest_claim():
    v = judge_summary(SUMMARY, 0.76, claims(0.7, 0.82), CLAIM, as_claim=True)
    # weakest claim 0.70 >= 0.66: consistent, P = sigmoid(10 * 0.70 - 6.6) = sigmoid(0.4)
    assert (v.label, v.threshold) == ("consistent", 0.66)
    assert abs(v.probability - 1 / (1 + 2.718281828459045 ** -0.4)) < 1e-9
    # the summary rule says review (0.6 <= 0.76 < 0.95), the claim rule review (0.3 <= 0.70 < 0.8)
    assert v.outcome == "review"
    assert v.reason == "one sentence, judged as a claim: its weakest claim scores 0.7000 >= 0.6600, the claim threshold"


def test_one_sentence_takes_label_probability_and_outcome_from_the_claim_rule_alone():
    # the summary rule would block (0.5 < 0.6): the claim rule passes (0.85 >= 0.8), and one rule decides
    passed = judge_summary(SUMMARY, 0.5, claims(0.85), CLAIM, as_claim=True)
    assert (passed.label, passed.outcome, passed.threshold) == ("consistent", "pass", 0.66)
    assert passed.reason is None  # a pass carries no "why"
    # the summary rule would pass (0.97 >= 0.95): the claim rule reviews (0.3 <= 0.7 < 0.8)
    reviewed = judge_summary(SUMMARY, 0.97, claims(0.7), CLAIM, as_claim=True)
    assert (reviewed.label, reviewed.outcome) == ("consistent", "review")
    blocked = judge_summary(SUMMARY, 0.97, claims(0.2), CLAIM, as_claim=True)
    assert (blocked.label, blocked.outcome) == ("inconsistent", "block")
    assert blocked.reason == "one sentence, judged as a claim: its weakest claim scores 0.2000 < 0.6600, the claim threshold"


def test_without_a_claim_rule_one_sentence_is_a_summary():
    v = judge_summary(SUMMARY, 0.76, [SimpleNamespace(score=0.7, counted=True, label=None, decision=None, reason=None)],
                      None, as_claim=True)
    assert (v.label, v.outcome, v.threshold, v.reason) == ("inconsistent", "review", 0.9, None)


def test_one_sentence_whose_claim_was_moved_to_review_is_not_blocked():
    moved = claims(0.2)
    moved[0].decision = "review"  # reasons.py: its closest sentence may say the same in other words
    v = judge_summary(SUMMARY, 0.97, moved, CLAIM, as_claim=True)
    assert (v.label, v.outcome) == ("inconsistent", "review")


def test_one_sentence_is_blocked_when_its_weakest_claim_is_though_another_claim_is_in_review():
    mixed = claims(0.7, 0.2)  # 0.7: review under the claim rule; 0.2: block
    v = judge_summary(SUMMARY, 0.97, mixed, CLAIM, as_claim=True)
    assert (v.label, v.outcome) == ("inconsistent", "block")


def test_a_claim_blocked_on_a_finding_blocks_the_summary_whatever_its_score():
    """Issue 60: `--fail-on block` fails a text whose claim is blocked on a concrete finding (a check found a number,
    a name, a negation or roles the sources have otherwise), even where the text's own score passes it."""
    found = claims(0.99, 0.2, reason="50,000: the sources say 35,000")
    v = judge_summary(SUMMARY, 0.96, found, CLAIM, as_claim=False, found=[1])
    assert (v.label, v.outcome) == ("consistent", "block")
    assert v.reason.endswith("; block: claim 1 is blocked on a finding (50,000: the sources say 35,000)")
    assert judge_summary(SUMMARY, 0.7, found, CLAIM, as_claim=False, found=[1]).outcome == "block"  # from review


def test_a_finding_on_a_claim_that_is_not_blocked_changes_nothing():
    v = judge_summary(SUMMARY, 0.96, claims(0.99, 0.7), CLAIM, as_claim=False, found=[1])  # claim 1 is in review
    assert (v.outcome, v.reason) == ("pass", None)
    v = judge_summary(SUMMARY, 0.96, claims(0.99, 0.2), CLAIM, as_claim=False, found=[0])  # the finding is on claim 0
    assert v.outcome == "review" and v.reason.endswith("review, not pass: claim 1 is blocked")

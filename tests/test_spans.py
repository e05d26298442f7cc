"""Unsupported words (factalign/spans): where in the output they lie, on claims and table NLIs chosen here."""

from __future__ import annotations

import json

import pytest

from factalign import Scorer
from factalign.cli import main
from factalign.data import Claim, ClaimResult, Document, Premise, SummaryResult, UnsupportedSpan
from factalign.nli.table import TableNLI
from factalign.report.payload import row_view
from factalign.spans.output import unsupported_spans
from factalign.spans.words import word_model

DOCUMENT = "The museum opened in 1990. It has twelve rooms."
SUMMARY = "The museum opened in 1990. It has twelve rooms and a large garden in Paris."


def claim(text: str, sentence: int, label: str | None, premise: str = DOCUMENT, score: float = 0.1,
          decision: str | None = None) -> ClaimResult:
    return ClaimResult(Claim(text, sentence), score, (0.1, 0.8, 0.1), Premise([0, 1], premise, "sentence"), label,
                       decision=decision, reason="no sentence supports it")


def test_the_words_the_evidence_lacks_are_marked_in_the_output_not_the_claim():
    summary = Document.from_text(SUMMARY)
    spans = unsupported_spans(summary, DOCUMENT, [claim("The museum opened in 1990.", 0, "supported", score=0.9),
                                        claim("The museum has a large garden in Paris.", 1, "unsupported")])
    assert [(s.text, s.claims, s.reason) for s in spans] == [("large garden in Paris", [1], "no sentence supports it")]
    assert all(SUMMARY[s.start:s.end] == s.text for s in spans)
    assert all(0.0 <= s.score <= 1.0 and s.score >= word_model().threshold for s in spans)


def test_an_output_with_no_unsupported_claim_has_no_span():
    summary = Document.from_text(SUMMARY)
    assert unsupported_spans(summary, DOCUMENT, [claim("The museum has a large garden in Paris.", 1, "supported")]) == []
    assert unsupported_spans(summary, DOCUMENT, [claim("The museum has a large garden in Paris.", 1, None, decision="review")]) == []


def test_without_claim_labels_a_blocked_claim_counts_as_unsupported():
    summary = Document.from_text(SUMMARY)
    spans = unsupported_spans(summary, DOCUMENT, [claim("The museum has a large garden in Paris.", 1, None, decision="block")])
    assert [s.text for s in spans] == ["large garden in Paris"]


def test_an_unsupported_claim_with_no_flagged_word_marks_its_whole_sentence(monkeypatch):
    """Swapped roles or a negation may leave no word to flag; the claim's place in the output is marked instead."""
    from factalign.spans import output

    model = word_model()
    monkeypatch.setattr(output, "word_model", lambda: type(model)(model.first, model.second, 1.01, model.sha256))
    summary = Document.from_text("The museum opened in 1990. It has twelve rooms.")
    spans = unsupported_spans(summary, DOCUMENT, [claim("It has twelve rooms.", 1, "unsupported", score=0.25)])
    assert [(s.text, s.score) for s in spans] == [("It has twelve rooms.", 0.75)]


def test_two_claims_flagging_the_same_words_make_one_span_naming_both():
    summary = Document.from_text(SUMMARY)
    spans = unsupported_spans(summary, DOCUMENT, [claim("The museum has a large garden in Paris.", 1, "unsupported"),
                                        claim("It has a large garden in Paris.", 1, "unsupported")])
    assert [(s.text, s.claims) for s in spans] == [("large garden in Paris", [0, 1])]


def test_spans_survive_the_json_round_trip():
    result = SummaryResult(0.4, [], "fenice", "sig", unsupported_spans=[UnsupportedSpan(3, 9, "museum", [0], 0.8, "why")])
    again = SummaryResult.from_dict(json.loads(json.dumps(result.to_dict())))
    assert again.unsupported_spans == result.unsupported_spans


SENTENCES = ("The museum opened in 1990.", "It has twelve rooms.")
CLAIMS = ("The museum opened in 1990.", "It has twelve rooms and a large garden in Paris.")
TABLE = {(SENTENCES[0], CLAIMS[0]): [0.95, 0.04, 0.01], (SENTENCES[1], CLAIMS[0]): [0.02, 0.97, 0.01],
         (SENTENCES[0], CLAIMS[1]): [0.01, 0.98, 0.01], (SENTENCES[1], CLAIMS[1]): [0.05, 0.90, 0.05]}


def scored():
    from tests.helpers import FixedClaims

    nli = TableNLI(TABLE)
    extractor = FixedClaims((CLAIMS[0], 0), (CLAIMS[1], 1))
    return Scorer("nli-sent", nli=nli, coref="none", extractor=extractor, threshold=0.5).score(DOCUMENT, SUMMARY)


def test_the_scorer_fills_them_and_the_report_carries_them():
    result = scored()
    assert [c.label for c in result.claims] == ["supported", "unsupported"]
    assert [s.text for s in result.unsupported_spans] == ["a large garden in Paris"]  # read against the whole document
    view = row_view(result.to_dict(), DOCUMENT, SUMMARY)
    span = result.unsupported_spans[0]
    assert view["unsupported"] == [{"span": [span.start, span.end], "claims": [1], "reason": span.reason}]


def test_score_spans_prints_one_line_per_span_and_refuses_json_beside_it(tmp_path, capsys):
    doc, summ = tmp_path / "doc.txt", tmp_path / "summ.txt"
    doc.write_text(DOCUMENT)
    summ.write_text(SUMMARY)
    table = tmp_path / "table.jsonl"
    table.write_text("".join(json.dumps({"premise": p, "hypothesis": h, "probs": v}) + "\n" for (p, h), v in TABLE.items()))
    args = ["score", "--document", str(doc), "--summary", str(summ), "--method", "nli-sent", "--nli", f"table:{table}",
            "--extractor", "sentences", "--coref", "none", "--threshold", "0.5", "--no-cache"]
    assert main(args + ["--spans"]) == 0
    out = capsys.readouterr().out.splitlines()
    start = SUMMARY.index("a large garden")
    assert len(out) == 1 and out[0].startswith(f'{summ}:{start}-{start + len("a large garden in Paris")}: '
                                               '"a large garden in Paris" (claim 1: ')
    with pytest.raises(SystemExit):
        main(args + ["--spans", "--json"])
    assert "not allowed with argument" in capsys.readouterr().err

"""The CLI end to end on the table backend, and every bad input it must refuse in one line."""

import io
import json
from pathlib import Path

import pytest

from factalign.cli import main
from factalign.text import split_sentences

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
DOC = (EXAMPLES / "document.txt").read_text()
SUMMARY = (EXAMPLES / "summary.txt").read_text()


def sentences(text):
    return [text[s:e] for s, e in split_sentences(text)]


def write_table(path, pairs_of):
    """A table for nli-sent: summary sentence h entailed by the first document sentence that shares its first word."""
    rows = []
    for doc, summ in pairs_of:
        for h in sentences(summ):
            for p in sentences(doc):
                hit = h.split()[0] in p
                rows.append({"premise": p, "hypothesis": h, "probs": [0.8, 0.15, 0.05] if hit else [0.1, 0.6, 0.3]})
    path.write_text(json.dumps(rows))
    return f"table:{path}"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code, err, *fragments):
    assert code != 0
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("factalign: error: "), err
    assert "Traceback" not in err
    for f in fragments:
        assert f in lines[0]


def test_score_prints_score_signature_and_alignments(tmp_path, capsys):
    nli = write_table(tmp_path / "t.json", [(DOC, SUMMARY)])
    code, out, _ = run(capsys, "score", "--document", EXAMPLES / "document.txt", "--summary", EXAMPLES / "summary.txt",
                       "--method", "nli-sent", "--nli", nli, "--threshold", "0.5")
    assert code == 0
    assert out.startswith("NLI-SENT = ") and "method:nli-sent|nli:table:t.json#sha256=" in out
    assert "Natalia Moon moved to the Philippines in 2012 and learned Tagalog." in out


def test_score_json_spans_index_the_document(tmp_path, capsys, monkeypatch):
    nli = write_table(tmp_path / "t.json", [(DOC, SUMMARY)])
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(SUMMARY.encode())))
    code, out, _ = run(capsys, "score", "--document", EXAMPLES / "document.txt", "--summary", "-",
                       "--method", "nli-sent", "--nli", nli, "--json")
    assert code == 0
    result = json.loads(out)
    assert len(result["claims"]) == 3
    for c in result["claims"]:
        (s, e), = c["premise"]["spans"]
        assert DOC[s:e] == c["premise"]["text"]
        assert set(c["probs"]) == {"p_ent", "p_neu", "p_con"}
        assert c["score"] == pytest.approx(c["probs"]["p_ent"] - c["probs"]["p_con"])
    assert {"label", "threshold", "probability", "calibration"} <= set(result)


def test_the_table_shows_the_documents_own_text_and_the_rewritten_premise_apart():
    from factalign.result_table import aligned_source
    from factalign.data import Claim, ClaimResult, Premise

    start = DOC.index("She is now known to her fans")
    end = DOC.index(".", start) + 1
    rewritten = DOC[start:end].replace("She", "Natalia Moon").replace("her fans", "Natalia Moon fans")
    claim = ClaimResult(Claim("Moon is known as the blonde Filipino.", 0), 0.9, (0.9, 0.1, 0.0),
                        Premise([5], rewritten, "sentence", [(start, end)]))
    assert aligned_source(claim, DOC) == (DOC[start:end], rewritten)
    same = ClaimResult(claim.claim, 0.9, (0.9, 0.1, 0.0), Premise([5], DOC[start:end], "sentence", [(start, end)]))
    assert aligned_source(same, DOC) == (DOC[start:end], None)


def test_old_results_with_unlabelled_probs_still_load():
    from factalign.data import SummaryResult

    claim = {"claim": {"text": "A.", "sentence_index": 0, "span": None}, "score": 0.5, "probs": [0.6, 0.3, 0.1],
             "premise": None, "label": None, "details": {}}
    result = SummaryResult.from_dict({"score": 0.5, "claims": [claim], "method": "nli-sent", "signature": "s"})
    assert result.claims[0].probs == (0.6, 0.3, 0.1)
    assert result.to_dict()["claims"][0]["probs"] == {"p_ent": 0.6, "p_neu": 0.3, "p_con": 0.1}
    assert SummaryResult.from_dict(result.to_dict()) == result


def test_batch_appends_and_a_rerun_skips_finished_ids(tmp_path, capsys):
    rows = [json.loads(line) for line in (EXAMPLES / "batch.jsonl").read_text().splitlines()]
    nli = write_table(tmp_path / "t.json", [(r["document"], r["summary"]) for r in rows])
    out_path = tmp_path / "out.jsonl"
    code, _, _ = run(capsys, "batch", EXAMPLES / "batch.jsonl", "--output", out_path, "--method", "nli-sent", "--nli", nli, "--quiet")
    assert code == 0
    assert [json.loads(line)["id"] for line in out_path.read_text().splitlines()] == ["moon-1", "moon-2", "moon-3"]
    code, _, _ = run(capsys, "batch", EXAMPLES / "batch.jsonl", "--output", out_path, "--method", "nli-sent",
                     "--nli", "table:/nonexistent-table-proves-no-model-is-needed.json", "--quiet")
    assert code == 2  # the table file is missing: loading fails before anything is rescored
    assert len(out_path.read_text().splitlines()) == 3


def test_batch_reports_bad_lines_and_keeps_the_others(tmp_path, capsys):
    good = {"id": "ok", "document": DOC, "summary": SUMMARY}
    lines = [json.dumps(good), "{not json", json.dumps({"id": "x", "document": DOC}),
             json.dumps({"id": "empty", "document": DOC, "summary": "   "}), json.dumps({**good, "id": "ok2"})]
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n")
    nli = write_table(tmp_path / "t.json", [(DOC, SUMMARY)])
    out_path = tmp_path / "out.jsonl"
    code, _, err = run(capsys, "batch", src, "--output", out_path, "--method", "nli-sent", "--nli", nli, "--quiet")
    assert code == 1
    assert [json.loads(line)["id"] for line in out_path.read_text().splitlines()] == ["ok", "ok2"]
    assert f"{src}:2: not valid JSON" in err
    assert f"{src}:3: missing field summary" in err
    assert f"{src}:4: the summary is empty" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("doc_text,summary_text,fragment", [
    ("", "A summary.", "the document is empty"),
    ("A document.", " \n\t ", "the summary is empty"),
])
def test_empty_inputs(tmp_path, capsys, doc_text, summary_text, fragment):
    (tmp_path / "d.txt").write_text(doc_text)
    (tmp_path / "s.txt").write_text(summary_text)
    code, _, err = run(capsys, "score", "--document", tmp_path / "d.txt", "--summary", tmp_path / "s.txt", "--nli", "table:x")
    assert_one_line_error(code, err, fragment)


def test_missing_file(tmp_path, capsys):
    code, _, err = run(capsys, "score", "--document", tmp_path / "nope.txt", "--summary", EXAMPLES / "summary.txt")
    assert_one_line_error(code, err, "file not found", "nope.txt")


def test_non_utf8_bytes(tmp_path, capsys):
    (tmp_path / "d.txt").write_bytes(b"Caf\xe9 au lait.")
    code, _, err = run(capsys, "score", "--document", tmp_path / "d.txt", "--summary", EXAMPLES / "summary.txt")
    assert_one_line_error(code, err, "not UTF-8", "offset 3")


def test_unknown_method_and_backend(capsys):
    base = ["score", "--document", EXAMPLES / "document.txt", "--summary", EXAMPLES / "summary.txt"]
    code, _, err = run(capsys, *base, "--method", "bertscore")
    assert_one_line_error(code, err, "unknown method 'bertscore'", "fenice")
    code, _, err = run(capsys, *base, "--nli", "gpt:x")
    assert_one_line_error(code, err, "unknown NLI backend 'gpt'")
    code, _, err = run(capsys, *base, "--coref", "magic")
    assert_one_line_error(code, err, "unknown coref backend")


def test_model_directory_without_a_model(tmp_path, capsys):
    (tmp_path / "tokenizer.json").write_text("{}")
    code, _, err = run(capsys, "score", "--document", EXAMPLES / "document.txt", "--summary", EXAMPLES / "summary.txt",
                       "--nli", f"onnx:{tmp_path}")
    assert_one_line_error(code, err, "has no model.onnx")


def test_five_megabyte_document(tmp_path, capsys):
    (tmp_path / "d.txt").write_text("The cat sat on the mat. " * 220_000)
    code, _, err = run(capsys, "score", "--document", tmp_path / "d.txt", "--summary", EXAMPLES / "summary.txt",
                       "--nli", "table:x", "--no-cache")
    assert_one_line_error(code, err, "5,280,000 characters", "--max-chars")


def test_bad_parameter(capsys):
    code, _, err = run(capsys, "score", "--document", EXAMPLES / "document.txt", "--summary", EXAMPLES / "summary.txt",
                       "--param", "T=high")
    assert_one_line_error(code, err, "'high' is not a valid float")


def test_models_names_the_default_hf_model(capsys):
    from factalign.nli.hf import DEFAULT_HF_MODEL

    code, out, _ = run(capsys, "models")
    assert code == 0 and f"default: {DEFAULT_HF_MODEL}" in out and "[installed]" in out


def test_score_batch_shows_progress_unless_asked_not_to(tmp_path, capsys):
    from factalign import Scorer

    nli = write_table(tmp_path / "t.json", [(DOC, SUMMARY)])
    scorer = Scorer("nli-sent", nli=nli)
    assert len(scorer.score_batch([DOC] * 2, [SUMMARY] * 2)) == 2
    assert "scoring (nli-sent): 100%" in capsys.readouterr().err
    scorer.score_batch([DOC] * 2, [SUMMARY] * 2, progress=False)
    assert "scoring" not in capsys.readouterr().err


def test_a_usage_error_is_one_line_with_a_pointer_to_help(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["bench", "--data"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1
    assert err.startswith("factalign: error: argument --data: expected one argument") and "factalign bench --help" in err


@pytest.mark.parametrize("argv, message", [
    (["score", "--methods", "fenice", "--summary", "s.txt"],
     "unrecognized arguments: --methods fenice; did you mean --method? (see 'factalign score --help')"),
    (["cache", "merge", "a.sqlite", "b.sqlite", "extra", "--intoo", "c"],
     "unrecognized arguments: --intoo c (see 'factalign cache merge --help')"),
])
def test_an_unknown_option_points_to_its_subcommands_help(capsys, argv, message):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and capsys.readouterr().err == f"factalign: error: {message}\n"


@pytest.mark.parametrize("method, params, gate, message", [
    ("fenice", [], "75", "--fail-under 75 is outside the score range of fenice, [-1, 1]"),
    ("summac-zs", [], "-0.5", "--fail-under -0.5 is outside the score range of summac-zs, [0, 1]"),
])
@pytest.mark.parametrize("command", ["score", "batch"])
def test_a_gate_outside_the_methods_score_range_is_refused_naming_the_range(tmp_path, capsys, command, method, params,
                                                                             gate, message):
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"id": 1, "document": DOC, "summary": SUMMARY}) + "\n")
    where = ["--document", tmp_path / "missing.txt", "--summary", tmp_path / "missing.txt"] if command == "score" else \
        [rows, "--output", tmp_path / "out.jsonl"]
    code, _, err = run(capsys, command, *where, "--method", method, *params, "--nli", "table:/no/model/is/loaded.json",
                       "--fail-under", gate)
    assert_one_line_error(code, err, message)
    assert not (tmp_path / "out.jsonl").exists()


def test_a_gate_inside_the_range_of_the_methods_settings_is_taken(tmp_path, capsys):
    doc, summ = tmp_path / "d.txt", tmp_path / "s.txt"
    doc.write_text(DOC)
    summ.write_text(SUMMARY)
    code, _, err = run(capsys, "score", "--document", doc, "--summary", summ, "--method", "summac-zs", "--param",
                       "use_con=true", "--nli", write_table(tmp_path / "t.json", [(DOC, SUMMARY)]), "--fail-under", "-0.5")
    assert code == 0, err

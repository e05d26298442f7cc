"""Bad input of issue 28: an output that is an input, a CSV with a byte-order mark, an output that is no
batch output, JSON with a repeated key, a lone surrogate or deep nesting, an ASCII-only terminal,
control characters in a file name, wrong arguments to score_batch and from_dict. Each ends in one
line `factalign: error: ...` (or a bad row reported by its line) and loses nothing already there."""

import io
import json
import os
import sys

import pytest

from factalign import Scorer
from factalign.data import SummaryResult
from factalign.errors import FactalignError
from factalign.io import distinct_files
from tests.test_batch_io import DOCS, SUMS, WordsNLI, words_nli  # noqa: F401  (words_nli: the autouse fixture)
from tests.test_cli import assert_one_line_error, run

MODEL = ("--method", "nli-sent", "--nli", "words", "--no-cache", "--threshold", "0.5")
DEEP = "[" * 100_000 + "]" * 100_000


def batch(capsys, *args):
    return run(capsys, "batch", *args, *MODEL, "--quiet")


def write_rows(path, rows):
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def row(n):
    return {"id": f"r{n}", "document": DOCS[n % 2], "summary": SUMS[n % 2]}


def output_ids(path):
    return [json.loads(line)["id"] for line in path.read_text().splitlines()]


def pair(tmp_path):
    (tmp_path / "doc.txt").write_text(DOCS[0])
    (tmp_path / "sum.txt").write_text(SUMS[0])
    return tmp_path / "doc.txt", tmp_path / "sum.txt"


# 1. an output path that is an input or another output

def test_score_html_onto_the_document_is_refused_and_the_document_kept(tmp_path, capsys):
    doc, summary = pair(tmp_path)
    code, _, err = run(capsys, "score", "--document", doc, "--summary", summary, "--html", doc, *MODEL)
    assert_one_line_error(code, err, "--html", "--document", str(doc))
    assert code == 2 and doc.read_text() == DOCS[0]


@pytest.mark.parametrize("clash", ["output is input", "output links to input", "html is input", "html is output"])
def test_batch_outputs_onto_an_input_or_each_other_are_refused(tmp_path, capsys, clash):
    rows = write_rows(tmp_path / "rows.jsonl", [row(0), row(1)])
    before = rows.read_bytes()
    out = tmp_path / "out.jsonl"
    if clash == "output links to input":
        os.symlink(rows, tmp_path / "link.jsonl")
    output = {"output is input": rows, "output links to input": tmp_path / "link.jsonl"}.get(clash, out)
    html = {"html is input": rows, "html is output": out}.get(clash)
    code, _, err = batch(capsys, rows, "--output", output, *(["--html", html] if html else []))
    names = {"output is input": ("--output", "the input"), "output links to input": ("--output", "the input"),
             "html is input": ("--html", "the input"), "html is output": ("--html", "--output")}[clash]
    assert_one_line_error(code, err, *names)
    assert code == 2 and rows.read_bytes() == before and not out.exists()


def test_report_output_onto_its_result_or_a_text_is_refused(tmp_path, capsys):
    doc, summary = pair(tmp_path)
    result = tmp_path / "result.json"
    result.write_text("{}")
    code, _, err = run(capsys, "report", result, "-o", result)
    assert_one_line_error(code, err, "--output", "the result file")
    code, _, err = run(capsys, "report", result, "-o", doc, "--document", doc, "--summary", summary)
    assert_one_line_error(code, err, "--output", "--document")
    assert result.read_text() == "{}" and doc.read_text() == DOCS[0]


def test_distinct_files_sees_through_hard_links_and_linked_directories(tmp_path):
    (tmp_path / "a.txt").write_text("a")
    os.link(tmp_path / "a.txt", tmp_path / "hard.txt")
    os.symlink(tmp_path, tmp_path / "dir")
    with pytest.raises(FactalignError, match="--out .*hard.txt is the same file as --in"):
        distinct_files({"--in": str(tmp_path / "a.txt")}, {"--out": str(tmp_path / "hard.txt")})
    with pytest.raises(FactalignError, match="--second .* is the same file as --first"):  # neither exists yet
        distinct_files({}, {"--first": str(tmp_path / "new.html"), "--second": str(tmp_path / "dir" / "new.html")})
    distinct_files({"--in": "-", "--rows": None}, {"--out": str(tmp_path / "b.txt"), "--html": None})


# 2. a CSV that starts with a byte-order mark

def test_a_file_with_a_byte_order_mark_is_read_by_batch_and_bench(tmp_path, capsys):
    from factalign.bench.data import load_benchmark

    path = tmp_path / "rows.csv"
    path.write_text("id,document,summary,label\n" + "".join(f'r{n},"{DOCS[n]}","{SUMS[n]}",1\n' for n in (0, 1)),
                    encoding="utf-8-sig")
    code, err = batch(capsys, path, "--output", tmp_path / "out.jsonl")[0::2]
    assert code == 0, err
    assert output_ids(tmp_path / "out.jsonl") == ["r0", "r1"]
    assert [ex.id for ex in load_benchmark(f"csv:{path}").examples] == ["r0", "r1"]
    jsonl = tmp_path / "rows.jsonl"  # the same mark before a JSONL file's first row
    jsonl.write_text(json.dumps(row(0)) + "\n", encoding="utf-8-sig")
    assert batch(capsys, jsonl, "--output", tmp_path / "jsonl.out")[0] == 0
    assert output_ids(tmp_path / "jsonl.out") == ["r0"]


# 3. an existing --output that is no batch output

@pytest.mark.parametrize("content", ["id,score\nr0,0.5\n", "my notes, no newline at the end", '{"name": "not a result"}\n',
                                     '{"id": "r0", "score": 1}\nnot json\n', json.dumps(row(0)) + "\n"],
                         ids=["csv", "text", "other json", "a line not json", "a copy of the input"])
def test_an_output_that_is_no_batch_output_is_refused_untouched(tmp_path, capsys, content):
    rows = write_rows(tmp_path / "rows.jsonl", [row(0)])
    out = tmp_path / "out.txt"
    out.write_text(content)
    code, _, err = batch(capsys, rows, "--output", out)
    assert_one_line_error(code, err, str(out), "is not a batch output")
    assert out.read_text() == content


def test_a_torn_first_row_is_still_dropped_and_scored_again(tmp_path, capsys):
    rows = write_rows(tmp_path / "rows.jsonl", [row(0), row(1)])
    out = tmp_path / "out.jsonl"
    out.write_text('{"id": "r0", "sco')  # killed while writing the first row
    code, _, err = batch(capsys, rows, "--output", out)
    assert code == 0 and "dropped its last line" in err
    assert output_ids(out) == ["r0", "r1"]


# 4-6. JSON rows: a repeated key, a lone surrogate, nesting too deep

@pytest.mark.parametrize("bad, message", [
    (json.dumps(row(1))[:-1] + ', "summary": "Bob danced."}', "key 'summary' appears more than once in one JSON object"),
    (json.dumps({**row(1), "summary": "Anna sang \ud800."}),  # escaped as \ud800 in the file
     "holds a lone surrogate \\ud800, which is not valid Unicode text"),
    (DEEP, "JSON nested too deeply"),
], ids=["repeated key", "lone surrogate", "nested too deeply"])
def test_a_bad_json_row_is_reported_by_its_line_and_the_others_scored(tmp_path, capsys, bad, message):
    rows = write_rows(tmp_path / "rows.jsonl", [row(0), bad, row(2)])
    out = tmp_path / "out.jsonl"
    code, _, err = batch(capsys, rows, "--output", out)
    assert code == 1 and "Traceback" not in err
    assert [line for line in err.splitlines() if line.startswith("factalign: error: ")] == \
        [f"factalign: error: {rows}:2: {message}"]
    assert output_ids(out) == ["r0", "r2"]


def test_a_repeated_key_in_a_bench_row_is_one_line_error(tmp_path, capsys):
    from factalign.bench.data import load_benchmark

    path = tmp_path / "rows.jsonl"
    path.write_text('{"doc": "D.", "summary": "S.", "label": 1}\n{"doc": "D.", "summary": "S.", "label": 1, "label": 0}\n')
    with pytest.raises(FactalignError, match=r"rows.jsonl:2: key 'label' appears more than once"):
        load_benchmark(f"jsonl:{path}")


def test_a_calibration_file_nested_too_deeply_is_one_line_error(tmp_path, capsys):
    doc, summary = pair(tmp_path)
    (tmp_path / "cal.json").write_text(DEEP)
    code, _, err = run(capsys, "score", "--document", doc, "--summary", summary, "--method", "nli-sent", "--nli", "words",
                       "--no-cache", "--calibration", tmp_path / "cal.json")
    assert_one_line_error(code, err, "cal.json")


# 7-8. what the CLI prints: an ASCII-only terminal, control characters in a file name

def test_text_an_ascii_terminal_cannot_show_is_escaped(tmp_path, capsys, monkeypatch):
    doc, summary = pair(tmp_path)
    summary.write_text("Anna sang in Paris \U0001f600.")
    stdout, stderr = io.BytesIO(), io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(stdout, encoding="ascii"))
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(stderr, encoding="ascii"))
    assert run(capsys, "score", "--document", doc, "--summary", summary, *MODEL)[0] == 0
    assert run(capsys, "score", "--document", tmp_path / "\U0001f600.txt", "--summary", summary, *MODEL)[0] == 2
    sys.stdout.flush()
    sys.stderr.flush()
    assert b"Anna sang in Paris \\U0001f600." in stdout.getvalue()
    assert stderr.getvalue().decode("ascii").startswith("factalign: error: file not found: ")
    assert b"\\U0001f600.txt" in stderr.getvalue()


def test_control_characters_in_a_file_name_are_printed_escaped(tmp_path, capsys):
    name = tmp_path / "x\x1b[2Jy\x07.jsonl"
    code, _, err = run(capsys, "score", "--document", name, "--summary", name, *MODEL)
    assert_one_line_error(code, err, "x\\x1b[2Jy\\x07.jsonl")
    assert "\x1b" not in err and "\x07" not in err
    write_rows(name, [row(0), "not json"])
    code, _, err = batch(capsys, name, "--output", tmp_path / "out.jsonl")
    assert code == 1 and "x\\x1b[2Jy\\x07.jsonl:2: not valid JSON" in err and "\x1b" not in err


# 9. the Python API

def test_score_batch_takes_sequences_of_texts_only():
    scorer = Scorer("nli-sent", nli=WordsNLI(), calibration=None)
    with pytest.raises(FactalignError, match="list of str or Document as documents, not dict"):
        scorer.score_batch({"a": 1}, {"b": 2})
    with pytest.raises(FactalignError, match="as summaries, not set"):
        scorer.score_batch(DOCS, set(SUMS))
    with pytest.raises(FactalignError, match="as summaries; item 1 is int"):
        scorer.score_batch(DOCS, [SUMS[0], 3])
    assert len(scorer.score_batch(tuple(DOCS), (s for s in SUMS), progress=False)) == 2


def test_from_dict_names_a_missing_field():
    with pytest.raises(FactalignError, match=r"SummaryResult.from_dict\(\): missing field 'score'"):
        SummaryResult.from_dict({"x": 1})
    claim = {"claim": {"text": "A.", "sentence_index": 0}, "score": 1.0, "premise": None}
    with pytest.raises(KeyError, match="ClaimResult.from_dict"):  # still a KeyError for callers that catch one
        SummaryResult.from_dict({"score": 1.0, "claims": [claim], "method": "m", "signature": "s"})
    result = Scorer("nli-sent", nli=WordsNLI(), threshold=0.5).score(DOCS[0], SUMS[0])
    assert SummaryResult.from_dict(result.to_dict()) == result


def test_a_calibration_or_result_file_with_a_repeated_key_is_refused(tmp_path, capsys):
    from factalign.calibration import Calibration
    from factalign.errors import FactalignError
    from factalign.report.load import read_results

    (tmp_path / "cal.json").write_text('{"format": "factalign-calibration/2", "threshold": 0.1, "threshold": 0.9}')
    with pytest.raises(FactalignError, match="'threshold' appears more than once"):
        Calibration.load(tmp_path / "cal.json")
    (tmp_path / "r.json").write_text('{"score": 0.1, "score": 0.9}')
    with pytest.raises(FactalignError, match="'score' appears more than once"):
        read_results(str(tmp_path / "r.json"))
    (tmp_path / "deep.json").write_text("[" * 100000 + "]" * 100000)
    with pytest.raises(FactalignError, match="nested too deeply"):
        read_results(str(tmp_path / "deep.json"))


def test_a_lone_surrogate_through_the_api_is_a_clear_error():
    from factalign import Scorer
    from factalign.errors import FactalignError
    from factalign.nli import TableNLI

    with pytest.raises(FactalignError, match="lone surrogate"):
        Scorer("nli-sent", nli=TableNLI({}), coref="none").score("A \ud800 document.", "A summary.")


def test_batch_output_named_html_is_refused(tmp_path, capsys):
    (tmp_path / "rows.jsonl").write_text('{"id": "a", "document": "D.", "summary": "S."}\n')
    code, _, err = run(capsys, "batch", tmp_path / "rows.jsonl", "--output", tmp_path / "x.html")
    assert_one_line_error(code, err, "--output", "x.html", "--html")
    assert not (tmp_path / "x.html").exists()

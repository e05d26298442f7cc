"""`batch` reads JSONL, CSV and Parquet with --columns, refuses to mix signatures in one output, ends with
an aggregate line; `score --fail-under` and `batch --fail-under` gate CI."""

import csv
import json

import numpy as np
import pytest

from factalign.cli import main
from factalign.nli import NLI_BACKENDS

DOCS = ["Anna sang in Paris. Bob danced in Rome.", "The museum opened in 1990. It holds old maps."]
SUMS = ["Anna sang in Paris.", "The museum holds old maps."]


class WordsNLI:
    """p_ent = share of hypothesis words found in the premise; the rest contradiction."""

    signature = "words"

    def predict(self, pairs):
        rows = []
        for p, h in pairs:
            words = h.lower().strip(".").split()
            share = sum(w in p.lower() for w in words) / len(words)
            rows.append((share, 0.0, 1 - share))
        return np.array(rows, dtype=float).reshape(len(pairs), 3)


@pytest.fixture(autouse=True)
def words_nli():
    NLI_BACKENDS.register("words")(WordsNLI)
    yield
    NLI_BACKENDS.unregister("words")


def batch(capsys, *args):
    code = main(["batch", *map(str, args), "--method", "nli-sent", "--nli", "words", "--no-cache", "--quiet",
                 "--threshold", "0.5"])
    out, err = capsys.readouterr()
    return code, err


def scores(path):
    return {r["id"]: r["score"] for r in map(json.loads, path.read_text().splitlines())}


def test_csv_with_mapped_columns_and_the_aggregate_line(tmp_path, capsys):
    with open(tmp_path / "in.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["key", "article", "highlights"])
        w.writerows([["a", DOCS[0], SUMS[0]], ["b", DOCS[1], SUMS[1]]])
    code, err = batch(capsys, tmp_path / "in.csv", "--output", tmp_path / "out.jsonl", "--columns", "id=key,doc=article",
                      "--columns", "summary=highlights")
    got = scores(tmp_path / "out.jsonl")
    assert code == 0 and got["a"] == 1.0 and got["b"] == pytest.approx(0.2)  # 3 of 5 words in "It holds old maps.": 0.6 - 0.4
    assert err.strip().endswith(f"factalign batch: 2 rows in {tmp_path / 'out.jsonl'}, mean score 0.6000, "
                                "50.0% labelled inconsistent")


def test_parquet_input(tmp_path, capsys):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    pd.DataFrame({"id": [7, 8], "document": DOCS, "summary": SUMS}).to_parquet(tmp_path / "in.parquet")
    code, err = batch(capsys, tmp_path / "in.parquet", "--output", tmp_path / "out.jsonl")
    assert code == 0 and scores(tmp_path / "out.jsonl") == {7: 1.0, 8: pytest.approx(0.2)}


def test_a_missing_column_is_named_and_mapped_with_columns(tmp_path, capsys):
    (tmp_path / "in.csv").write_text("id,text,summary\n1,Some text.,A summary.\n")
    code, err = batch(capsys, tmp_path / "in.csv", "--output", tmp_path / "out.jsonl")
    assert code == 2 and f"{tmp_path / 'in.csv'}:2: missing field document; the row's fields: id, text, summary; " \
        "map it with --columns document=text" in err
    code, err = batch(capsys, tmp_path / "in.csv", "--output", tmp_path / "out.jsonl", "--columns", "document=text")
    assert code == 0 and len((tmp_path / "out.jsonl").read_text().splitlines()) == 1
    code, err = batch(capsys, tmp_path / "in.csv", "--output", tmp_path / "out.jsonl", "--columns", "text=document")
    assert code == 2 and "--columns: unknown field 'text'; fields are: id, document, summary" in err


def test_an_output_made_with_other_settings_is_refused(tmp_path, capsys):
    rows = tmp_path / "in.jsonl"
    rows.write_text("".join(json.dumps({"id": i, "document": d, "summary": s}) + "\n" for i, (d, s) in enumerate(zip(DOCS, SUMS))))
    assert batch(capsys, rows, "--output", tmp_path / "out.jsonl")[0] == 0
    before = (tmp_path / "out.jsonl").read_text()
    code = main(["batch", str(rows), "--output", str(tmp_path / "out.jsonl"), "--method", "summac-zs", "--nli", "words",
                 "--no-cache", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "holds scores made with other settings (method:nli-sent|nli:words|" in err
    assert (tmp_path / "out.jsonl").read_text() == before


def test_fail_under_gates_score_and_batch(tmp_path, capsys):
    (tmp_path / "doc.txt").write_text(DOCS[1])
    (tmp_path / "sum.txt").write_text(SUMS[1])
    args = ["score", "--document", str(tmp_path / "doc.txt"), "--summary", str(tmp_path / "sum.txt"), "--method", "nli-sent",
            "--nli", "words", "--no-cache", "--json"]
    assert main(args + ["--fail-under", "0.1"]) == 0
    assert main(args + ["--fail-under", "0.5"]) == 1
    assert "factalign: the score 0.2000 is below --fail-under 0.5" in capsys.readouterr().err
    rows = tmp_path / "in.jsonl"
    rows.write_text("".join(json.dumps({"id": i, "document": d, "summary": s}) + "\n" for i, (d, s) in enumerate(zip(DOCS, SUMS))))
    assert batch(capsys, rows, "--output", tmp_path / "out.jsonl", "--fail-under", "0.55")[0] == 0
    code, err = batch(capsys, rows, "--output", tmp_path / "out.jsonl", "--fail-under", "0.7")  # a resumed run gates on all rows
    assert code == 1 and "the mean score 0.6000 is below --fail-under 0.7" in err


def test_a_frank_style_file_with_doc_reads_without_columns(tmp_path, capsys):
    """FRANK's rows say `doc`; batch's field is `document`: the same field, read without a mapping."""
    src = tmp_path / "frank.jsonl"
    src.write_text("".join(json.dumps({"id": f"f{i}", "origin": "cnndm", "doc": d, "summary": s, "label": 1}) + "\n"
                           for i, (d, s) in enumerate(zip(DOCS, SUMS))))
    code, err = batch(capsys, src, "--output", tmp_path / "out.jsonl")
    assert code == 0 and scores(tmp_path / "out.jsonl") == {"f0": 1.0, "f1": pytest.approx(0.2)}


def test_a_first_row_without_the_fields_fails_the_input_naming_its_fields_and_the_mapping(tmp_path, capsys):
    """One line before any row is scored (not one error per row), naming what the row has and the --columns
    that maps it; with that mapping the same file scores."""
    src = tmp_path / "cnn.jsonl"
    src.write_text("".join(json.dumps({"key": f"k{i}", "article": d, "highlights": s}) + "\n" for i, (d, s) in enumerate(zip(DOCS, SUMS))))
    out = tmp_path / "out.jsonl"
    code, err = batch(capsys, src, "--output", out)
    assert code == 2 and err.count("\n") == 1
    assert not out.exists() or out.read_text() == ""  # nothing scored
    assert err == (f"factalign: error: {src}:1: missing field id, document, summary; the row's fields: key, article, "
                   "highlights; map them with --columns id=key,document=article,summary=highlights\n")
    code, err = batch(capsys, src, "--output", out, "--columns", "id=key,document=article,summary=highlights")
    assert code == 0 and scores(out) == {"k0": 1.0, "k1": pytest.approx(0.2)}


def test_one_columns_parser_for_every_subcommand():
    from factalign.bench.data import parse_columns as bench_columns
    from factalign.columns import ROW_FIELDS, full_columns, parse_columns
    from factalign.errors import FactalignError

    assert parse_columns(["doc=article,summary=highlights", "id=key"], ROW_FIELDS) == \
        {"document": "article", "summary": "highlights", "id": "key"}  # doc names batch's document
    assert bench_columns("document=article") == {"doc": "article"}  # and document names bench's doc
    assert full_columns({"doc": "text"}, ROW_FIELDS) == {"id": "id", "document": "text", "summary": "summary", "sources": "sources"}
    for bad, batch_says, bench_says in [
            ("text=body", "unknown field 'text'; fields are: id, document, summary, sources", "unknown field 'text'; fields are: id, doc,"),
            ("doc=a,document=b", "field 'document' is mapped twice", "field 'doc' is mapped twice"),
            ("summary=", "takes FIELD=COLUMN", "takes FIELD=COLUMN"), ("summary", "options are K=V", "options are K=V")]:
        with pytest.raises(FactalignError, match=batch_says):
            parse_columns(bad, ROW_FIELDS)
        with pytest.raises(FactalignError, match=bench_says):
            bench_columns(bad)


def test_progress_shows_the_total_and_time_left_and_a_resumed_run_says_what_it_skipped(tmp_path, capsys):
    import re

    def run_batch(src, *extra):  # without --quiet: the progress bar on stderr
        code = main(["batch", str(src), "--output", str(tmp_path / "out.jsonl"), "--method", "nli-sent", "--nli", "words",
                     "--no-cache", "--threshold", "0.5", *extra])
        return code, capsys.readouterr().err.replace("\r", "\n")

    rows = [{"id": f"r{i}", "document": DOCS[i % 2], "summary": SUMS[i % 2]} for i in range(5)]
    (tmp_path / "first.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows[:2]))
    (tmp_path / "all.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, err = run_batch(tmp_path / "first.jsonl")
    assert code == 0 and re.search(r"\| 2/2 \[\d\d:\d\d<\d\d:\d\d", err), err  # done/total [elapsed<left
    assert "resuming" not in err and "skipped" not in err

    code, err = run_batch(tmp_path / "all.jsonl")  # resumed: the 2 finished rows are skipped, 3 scored
    assert code == 0
    assert f"resuming: {tmp_path / 'out.jsonl'} holds 2 finished rows" in err
    assert f"2 of 5 input rows skipped: already in {tmp_path / 'out.jsonl'}" in err
    assert re.search(r"\| 3/3 \[", err) and not re.search(r"[1-9]/5 \[", err)  # the total: what is left to score
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 5


def test_count_rows_for_the_progress_total(tmp_path):
    from factalign.engine.readers import count_rows

    (tmp_path / "r.jsonl").write_text('{"a": 1}\n\n  \n{"a": 2}\n')
    (tmp_path / "r.csv").write_text('id,document,summary\n1,"two\nlines",s\n\n2,d,s\n')
    assert count_rows(str(tmp_path / "r.jsonl")) == 2 and count_rows(str(tmp_path / "r.csv")) == 2
    assert count_rows("-") is None and count_rows(str(tmp_path / "absent.jsonl")) is None


@pytest.mark.parametrize("content, says", [
    (bytes(range(128, 256)) * 160 + b"\n" + bytes(range(200, 256)) + b"\n", "is not UTF-8 text: no line of it decodes"),
    ('{"id": "1", "document": "Café au lait.", "summary": "Café."}\n'.encode("latin-1") * 3,
     "is not UTF-8 text: no line of it decodes (line 1: invalid byte at offset 28)"),
    (b"hello\nworld\n", "is not JSONL: no JSON object on any line (line 1: not valid JSON (Expecting value at column 1))"),
    (b"[1, 2]\n\n", "is not JSONL: no JSON object on any line (line 1: expected a JSON object)"),
])
def test_an_input_without_a_json_row_is_refused_for_what_it_is_and_leaves_no_output(tmp_path, capsys, content, says):
    (tmp_path / "in.jsonl").write_bytes(content)
    code, err = batch(capsys, tmp_path / "in.jsonl", "--output", tmp_path / "out.jsonl")
    assert code == 2 and err.count("\n") == 1 and says in err and "is empty" not in err, err
    assert not (tmp_path / "out.jsonl").exists()


def test_a_bad_line_before_the_first_row_is_reported_in_its_place(tmp_path, capsys):
    (tmp_path / "in.jsonl").write_bytes(b'{"id": "a", "document": "x\ty", "summary": "x"}\n' + json.dumps(
        {"id": "b", "document": DOCS[0], "summary": SUMS[0]}).encode() + b"\n")
    code, err = batch(capsys, tmp_path / "in.jsonl", "--output", tmp_path / "out.jsonl")
    assert code == 1 and list(scores(tmp_path / "out.jsonl")) == ["b"]
    assert f"{tmp_path / 'in.jsonl'}:1: not valid JSON (Invalid control character at column 27)" in err  # not cut mid-word

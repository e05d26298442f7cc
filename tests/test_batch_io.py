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
    assert code == 2 and f"{tmp_path / 'in.csv'}: the CSV header has no column document" in err
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

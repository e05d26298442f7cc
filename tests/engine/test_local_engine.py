"""The streaming local engine: grouping rows by document changes no result, a bad row fails alone,
CSV, TSV and Parquet read like JSONL, and a run killed at any moment resumes into the uninterrupted file."""

from __future__ import annotations

import csv
import hashlib
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from factalign import Scorer
from factalign.cli import main
from factalign.engine.local import score_rows
from tests.engine.common import nli_table, shared_doc_rows
from tests.faults.run import ROOT, TREE, factalign, output_ids, write_rows


class HashNLI:
    """Probabilities from a hash of the pair: any pair, deterministic; counts model calls."""

    signature = "hash-nli"

    def __init__(self):
        self.calls = 0

    def predict(self, pairs):
        self.calls += 1
        rows = []
        for p, h in pairs:
            a, b = hashlib.sha256(f"{p}\x1f{h}".encode()).digest()[:2]
            ent = a / 255 * 0.9
            con = (1 - ent) * b / 255
            rows.append((ent, 1 - ent - con, con))
        return np.array(rows, dtype=np.float64).reshape(len(rows), 3)


def batch(tmp_path, src, out, nli, *extra):
    return main(["batch", str(src), "--output", str(out), "--method", "nli-sent", "--nli", nli, "--no-cache", "--quiet",
                 "--threshold", "0.5", *extra])


@pytest.mark.parametrize("method", ["nli-sent", "fenice", "fizz"])
def test_grouped_rows_get_the_results_of_rows_scored_one_by_one_in_fewer_model_calls(method):
    rows = shared_doc_rows(18)
    window = list(enumerate(rows, 1))
    one_by_one, grouped = HashNLI(), HashNLI()
    alone = score_rows(Scorer(method, nli=one_by_one, calibration=None), window, group=False)
    together = score_rows(Scorer(method, nli=grouped, calibration=None), window, group=True)
    assert [r.to_dict() for r in together] == [r.to_dict() for r in alone]
    assert grouped.calls < one_by_one.calls


def test_a_combined_call_that_fails_is_retried_row_by_row():
    class Picky(HashNLI):
        def predict(self, pairs):
            if any("Row 4" in h for _, h in pairs):
                from factalign.errors import FactalignError

                raise FactalignError("no entry for row 4")
            return super().predict(pairs)

    rows = shared_doc_rows(24)
    results = score_rows(Scorer("nli-sent", nli=Picky(), calibration=None), list(enumerate(rows, 1)), group=True)
    failed = [r["id"] for r, res in zip(rows, results) if not hasattr(res, "to_dict")]
    assert failed == [r["id"] for r in rows if "Row 4 " in r["summary"]]
    assert 0 < len(failed) < len(rows)


def test_the_grouped_output_file_is_the_one_by_one_file_and_a_bad_row_fails_alone(tmp_path, capsys):
    rows = shared_doc_rows(120)
    src = write_rows(tmp_path / "rows.jsonl", rows)
    nli = nli_table(tmp_path / "table.json", rows, leave_out="Row 4 is about the mayor.")
    assert batch(tmp_path, src, tmp_path / "one.jsonl", nli, "--no-group") == 1
    err_one = capsys.readouterr().err
    assert batch(tmp_path, src, tmp_path / "grouped.jsonl", nli) == 1
    err_grouped = capsys.readouterr().err
    assert (tmp_path / "grouped.jsonl").read_bytes() == (tmp_path / "one.jsonl").read_bytes()
    bad = [i for i, r in enumerate(rows, 1) if "Row 4 " in r["summary"]]
    assert err_grouped == err_one.replace("one.jsonl", "grouped.jsonl")
    assert [int(line.split("rows.jsonl:")[1].split(":")[0]) for line in err_grouped.splitlines() if "error" in line] == bad
    assert len(output_ids(tmp_path / "grouped.jsonl")) == len(rows) - len(bad)


def test_csv_tsv_and_parquet_inputs_score_like_jsonl(tmp_path):
    rows = shared_doc_rows(30)
    nli = nli_table(tmp_path / "table.json", rows)
    assert batch(tmp_path, write_rows(tmp_path / "rows.jsonl", rows), tmp_path / "jsonl.out", nli) == 0
    with open(tmp_path / "rows.csv", "w", newline="") as f:
        w = csv.DictWriter(f, ["id", "document", "summary"])
        w.writeheader()
        w.writerows(rows)
    assert batch(tmp_path, tmp_path / "rows.csv", tmp_path / "csv.out", nli) == 0
    assert (tmp_path / "csv.out").read_bytes() == (tmp_path / "jsonl.out").read_bytes()
    with open(tmp_path / "rows.tsv", "w", newline="") as f:  # tab-separated, as bench reads it
        w = csv.DictWriter(f, ["id", "document", "summary"], delimiter="\t")
        w.writeheader()
        w.writerows(rows)
    assert batch(tmp_path, tmp_path / "rows.tsv", tmp_path / "tsv.out", nli) == 0
    assert (tmp_path / "tsv.out").read_bytes() == (tmp_path / "jsonl.out").read_bytes()
    pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed: Parquet input is not tested")
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "rows.parquet", row_group_size=7)
    assert batch(tmp_path, tmp_path / "rows.parquet", tmp_path / "pq.out", nli) == 0
    assert (tmp_path / "pq.out").read_bytes() == (tmp_path / "jsonl.out").read_bytes()


def test_a_csv_field_over_the_csv_modules_128_kib_default_is_read_whole(tmp_path):
    """A news article in one CSV cell can pass the csv module's default field cap (131,072 chars)."""
    from factalign.engine.rows import checked_rows

    document = "The cat sat on the mat. " * 9000
    with open(tmp_path / "big.csv", "w", newline="") as f:
        csv.writer(f).writerows([["id", "document", "summary"], ["1", document, "The cat sat."]])
    assert list(checked_rows(str(tmp_path / "big.csv"))) == [(2, {"id": "1", "document": document, "summary": "The cat sat."})]


def test_a_csv_without_the_columns_is_one_line_error(tmp_path, capsys):
    (tmp_path / "rows.csv").write_text("id,text\n1,hello\n")
    assert batch(tmp_path, tmp_path / "rows.csv", tmp_path / "out.jsonl", "table:/unused.json") == 2
    assert capsys.readouterr().err.strip() == (f"factalign: error: {tmp_path / 'rows.csv'}:2: missing field document, summary; "
                                               "the row's fields: id, text; map them with --columns document=text,summary=COLUMN")
    assert not (tmp_path / "out.jsonl").exists(), "a refused batch leaves no empty output behind"
    (tmp_path / "mine.jsonl").write_text("")  # a file that was there before is left as it was
    assert batch(tmp_path, tmp_path / "rows.csv", tmp_path / "mine.jsonl", "table:/unused.json") == 2
    assert (tmp_path / "mine.jsonl").read_text() == ""


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    """200 rows, their table NLI, the batch arguments (None stands for --output) and the output of an
    uninterrupted run."""
    tmp = tmp_path_factory.mktemp("uninterrupted")
    rows = shared_doc_rows(200)
    src = write_rows(tmp / "rows.jsonl", rows)
    args = ["batch", src, "--output", None, "--method", "nli-sent", "--nli", nli_table(tmp / "table.json", rows),
            "--no-cache", "--quiet"]
    full = tmp / "full.jsonl"
    assert factalign(*[full if a is None else a for a in args]).returncode == 0
    return rows, args, full


@pytest.mark.parametrize("kill_after", [1, 70])
def test_a_run_killed_at_any_moment_resumes_into_the_uninterrupted_file(tmp_path, uninterrupted, kill_after):
    rows, args, full = uninterrupted
    out = tmp_path / "out.jsonl"
    cmd = [sys.executable, "-m", "factalign", *[str(out if a is None else a) for a in args]]
    proc = subprocess.Popen(cmd, cwd=ROOT, env={"PYTHONPATH": str(TREE), "PATH": "/usr/bin:/bin"},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while proc.poll() is None and time.monotonic() < deadline:
        if out.exists() and out.read_bytes().count(b"\n") >= kill_after:
            break
        time.sleep(0.005)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the run ended before it could be killed"
    assert len(out.read_bytes().splitlines()) < len(rows)
    assert factalign(*[out if a is None else a for a in args]).returncode == 0
    assert out.read_bytes() == full.read_bytes()

"""A BatchJob made in Python runs to the file `factalign batch` writes for the same rows; the command line's
job is decided once, by BatchJob.from_args."""

from __future__ import annotations

import re

import pytest

from factalign import BatchJob, FactalignError, Scorer, ScorerSettings, run_batch
from factalign.cli import build_parser, main
from factalign.options import settings_from_args
from tests.engine.common import nli_table, shared_doc_rows
from tests.faults.run import write_rows

ROWS = [{"key": r["id"], "article": r["document"], "summary": r["summary"]} for r in shared_doc_rows(20)]


def aggregate_line(err: str) -> str:
    return next(line for line in err.splitlines() if line.startswith("factalign batch:"))


def test_a_python_job_writes_the_command_lines_file_and_gates_on_resume(tmp_path, capsys):
    src = write_rows(tmp_path / "rows.jsonl", ROWS)
    nli = nli_table(tmp_path / "table.json", [{"document": r["article"], "summary": r["summary"]} for r in ROWS])
    cli_out, py_out = tmp_path / "cli.jsonl", tmp_path / "py.jsonl"
    assert main(["batch", str(src), "--output", str(cli_out), "--columns", "id=key,doc=article", "--method", "nli-sent",
                 "--nli", nli, "--no-cache", "--quiet", "--threshold", "0.5"]) == 0
    cli_line = aggregate_line(capsys.readouterr().err)

    job = BatchJob(src, py_out, ScorerSettings("nli-sent", nli=nli, threshold=0.5), {"id": "key", "document": "article"},
                   quiet=True)
    assert run_batch(job) == 0
    assert py_out.read_bytes() == cli_out.read_bytes()
    assert aggregate_line(capsys.readouterr().err) == cli_line.replace(str(cli_out), str(py_out))

    gate = BatchJob(src, py_out, job.settings, job.columns, quiet=True, fail_under=0.99)
    assert run_batch(gate) == 1  # every row finished already: none scored again, the gate reads the whole output
    assert py_out.read_bytes() == cli_out.read_bytes()
    assert "the mean score" in capsys.readouterr().err


def test_from_args_decides_the_job_once(tmp_path):
    args = build_parser().parse_args(["batch", "rows.csv", "--output", str(tmp_path / "o.jsonl"), "--columns", "doc=text",
                                      "--no-group", "--engine", "ray", "--shard-rows", "7", "--fail-on", "block",
                                      "--method", "nli-sent", "--nli", "table:absent.json", "--no-cache"])
    job = BatchJob.from_args(args, settings_from_args(args))  # no model loads yet: the table does not exist
    assert job.settings == ScorerSettings("nli-sent", nli="table:absent.json", calibration="default")
    assert job.columns == {"id": "id", "document": "text", "summary": "summary", "sources": "sources"}
    assert (job.group, job.engine, job.shard_rows, job.fail_on, job.row_timeout) == (False, "ray", 7, "block", None)


@pytest.mark.parametrize("bad, message", [({"columns": {"text": "body"}}, "--columns: unknown field 'text'"),
                                          ({"engine": "spark"}, "unknown engine 'spark'")])
def test_a_bad_job_is_a_one_line_error(tmp_path, bad, message):
    src = write_rows(tmp_path / "rows.jsonl", shared_doc_rows(1))
    with pytest.raises(FactalignError, match=message):
        run_batch(BatchJob(src, tmp_path / "o.jsonl", ScorerSettings("nli-sent"), **bad))


def test_a_job_takes_settings_not_a_function_or_a_scorer(tmp_path):
    scorer = Scorer("nli-sent", nli=nli_table(tmp_path / "t.json", []), calibration=None)
    for given, hint in ((lambda: scorer, "ScorerSettings(method, nli=..., ...)"), (scorer, "its .settings")):
        with pytest.raises(FactalignError, match=re.escape(f"BatchJob takes the scorer's settings, {hint} ")):
            BatchJob("rows.jsonl", tmp_path / "o.jsonl", given)
    assert BatchJob("rows.jsonl", tmp_path / "o.jsonl", scorer.settings).settings is scorer.settings

"""--engine ray on a local Ray instance (started once for the module): a rerun after a stopped run skips
the finished rows and shards and ends with the local engine's file byte for byte, each bad row reported
with its line number and the other rows kept. One Ray run: each run starts its own actor pool."""

from __future__ import annotations

import pytest

from factalign.cli import main
from tests.engine.common import nli_table, shared_doc_rows
from tests.faults.run import TREE, output_ids, write_rows
from tests.helpers import needs

needs("ray", "pyarrow")  # Ray Data's own needs; pip install 'factalign[ray]'

SHARD = 5
MISSING = "The table has no entry for this sentence."
ROWS = shared_doc_rows(30)
BAD = [26, 28]  # line numbers, both in the last shard
for number in BAD:
    ROWS[number - 1]["summary"] = ROWS[number - 1]["summary"].split(". ")[0] + ". " + MISSING


@pytest.fixture(scope="module")
def cluster():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": str(TREE)}})
    yield
    ray.shutdown()


def args(src, out, nli, *extra):
    return ["batch", str(src), "--output", str(out), "--method", "nli-sent", "--nli", nli, "--no-cache", "--quiet",
            "--threshold", "0.5", *extra]


def test_a_rerun_sends_only_unfinished_rows_and_ends_with_the_local_file(cluster, tmp_path, monkeypatch, capsys):
    """The output of a run stopped after 12 rows (the whole lines any engine leaves: the writer is shared,
    and tests/engine/test_local_engine.py kills it mid-line), then a Ray rerun: shards 0 and 1 are
    skipped, shard 2 sends its last 3 rows, and the file ends as the local engine's, bad rows reported."""
    import factalign.engine.ray as engine

    src = write_rows(tmp_path / "rows.jsonl", ROWS)
    nli = nli_table(tmp_path / "table.json", ROWS, leave_out=MISSING)
    local, out = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    assert main(args(src, local, nli)) == 1
    out.write_bytes(b"".join(local.read_bytes().splitlines(keepends=True)[:12]))

    sent, real_wave = [], engine._run_wave
    monkeypatch.setattr(engine, "_run_wave", lambda ray_, job, wave, *rest: (sent.extend(wave), real_wave(ray_, job, wave, *rest)))
    capsys.readouterr()
    assert main(args(src, out, nli, "--engine", "ray", "--actors", "2", "--shard-rows", str(SHARD))) == 1
    assert out.read_bytes() == local.read_bytes()  # rows in input order, row for row the local results
    assert [(number, len(rows)) for number, rows in sent] == [(2, 3), (3, 5), (4, 5), (5, 5)]
    errors = [line for line in capsys.readouterr().err.splitlines() if line.startswith("factalign: error:")]
    assert [int(line.split("rows.jsonl:")[1].split(":")[0]) for line in errors] == BAD
    assert all("table NLI has no entry" in line for line in errors)
    assert len(output_ids(out)) == len(ROWS) - len(BAD)


def test_ray_options_are_checked_in_one_line(tmp_path, capsys):
    src = write_rows(tmp_path / "rows.jsonl", ROWS[:2])
    assert main(args(src, tmp_path / "o.jsonl", "table:/unused.json", "--engine", "ray", "--row-timeout", "5")) == 2
    assert capsys.readouterr().err.strip() == "factalign: error: --row-timeout works with --engine local only"

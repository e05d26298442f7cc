"""--engine ray on a local Ray instance (started once for the module): the local engine's results row for
row, resuming by finished shards after a killed run, and a bad row reported without losing the others."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from factalign.cli import main
from tests.engine.common import nli_table, shared_doc_rows
from tests.faults.run import ROOT, TREE, output_ids, write_rows

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'factalign[ray]'): the Ray engine is not tested")
pytest.importorskip("ray.data", reason="Ray Data is not installed (pip install 'factalign[ray]'): the Ray engine is not tested")

ROWS = shared_doc_rows(300)


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": str(TREE)}})
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    """The rows, a table NLI missing the pairs of summaries mentioning "Row 4", and the local engine's output."""
    tmp = tmp_path_factory.mktemp("ray")
    src = write_rows(tmp / "rows.jsonl", ROWS)
    nli = nli_table(tmp / "table.json", ROWS, leave_out="Row 4 is about the mayor.")
    local = tmp / "local.jsonl"
    assert main(args(src, local, nli)) == 1
    good_nli = nli_table(tmp / "good.json", ROWS)
    good = tmp / "good.jsonl"
    assert main(args(src, good, good_nli)) == 0
    return src, nli, local.read_bytes(), good_nli, good.read_bytes()


def args(src, out, nli, *extra):
    return ["batch", str(src), "--output", str(out), "--method", "nli-sent", "--nli", nli, "--no-cache", "--quiet",
            "--threshold", "0.5", *extra]


BAD = [i for i, r in enumerate(ROWS, 1) if "Row 4 " in r["summary"]]


def test_ray_gives_the_local_results_row_for_row_and_reports_each_bad_row(cluster, setup, tmp_path, capsys):
    src, nli, local, _, _ = setup
    capsys.readouterr()
    out = tmp_path / "ray.jsonl"
    assert main(args(src, out, nli, "--engine", "ray", "--actors", "2", "--shard-rows", "40")) == 1
    assert out.read_bytes() == local
    errors = [l for l in capsys.readouterr().err.splitlines() if l.startswith("factalign: error:")]
    assert [int(l.split("rows.jsonl:")[1].split(":")[0]) for l in errors] == BAD
    assert all("table NLI has no entry" in l for l in errors)
    assert len(output_ids(out)) == len(ROWS) - len(BAD)


def test_a_killed_ray_run_resumes_by_finished_shards(cluster, setup, tmp_path, monkeypatch):
    src, _, _, nli, local = setup
    out = tmp_path / "ray.jsonl"
    cmd = [sys.executable, "-m", "factalign", *args(src, out, nli, "--engine", "ray", "--actors", "2", "--shard-rows", "20",
                                                    "--address", cluster)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(TREE)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while proc.poll() is None and time.monotonic() < deadline:
        if out.exists() and out.read_bytes().count(b"\n") >= 60:
            break
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the run ended before it could be killed"
    finished = set(output_ids(out))
    assert 60 <= len(finished) < len(ROWS)

    import factalign.engine.ray as engine

    sent, real = [], engine._run_wave
    monkeypatch.setattr(engine, "_run_wave", lambda ray_, a, m, wave, *rest: (sent.extend(wave), real(ray_, a, m, wave, *rest)))
    assert main(args(src, out, nli, "--engine", "ray", "--actors", "2", "--shard-rows", "20")) == 0
    assert out.read_bytes() == local
    shards_done = {k for k in range(len(ROWS) // 20) if all(ROWS[i]["id"] in finished for i in range(20 * k, 20 * k + 20))}
    assert len(shards_done) >= 2 and not shards_done & {number for number, _ in sent}
    assert {row["id"] for _, rows in sent for _, row in rows} == {r["id"] for r in ROWS} - finished


def test_ray_options_are_checked_in_one_line(cluster, setup, tmp_path, capsys):
    src, nli, *_ = setup
    assert main(args(src, tmp_path / "o.jsonl", nli, "--engine", "ray", "--row-timeout", "5")) == 2
    assert capsys.readouterr().err.strip() == "factalign: error: --row-timeout works with --engine local only"

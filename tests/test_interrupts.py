"""SIGINT and SIGTERM sent to real `python -m factalign` processes at several moments (loading the models,
scoring with the model's native code running in other threads, writing rows): each run ends with one
line on stderr and 130 or 143, never an abort or a traceback, keeps the rows it finished, and the resumed
run writes the file an uninterrupted run writes, byte for byte. Set FACTALIGN_TREE to an older checkout
to see these fail there (134 from an abort, a killed SIGTERM run, no row before a group's end)."""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tests.engine.common import nli_table, shared_doc_rows
from tests.faults.run import TREE, write_rows
from tests.test_train import PAIRS, tiny_base  # noqa: F401  (tiny_base: the fixture, here too)

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/PID/maps and sends POSIX signals")

# one document of 40 sentences and 8 three-sentence summaries of it: nli-sent with the house model spends a
# second or more per ROWS_IN_FLIGHT rows, in onnxruntime, in the threads of nli/gather.py
TOWNS = ["Arden", "Bexley", "Corran", "Dunmore", "Elston", "Farrow", "Glenby", "Harwick"]
DOCUMENT = " ".join(f"The council of {t} approved {n + 3} new bridges in {1950 + n}. {t} has a museum of {n + 2} rooms. "
                    f"The mayor of {t} met {n + 11} farmers on Monday. Rain fell on {t} for {n + 4} days. "
                    f"Trains reach {t} from the north twice a day." for n, t in enumerate(TOWNS))
HOUSE_ROWS = [{"id": f"s{i}", "document": DOCUMENT,
               "summary": f"{t} approved {i + 3} bridges. The mayor of {t} met farmers. Trains reach {t} every hour."}
              for i, t in enumerate(TOWNS)]
SIGNALS = {"SIGINT": signal.SIGINT, "SIGTERM": signal.SIGTERM}


def start(args, stdout=subprocess.DEVNULL) -> subprocess.Popen:
    """`python -m factalign ARGS` in a session of its own, so that a signal can go to its process group as a
    terminal sends Ctrl-C."""
    return subprocess.Popen([sys.executable, "-m", "factalign", *map(str, args)], cwd=TREE, stdout=stdout,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, start_new_session=True,
                            env={**os.environ, "PYTHONPATH": str(TREE)})


def wait_until(proc: subprocess.Popen, ready, what: str, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        assert proc.poll() is None, f"the run ended before {what}: {proc.stderr.read().decode()}"
        assert time.monotonic() < deadline, f"no {what} within {timeout} s"
        time.sleep(0.005)


def loading(proc: subprocess.Popen, library: str = "onnxruntime"):
    """True once the process has mapped a shared library of `library` (it is loading that model)."""
    def ready():
        try:
            return library in Path(f"/proc/{proc.pid}/maps").read_text()
        except OSError:
            return False
    return ready


def lines_in(path: Path, n: int = 1):
    return lambda: path.exists() and path.read_bytes().count(b"\n") >= n


def interrupt(proc: subprocess.Popen, name: str, group: bool, before: bool = False) -> str:
    """Send the signal (to the process, or to its group); the interrupt's line once the run has ended, after
    checking that it was stderr's one line (its last, with `before`: a progress bar's and libraries' lines
    came first) and the status 128 + the signal's number."""
    sig = SIGNALS[name]
    if group:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    err = err.decode()
    assert proc.returncode == 128 + sig, (proc.returncode, err)
    assert not any(m in err for m in ("Traceback", "terminate called", "Aborted", f"{name} received")), err
    lines = err.strip().splitlines()
    assert (before or len(lines) == 1) and lines[-1].startswith(f"factalign: interrupted ({name})"), err
    return lines[-1]


def complete_rows(path: Path) -> list[dict]:
    data = path.read_bytes()
    assert data.endswith(b"\n"), "a row was cut short"
    return [json.loads(line) for line in data.splitlines()]


def run_to_end(args) -> None:
    proc = subprocess.run([sys.executable, "-m", "factalign", *map(str, args)], cwd=TREE, capture_output=True,
                          env={**os.environ, "PYTHONPATH": str(TREE)}, timeout=600)
    assert proc.returncode == 0, proc.stderr.decode()


@pytest.fixture(scope="module")
def house_batch(tmp_path_factory):
    """The house-model batch's rows, its arguments (None stands for --output, "CACHE" for --cache) and the
    output of an uninterrupted run."""
    tmp = tmp_path_factory.mktemp("house_batch")
    src = write_rows(tmp / "rows.jsonl", HOUSE_ROWS)
    args = ["batch", src, "--output", None, "--method", "nli-sent", "--nli", "house", "--cache", "CACHE", "--quiet"]
    full = tmp / "full.jsonl"
    run_to_end(fill(args, full, tmp / "full-cache.sqlite"))
    return args, full


def fill(args, output: Path, cache: Path) -> list:
    return [output if a is None else cache if a == "CACHE" else a for a in args]


@pytest.mark.parametrize("name, group", [("SIGINT", True), ("SIGTERM", False)])
def test_a_batch_interrupted_while_rows_score_in_native_code_keeps_its_finished_rows(tmp_path, house_batch, name, group):
    args, full = house_batch
    out, cache = tmp_path / "out.jsonl", tmp_path / "cache.sqlite"
    proc = start(fill(args, out, cache))
    wait_until(proc, lines_in(out), "a first finished row")  # the other rows are being scored now
    line = interrupt(proc, name, group)
    rows = complete_rows(out)
    assert 0 < len(rows) < len(HOUSE_ROWS), "the run ended before it could be interrupted"
    assert line == f"factalign: interrupted ({name}); {len(rows)} rows of this run were written, rerun to resume"
    run_to_end(fill(args, out, cache))
    assert out.read_bytes() == full.read_bytes()


@pytest.mark.parametrize("name, group", [("SIGTERM", False), ("SIGINT", True)])
def test_a_batch_interrupted_while_its_models_load_leaves_no_output_and_resumes(tmp_path, house_batch, name, group):
    args, full = house_batch
    out, cache = tmp_path / "out.jsonl", tmp_path / "cache.sqlite"
    proc = start(fill(args, out, cache))
    wait_until(proc, loading(proc), "the NLI model loading")
    assert interrupt(proc, name, group) == f"factalign: interrupted ({name})"
    assert not out.exists(), "an interrupted run that wrote no row leaves no empty output"
    run_to_end(fill(args, out, cache))
    assert out.read_bytes() == full.read_bytes()


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
def test_a_batch_interrupted_while_it_writes_rows_leaves_whole_lines_and_resumes(tmp_path, name):
    rows = shared_doc_rows(3000)
    src = write_rows(tmp_path / "rows.jsonl", rows)
    args = ["batch", src, "--output", None, "--method", "nli-sent", "--nli", nli_table(tmp_path / "t.json", rows),
            "--threshold", "0.5", "--no-cache", "--quiet"]  # a threshold: no warning that the table has no calibration
    full, out = tmp_path / "full.jsonl", tmp_path / "out.jsonl"
    run_to_end(fill(args, full, None))
    proc = start(fill(args, out, None))
    wait_until(proc, lines_in(out, 300), "300 rows written")
    line = interrupt(proc, name, group=False)
    written = complete_rows(out)
    assert 300 <= len(written) < len(rows), "the run ended before it could be interrupted"
    assert line.endswith(f"; {len(written)} rows of this run were written, rerun to resume")
    run_to_end(fill(args, out, None))
    assert out.read_bytes() == full.read_bytes()


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_a_ray_batch_interrupted_while_shards_come_back_keeps_its_rows_and_resumes(tmp_path, name):
    if importlib.util.find_spec("ray") is None:
        pytest.skip("ray not installed: pip install 'factalign[ray]'")
    rows = shared_doc_rows(1500)
    src = write_rows(tmp_path / "rows.jsonl", rows)
    args = ["batch", src, "--output", None, "--method", "nli-sent", "--nli", nli_table(tmp_path / "t.json", rows),
            "--threshold", "0.5", "--no-cache", "--quiet"]  # a threshold: no warning that the table has no calibration
    ray = ["--engine", "ray", "--shard-rows", "100", "--actors", "2"]
    full, out = tmp_path / "full.jsonl", tmp_path / "out.jsonl"
    run_to_end(fill(args, full, None))  # the local engine's file, which Ray's must equal
    proc = start([*fill(args, out, None), *ray])
    wait_until(proc, lines_in(out, 100), "a first shard written")
    line = interrupt(proc, name, group=name == "SIGINT", before=True)  # Ray's own start-up warnings come first
    written = complete_rows(out)
    assert 100 <= len(written) < len(rows), "the run ended before it could be interrupted"
    assert line.endswith(f"; {len(written)} rows of this run were written, rerun to resume")
    run_to_end([*fill(args, out, None), *ray])
    assert out.read_bytes() == full.read_bytes()


def test_a_batch_blocked_writing_into_a_full_pipe_ends_on_sigterm(tmp_path):
    rows = shared_doc_rows(3000)
    src = write_rows(tmp_path / "rows.jsonl", rows)
    proc = start(["batch", src, "--output", "/dev/stdout", "--method", "nli-sent", "--nli",
                  nli_table(tmp_path / "t.json", rows), "--threshold", "0.5", "--no-cache", "--quiet"], stdout=subprocess.PIPE)
    held = [-1]

    def blocked() -> bool:  # the pipe holds what it can (its pages may not all be full) and takes no more
        now = int.from_bytes(fcntl.ioctl(proc.stdout.fileno(), termios.FIONREAD, b"\0" * 4), "little")
        if now != held[0]:
            held[0] = now
            return False
        return now > 0

    wait_until(proc, lambda: blocked() or time.sleep(0.5), "a full pipe")
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 143, err.decode()
    assert err.decode().strip().startswith("factalign: interrupted (SIGTERM)") and len(err.decode().splitlines()) == 1
    assert all(json.loads(line)["id"] for line in out.splitlines()[:-1])  # a pipe may hold the last line in part


@pytest.fixture(scope="module")
def house_bench_rows(tmp_path_factory):
    path = tmp_path_factory.mktemp("bench") / "rows.jsonl"
    return write_rows(path, [{**r, "label": i // 2 % 2} for i, r in enumerate(HOUSE_ROWS)])  # both labels in each half


def test_bench_interrupted_while_scoring_keeps_its_scores_and_resumes_to_the_same_file(tmp_path, house_bench_rows):
    args = ["bench", "--data", f"jsonl:{house_bench_rows}", "--methods", "nli-sent", "--nli", "house", "--split",
            "odd-even", "--bootstrap", "100", "--quiet", "--cache", None, "--out"]
    full, run = tmp_path / "full", tmp_path / "run"
    run_to_end([*fill(args, tmp_path / "full-cache.sqlite", None), full])
    scores = run / "scores" / "nli-sent.jsonl"
    proc = start([*fill(args, tmp_path / "cache.sqlite", None), run])
    wait_until(proc, lines_in(scores), "a first finished row")
    interrupt(proc, "SIGINT", group=True)
    assert 0 < len(complete_rows(scores)) < len(HOUSE_ROWS), "the run ended before it could be interrupted"
    run_to_end([*fill(args, tmp_path / "cache.sqlite", None), run])
    assert scores.read_bytes() == (full / "scores" / "nli-sent.jsonl").read_bytes()


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("command", ["score", "calibrate", "claims"])
def test_every_subcommand_ends_in_one_line_when_interrupted_while_loading(tmp_path, house_bench_rows, command, name):
    document, summary = tmp_path / "doc.txt", tmp_path / "summary.txt"
    document.write_text(DOCUMENT)
    summary.write_text(HOUSE_ROWS[0]["summary"])
    args, library = {
        "score": (["score", "--document", document, "--summary", summary, "--cache", tmp_path / "c.sqlite"], "onnxruntime"),
        "calibrate": (["calibrate", "--data", f"jsonl:{house_bench_rows}", "--method", "nli-sent", "--output",
                       tmp_path / "cal.json", "--quiet", "--cache", tmp_path / "c.sqlite"], "onnxruntime"),
        "claims": (["claims", "extract", "--input", house_bench_rows, "--text-field", "summary", "--output",
                    tmp_path / "claims.jsonl", "--quiet"], "spacy"),
    }[command]
    proc = start(args)
    wait_until(proc, loading(proc, library), f"{library} loading")
    assert interrupt(proc, name, group=name == "SIGINT") == f"factalign: interrupted ({name})"
    assert not (tmp_path / "cal.json").exists()


def test_train_nli_interrupted_while_training_keeps_its_checkpoint(tmp_path, tiny_base):  # noqa: F811
    rows = [{"premise": p, "hypothesis": h, "label": label} for p, h, label in PAIRS]
    user = tmp_path / "pairs.jsonl"
    user.write_text("".join(json.dumps(r) + "\n" for r in rows * 40))
    work = tmp_path / "work"
    proc = start(["train-nli", "--base", tiny_base, "--data", f"jsonl:{user}", "--output", tmp_path / "out", "--work-dir",
                  work, "--epochs", "50", "--batch-size", "4", "--max-length", "32", "--eval-every", "2",
                  "--device", "cpu"])
    wait_until(proc, (work / "last" / "state.pt").is_file, "a first saved state")
    assert interrupt(proc, "SIGINT", group=True, before=True) == "factalign: interrupted (SIGINT)"
    import torch

    assert torch.load(work / "last" / "state.pt", weights_only=False)["progress"]["step"] >= 2  # kept for --resume


def test_a_signal_inside_a_held_step_waits_for_its_end(monkeypatch):
    """A row's write and its count are done whole (factalign.interrupts.held): the handler, called as the signal
    would call it, only notes the signal there; it is raised when the block ends, and a second one ends at once."""
    from factalign import interrupts

    monkeypatch.setattr(interrupts, "_received", [])
    done = []
    with pytest.raises(interrupts.Interrupted) as caught:
        with interrupts.held():
            with interrupts.held():
                interrupts._on_signal(signal.SIGTERM, None)
                done.append("inner")
            done.append("outer")
    assert done == ["inner", "outer"] and caught.value.signum == signal.SIGTERM
    assert interrupts.status(caught.value) == 143


STUCK = """
import sys, time
from factalign import interrupts
interrupts.GRACE = float(sys.argv[1])

def main():
    with interrupts.noting(lambda: "3 rows of this run were written"):
        print("started", flush=True)
        while True:  # a way out that never comes: the interrupt is swallowed
            try:
                time.sleep(60)
            except KeyboardInterrupt:
                pass

interrupts.run(main)
"""


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
def test_a_run_whose_way_out_is_stuck_ends_after_the_grace_with_its_notes(name):
    """factalign.interrupts.GRACE: work that swallows the interrupt still ends, with the one line, the notes of its
    noting() blocks and the signal's status (the second signal is not needed)."""
    proc = subprocess.Popen([sys.executable, "-c", STUCK, "0.5"], cwd=TREE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(TREE)})
    assert proc.stdout.readline() == b"started\n"
    proc.send_signal(SIGNALS[name])
    _, err = proc.communicate(timeout=120)
    assert (proc.returncode, err.decode()) == (128 + SIGNALS[name], f"factalign: interrupted ({name}); 3 rows of this "
                                                                    "run were written\n")

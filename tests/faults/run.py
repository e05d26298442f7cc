"""Run the CLI as a user would (a subprocess) on a table NLI model, and check how it fails."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREE = Path(os.environ.get("FACTALIGN_TREE", ROOT))  # the code under test (set it to an old checkout to see a case fail)


def factalign(*args, stdin: bytes | None = None, timeout: float = 600, close_stdin: bool = False, fsize: int | None = None,
              env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """`python -m factalign ARGS`; `close_stdin` starts it with fd 0 closed (`<&-`), `fsize` caps the
    size of any file it writes (RLIMIT_FSIZE: a write past it fails as on a full disk)."""
    def setup():
        if close_stdin:
            os.close(0)
        if fsize is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    return subprocess.run([sys.executable, "-m", "factalign", *map(str, args)], input=stdin,
                          stdin=None if stdin is not None or close_stdin else subprocess.DEVNULL,
                          capture_output=True, timeout=timeout, preexec_fn=setup, cwd=cwd or ROOT,
                          env={**os.environ, "PYTHONPATH": str(TREE), **(env or {})})


def error_lines(proc: subprocess.CompletedProcess) -> list[str]:
    """stderr's `factalign: error:` lines, after checking there is no traceback."""
    err = proc.stderr.decode()
    assert "Traceback" not in err, err
    return [line for line in err.splitlines() if line.startswith("factalign: error: ")]


def assert_one_line_error(proc: subprocess.CompletedProcess, *fragments: str) -> str:
    err = proc.stderr.decode()
    assert proc.returncode != 0, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("factalign: error: "), err
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def one_sentence_rows(n: int, ids=None) -> list[dict]:
    """Rows whose document and summary are one sentence each, so nli-sent asks for one pair per row."""
    ids = ids if ids is not None else [f"r{i}" for i in range(n)]
    return [{"id": i, "document": f"Row {k} says the sky is blue.", "summary": f"Row {k} says the sky is blue."}
            for k, i in enumerate(ids)]


def write_rows(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def table_for(path: Path, rows: list[dict]) -> str:
    """A table NLI spec that knows every row's (document, summary) pair."""
    table = [{"premise": r["document"], "hypothesis": r["summary"], "probs": [0.7, 0.2, 0.1]} for r in rows]
    path.write_text(json.dumps(table))
    return f"table:{path}"


def batch_args(rows_path: Path, output, nli: str, *extra) -> list:
    return ["batch", rows_path, "--output", output, "--method", "nli-sent", "--nli", nli, "--no-cache", "--quiet",
            "--threshold", "0.5", *extra]


def output_ids(path: Path) -> list:
    """The ids of the output's lines; fails if any line is not a complete JSON row."""
    data = path.read_bytes()
    assert not data or data.endswith(b"\n"), data[-80:]
    return [json.loads(line)["id"] for line in data.decode().splitlines()]

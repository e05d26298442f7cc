"""Run the CLI as a user would, on a table NLI model, and check how it fails.

`factalign(...)` runs `python -m factalign ARGS` in this process by default, with what a subprocess
would have (the arguments, standard input, output and error on file descriptors 0-2, the environment,
the working directory, Python's default warning filters; the exit status from SystemExit or, with a
traceback on stderr, from an uncaught exception), which spares each call a Python start and a spaCy
load. A call runs as a real subprocess where the behaviour under test belongs to the process:
`own_process=True` (signals sent to the process, a run a regression would never end), `close_stdin`, `fsize`;
and every call does when FACTALIGN_TREE names another checkout or FACTALIGN_TEST_SUBPROCESS=1 (to see
that the in-process runs pass as the subprocess runs do).
"""

from __future__ import annotations

import faulthandler
import json
import locale
import os
import signal
import subprocess
import sys
import tempfile
import threading
import traceback
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREE = Path(os.environ.get("FACTALIGN_TREE", ROOT))  # the code under test (set it to an old checkout to see a case fail)
ALWAYS_SUBPROCESS = TREE != ROOT or os.environ.get("FACTALIGN_TEST_SUBPROCESS", "") not in ("", "0")
# Python's own warning filters (no -W option, no PYTHONWARNINGS), in the order of warnings.filters
DEFAULT_FILTERS = [("default", DeprecationWarning, "__main__"), ("ignore", DeprecationWarning, ""),
                   ("ignore", PendingDeprecationWarning, ""), ("ignore", ImportWarning, ""), ("ignore", ResourceWarning, "")]
_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGALRM, signal.SIGPIPE)


def factalign(*args, stdin: bytes | None = None, timeout: float = 600, close_stdin: bool = False, fsize: int | None = None,
              env: dict | None = None, cwd: Path | None = None, own_process: bool = False) -> subprocess.CompletedProcess:
    """`python -m factalign ARGS`; `close_stdin` starts it with fd 0 closed (`<&-`), `fsize` caps the
    size of any file it writes (RLIMIT_FSIZE: a write past it fails as on a full disk). Those two, and
    `own_process`, run it as a subprocess; otherwise it runs in this process (see the module docstring)."""
    if (own_process or close_stdin or fsize is not None or ALWAYS_SUBPROCESS
            or "PYTHONWARNINGS" in {**os.environ, **(env or {})}):
        return _subprocess(args, stdin, timeout, close_stdin, fsize, env, cwd)
    return _in_process(args, stdin, timeout, env, cwd)


def _subprocess(args, stdin, timeout, close_stdin, fsize, env, cwd) -> subprocess.CompletedProcess:
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


def _in_process(args, stdin, timeout, env, cwd) -> subprocess.CompletedProcess:
    """`factalign.cli.main(ARGS)` as `python -m factalign` would run it; everything it could change in
    this process (fds 0-2, sys.stdin/stdout/stderr, sys.argv, os.environ, the working directory,
    warning filters, signal handlers, the real-time timer) is put back afterwards. A run past `timeout`
    ends this process (the test worker) with every thread's traceback."""
    from factalign.cli import main

    argv = [str(a) for a in args]
    encoding = locale.getpreferredencoding(False)
    saved_env, saved_cwd, saved_argv = dict(os.environ), os.getcwd(), sys.argv
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    for stream in saved_streams[1:]:
        stream.flush()
    saved_fds = [os.dup(fd) for fd in (0, 1, 2)]
    saved_signals = {s: signal.getsignal(s) for s in _SIGNALS}
    saved_timer = signal.getitimer(signal.ITIMER_REAL)
    out_file, err_file = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    writer = None
    if stdin is None:
        stdin_fd = os.open(os.devnull, os.O_RDONLY)
    else:
        stdin_fd, write_fd = os.pipe()

        def feed():
            with open(write_fd, "wb") as pipe:
                try:
                    pipe.write(stdin)
                except BrokenPipeError:  # the CLI stopped reading, as a subprocess may
                    pass

        writer = threading.Thread(target=feed, daemon=True)
    try:
        os.dup2(stdin_fd, 0)
        os.close(stdin_fd)
        os.dup2(out_file.fileno(), 1)
        os.dup2(err_file.fileno(), 2)
        sys.stdin = open(0, "r", encoding=encoding, closefd=False)
        sys.stdout = open(1, "w", encoding=encoding, closefd=False)
        sys.stderr = open(2, "w", encoding=encoding, errors="backslashreplace", closefd=False, buffering=1)
        sys.argv = [str(ROOT / "factalign" / "__main__.py"), *argv]
        os.environ.update({"PYTHONPATH": str(TREE), **(env or {})})
        os.chdir(cwd or ROOT)
        if writer:
            writer.start()
        faulthandler.dump_traceback_later(timeout, exit=True, file=saved_fds[2])
        with warnings.catch_warnings():
            warnings.resetwarnings()
            for action, category, module in reversed(DEFAULT_FILTERS):
                warnings.filterwarnings(action, category=category, module=module)
            warnings.showwarning = _show_on_stderr
            try:
                code = main(argv)
            except SystemExit as exc:
                code = exc.code
            except KeyboardInterrupt:  # the person running the tests pressed Ctrl-C
                raise
            except BaseException:  # what the interpreter does with an uncaught exception
                traceback.print_exc()
                code = 1
        if code is None:
            code = 0
        elif not isinstance(code, int):
            print(code, file=sys.stderr)
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        faulthandler.cancel_dump_traceback_later()
        for stream in (sys.stdin, sys.stdout, sys.stderr):
            if stream not in saved_streams:
                try:
                    stream.close()
                except OSError:
                    pass
        for fd, saved in zip((0, 1, 2), saved_fds):
            os.dup2(saved, fd)
            os.close(saved)
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        sys.argv = saved_argv
        os.chdir(saved_cwd)
        for name in set(os.environ) - set(saved_env):
            del os.environ[name]
        for name, value in saved_env.items():
            if os.environ.get(name) != value:
                os.environ[name] = value
        for s, handler in saved_signals.items():
            signal.signal(s, handler)
        signal.setitimer(signal.ITIMER_REAL, *saved_timer)
        if writer and writer.ident:  # the pipe's read end is closed now: a blocked write ends
            writer.join()
        outputs = []
        for f in (out_file, err_file):
            f.seek(0)
            outputs.append(f.read())
            f.close()
    return subprocess.CompletedProcess([sys.executable, "-m", "factalign", *argv], code & 0xFF, *outputs)


def _show_on_stderr(message, category, filename, lineno, file=None, line=None) -> None:
    """How Python shows a warning (the CLI sets its own while it runs)."""
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


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

"""How the `factalign` program ends on SIGINT (Ctrl-C) and SIGTERM, in every subcommand.

The first signal raises `Interrupted` (a KeyboardInterrupt) in the main thread, wherever it waits:
the work stops, what is finished is flushed on the way out (a batch writes every row already done;
finished rows and cache entries stay, so rerunning resumes), `cli.main` prints one line,
`factalign: interrupted (SIGINT)`, and the process exits 130 (SIGINT) or 143 (SIGTERM), the status
a shell gives a process the signal ended. A second signal while that happens ends the process at once
with the same line and status, and so does the first one's `GRACE` running out: the way out takes well
under a second, and a run stuck on it (work waiting for something that no longer comes) still ends when
asked, with what the work has noted so far (`noting`).

The process ends with `os._exit`, after flushing stdout and stderr, not through the interpreter's
shutdown: threads may still be running model code then (nli/gather.py's workers, a Ray or LLM call),
and a shutdown that meets native code in another thread aborts (SIGABRT, "terminate called without an
active exception"). Their work in flight is dropped: the NLI cache commits each batch in one
transaction, so it keeps what was committed and nothing half-written.

`run` is the program; `factalign.cli.main` is the same command line in-process (as tests and notebooks
call it): there a KeyboardInterrupt is reported as one line and its status returned, and no signal
handler is installed.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from factalign.errors import printable

SIGNALS = (signal.SIGINT, signal.SIGTERM)
_received: list[int] = []  # the signal that interrupted this process, once one has
_reported: list[str] = []  # the line printed, once it has been
_installed: list[bool] = []  # whether this process is the program (run), whose handlers these are
_held: dict = {"depth": 0, "signal": None}  # held() blocks open, and the signal that came inside them
_standing: list[Callable[[], str]] = []  # noting() blocks open: what the way out would note now
_noted: list[str] = []  # what the interrupt's way out has noted so far, for the GRACE watchdog's line
GRACE = 20.0  # seconds the way out may take after the first signal before the process ends anyway


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM, raised in the main thread by the program's handler."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def received() -> bool:
    """Whether the program has been sent SIGINT or SIGTERM."""
    return bool(_received)


def status(exc: BaseException) -> int:
    """128 + the signal's number: 130 for SIGINT (a KeyboardInterrupt from elsewhere too), 143 for SIGTERM."""
    return 128 + (_received[0] if _received else getattr(exc, "signum", signal.SIGINT))


def report(exc: BaseException) -> int:
    """Print the interrupt's one line (with what the work noted on its way out, e.g. how many rows it wrote)
    unless it was printed already; its exit status. `exc` is what ended the run: the interrupt, or what native
    code made of it (a module whose loading it interrupted raises ImportError)."""
    if not _reported:
        _close_progress_bars()
        notes = getattr(exc, "__notes__", ()) if isinstance(exc, KeyboardInterrupt) else ()
        line = f"factalign: interrupted ({signal.Signals(status(exc) - 128).name})" + "".join(f"; {n}" for n in notes)
        if _received:  # the program's one line: a second signal does not print it again
            _reported.append(line)
        print(printable(line), file=sys.stderr, flush=True)
    return status(exc)


def _close_progress_bars() -> None:
    """Close the progress bars still drawn, so that the line starts a line of its own."""
    tqdm = sys.modules.get("tqdm")
    for bar in list(getattr(getattr(tqdm, "tqdm", None), "_instances", ())):
        try:
            bar.close()
        except Exception:  # a bar of a half-torn-down library: the line is what matters here
            pass


def _on_signal(signum: int, frame) -> None:
    if _received:  # a second signal while the first one's work ends: now
        _exit(report(Interrupted(_received[0])))
    _received.append(signum)
    if _installed:
        threading.Thread(target=_overdue, args=(signum,), name="factalign-interrupt", daemon=True).start()
    if _held["depth"]:
        _held["signal"] = signum  # raised when the outermost held() block ends
    else:
        raise Interrupted(signum)


def _overdue(signum: int) -> None:
    """After GRACE, end a run whose way out has not ended it, once no held() block is open (a held step is quick:
    a GRACE more at most), with the notes of the noting() blocks still open."""
    time.sleep(GRACE)
    deadline = time.monotonic() + GRACE
    while _held["depth"] and time.monotonic() < deadline:
        time.sleep(0.05)
    exc = Interrupted(signum)
    for note in _noted + [note() for note in list(_standing)]:
        exc.add_note(note)
    _exit(report(exc))


@contextmanager
def noting(note: Callable[[], str]) -> Iterator[None]:
    """Inside the block, an interrupt notes `note()` for its one line (e.g. the rows written so far): added to the
    interrupt that leaves the block, or read by the GRACE watchdog if the way out never gets there."""
    _standing.append(note)
    try:
        yield
    except KeyboardInterrupt as exc:
        exc.add_note(note())
        _noted.append(exc.__notes__[-1])
        raise
    finally:
        _standing.remove(note)


@contextmanager
def held() -> Iterator[None]:
    """The program's first signal, coming inside the block, takes effect when the block ends: what the block
    does (a row written and counted) is done whole. For steps that cannot block for long (a write to a file,
    not to a pipe whose reader may stall)."""
    _held["depth"] += 1
    try:
        yield
    finally:
        _held["depth"] -= 1
        if not _held["depth"] and _held["signal"] is not None:
            signum, _held["signal"] = _held["signal"], None
            raise Interrupted(signum)


def run(main: Callable[[], int]) -> None:
    """The program: the handlers, then `main()` (which reports an interrupt itself), then the exit; after an
    interrupt the process ends at once (see the module docstring)."""
    _installed.append(True)
    take_signals()
    try:
        code = main()
    except BaseException as exc:  # before main's own handling began (while the program loads)
        if not (_received or isinstance(exc, KeyboardInterrupt)):
            raise
        code = report(exc)
    if _received:  # (main may have finished its work all the same: the status still says it was interrupted)
        _exit(report(Interrupted(_received[0])))
    sys.exit(code)


def take_signals() -> None:
    """The program's handlers for SIGINT and SIGTERM, (again) in place; a no-op in-process. Call it after a
    library that installs its own (Ray's driver does, for SIGTERM, in ray.init)."""
    if _installed:
        for signum in SIGNALS:
            signal.signal(signum, _on_signal)


def _exit(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):  # a closed pipe, a closed or absent stream
            pass
    os._exit(code)


@contextmanager
def thread_pool(workers: int, **options) -> Iterator[ThreadPoolExecutor]:
    """A ThreadPoolExecutor whose calls not yet started are dropped when the block ends, and whose running
    calls are waited for, except after an interrupt: then they are left behind, so that Ctrl-C does not
    wait for an LLM request's timeout."""
    pool = ThreadPoolExecutor(workers, **options)
    interrupted = False
    try:
        yield pool
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        pool.shutdown(wait=not interrupted, cancel_futures=True)

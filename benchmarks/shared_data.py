"""What every benchmark script shares: the checkout's factalign on sys.path (a script runs the code beside it,
not an installed copy), where ../shared/data lies, and one way to stop when a data file is missing.

Imported first by a script in benchmarks/ (its folder is on sys.path when it runs as `python benchmarks/X.py`):

    from shared_data import SHARED, data_file
    rows = data_file("frank_val.jsonl", "FRANK validation")
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
MISSING = 2  # the exit status of a script whose data is missing: nothing was measured
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def data_file(relative: str | Path, what: str = "the shared data") -> Path:
    """SHARED / relative (a file or a folder), or stop(): a measurement without its data is not a zero."""
    path = SHARED / relative
    if not path.exists():
        stop(f"{what} not found at {path} (the shared data belongs at ../shared/data beside the repository)")
    return path


def given_file(path: str | Path, what: str) -> Path:
    """A data file named on the command line (--data), or stop()."""
    if not Path(path).exists():
        stop(f"{what} not found at {path}")
    return Path(path)


def stop(why: str) -> NoReturn:
    """One line on stderr, named by the script, and exit status MISSING."""
    print(f"{Path(sys.argv[0]).name}: {why}", file=sys.stderr)
    sys.exit(MISSING)

"""The linter, the formatter and the dead-code check, configured in pyproject.toml ([tool.ruff],
[tool.vulture]), run as part of the tests: a new unused import, undefined name or unused function fails here."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# files kept in `ruff format`'s style; the rest of the tree joins as it is edited (pyproject.toml says why not at once)
FORMATTED = [
    "factalign/numeric.py",
    "benchmarks/shared_data.py",
    "tests/test_lint.py",
    "tests/test_docs_outputs.py",
    "tests/test_benchmarks_index.py",
    "tests/vulture_whitelist.py",
]


def tool(name: str, *args: str) -> subprocess.CompletedProcess:
    pytest.importorskip(name, reason=f"{name} is in the [test] extra")
    return subprocess.run([sys.executable, "-m", name, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_ruff_check_passes_on_the_whole_tree():
    proc = tool("ruff", "check", "--no-cache", ".")
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


def test_formatted_files_stay_formatted():
    proc = tool("ruff", "format", "--check", "--no-cache", *FORMATTED)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_no_dead_code_in_the_package_or_the_benchmarks():
    """vulture reads factalign, benchmarks, tests and examples (a name any of them uses is alive) and
    reports on the package and the benchmarks; pytest finds tests' fixtures by name, so tests/ is not reported."""
    proc = tool("vulture")
    dead = [line for line in proc.stdout.splitlines() if line.startswith(("factalign/", "benchmarks/"))]
    assert dead == [] and proc.returncode in (0, 3), proc.stdout[-4000:] + proc.stderr[-2000:]


HISTORY = re.compile(r"issue \d+|as before\b|as it always was|until now|it had before|once labelled", re.I)


def test_code_says_why_not_what_happened_before():
    """Comments and docstrings give the reason; what happened when goes to docs and commit messages."""
    told = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in sorted((ROOT / "factalign").rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HISTORY.search(line)
    ]
    assert told == []


def test_every_slow_module_exists():
    """A renamed slow module would otherwise drop out of the list silently and slow the quick run down."""
    from tests.conftest import SLOW_MODULES

    assert {name for name in SLOW_MODULES if not list((ROOT / "tests").rglob(f"{name}.py"))} == set()


def test_no_package_file_is_over_350_lines():
    """A file over 350 lines does several things: split it by what they are."""
    long = [
        f"{p.relative_to(ROOT)}: {n}"
        for p in sorted((ROOT / "factalign").rglob("*.py"))
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 350
    ]
    assert long == []

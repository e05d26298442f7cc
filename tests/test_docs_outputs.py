"""Figures the docs quote come from code the docs show: a `python` block followed by
`<!-- docs-test: output of the block above -->` and a bare fenced block is run here (from a directory laid out
as a checkout, as tests/test_readme.py does) and its standard output must be that block, character for
character. A model or setting change that moves a quoted number fails this test instead of leaving the docs
behind."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAIR = re.compile(
    r"^```python\n(?P<code>(?:(?!^```).)*?)^```\n(?:(?!```).)*?<!-- docs-test: output of the block above -->\n"
    r"```\n(?P<output>(?:(?!^```).)*?)^```$",
    re.S | re.M,
)
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def pairs() -> list:
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for m in PAIR.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            found.append(pytest.param(m["code"], m["output"], id=f"{path.relative_to(ROOT)}:{line}"))
    return found


def test_the_docs_have_checked_outputs():
    assert {p.id.split(":")[0] for p in pairs()} >= {"docs/recipes.md"}


@pytest.mark.parametrize("code, output", pairs())
def test_a_quoted_output_is_what_its_block_prints(tmp_path, code, output):
    repo = tmp_path / "checkout"
    repo.mkdir()
    (repo / "examples").symlink_to(ROOT / "examples")
    env = {**os.environ, "FACTALIGN_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-"], input=code, text=True, capture_output=True, cwd=repo, env=env, timeout=600
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout == output

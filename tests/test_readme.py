"""Every code block of the README runs as written: `sh` blocks in `bash -e`, `python` blocks in `python`, each
from a directory laid out as a checkout (the repository's examples, and ../shared where the checkout has it
beside it), with the default cache inside that directory. A block with `<!-- readme-test: skip: REASON -->` on
the line above is left out, and the reason shows in pytest's summary; a fenced block without a language is
output, not code. The set-up block's leading `pip install -e . &&` is not run: the tests run where the
package is installed already."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"(?:<!-- readme-test: skip: (?P<skip>[^\n]*?) -->\n)?^```(?P<lang>\S*)\n(?P<code>.*?)^```$", re.S | re.M)
RUNNERS = {"sh": ["bash", "-e"], "python": [sys.executable, "-"]}
INSTALLED = re.compile(r"^pip install -e \. && ")


def blocks() -> list:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for m in FENCE.finditer(text):
        line = text.count("\n", 0, m.start("lang")) + 1
        marks = [pytest.mark.skip(reason=f"README.md:{line}: {m['skip']}")] if m["skip"] else []
        found.append(pytest.param(m["lang"], m["code"], id=f"README.md:{line}-{m['lang'] or 'output'}", marks=marks))
    return found


def test_every_block_is_code_the_tests_run_or_output():
    assert {p.values[0] for p in blocks()} <= {"", *RUNNERS}, "a block in a language this test does not run"
    assert sum(p.values[0] in RUNNERS and not p.marks for p in blocks()) >= 5


@pytest.mark.parametrize("lang, code", blocks())
def test_readme_block_runs_as_written(tmp_path, lang, code):
    if lang not in RUNNERS:
        pytest.skip("output, not code")
    repo = tmp_path / "checkout"
    repo.mkdir()
    (repo / "examples").symlink_to(ROOT / "examples")
    if (ROOT.parent / "shared").is_dir():
        (tmp_path / "shared").symlink_to(ROOT.parent / "shared")
    code = INSTALLED.sub("", code)
    env = {**os.environ, "FACTALIGN_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(RUNNERS[lang], input=code, text=True, capture_output=True, cwd=repo, env=env, timeout=900)
    assert proc.returncode == 0, f"{code}\nexit {proc.returncode}\n{proc.stderr[-3000:]}"
    assert "Traceback" not in proc.stderr, proc.stderr


def test_the_skipped_train_nli_line_parses_where_the_readme_runs_it(tmp_path, monkeypatch):
    """The skipped block's `train-nli` line is too slow to run, but its arguments parse and each --data spec
    finds its file, from a checkout with ../shared/data laid out as the shared data is."""
    from factalign.cli import build_parser
    from factalign.train.mix import SHARED_FILES, parse_data_spec

    line = next(line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("factalign train-nli "))
    argv = shlex.split(line.split("&&")[0])[1:]
    for rel in SHARED_FILES.values():
        (tmp_path / "shared" / "data" / rel).parent.mkdir(parents=True, exist_ok=True)
        if rel != ".":
            (tmp_path / "shared" / "data" / rel).touch()
    (tmp_path / "checkout").mkdir()
    monkeypatch.chdir(tmp_path / "checkout")
    args = build_parser().parse_args(argv)
    assert args.func.__name__ == "run_train_nli" and args.data
    for spec in args.data:
        kind, path, _ = parse_data_spec(spec)
        assert kind not in SHARED_FILES or kind == "synthetic" or path.is_file(), spec


def test_the_readme_says_how_long_the_tests_take_and_how_to_run_the_quick_part():
    """The suite's length and the quick run are stated, the quick run leaves out only what is marked slow, and
    the README's test command (the one CI runs) leaves nothing out."""
    import tomllib

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'python -m pytest -m "not slow"' in text and re.search(r"about [\d,]+ tests, takes about \d+ minutes", text)
    assert re.search(r"^pip install -e \"\.\[test\]\" \"torch==[\d.]+\" && python -m pytest -q$", text, re.M)
    markers = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["markers"]
    assert any(m.startswith("slow:") for m in markers)


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation but hyphens dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_contents_list_every_section_in_order_and_the_quick_start_comes_first():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    sections = [h for h in re.findall(r"^## (.+)$", text, re.M) if h != "Contents"]
    contents = text[text.index("## Contents"):text.index("\n## ", text.index("## Contents") + 1)]
    assert re.findall(r"\]\(#([^)]+)\)", contents) == [_anchor(h) for h in sections]
    assert sections[0] == "Quick start" and sections.index("For contributors: tests and layout") > sections.index("Choosing a checker")

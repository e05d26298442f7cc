"""The layers and the absence of import circles, as import-linter checks them (contracts in pyproject.toml)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("importlinter")

ROOT = Path(__file__).resolve().parents[1]
LINT = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))"


def lint(tree: Path) -> subprocess.CompletedProcess:
    """import-linter on the package in `tree`, in a process of its own (it puts the working directory on sys.path)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run([sys.executable, "-c", LINT], cwd=tree, env=env, capture_output=True, text=True, timeout=300)


def test_import_contracts_hold():
    proc = lint(ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_a_contract_fails_when_a_low_layer_imports_a_high_one(tmp_path):
    """Not vacuous: the same contracts over a copy where `text` imports the scorer are broken."""
    shutil.copytree(ROOT / "factalign", tmp_path / "factalign", ignore=shutil.ignore_patterns("models", "__pycache__"))
    with open(tmp_path / "factalign" / "text" / "windows.py", "a") as f:
        f.write("\nfrom factalign.scorer import Scorer  # noqa\n")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    proc = lint(tmp_path)
    assert proc.returncode == 1 and "factalign.text.windows -> factalign.scorer" in proc.stdout

"""The layers and the absence of import circles, as import-linter checks them (contracts in pyproject.toml)."""

from pathlib import Path

import pytest

pytest.importorskip("importlinter")

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_hold(capsys):
    from importlinter.cli import lint_imports

    code = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    assert code == 0, capsys.readouterr().out


def test_a_contract_fails_when_a_low_layer_imports_a_high_one(tmp_path, capsys, monkeypatch):
    """The contract is not vacuous: the same layers over a copy where `text` imports the scorer break."""
    import shutil

    from importlinter.cli import lint_imports

    shutil.copytree(ROOT / "factalign", tmp_path / "factalign", ignore=shutil.ignore_patterns("models", "__pycache__"))
    with open(tmp_path / "factalign" / "text" / "windows.py", "a") as f:
        f.write("\nfrom factalign.scorer import Scorer  # noqa\n")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)  # import-linter puts the working directory first on sys.path
    for name in [m for m in __import__("sys").modules if m == "factalign" or m.startswith("factalign.")]:
        monkeypatch.delitem(__import__("sys").modules, name)
    code = lint_imports(config_filename=str(tmp_path / "pyproject.toml"), no_cache=True, no_logo=True)
    assert code == 1 and "factalign.text.windows -> factalign.scorer" in capsys.readouterr().out

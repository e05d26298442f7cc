"""docs/architecture.md's examples of a new component run inside a copy of the package, as the doc says to add them:
the example saved as one file and imported in its package's __init__.py, then used from a fresh interpreter."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

TREE = Path(__file__).resolve().parents[1]


def package_with_example(tmp_path: Path, heading: str, folder: str, name: str, imports: str) -> dict:
    """A copy of factalign under `tmp_path` with the doc's python block after `heading` saved as `folder/name.py` and
    `name` added after `imports` in `folder/__init__.py`; the environment a subprocess imports that copy with."""
    doc = (TREE / "docs" / "architecture.md").read_text()
    code = re.search(re.escape(heading) + r".*?```python\n(.*?)```", doc, re.S).group(1)
    package = tmp_path / "factalign"
    shutil.copytree(TREE / "factalign", package, ignore=shutil.ignore_patterns("models", "__pycache__"))
    (package / folder / f"{name}.py").write_text(code)
    init = package / folder / "__init__.py"
    init.write_text(init.read_text().replace(imports, f"{imports}, {name}", 1))
    return {**os.environ, "PYTHONPATH": str(tmp_path)}


def run_in(tmp_path: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=tmp_path, env=env, capture_output=True, text=True)

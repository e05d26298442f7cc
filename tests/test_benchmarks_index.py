"""benchmarks/README.md lists every script, and every script finds the shared data and the checkout's
factalign through benchmarks/shared_data.py, so none spells out ../shared or patches sys.path itself."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"
SCRIPTS = sorted(p for p in [*BENCH.glob("*.py"), *BENCH.glob("*.sh")])


def test_the_index_names_every_script_and_no_other():
    index = (BENCH / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([\w]+\.(?:py|sh))`", index))
    assert {p.name for p in SCRIPTS} == named


def test_only_shared_data_knows_where_the_data_and_the_checkout_are():
    own = [
        f"{p.name}:{n}"
        for p in SCRIPTS
        if p.suffix == ".py" and p.name != "shared_data.py"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r'"shared" */|sys\.path\.insert', line)
    ]
    assert own == []


def test_a_missing_data_file_is_one_line_and_status_2(tmp_path):
    code = "import sys; sys.argv = ['demo.py']; from shared_data import data_file; data_file('no/such/file.jsonl', 'demo rows')"
    proc = subprocess.run([sys.executable, "-c", code], cwd=BENCH, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert proc.stderr.startswith("demo.py: demo rows not found at ") and "Traceback" not in proc.stderr

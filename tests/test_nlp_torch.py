"""spaCy loads without torch, whichever factalign module imports it first; torch is hidden from the
importing thread only, and imports as usual in other threads and afterwards (a fresh process: torch
must not be imported before)."""

import subprocess
import sys


from tests.faults.run import ROOT, TREE
from tests.helpers import needs

needs("torch")

# the import system's own lookup (sys.meta_path, as `import torch` does) stands in for importing torch,
# which would cost this test 1.5 s
PROBE = """
import importlib.util, sys, threading
import factalign.claims.rules  # imports spaCy at module level, before any pipeline is loaded
import thinc.compat
print("thinc sees torch:", thinc.compat.has_torch, "torch imported:", "torch" in sys.modules)
from factalign.text.nlp import SENTENCES, _torch_hidden, pipeline
print("sentences:", [s.text for s in pipeline(SENTENCES)("A cat sat. A dog ran.").sents])
with _torch_hidden():
    try:
        import torch
        print("hidden: imported")
    except ImportError:
        print("hidden: refused")
    seen = []
    t = threading.Thread(target=lambda: seen.append(importlib.util.find_spec("torch").name))
    t.start(); t.join()
    print("other thread:", seen)
print("after:", importlib.util.find_spec("torch").name)
"""


def test_torch_is_hidden_from_the_loading_thread_only():
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, timeout=300,
                          env={"PYTHONPATH": str(TREE), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["thinc sees torch: False torch imported: False",
                                        "sentences: ['A cat sat.', 'A dog ran.']",
                                        "hidden: refused", "other thread: ['torch']", "after: torch"]

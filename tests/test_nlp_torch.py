"""spaCy loads without torch in the loading thread; other threads, and the loading thread afterwards,
import torch as usual (a fresh process: torch must not be imported before)."""

import subprocess
import sys

import pytest

from tests.faults.run import ROOT, TREE

pytest.importorskip("torch")

PROBE = """
import sys, threading
from factalign.text.nlp import SENTENCES, _torch_hidden, pipeline
print("sentences:", [s.text for s in pipeline(SENTENCES)("A cat sat. A dog ran.").sents])
import thinc.compat
print("thinc sees torch:", thinc.compat.has_torch, "torch imported:", "torch" in sys.modules)
with _torch_hidden():
    try:
        import torch
        print("hidden: imported")
    except ImportError:
        print("hidden: refused")
    seen = []
    t = threading.Thread(target=lambda: seen.append(__import__("torch").__name__))
    t.start(); t.join()
    print("other thread:", seen)
import torch
print("after:", torch.__name__)
"""


def test_torch_is_hidden_from_the_loading_thread_only():
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, timeout=300,
                          env={"PYTHONPATH": str(TREE), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["sentences: ['A cat sat.', 'A dog ran.']",
                                        "thinc sees torch: False torch imported: False",
                                        "hidden: refused", "other thread: ['torch']", "after: torch"]

import gc
import os
from pathlib import Path

import pytest

if os.environ.get("PYTEST_XDIST_WORKER"):
    # One thread per worker: xdist runs a worker per core, and libraries that also start a thread per
    # core (torch, ONNX Runtime, BLAS) then spin against each other; set before any of them loads.
    os.environ.setdefault("OMP_NUM_THREADS", "1")

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.fixture
def shared_data() -> Path:
    """../shared/data beside the checkout; tests that need it skip with a clear reason when absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared evaluation data not found at {SHARED_DATA} (expected ../shared/data beside the repo)")
    return SHARED_DATA


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    """Keep every test's NLI cache out of the user's home."""
    monkeypatch.setenv("FACTALIGN_CACHE_DIR", str(tmp_path / "cache"))


def pytest_unconfigure(config):
    """Skip the garbage collection at interpreter exit: over the objects torch, spaCy and transformers
    leave, it held each worker (and so the whole run) about two seconds after its last test."""
    gc.freeze()

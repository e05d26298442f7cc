import multiprocessing as mp
import os
import signal
import sqlite3

import numpy as np
import pytest

from factalign import Scorer
from factalign.nli import CachedNLI, TableNLI, load_nli
from factalign.nli.cache import pair_key
from tests.helpers import FixedClaims, doc_of

TABLE = {("A cat sat.", "A cat sat."): (0.9, 0.1, 0.0), ("A dog ran.", "A cat sat."): (0.1, 0.2, 0.7)}


def test_second_run_makes_zero_model_calls(tmp_path):
    path = tmp_path / "nli.sqlite"
    doc = doc_of("A cat sat.", "A dog ran.")
    first = TableNLI(TABLE)
    r1 = Scorer("nli-claim", nli=first, extractor=FixedClaims("A cat sat."), cache=path).score(doc, doc_of("x."))
    assert first.calls == 2
    second = TableNLI(TABLE)
    r2 = Scorer("nli-claim", nli=second, extractor=FixedClaims("A cat sat."), cache=path).score(doc, doc_of("x."))
    assert second.calls == 0
    assert r2 == r1


def test_duplicate_pairs_reach_the_model_once():
    table = TableNLI(TABLE)
    probs = load_nli(table).predict([("A cat sat.", "A cat sat.")] * 3)
    assert table.calls == 1 and probs.shape == (3, 3)


def test_keys_depend_on_the_model_signature():
    assert pair_key("m1", "p", "h") != pair_key("m2", "p", "h")


def test_readers_are_not_blocked_by_an_open_write(tmp_path):
    path = tmp_path / "nli.sqlite"
    cached = CachedNLI(TableNLI(TABLE), path)
    cached.predict([("A cat sat.", "A cat sat.")])
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO nli VALUES ('k', 0.1, 0.2, 0.7)")
    reader_model = TableNLI(TABLE)
    reader = CachedNLI(reader_model, path)
    assert reader.predict([("A cat sat.", "A cat sat.")])[0] == pytest.approx([0.9, 0.1, 0.0])
    assert reader_model.calls == 0
    writer.execute("ROLLBACK")


def _write_then_die(path):
    cached = CachedNLI(TableNLI(TABLE), path)
    cached.db.execute("BEGIN IMMEDIATE")
    cached.db.execute("INSERT INTO nli VALUES (?, 0.5, 0.5, 0.0)", (pair_key(cached.signature, "A dog ran.", "A cat sat."),))
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_killed_writer_leaves_a_usable_cache(tmp_path):
    path = tmp_path / "nli.sqlite"
    CachedNLI(TableNLI(TABLE), path).predict([("A cat sat.", "A cat sat.")])
    proc = mp.get_context("fork").Process(target=_write_then_die, args=(path,))
    proc.start()
    proc.join()
    assert proc.exitcode == -signal.SIGKILL
    model = TableNLI(TABLE)
    cached = CachedNLI(model, path)
    probs = cached.predict([("A cat sat.", "A cat sat."), ("A dog ran.", "A cat sat.")])
    np.testing.assert_allclose(probs, [[0.9, 0.1, 0.0], [0.1, 0.2, 0.7]])
    assert model.calls == 1  # the killed write was rolled back; the committed row survived

"""`factalign cache merge`: worker caches gathered into one, so a later local run makes no model call."""

from __future__ import annotations

import sqlite3

from factalign.cli import main
from factalign.nli import TableNLI, load_nli
from tests.faults.run import assert_one_line_error, factalign

TABLE = {(f"Premise {i}.", f"Claim {i}."): (0.6, 0.3, 0.1) for i in range(6)}


def test_merged_caches_answer_every_pair_and_keep_existing_entries(tmp_path, capsys):
    pairs = list(TABLE)
    for name, part in (("a", pairs[:4]), ("b", pairs[2:])):  # workers that overlap on two pairs
        load_nli(TableNLI(TABLE), cache=tmp_path / f"{name}.sqlite").predict(part)
    into = tmp_path / "local.sqlite"
    assert main(["cache", "merge", str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite"), "--cache", str(into)]) == 0
    assert "6 new NLI entries and 0 new LLM replies from 2 cache(s)" in capsys.readouterr().out
    model = TableNLI(TABLE)
    probs = load_nli(model, cache=into).predict(pairs)
    assert model.calls == 0 and probs.tolist() == [list(v) for v in TABLE.values()]
    assert main(["cache", "merge", str(tmp_path / "a.sqlite"), "--cache", str(into)]) == 0
    assert "0 new NLI entries" in capsys.readouterr().out
    with sqlite3.connect(into) as db:
        assert db.execute("SELECT COUNT(*) FROM nli").fetchone()[0] == 6


def test_a_missing_or_foreign_source_is_one_line_error_and_changes_nothing(tmp_path):
    into = tmp_path / "into.sqlite"
    assert_one_line_error(factalign("cache", "merge", tmp_path / "nope.sqlite", "--cache", into), "cache not found")
    (tmp_path / "text.sqlite").write_text("not a database")
    assert_one_line_error(factalign("cache", "merge", tmp_path / "text.sqlite", "--cache", into), "text.sqlite", "not a database")
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    assert_one_line_error(factalign("cache", "merge", other, "--cache", into), "holds no factalign cache table")


def test_into_is_the_deprecated_old_name_of_cache(tmp_path):
    load_nli(TableNLI(TABLE), cache=tmp_path / "a.sqlite").predict(list(TABLE)[:2])
    proc = factalign("cache", "merge", tmp_path / "a.sqlite", "--into", tmp_path / "into.sqlite")
    assert proc.returncode == 0
    assert proc.stderr.decode() == "factalign: warning: --into is deprecated: say --cache, as every other subcommand does\n"
    with sqlite3.connect(tmp_path / "into.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM nli").fetchone()[0] == 2

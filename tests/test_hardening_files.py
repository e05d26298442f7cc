"""Issue 61: no command loses a file, no short input runs unbounded, abandoned work stops.

Each command that writes a file is run on inputs that fail (missing, binary, a directory, not JSON, damaged)
with an output already there: the output must be byte-identical afterwards, and no empty file, folder or
temporary file may be left behind. Fan-out: inputs of a few kilobytes that used to cost minutes stay within
the caps of factalign/bounds.py, with a note in the result. Cancellation: a request past its deadline stops its
work at the next checkpoint, so the scoring thread serves the next one."""

from __future__ import annotations

import json
import sqlite3
import threading
import time

import numpy as np
import pytest

from factalign import Scorer
from factalign.bounds import (MAX_CLAIMS_PER_SENTENCE, MAX_SPLIT_SENTENCE_CHARS, MAX_VARIANTS_PER_SENTENCE, bounded_claims,
                              bounded_variants)
from factalign.data import Claim, Document
from factalign.errors import FactalignError
from factalign.nli import NLI_BACKENDS
from factalign.nli.transformer import TransformerNLI
from factalign.outputs import replacing, replacing_dir, write_whole
from tests.test_batch_io import DOCS, SUMS, words_nli  # noqa: F401  (words_nli: the autouse fixture)
from tests.test_cli import assert_one_line_error, run

MODEL = ("--method", "nli-sent", "--nli", "words", "--no-cache", "--threshold", "0.5")
KEPT = b"an earlier output\n"


def bad_inputs(tmp_path):
    """An input that fails for each reason a user's script meets: missing, binary, a directory, not JSON."""
    (tmp_path / "binary.bin").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "notes.txt").write_text("no JSON here\n")
    (tmp_path / "folder").mkdir()
    return [tmp_path / "missing.jsonl", tmp_path / "binary.bin", tmp_path / "folder", tmp_path / "notes.txt"]


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") or p.name.endswith(".part"))


@pytest.mark.parametrize("which", range(4))
def test_claims_extract_keeps_an_existing_output_when_its_input_fails(tmp_path, capsys, which):
    source = bad_inputs(tmp_path)[which]
    out = tmp_path / "claims.jsonl"
    out.write_bytes(KEPT)
    code, _, err = run(capsys, "claims", "extract", "--input", source, "--output", out)
    assert code == 2 and "factalign: error:" in err and "Traceback" not in err
    assert out.read_bytes() == KEPT and leftovers(tmp_path) == []


def test_claims_extract_writes_no_new_file_when_every_row_fails(tmp_path, capsys):
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"id": 1, "other": "x"}) + "\n")
    code, _, err = run(capsys, "claims", "extract", "--input", rows, "--output", tmp_path / "new.jsonl")
    assert code == 1 and "1 of 1 rows failed" in err
    assert not (tmp_path / "new.jsonl").exists() and leftovers(tmp_path) == []


def test_claims_extract_replaces_the_output_once_rows_are_written(tmp_path, capsys):
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"id": 1, "text": "Anna joined the firm in 2011."}) + "\n")
    out = tmp_path / "claims.jsonl"
    out.write_bytes(KEPT)
    code, _, _ = run(capsys, "claims", "extract", "--input", rows, "--output", out, "--quiet")
    assert code == 0 and json.loads(out.read_text())["id"] == 1 and leftovers(tmp_path) == []


def test_a_failed_bench_leaves_no_run_directory(tmp_path, capsys):
    code, _, err = run(capsys, "bench", "--data", f"frank:{tmp_path / 'missing.jsonl'}", "--methods", "nli-sent",
                       "--out", tmp_path / "new_run", "--nli", "words")
    assert_one_line_error(code, err, "missing.jsonl")
    assert not (tmp_path / "new_run").exists()


def test_cache_merge_leaves_the_target_untouched_when_a_source_is_no_cache(tmp_path, capsys):
    target = tmp_path / "target.sqlite"
    db = sqlite3.connect(target)
    db.execute("CREATE TABLE other (x)")
    db.commit()
    db.close()
    before = target.read_bytes()
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(bytes(range(256)) * 20)
    code, _, err = run(capsys, "cache", "merge", garbage, "--cache", target)
    assert_one_line_error(code, err, "garbage.sqlite", "not a cache file")
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["garbage.sqlite", "target.sqlite"]  # no -wal, no -shm


def test_cache_merge_into_a_new_file_creates_nothing_when_the_source_fails(tmp_path, capsys):
    (tmp_path / "empty.sqlite").write_bytes(b"")
    code, _, err = run(capsys, "cache", "merge", tmp_path / "empty.sqlite", "--cache", tmp_path / "new" / "c.sqlite")
    assert code == 2 and "no factalign cache table" in err
    assert not (tmp_path / "new").exists()


@pytest.mark.parametrize("which", range(4))
def test_report_keeps_an_existing_page_when_its_result_file_fails(tmp_path, capsys, which):
    page = tmp_path / "report.html"
    page.write_bytes(KEPT)
    code, _, err = run(capsys, "report", bad_inputs(tmp_path)[which], "-o", page)
    assert code == 2 and "factalign: error:" in err
    assert page.read_bytes() == KEPT and leftovers(tmp_path) == []


def test_report_rows_skips_a_malformed_line_as_batch_does(tmp_path, capsys):
    rows = tmp_path / "rows.jsonl"
    good = [{"id": f"r{n}", "document": DOCS[n], "summary": SUMS[n]} for n in range(2)]
    rows.write_text(json.dumps(good[0]) + "\nnot json\n" + json.dumps({"id": "x", "document": "d"}) + "\n"
                    + json.dumps(good[1]) + "\n")
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, "batch", rows, "--output", out, "--html", tmp_path / "batch.html", *MODEL, "--quiet")
    assert code == 1 and err.count("factalign: error:") == 2
    code, stdout, err = run(capsys, "report", out, "--rows", rows, "-o", tmp_path / "report.html")
    assert code == 1 and "(2 rows)" in stdout
    assert [line.split(":")[3] for line in err.splitlines()[:2]] == ["2", "3"]  # each bad line named, as batch names it
    assert "2 lines of --rows" in err and (tmp_path / "report.html").stat().st_size > 0


def test_calibrate_keeps_an_existing_calibration_when_its_data_fail(tmp_path, capsys):
    cal = tmp_path / "cal.json"
    cal.write_bytes(KEPT)
    code, _, err = run(capsys, "calibrate", "--data", tmp_path / "missing.jsonl", "--output", cal, *MODEL[:4])
    assert code == 2 and "factalign: error:" in err
    assert cal.read_bytes() == KEPT and leftovers(tmp_path) == []


def test_score_html_keeps_an_existing_page_when_the_summary_fails(tmp_path, capsys):
    (tmp_path / "doc.txt").write_text(DOCS[0])
    page = tmp_path / "page.html"
    page.write_bytes(KEPT)
    code, _, err = run(capsys, "score", "--document", tmp_path / "doc.txt", "--summary", tmp_path / "missing.txt",
                       "--html", page, *MODEL)
    assert_one_line_error(code, err, "missing.txt")
    assert page.read_bytes() == KEPT


def test_replacing_drops_its_temporary_file_on_any_failure(tmp_path):
    out = tmp_path / "out.txt"
    out.write_bytes(KEPT)
    out.chmod(0o640)
    with pytest.raises(KeyboardInterrupt):
        with replacing(out) as pending:
            pending.file.write("half")
            raise KeyboardInterrupt
    assert out.read_bytes() == KEPT and leftovers(tmp_path) == []
    write_whole(out, "new\n")
    assert out.read_text() == "new\n" and out.stat().st_mode & 0o777 == 0o640  # the permissions of the file replaced
    with pytest.raises(FactalignError, match="cannot write --output"):
        write_whole(tmp_path / "no" / "such" / "dir.txt", "x")


def test_replacing_dir_keeps_an_earlier_directory_whole_when_the_new_one_fails(tmp_path):
    (tmp_path / "model").mkdir()
    (tmp_path / "model" / "weights.bin").write_bytes(KEPT)
    with pytest.raises(RuntimeError):
        with replacing_dir(tmp_path / "model") as work:
            (work / "weights.bin").write_bytes(b"half")
            raise RuntimeError("export failed")
    assert (tmp_path / "model" / "weights.bin").read_bytes() == KEPT
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]
    with replacing_dir(tmp_path / "model") as work:
        (work / "config.json").write_text("{}")
    assert sorted(p.name for p in (tmp_path / "model").iterdir()) == ["config.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]


# fan-out: the caps of factalign/bounds.py

class CountingNLI:
    signature = "counting"

    def __init__(self):
        self.pairs = 0

    def predict(self, pairs):
        self.pairs += len(pairs)
        return np.tile([0.5, 0.3, 0.2], (len(pairs), 1))


def test_a_sentence_that_gives_too_many_claims_stands_whole_with_a_note():
    summary = Document.from_sentences(["One two three.", "Four five six."])
    claims = [Claim(f"claim {k}", 0) for k in range(MAX_CLAIMS_PER_SENTENCE + 1)] + [Claim("four", 1)]
    kept, notes = bounded_claims(claims, summary)
    assert [(c.text, c.sentence_index) for c in kept] == [("One two three.", 0), ("four", 1)]
    assert kept[0].span == summary.sentences[0] and len(notes) == 1 and "MAX_CLAIMS_PER_SENTENCE" in notes[0]
    assert bounded_claims(claims[-3:], summary) == (claims[-3:], [])


def run_on_sentence() -> str:
    """One sentence just over MAX_SPLIT_SENTENCE_CHARS: clauses an extractor would split, joined by commas."""
    clauses, k = [], 0
    while len(", and ".join(clauses)) <= MAX_SPLIT_SENTENCE_CHARS:
        clauses.append(f"the depot in Town{k} opened a new loading bay for {k + 2} lorries")
        k += 1
    return "In spring " + ", and ".join(clauses) + "."


def test_a_run_on_sentence_stands_whole_with_a_note():
    long = run_on_sentence()
    summary = Document.from_sentences(["The depot opened.", long])
    claims = [Claim("The depot opened.", 0), Claim("part one", 1), Claim("part two", 1)]
    kept, notes = bounded_claims(claims, summary)
    assert [(c.text, c.sentence_index) for c in kept] == [("The depot opened.", 0), (long, 1)]
    assert len(notes) == 1 and "MAX_SPLIT_SENTENCE_CHARS" in notes[0]


def test_the_rules_extractor_never_parses_a_run_on_sentence(monkeypatch):
    from factalign.claims import rules
    parsed = []
    real = rules.parse_many
    monkeypatch.setattr(rules, "parse_many", lambda items: parsed.extend(items) or real(items))
    long = run_on_sentence()
    summary = Document.from_text(f"{long} The depot in Town1 opened a bay.")
    claims = rules.RulesExtractor().extract(summary)
    assert [c.text for c in claims if c.sentence_index == 0] == [long]
    assert parsed and all(len(text) < MAX_SPLIT_SENTENCE_CHARS for text, _ in parsed)


def test_coreference_variants_past_the_cap_are_cut_with_a_note():
    variants = [f"v{k}" for k in range(MAX_VARIANTS_PER_SENTENCE + 5)]
    kept, note = bounded_variants(variants)
    assert kept == variants[:MAX_VARIANTS_PER_SENTENCE] and "MAX_VARIANTS_PER_SENTENCE" in note
    assert bounded_variants(variants[:3]) == (variants[:3], None)


@pytest.mark.parametrize("text", [
    " and ".join(f"Person{i} Smith" for i in range(400)) + " attended the meeting.",
    "The shop sells " + ", ".join(f"item{i} widget" for i in range(1000)) + ".",
])
def test_a_short_pathological_output_scored_against_itself_stays_bounded(text):
    """Issue 61's two inputs (past 400 s and 150 s before): the pairs they fan out to stay in the hundreds."""
    nli = CountingNLI()
    result = Scorer("fenice", nli=nli, threshold=0.5).score(text, text)
    assert 0 < len(result.claims) <= MAX_CLAIMS_PER_SENTENCE * len(Document.from_text(text).sentences)
    assert nli.pairs < 1000
    assert result.to_dict().get("notes", result.notes) == result.notes


# cancellation: a request past its deadline stops its work

class SlowNLI(TransformerNLI):
    """A stand-in model that takes 0.2 s per batch of one pair."""

    signature = "slow"
    computed = 0

    def __init__(self):
        super().__init__(max_length=512, batch_size=1)

    def count_tokens(self, texts):
        return [len(t.split()) for t in texts]

    def forward(self, pairs):
        time.sleep(0.2)
        type(self).computed += len(pairs)
        return np.tile([0.6, 0.3, 0.1], (len(pairs), 1))


def test_a_timed_out_request_stops_its_work_and_the_next_is_served():
    pytest.importorskip("fastapi")
    from factalign.serve.metrics import Metrics
    from factalign.serve.worker import Abandoned, Job, ScoringWorker
    from factalign.settings import ScorerSettings

    NLI_BACKENDS.register("slow")(SlowNLI)
    try:
        worker = ScoringWorker(ScorerSettings("nli-sent", nli="slow", threshold=0.5, cache=None), 4, Metrics()).start()
        worker.wait_loaded()
        long_document = " ".join(f"Report {k} says the river rose by {k} metres." for k in range(60))  # 60 pairs: 12 s
        answers, both = {}, threading.Event()

        def done(name):
            def record(results):
                answers[name] = results[0]
                if len(answers) == 2:
                    both.set()
            return record

        SlowNLI.computed = 0
        now = time.monotonic()
        assert worker.submit(Job([(long_document, "The river rose.")], now + 0.5, 0.5, done("long")))
        assert worker.submit(Job([(DOCS[0], SUMS[0])], now + 60, 60, done("short")))
        assert both.wait(60)
        assert isinstance(answers["long"], Abandoned)
        assert SlowNLI.computed < 30  # the long request's pairs stopped well before its 60
        assert json.loads(answers["short"])["score"] is not None
    finally:
        NLI_BACKENDS.unregister("slow")
        worker.stop(10)

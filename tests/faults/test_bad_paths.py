"""Paths and streams that cannot be used: one `factalign: error:` line, a non-zero exit, no traceback."""

import pytest

from tests.faults.run import ROOT, assert_one_line_error, batch_args, factalign, one_sentence_rows, table_for, write_rows

EXAMPLES = ROOT / "examples"
BAD_OUTPUTS = ["missing-dir/out.jsonl", ".", "/sys/factalign-out.jsonl", "/proc/factalign-out.jsonl"]


@pytest.mark.parametrize("output", BAD_OUTPUTS)
def test_batch_refuses_an_unwritable_output_before_loading_models(tmp_path, output):
    rows = write_rows(tmp_path / "rows.jsonl", one_sentence_rows(1))
    output = output if output.startswith("/") else tmp_path / output
    # the NLI table does not exist: reaching the models would print a different error
    assert_one_line_error(factalign(*batch_args(rows, output, "table:/no-such-table.json")), "cannot write", str(output))


@pytest.mark.parametrize("output", BAD_OUTPUTS)
def test_claims_extract_refuses_an_unwritable_output(tmp_path, output):
    rows = tmp_path / "in.jsonl"
    rows.write_text('{"id": 1, "text": "Alice lives in Paris."}\n')
    output = output if output.startswith("/") else tmp_path / output
    proc = factalign("claims", "extract", "--input", rows, "--extractor", "sentences", "--output", output)
    assert_one_line_error(proc, "cannot write", str(output))


@pytest.mark.parametrize("out_dir", ["/sys/factalign-bench", "/proc/factalign-bench", "a-file"])
def test_bench_refuses_an_unwritable_out_directory(tmp_path, out_dir):
    data = tmp_path / "bench.jsonl"
    data.write_text('{"id": "1", "doc": "Alice lives in Paris.", "summary": "Alice lives in Paris.", "label": 1}\n')
    if out_dir == "a-file":
        out_dir = tmp_path / "a-file"
        out_dir.write_text("")
    proc = factalign("bench", "--data", f"jsonl:{data}", "--methods", "nli-sent", "--nli", "table:/no-such-table.json",
                     "--out", out_dir, "--no-cache", "--quiet")
    assert_one_line_error(proc, "cannot write in --out", str(out_dir))


@pytest.mark.parametrize("argv", [
    ["score", "--document", EXAMPLES / "document.txt", "--summary", "-", "--method", "nli-sent", "--nli", "table:/x.json"],
    ["batch", "-", "--output", "OUT", "--method", "nli-sent", "--nli", "table:/x.json"],
    ["claims", "extract", "--input", "-", "--extractor", "sentences"],
])
def test_closed_standard_input_is_one_line_error(tmp_path, argv):
    argv = [tmp_path / "out.jsonl" if a == "OUT" else a for a in argv]
    assert_one_line_error(factalign(*argv, close_stdin=True), "standard input is closed")


def test_an_endless_document_is_refused_without_reading_it_whole():
    proc = factalign("score", "--document", "/dev/zero", "--summary", EXAMPLES / "summary.txt", "--max-chars", "1000",
                     "--method", "nli-sent", "--nli", "table:/x.json", timeout=300,
                     own_process=True)  # a regression reads /dev/zero without end: its timeout must end it
    assert_one_line_error(proc, "/dev/zero", "over the limit of 1,000 characters")


def test_an_endless_batch_input_is_refused(tmp_path):
    proc = factalign("batch", "/dev/zero", "--output", tmp_path / "out.jsonl", "--nli", "table:/x.json", timeout=300,
                     own_process=True)  # a regression reads /dev/zero without end: its timeout must end it
    assert_one_line_error(proc, "/dev/zero:1: line longer than")


def test_a_base_url_that_is_not_a_url_is_one_line_error():
    proc = factalign("score", "--document", EXAMPLES / "document.txt", "--summary", EXAMPLES / "summary.txt",
                     "--method", "acueval", "--llm-base-url", "not-a-url", "--llm-model", "m")
    assert_one_line_error(proc, "--llm-base-url must be an http(s) URL", "not-a-url")


def test_batch_rows_read_from_stdin_still_work(tmp_path):
    rows = one_sentence_rows(1)
    nli = table_for(tmp_path / "t.json", rows)
    proc = factalign(*batch_args("-", tmp_path / "out.jsonl", nli), stdin=(write_rows(tmp_path / "r.jsonl", rows)).read_bytes())
    assert proc.returncode == 0, proc.stderr

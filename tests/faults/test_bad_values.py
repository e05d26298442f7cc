"""Values that cannot mean anything are refused in one line, in the CLI and in the API alike."""

import pytest

from factalign import Scorer
from factalign.errors import FactalignError
from factalign.nli import TableNLI
from tests.faults.run import ROOT, assert_one_line_error, factalign

EXAMPLES = ROOT / "examples"
SCORE = ["score", "--document", EXAMPLES / "document.txt", "--summary", EXAMPLES / "summary.txt", "--nli", "table:/x.json"]


@pytest.mark.parametrize("value", ["5", "-1.5", "nan", "inf"])
def test_threshold_outside_the_score_range_is_refused(value):
    assert_one_line_error(factalign(*SCORE, "--method", "nli-sent", f"--threshold={value}"),
                          f"argument --threshold: must be a number from -1 to 1, not {value}")


@pytest.mark.parametrize("method, param, message", [
    ("fenice", "T=-3", "parameter T must be between -1 and inf"),
    ("fenice", "T=nan", "parameter T must be between"),
    ("fenice", "j=0", "parameter j must be at least 1"),
    ("sentli", "k=-1", "parameter k must be at least 1"),
    ("infuse-k", "k=0", "parameter k must be at least 1"),
    ("fulldoc", "chunk_tokens=0", "parameter chunk_tokens must be at least 1"),
    ("fizz", "gran=0", "parameter gran must be at least 1"),
])
def test_method_parameters_out_of_range_are_refused(method, param, message):
    assert_one_line_error(factalign(*SCORE, "--method", method, "--param", param), message)


def test_the_api_refuses_the_same_values():
    nli = TableNLI({})
    with pytest.raises(FactalignError, match="threshold must be between -1 and 1"):
        Scorer("nli-sent", nli=nli, threshold=float("nan"))
    with pytest.raises(FactalignError, match="parameter j must be at least 1"):
        Scorer("fenice", nli=nli, params={"j": 0})
    Scorer("fenice", nli=nli, params={"T": float("inf")}, calibration=None)  # the released code's "always" stays possible


def test_row_timeout_must_be_positive(tmp_path):
    proc = factalign("batch", EXAMPLES / "batch.jsonl", "--output", tmp_path / "o.jsonl", "--row-timeout", "0")
    assert_one_line_error(proc, "argument --row-timeout: must be a number above 0, not 0")


@pytest.mark.parametrize("command", [
    ["claims", "extract", "--input", "EMPTY", "--extractor", "sentences"],
    ["claims", "eval", "--pred", "EMPTY", "--gold", "EMPTY", "--faith", "none"],
])
def test_an_empty_input_file_is_an_error(tmp_path, command):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert_one_line_error(factalign(*[empty if a == "EMPTY" else a for a in command]), "is empty")


def test_a_nan_id_is_never_written_by_claims_extract(tmp_path):
    rows = tmp_path / "in.jsonl"
    rows.write_text('{"id": NaN, "text": "Alice lives in Paris."}\n{"id": 2, "text": "Bob lives in Rome."}\n')
    out = tmp_path / "out.jsonl"
    proc = factalign("claims", "extract", "--input", rows, "--extractor", "sentences", "--output", out)
    assert proc.returncode == 1 and "in.jsonl:1: id must be" in proc.stderr.decode()
    assert "NaN" not in out.read_text() and out.read_text().count("\n") == 1

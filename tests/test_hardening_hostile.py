"""Hostile input of issue 47 outside the service: numbers past a float's range, terminal escapes in the texts
that claims keep verbatim, huge or ragged cells in a benchmark file, model specs that cannot work here, and
the client of `factalign serve` against a server or proxy that answers nonsense. Each ends in a result or
in one line naming what is wrong, never a traceback. (The service's own: tests/test_serve_hostile.py.)"""

import json

import pytest

from factalign import Scorer
from factalign.details.find import numbers_of
from factalign.details.match import SourceIndex, nearby
from tests.test_batch_io import WordsNLI, words_nli  # noqa: F401  (words_nli: the autouse fixture)
from tests.test_cli import assert_one_line_error, run
from tests.test_hardening import output_ids, write_rows

HUGE = "1" + "0" * 400  # about 309 digits or more do not fit a float
NINES = "9" * 400
DOCUMENT = "The company hired 35,000 workers. It opened a plant in Ohio."


# 1. a number a float cannot hold

@pytest.mark.parametrize("number", [HUGE, NINES, "1" + "0" * 305 + " trillion", "1," + ",".join(["000"] * 110)])
def test_a_number_past_the_float_range_is_no_number_detail(number):
    text = f"The company hired {number} workers and 12 managers."
    assert [d.text for d in numbers_of(text)] == ["12"]
    assert SourceIndex(text).has(numbers_of("12 managers")[0])  # the sources' index of such a text is read
    assert nearby(numbers_of("35,000 workers")[0], text, "It hired 35,000 workers.").value == 12.0


@pytest.mark.parametrize("mode", ["on", "numbers", "counts", "conflict"])
@pytest.mark.parametrize("where", ["claim", "document"])
def test_every_detail_mode_scores_a_text_with_such_a_number(mode, where, number=NINES):
    scorer = Scorer("nli-sent", nli=WordsNLI(), calibration=None, detail_check=mode)
    claim = f"The company hired {number} workers."
    document = DOCUMENT + (f" It later hired {HUGE} workers." if where == "document" else "")
    result = scorer.score(document, claim if where == "claim" else "The company hired 35,000 workers.")
    assert len(result.claims) == 1 and -1 <= result.score <= 1


def test_batch_finishes_a_file_with_such_a_row_and_keeps_every_row(tmp_path, capsys):
    rows = write_rows(tmp_path / "rows.jsonl", [
        {"id": "a", "document": DOCUMENT, "summary": "The company hired 35,000 workers."},
        {"id": "huge", "document": DOCUMENT, "summary": f"The company hired {HUGE} workers."},
        {"id": "nines", "document": f"{DOCUMENT} Then {NINES} more.", "summary": f"It hired {NINES} workers."},
        {"id": "b", "document": DOCUMENT, "summary": "It opened a plant in Ohio."}])
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, "batch", rows, "--output", out, "--method", "nli-sent", "--nli", "words", "--no-cache",
                       "--threshold", "0.5", "--quiet", "--detail-check", "on")
    assert code == 0 and "error" not in err, err
    assert output_ids(out) == ["a", "huge", "nines", "b"]


# 2. terminal escapes in the texts

ESCAPES = "\x1b]0;pwned\x07\x1b[2J"
CSI = "\x9b"


def test_score_prints_claims_and_excerpts_with_control_characters_escaped(tmp_path, capsys):
    (tmp_path / "d.txt").write_text(f"Anna sang in Paris{ESCAPES}. Bob{CSI}31m danced in Rome.")
    (tmp_path / "s.txt").write_text(f"Anna sang in Paris{ESCAPES}. Bob{CSI}31m danced.")
    common = ["score", "--document", tmp_path / "d.txt", "--summary", tmp_path / "s.txt", "--method", "nli-sent",
              "--nli", "words", "--no-cache", "--threshold", "0.5"]
    code, out, _ = run(capsys, *common)
    assert code == 0 and "Anna sang in Paris\\x1b]0;pwned\\x07\\x1b[2J" in out and "Bob\\x9b31m" in out
    assert not any(c in out for c in "\x1b\x07\x9b")
    code, out, _ = run(capsys, *common, "--json")
    assert code == 0 and not any(c in out for c in "\x1b\x07\x9b") and "\\u009b" in out
    text = " ".join(c["claim"]["text"] for c in json.loads(out)["claims"])
    assert f"Anna sang in Paris{ESCAPES}." in text and f"Bob{CSI}31m" in text  # verbatim to a JSON reader


def test_claims_extract_prints_claims_with_control_characters_escaped(capsys):
    code, out, _ = run(capsys, "claims", "extract", "--text", f"Anna sang in Paris{ESCAPES}{CSI}2J in 2012.",
                       "--extractor", "rules")
    assert code == 0 and out.strip() and not any(c in out for c in "\x1b\x07\x9b")
    assert "\\x1b]0;pwned\\x07" in out


# 7. model specs that cannot work here; a file or a missing path given as a model

def _files(tmp_path):
    (tmp_path / "d.txt").write_text(DOCUMENT)
    (tmp_path / "s.txt").write_text("The company hired 35,000 workers.")
    return "--document", tmp_path / "d.txt", "--summary", tmp_path / "s.txt"


def _score_with(capsys, tmp_path, spec):
    return run(capsys, "score", *_files(tmp_path), "--nli", spec, "--no-cache")


@pytest.mark.parametrize("device, message", [
    ("cuda", "NLI option device=cuda: this torch was built without CUDA; use device=cpu"),
    ("cuda:0", "NLI option device=cuda:0: this torch was built without CUDA; use device=cpu"),
    ("bogus", "NLI option device must be a torch device (cpu, cuda, cuda:1, mps), not 'bogus'")])
@pytest.mark.parametrize("backend", ["hf", "t5"])
def test_a_device_this_torch_cannot_use_is_one_line_naming_the_option(tmp_path, capsys, backend, device, message):
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    if device.startswith("cuda") and torch.backends.cuda.is_built():
        pytest.skip("this torch has CUDA")
    code, _, err = _score_with(capsys, tmp_path, f"{backend}:{tmp_path},device={device}")
    assert_one_line_error(code, err, message)


@pytest.mark.parametrize("backend, what", [("hf", "NLI model"), ("hhem", "HHEM model"), ("t5", "seq2seq checker")])
def test_a_file_given_as_a_model_is_no_hub_id(tmp_path, capsys, monkeypatch, backend, what):
    pytest.importorskip("transformers")
    (tmp_path / "notes.txt").write_text("not a model")
    monkeypatch.chdir(tmp_path)
    code, _, err = _score_with(capsys, tmp_path, f"{backend}:notes.txt")
    assert_one_line_error(code, err, f"cannot load {what} from notes.txt: it is a file; pass the model's directory")


def test_a_missing_hhem_directory_is_said_before_trust_remote_code(tmp_path, capsys):
    pytest.importorskip("transformers")
    code, _, err = _score_with(capsys, tmp_path, f"hhem:{tmp_path}/nonexistent")
    assert_one_line_error(code, err, f"cannot load HHEM model '{tmp_path}/nonexistent': no such directory")
    assert "trust_remote_code" not in err


# 8-9. the client of `factalign serve` against a server or proxy that answers nonsense; credentials in its URL

class FakeServer:
    """An HTTP server on 127.0.0.1 answering each request with the next (status, headers, body) of `answers`
    (the last one repeated); it keeps each request's (path, headers)."""

    def __init__(self, *answers):
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.answers, self.requests = list(answers), []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def answer(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                fake.requests.append((self.path, dict(self.headers)))
                status, headers, body = fake.answers.pop(0) if len(fake.answers) > 1 else fake.answers[0]
                body = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                for k, v in {"Content-Type": "application/json", **headers, "Content-Length": str(len(body))}.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = answer

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self):
        import threading

        threading.Thread(target=lambda: self.httpd.serve_forever(poll_interval=0.02), daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def served(summary="The company hired 35,000 workers."):
    return {"result": Scorer("nli-sent", nli=WordsNLI(), calibration=None).score(DOCUMENT, summary).to_dict(),
            "seconds": 0.1}


@pytest.mark.parametrize("header", ["nan", "inf", "-inf", "1e999", "soon", ""])
def test_a_retry_after_that_is_no_number_of_seconds_waits_a_bounded_finite_time(monkeypatch, header):
    import factalign.client

    import threading

    waits, real_sleep, caller = [], factalign.client.time.sleep, threading.get_ident()
    # only this thread's sleeps are the client's: another test's leftover thread in this worker may sleep too
    monkeypatch.setattr(factalign.client.time, "sleep",
                        lambda s: waits.append(s) if threading.get_ident() == caller else real_sleep(s))
    with FakeServer((503, {"Retry-After": header}, {"error": "busy", "status": 503}), (200, {}, served())) as server:
        result = factalign.Client(server.url, max_wait=30).check("The company hired 35,000 workers.", DOCUMENT)
    assert result.score == served()["result"]["score"]
    assert len(waits) == 1 and 0 <= waits[0] <= 30


@pytest.mark.parametrize("body, what", [
    (b"<html><body>502 Bad Gateway</body></html>", "no JSON"), ({}, "no result"), ({"result": None}, "no result"),
    ([1, 2], "no result"), ({"result": {**served()["result"], "score": "high"}}, "a score that is no number"),
    ({"result": {**served()["result"], "claims": [{"claim": 3}]}}, "no result")])
def test_a_200_that_is_no_result_is_one_line_quoting_the_answer(tmp_path, capsys, body, what):
    import factalign

    with FakeServer((200, {}, body)) as server:
        with pytest.raises(factalign.FactalignError, match=rf"^the server at {server.url} answered with {what}, so it "
                                                           r"may not be a factalign service: .+$"):
            factalign.Client(server.url).check("The company hired 35,000 workers.", DOCUMENT)
        code, _, err = run(capsys, "score", "--server", server.url, *_files(tmp_path))
    assert_one_line_error(code, err, f"the server at {server.url} answered with {what}")
    assert len(err) < 300


@pytest.mark.parametrize("url", ["http://user:SECRET@127.0.0.1:1", "http://user:SECRET@127.0.0.1",
                                 "http://user:SECRET@127.0.0.1:port", "ftp://user:SECRET@127.0.0.1"])
def test_credentials_in_the_server_url_are_never_printed(tmp_path, capsys, url):
    import factalign

    code, out, err = run(capsys, "score", "--server", url, *_files(tmp_path))
    assert_one_line_error(code, err)
    assert "SECRET" not in err + out and "127.0.0.1" in err
    assert "SECRET" not in repr(factalign.Client(url))


def test_credentials_in_the_url_go_as_basic_authentication_and_not_in_a_refusal(tmp_path, capsys):
    import base64

    refusal = {"error": "missing or wrong API key: send Authorization: Bearer KEY", "status": 401}
    with FakeServer((401, {}, refusal)) as server:
        url = server.url.replace("//", "//user:SECRET@")
        code, _, err = run(capsys, "score", "--server", url, *_files(tmp_path))
    assert err == f"factalign: error: the server refused the request (401): {refusal['error']}\n" and code == 2
    assert server.requests[0][1]["Authorization"] == "Basic " + base64.b64encode(b"user:SECRET").decode()


# 10. a huge cell, a ragged row, a document that is no string in a benchmark file

def _bench(capsys, tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content) if isinstance(content, str) else path.write_text("".join(json.dumps(r) + "\n" for r in content))
    return run(capsys, "bench", "--data", f"llm-aggrefact:{path}", "--method", "nli-sent", "--nli", "words",
               "--out", tmp_path / "run"), path


BIG = "x" * 100_000


@pytest.mark.parametrize("content, said", [
    (f"doc,claim,label\nA doc.,A claim.,{BIG}\n", ":2: label 'xxx"),
    (f"doc,claim,label,split\nA doc.,A claim.,1,{BIG}\n", ":2: split 'xxx"),
    ([{"id": BIG, "doc": "A doc.", "claim": "A claim.", "label": 1}] * 2, ": duplicate id 'xxx")],
    ids=["label", "split", "id"])
def test_a_huge_cell_is_quoted_cut_in_the_error(tmp_path, capsys, content, said):
    (code, _, err), path = _bench(capsys, tmp_path, "rows.csv" if isinstance(content, str) else "rows.jsonl", content)
    assert_one_line_error(code, err, f"{path}{said}", "...' (100,000 characters)")
    assert len(err) < 400


@pytest.mark.parametrize("content, message", [
    ("doc,claim,label\nA doc.\n", "2: a row of 1 cell under a header of 3 columns (doc, claim, label)"),
    ("doc,claim,label\nA doc.,A claim.,1,more\n", "2: a row of 4 cells under a header of 3 columns (doc, claim, label)")])
def test_a_ragged_csv_row_is_said_to_be_ragged(tmp_path, capsys, content, message):
    (code, _, err), path = _bench(capsys, tmp_path, "rows.csv", content)
    assert_one_line_error(code, err, f"{path}:{message}")
    assert "missing field" not in err


@pytest.mark.parametrize("field, value, shown", [("doc", ["A doc.", "More."], "an array"), ("claim", {"a": 1}, "an object")])
def test_a_document_or_claim_that_is_no_string_is_refused_not_scored_as_its_repr(tmp_path, capsys, field, value, shown):
    row = {"doc": "A doc.", "claim": "A claim.", "label": 1, field: value}
    (code, _, err), path = _bench(capsys, tmp_path, "rows.jsonl", [row])
    assert_one_line_error(code, err, f"{path}:1: {'doc' if field == 'doc' else 'summary'} must be a string, not {shown}")

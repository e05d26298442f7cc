"""Issue 28, second part: bounds on threads, lock waits, LLM request time and memory, and damaged model,
table and cache files. A damaged file is a one-line error naming it (or, for a cache entry, computed
again); a resource is bounded and the bound is said (a warning), never a hang or a traceback."""

import json
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from factalign import cachedb
from factalign.errors import FactalignError, FactalignWarning
from factalign.nli import HOUSE_MODEL_DIR, NLI_BACKENDS, CachedNLI, TableNLI
from tests.test_batch_io import DOCS, SUMS, WordsNLI
from tests.test_cli import assert_one_line_error, run

WORDS = ("--method", "nli-sent", "--nli", "words", "--threshold", "0.5")


@pytest.fixture(autouse=True)
def words_nli():
    NLI_BACKENDS.register("words")(WordsNLI)
    yield
    NLI_BACKENDS.unregister("words")


def pair(tmp_path):
    (tmp_path / "doc.txt").write_text(DOCS[0])
    (tmp_path / "sum.txt").write_text(SUMS[0])
    return tmp_path / "doc.txt", tmp_path / "sum.txt"


def error_lines(err, kind="warning"):
    return [line for line in err.splitlines() if line.startswith(f"factalign: {kind}: ")]


# 1. threads beyond the machine

def test_threads_beyond_the_cores_are_lowered_to_them_and_said(tmp_path, capsys):
    from factalign.nli.onnx import session_options, usable_cores

    with pytest.warns(FactalignWarning, match=rf"threads=100000 is more threads than the {usable_cores()} cores"):
        assert session_options(100000).intra_op_num_threads == usable_cores()
    doc, summary = pair(tmp_path)
    code, out, err = run(capsys, "score", "--document", doc, "--summary", summary, "--method", "nli-sent",
                         "--nli", "house,threads=100000", "--no-cache", "--threshold", "0.5", "--json")
    assert code == 0 and json.loads(out)["score"] is not None
    assert error_lines(err) == [f"factalign: warning: threads=100000 is more threads than the {usable_cores()} cores "
                                f"this process may use; using {usable_cores()}"]


def test_omp_num_threads_beyond_the_cores_is_lowered_too(monkeypatch):
    from factalign.nli.onnx import session_options, usable_cores

    monkeypatch.setenv("OMP_NUM_THREADS", "4096")
    with pytest.warns(FactalignWarning, match="OMP_NUM_THREADS=4096 is more threads"):
        assert session_options().intra_op_num_threads == usable_cores()


# 2. a cache file another process holds locked

HOLDER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.read()  # until the test closes our standard input
"""


class Holder:
    """A second process holding `path` under BEGIN EXCLUSIVE until the block ends."""

    def __init__(self, path):
        self.path = path

    def __enter__(self):
        self.process = subprocess.Popen([sys.executable, "-c", HOLDER, str(self.path)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        assert self.process.stdout.readline() == "held\n"
        return self

    def __exit__(self, *exc):
        self.process.stdin.close()
        self.process.wait(timeout=30)


def wal_cache(tmp_path, capsys, doc, summary):
    """A cache file in WAL mode holding the entries of one run (readers are not blocked by a lock then,
    writers are)."""
    path, other = tmp_path / "cache.sqlite", tmp_path / "other.txt"
    other.write_text("Zoe swam in Oslo.")
    assert run(capsys, "score", "--document", doc, "--summary", other, "--cache", path, *WORDS)[0] == 0
    return path


@pytest.mark.parametrize("mode", ["wal", "rollback journal"])
def test_a_cache_held_locked_by_another_process_costs_one_bounded_wait(tmp_path, capsys, monkeypatch, mode):
    monkeypatch.setattr(cachedb, "LOCK_WAIT", 0.3)
    doc, summary = pair(tmp_path)
    if mode == "wal":  # the file opens and reads; the first write waits, then the file is dropped
        path, doing = wal_cache(tmp_path, capsys, doc, summary), "not updated"
    else:  # a fresh file in rollback mode: even opening it waits, then the run goes on in memory
        path, doing = tmp_path / "cache.sqlite", "not opened"
        sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.commit()
    expected = run(capsys, "score", "--document", doc, "--summary", summary, "--no-cache", *WORDS)[1]
    with Holder(path):
        code, out, err = run(capsys, "score", "--document", doc, "--summary", summary, "--cache", path, *WORDS)
    assert code == 0 and out == expected
    assert error_lines(err) == [f"factalign: warning: NLI cache {path} {doing} (another process held it locked past "
                                "the 0.3 s a run waits); going on without it for this run"]


def test_after_a_lock_the_file_is_left_alone_for_the_rest_of_the_run(tmp_path):
    """The second call neither waits for the file again nor writes to it: one wait per run, not per call."""
    pairs = [(f"Premise {i}.", f"Hypothesis {i}.") for i in range(4)]
    path = tmp_path / "c.sqlite"
    cached = CachedNLI(TableNLI({p: (0.6, 0.3, 0.1) for p in pairs}), path, timeout=0.3)
    with Holder(path):
        with pytest.warns(FactalignWarning, match="not updated .*locked"):
            assert cached.predict(pairs[:2]).shape == (2, 3)
    assert cached.predict(pairs[2:]).tolist() == [[0.6, 0.3, 0.1]] * 2  # the lock is gone by now
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM nli").fetchone() == (0,)


# 3. damaged entries in a cache file

@pytest.mark.parametrize("value", ["'text'", "NULL", "5.0", "-1.0", "X'00ff'", "0.5"],
                         ids=["text", "null", "above 1", "negative", "blob", "not summing to 1"])
def test_a_damaged_nli_cache_entry_is_computed_again_never_scored(tmp_path, capsys, value):
    doc, summary = pair(tmp_path)
    path = tmp_path / "cache.sqlite"
    first = run(capsys, "score", "--document", doc, "--summary", summary, "--cache", path, "--json", *WORDS)
    db = sqlite3.connect(path)
    good = db.execute("SELECT key, ent, neu, con FROM nli ORDER BY key").fetchall()
    db.execute(f"UPDATE nli SET ent = {value}")
    db.commit()
    code, out, err = run(capsys, "score", "--document", doc, "--summary", summary, "--cache", path, "--json", *WORDS)
    assert (code, out) == first[:2]
    n = len(good)
    assert error_lines(err) == [f"factalign: warning: NLI cache {path} holds {n} damaged entr{'y' if n == 1 else 'ies'} "
                                "(not three probabilities summing to 1); computed again and overwritten"]
    assert db.execute("SELECT key, ent, neu, con FROM nli ORDER BY key").fetchall() == good  # repaired


def test_a_cache_file_that_is_no_database_is_one_line_error(tmp_path, capsys):
    doc, summary = pair(tmp_path)
    (tmp_path / "cache.sqlite").write_bytes(b"not a database " * 100)
    code, _, err = run(capsys, "score", "--document", doc, "--summary", summary, "--cache", tmp_path / "cache.sqlite", *WORDS)
    assert_one_line_error(code, err, "cannot open NLI cache", "cache.sqlite", "not a database")


# 4. damaged model and table files

def model_dir(tmp_path, tokenizer=None, **config):
    out = tmp_path / "model"
    out.mkdir()
    (out / "model.onnx").symlink_to(HOUSE_MODEL_DIR / "model.onnx")
    text = (HOUSE_MODEL_DIR / "tokenizer.json").read_text()
    (out / "tokenizer.json").write_text(text if tokenizer is None else tokenizer(text))
    settings = json.loads((HOUSE_MODEL_DIR / "config.json").read_text())
    (out / "config.json").write_text(json.dumps({**settings, **config}))
    return out


@pytest.mark.parametrize("tokenizer, config, message", [
    (lambda t: t[: len(t) // 2], {}, "tokenizer.json is not a readable tokenizer (EOF while parsing"),
    (lambda t: "{}", {}, "tokenizer.json is not a readable tokenizer"),
    (None, {"max_length": "long"}, "config.json: max_length must be a whole number of tokens (at least 8), not 'long'"),
    (None, {"id2label": ["entailment"]}, "config.json: no id2label object"),
    (None, {"id2label": {"0": "entailment", "1": "neutral", "7": "contradiction"}},
     "config.json: id2label names column 7, but"),
], ids=["truncated tokenizer", "empty tokenizer", "max_length text", "id2label list", "id2label past the outputs"])
def test_a_damaged_model_directory_is_one_line_error_naming_the_file(tmp_path, capsys, tokenizer, config, message):
    doc, summary = pair(tmp_path)
    directory = model_dir(tmp_path, tokenizer, **config)
    code, _, err = run(capsys, "score", "--document", doc, "--summary", summary, "--method", "nli-sent",
                       "--nli", f"onnx:{directory}", "--no-cache")
    assert_one_line_error(code, err, str(directory / message.split(" ")[0].split(":")[0]), message)


def test_an_hf_model_directory_with_a_damaged_tokenizer_is_one_line_error(tmp_path):
    """tokenizers raises a KeyError for a tokenizer.json without its parts: not a traceback."""
    import importlib.util

    if importlib.util.find_spec("transformers") is None or importlib.util.find_spec("torch") is None:
        pytest.skip("needs torch and transformers")
    from factalign.nli.hf import HFNLI
    from tests.test_hf_backend import tiny_model_dir

    directory = tiny_model_dir(tmp_path, {0: "contradiction", 1: "entailment", 2: "neutral"})
    (directory / "tokenizer.json").write_text("{}")
    with pytest.raises(FactalignError, match=rf"cannot load NLI model from {directory}: its tokenizer cannot be read "
                                             r"\(KeyError"):
        HFNLI(str(directory))


@pytest.mark.parametrize("probs, shown", [
    (["0.7", 0.2, 0.1], "['0.7', 0.2, 0.1]"), ([float("nan"), 0.5, 0.5], "[nan, 0.5, 0.5]"),
    ([None, 0.5, 0.5], "[None, 0.5, 0.5]"), ([True, False, False], "[True, False, False]"), (0.7, "0.7"),
    ([0.7, 0.2], "[0.7, 0.2]"), ([0.7, 0.7, -0.4], "[0.7, 0.7, -0.4]"),
], ids=["text", "nan", "null", "booleans", "a number", "two", "negative"])
def test_a_table_file_with_a_probability_that_is_no_number_is_one_line_error(tmp_path, capsys, probs, shown):
    doc, summary = pair(tmp_path)
    rows = [{"premise": "A.", "hypothesis": "B.", "probs": [1, 0, 0]}, {"premise": "C.", "hypothesis": "D.", "probs": probs}]
    (tmp_path / "t.json").write_text(json.dumps(rows))
    code, _, err = run(capsys, "score", "--document", doc, "--summary", summary, "--method", "nli-sent",
                       "--nli", f"table:{tmp_path / 't.json'}", "--no-cache")
    assert_one_line_error(code, err, f"table NLI file {tmp_path / 't.json'} row 2: probs must be 3 non-negative "
                                     f"numbers summing to 1, not {shown}")


def test_a_table_jsonl_line_is_named_by_its_number(tmp_path):
    (tmp_path / "t.jsonl").write_text('{"premise": "A.", "hypothesis": "B.", "probs": [1, 0, 0]}\n'
                                      '{"premise": "A.", "hypothesis": "B.", "probs": [1, 0, 0], "probs": [0, 0, 1]}\n')
    with pytest.raises(FactalignError, match=r"t.jsonl:2: key 'probs' appears more than once"):
        TableNLI.from_file(tmp_path / "t.jsonl")


# 5. LLM servers that trickle or reset

class BadServer:
    """An HTTP server on 127.0.0.1 whose every reply is a chat completion sent `how`: "trickle" (headers,
    then the body a byte every 50 ms: 5 s in all), "trickle headers" (the whole response a byte at a time
    from the status line on), "reset after 0.6 s" (nothing, then a TCP reset), "trickle then reset"
    (headers and some body bytes over 3 s, then a reset)."""

    def __init__(self, how):
        self.how, self.requests = how, 0
        server = self
        body = json.dumps({"choices": [{"message": {"role": "assistant", "content": "x" * 40}}]}).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                server.requests += 1
                self.rfile.read(int(self.headers["Content-Length"]))
                head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body)
                try:
                    if server.how == "reset after 0.6 s":
                        time.sleep(0.6)
                        return self.reset()
                    if server.how == "trickle headers":
                        return self.trickle(head + body, 0.05)
                    self.wfile.write(head)
                    self.wfile.flush()
                    if server.how == "trickle":
                        return self.trickle(body, 5 / len(body))
                    self.trickle(body[:30], 0.1)
                    self.reset()
                except OSError:
                    pass  # the client gave up

            def trickle(self, data, pause):
                for i in range(len(data)):
                    self.wfile.write(data[i:i + 1])
                    self.wfile.flush()
                    time.sleep(pause)

            def reset(self):
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                self.connection.close()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self):
        threading.Thread(target=lambda: self.httpd.serve_forever(poll_interval=0.02), daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


MESSAGES = [{"role": "user", "content": "hi"}]


@pytest.mark.parametrize("how", ["trickle", "trickle headers", "trickle then reset"])
def test_the_llm_timeout_bounds_a_whole_request(how):
    """Each byte arrives well within the timeout, so only a bound on the whole try ends it."""
    from factalign.llm import ChatClient

    sleeps = []
    with BadServer(how) as server:
        llm = ChatClient(server.url, "tiny", timeout=1, sleep=sleeps.append)
        with pytest.warns(FactalignWarning, match="no reply within 1 s; retry 1 of 3"):
            with pytest.raises(FactalignError, match=r"sent no reply within 1 s, 2 times \(raise --llm-timeout"):
                llm.complete(MESSAGES)
    assert server.requests == 2 and sleeps == [1.0]


def test_retries_stop_where_one_could_end_past_the_stated_total(monkeypatch):
    """2 x timeout + RETRY_SLACK: with no slack and tries of 0.6 s under a 1 s timeout, a retry (1 s of
    backoff and up to 1 s of try) could end past the 2 s total, so none is made. On a loaded machine the
    reset may come after the 1 s try has timed out: the try fails for that reason, and still is not retried."""
    from factalign.llm import ChatClient, client

    monkeypatch.setattr(client, "RETRY_SLACK", 0.0)
    assert client.total_time(1) == 2
    with BadServer("reset after 0.6 s") as server:
        with pytest.raises(FactalignError, match=r"(connection failed .*|no reply within 1 s), 1 tries in \d+ s; no retry, as one could end "
                                                 r"past the 2 s a request may take with its retries"):
            ChatClient(server.url, "tiny", timeout=1, sleep=lambda s: None).complete(MESSAGES)
    assert server.requests == 1


def test_acueval_on_the_command_line_ends_at_the_llm_timeout(tmp_path, capsys):
    doc, summary = pair(tmp_path)
    with BadServer("trickle") as server:
        code, _, err = run(capsys, "score", "--document", doc, "--summary", summary, "--method", "acueval",
                           "--llm-base-url", server.url, "--llm-model", "tiny", "--llm-timeout", "1", "--no-cache")
    assert code != 0 and "Traceback" not in err
    assert error_lines(err, "error") == [f"factalign: error: LLM endpoint {server.url}/chat/completions sent no reply "
                                         "within 1 s, 2 times (raise --llm-timeout or FACTALIGN_LLM_TIMEOUT; a try lasts "
                                         "from connecting to the reply's last byte)"]


def test_a_damaged_llm_reply_in_the_cache_is_asked_again(tmp_path):
    from factalign.llm import ChatClient
    from tests.test_llm_client import ScriptedServer

    cache = tmp_path / "c.sqlite"
    with ScriptedServer([(200, {}, "first"), (200, {}, "again")]) as server:
        assert ChatClient(server.url, "tiny", cache=cache).complete(MESSAGES) == "first"
        db = sqlite3.connect(cache)
        db.execute("UPDATE llm SET reply = '{\"choices\": []}'")
        db.commit()
        llm = ChatClient(server.url, "tiny", cache=cache)
        with pytest.warns(FactalignWarning, match=rf"LLM reply cache {cache} holds a damaged entry"):
            assert llm.complete(MESSAGES) == "again"
        assert ChatClient(server.url, "tiny", cache=cache).complete(MESSAGES) == "again"  # overwritten, from the cache
    assert len(server.requests) == 2


def test_an_llm_reply_cache_held_locked_is_dropped_after_one_wait(tmp_path, monkeypatch):
    from factalign.llm import ChatClient
    from tests.test_llm_client import ScriptedServer

    monkeypatch.setattr(cachedb, "LOCK_WAIT", 0.3)
    cache = tmp_path / "c.sqlite"
    sqlite3.connect(cache).execute("CREATE TABLE t (x)").connection.commit()  # rollback mode: opening waits
    with ScriptedServer([(200, {}, "one"), (200, {}, "two")]) as server, Holder(cache):
        with pytest.warns(FactalignWarning, match="LLM reply cache .* not opened .*locked past the 0.3 s"):
            llm = ChatClient(server.url, "tiny", cache=cache)
        assert [llm.complete(MESSAGES), llm.complete([{"role": "user", "content": "2"}])] == ["one", "two"]


# 6. memory: the coreference parse of a long document

def test_a_long_text_is_parsed_for_coreference_in_pieces_and_clustered_across_them(monkeypatch):
    """spaCy's parser takes memory in proportion to its input (3.4 GB for a 0.99 MB document); a text
    over WHOLE_PARSE_CHARS is parsed a piece at a time, and a name in the first piece still joins its
    mentions in the last, at offsets into the whole text."""
    from factalign.coref import heuristic

    paragraph = "Natalia Moon moved to the Philippines in 2012. She learned Tagalog there."
    filler = "\n\n".join(["The weather was mild and the markets were calm that week."] * 12)
    text = "\n\n".join([paragraph, filler, "Later, Moon won an award for her role.", filler, "She thanked her fans."])
    whole = heuristic.HeuristicCoref().clusters(text)
    monkeypatch.setattr(heuristic, "WHOLE_PARSE_CHARS", 600)
    monkeypatch.setattr(heuristic, "PIECE_CHARS", 600)
    parsed = []
    real = heuristic._pipeline

    def spy():
        nlp = real()
        return lambda piece: parsed.append(piece) or nlp(piece)

    monkeypatch.setattr(heuristic, "_pipeline", spy)
    clusters = heuristic.HeuristicCoref().clusters(text)
    assert len(parsed) > 2 and max(map(len, parsed)) <= 600 and "".join(parsed) == text
    assert all(piece.endswith("\n\n") for piece in parsed[:-1])  # cut after blank lines
    moon = next(c for c in clusters if text[slice(*c[0])] == "Natalia Moon")
    assert [text[a:b] for a, b in moon] == ["Natalia Moon", "She", "Moon", "her", "She", "her"]
    assert clusters == whole


def test_pieces_cover_the_text_and_respect_the_limit():
    from factalign.coref.heuristic import _pieces

    text = ("word " * 50 + "\n") * 40 + "x" * 900 + "end."
    pieces = list(_pieces(text, 500))
    assert "".join(p for _, p in pieces) == text and all(len(p) <= 500 for _, p in pieces)
    assert [offset for offset, _ in pieces] == [sum(len(p) for _, p in pieces[:i]) for i in range(len(pieces))]

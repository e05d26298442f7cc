"""The chat client (openai SDK) against a local scripted server: retries, backoff, Retry-After, fast
failures, redaction, parallel calls, the reply cache; reply parsing.

`ScriptedServer` (an OpenAI-compatible chat server on 127.0.0.1) also serves tests/test_claims_llm.py
and tests/test_acueval.py.
"""

import json
import sqlite3
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from factalign.errors import FactalignError, FactalignWarning
from factalign.llm import ChatClient, parse_list
from factalign.llm.retry import retry_after
from factalign.redaction import redact


class ScriptedServer:
    """Answers each POST with the next scripted (status, headers, reply text or raw body[, delay in s]),
    or with `route(request body)` when given (for requests sent in parallel, whose order is not fixed);
    records requests and the most requests it held at once."""

    def __init__(self, script=(), route=None):
        self.script = list(script)
        self.route = route
        self.requests: list[dict] = []
        self.in_flight = self.max_in_flight = 0
        lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with lock:
                    server.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                    if server.route:
                        entry = server.route(body)
                    else:
                        entry = server.script.pop(0) if server.script else (500, {}, "script exhausted")
                status, headers, reply, *delay = entry
                time.sleep(delay[0] if delay else 0)
                with lock:
                    server.in_flight -= 1
                if isinstance(reply, str) and status == 200:
                    reply = json.dumps({"choices": [{"message": {"role": "assistant", "content": reply}}]})
                data = reply.encode() if isinstance(reply, str) else reply
                try:
                    self.send_response(status)
                    for k, v in headers.items():
                        self.send_header(k, v)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:
                    pass  # the client gave up waiting

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=lambda: self.httpd.serve_forever(poll_interval=0.02), daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def routed(replies, delay=0.0):
    """A server route for requests sent in parallel: the next reply (a text, or (status, headers, body))
    listed under the first key that the request's last message contains, sent after `delay` seconds
    (give one where parallel requests must overlap)."""
    replies = {key: list(queue) for key, queue in replies.items()}

    def route(body):
        text = body["messages"][-1]["content"]
        key = next((k for k, queue in replies.items() if k in text and queue), None)
        if key is None:
            return 500, {}, "no route"
        reply = replies[key].pop(0)
        return (*reply, delay) if isinstance(reply, tuple) else (200, {}, reply, delay)
    return route


MESSAGES = [{"role": "user", "content": "hi"}]


def client(url, sleeps, **kw):
    return ChatClient(url, "tiny", "sk-test", timeout=5, sleep=sleeps.append, **kw)


def test_500_then_success_backs_off_once():
    sleeps = []
    with ScriptedServer([(500, {}, b"oops"), (200, {}, "hello")]) as server:
        assert client(server.url, sleeps).complete(MESSAGES) == "hello"
    assert sleeps == [1.0]
    assert server.requests[0]["path"] == "/v1/chat/completions"
    assert server.requests[0]["auth"] == "Bearer sk-test"
    assert server.requests[0]["body"]["model"] == "tiny"


def test_429_honours_retry_after_and_backoff_grows():
    sleeps = []
    script = [(429, {"Retry-After": "7"}, b""), (503, {}, b""), (502, {}, b""), (200, {}, "ok")]
    with ScriptedServer(script) as server:
        assert client(server.url, sleeps).complete(MESSAGES) == "ok"
    assert sleeps == [7.0, 2.0, 4.0]


def test_gives_up_after_max_retries():
    sleeps = []
    with ScriptedServer([(500, {}, b"down")] * 3) as server:
        with pytest.raises(FactalignError, match="HTTP 500: down"):
            client(server.url, sleeps, max_retries=2).complete(MESSAGES)
    assert len(server.requests) == 3 and sleeps == [1.0, 2.0]


def test_client_error_fails_at_once():
    sleeps = []
    with ScriptedServer([(401, {}, b'{"error": "bad key"}')]) as server:
        with pytest.raises(FactalignError, match="HTTP 401"):
            client(server.url, sleeps).complete(MESSAGES)
    assert sleeps == []


def test_not_a_chat_completion():
    with ScriptedServer([(200, {}, b'{"weird": 1}')]) as server:
        with pytest.raises(FactalignError, match="not a chat completion"):
            client(server.url, []).complete(MESSAGES)


def test_refused_connection_fails_at_once():
    sleeps = []
    llm = client("http://127.0.0.1:9/v1", sleeps)
    start = time.monotonic()
    with pytest.raises(FactalignError, match="refused the connection"):
        llm.complete(MESSAGES)
    assert sleeps == [] and time.monotonic() - start < 2


def test_a_hanging_server_costs_two_timeouts_and_says_so():
    sleeps = []
    with ScriptedServer([(200, {}, "late", 1.0)] * 3) as server:
        with pytest.warns(FactalignWarning, match="no reply within 0.3 s; retry 1 of 3"):
            with pytest.raises(FactalignError, match=r"no reply within 0.3 s, 2 times \(raise --llm-timeout"):
                ChatClient(server.url, "tiny", timeout=0.3, sleep=sleeps.append).complete(MESSAGES)
    assert len(server.requests) == 2 and sleeps == [1.0]


def test_retry_after_beyond_the_cap_is_not_waited_for():
    sleeps = []
    with ScriptedServer([(429, {"Retry-After": "3600"}, b"slow down"), (200, {}, "never")]) as server:
        with pytest.raises(FactalignError, match="asks to retry after 3600 s, longer than this client waits"):
            client(server.url, sleeps).complete(MESSAGES)
    assert sleeps == [] and len(server.requests) == 1


def test_every_retry_is_announced():
    with ScriptedServer([(503, {}, b""), (200, {}, "ok")]) as server:
        with pytest.warns(FactalignWarning, match=r"/v1/chat/completions: HTTP 503; retry 1 of 3 in 1 s"):
            assert client(server.url, []).complete(MESSAGES) == "ok"


def test_the_api_key_never_shows(tmp_path):
    key = "sk-live-0123456789abcdef"
    echo = json.dumps({"error": f"bad header: Authorization: Bearer {key}"}).encode()
    cache = tmp_path / "cache.sqlite"
    with ScriptedServer([(200, {}, "hello"), (401, {}, echo)]) as server:
        llm = ChatClient(server.url, "tiny", key, cache=cache, sleep=lambda s: None)
        assert llm.complete(MESSAGES) == "hello"
        with pytest.raises(FactalignError) as err:
            llm.complete([{"role": "user", "content": "again"}])
    assert server.requests[0]["auth"] == f"Bearer {key}"
    assert "HTTP 401" in str(err.value) and key not in str(err.value) and "[redacted]" in str(err.value)
    assert key not in repr(llm) and key not in llm.url
    assert key.encode() not in b"".join(p.read_bytes() for p in tmp_path.iterdir())


def test_credentials_in_the_url_stay_out_of_messages():
    llm = ChatClient("http://user:hunter22@127.0.0.1:9/v1", "tiny")
    assert llm.url == "http://127.0.0.1:9/v1/chat/completions"
    with pytest.raises(FactalignError) as err:
        llm.complete(MESSAGES)
    assert "hunter22" not in str(err.value)
    assert redact("see http://a:b@host/x and sk-abcdefghij and Bearer xyz") == \
        "see http://[redacted]@host/x and [redacted] and Bearer [redacted]"


def test_a_rerun_reads_the_reply_cache(tmp_path):
    cache = tmp_path / "c.sqlite"
    with ScriptedServer([(200, {}, "first"), (200, {}, "other model")]) as server:
        assert ChatClient(server.url, "tiny", cache=cache).complete(MESSAGES) == "first"
        again = ChatClient(server.url, "tiny", cache=cache)
        assert again.complete(MESSAGES) == "first" and again.calls == 0
        assert ChatClient(server.url, "big", cache=cache).complete(MESSAGES) == "other model"
    assert len(server.requests) == 2
    assert sqlite3.connect(cache).execute("SELECT COUNT(*) FROM llm").fetchone() == (2,)


def test_a_malformed_reply_is_not_cached(tmp_path):
    cache = tmp_path / "c.sqlite"
    with ScriptedServer([(200, {}, b'{"weird": 1}'), (200, {}, "fine")]) as server:
        with pytest.raises(FactalignError, match="not a chat completion"):
            ChatClient(server.url, "tiny", cache=cache).complete(MESSAGES)
        assert ChatClient(server.url, "tiny", cache=cache).complete(MESSAGES) == "fine"


@pytest.mark.parametrize("concurrency, most", [(1, 1), (3, 3)])
def test_map_runs_up_to_concurrency_requests_at_once(concurrency, most):
    with ScriptedServer(route=lambda body: (200, {}, body["messages"][0]["content"].upper(), 0.1)) as server:
        llm = ChatClient(server.url, "tiny", concurrency=concurrency)
        replies = llm.map(lambda text: llm.complete([{"role": "user", "content": text}]), ["a", "b", "c", "d", "e", "f"])
    assert replies == ["A", "B", "C", "D", "E", "F"]
    assert server.max_in_flight == most


@pytest.mark.parametrize("kw, message", [
    ({"base_url": "not-a-url"}, "must be an http:// or https:// URL"),
    ({"timeout": 0}, "timeout must be a positive number"),
    ({"concurrency": "many"}, "concurrency must be a positive number"),
])
def test_bad_settings(kw, message):
    settings = {"base_url": "http://127.0.0.1:9/v1", "model": "m", **kw}
    with pytest.raises(FactalignError, match=message):
        ChatClient(**settings)


def test_without_the_openai_package_a_one_line_hint(monkeypatch):
    monkeypatch.setitem(sys.modules, "openai", None)
    with pytest.raises(FactalignError, match=r"need the openai package: pip install 'factalign\[llm\]'"):
        ChatClient("http://127.0.0.1:9/v1", "m")


def test_settings_from_environment(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://x/v1")
    monkeypatch.setenv("FACTALIGN_LLM_MODEL", "m")
    assert (ChatClient().url, ChatClient().model) == ("http://x/v1/chat/completions", "m")
    monkeypatch.delenv("FACTALIGN_LLM_MODEL")
    monkeypatch.delenv("OPENAI_MODEL", raising=False)
    with pytest.raises(FactalignError, match="need an endpoint and a model"):
        ChatClient()


def test_retry_after_forms():
    assert retry_after("3") == 3.0
    assert retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0
    assert retry_after("soon") is None and retry_after(None) is None


@pytest.mark.parametrize("reply, items", [
    ('["A is B.", "C is D."]', ["A is B.", "C is D."]),
    ('Sure!\n```json\n["A is B."]\n```', ["A is B."]),
    ('{"claims": ["A is B.", "C."]}', ["A is B.", "C."]),
    ("- A is B.\n- C is D.\n", ["A is B.", "C is D."]),
    ("Here you go:\n1. A is B.\n2) C is D.", ["A is B.", "C is D."]),
    ("* A [film] is B.", ["A [film] is B."]),
])
def test_parse_list(reply, items):
    assert parse_list(reply) == items


@pytest.mark.parametrize("reply", ["I cannot help with that.", "[1, 2]", ""])
def test_parse_list_malformed(reply):
    with pytest.raises(FactalignError, match="could not read a list of claims"):
        parse_list(reply)


def test_cli_options_reach_the_client(tmp_path):
    from factalign.cli import build_parser
    from factalign.options import llm_from_args

    common = ["--document", "d", "--summary", "s", "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-model", "m"]
    args = build_parser().parse_args(["revise", *common, "--llm-timeout", "7", "--llm-concurrency", "2", "--no-cache"])
    llm = llm_from_args(args)
    assert (llm.timeout, llm.concurrency, llm.cache) == (7.0, 2, None)
    args = build_parser().parse_args(["score", *common, "--cache", str(tmp_path / "c.sqlite")])
    llm = llm_from_args(args)
    assert (llm.timeout, llm.concurrency, llm.cache.path) == (60.0, 4, tmp_path / "c.sqlite")


def test_the_llm_checker_takes_the_llm_options_every_other_llm_feature_takes(tmp_path, capsys, monkeypatch):
    """`--nli llm:MODEL --llm-base-url URL` (with --llm-api-key, --llm-timeout): the spec names the model and the
    global options the rest, as for the LLM methods; a spec's own base_url= still wins."""
    from factalign.cli import main
    from tests.test_acueval import answer

    for name in ("FACTALIGN_LLM_BASE_URL", "FACTALIGN_LLM_MODEL", "OPENAI_BASE_URL", "OPENAI_MODEL"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "d.txt").write_text("A cat sat on the mat.")
    with ScriptedServer(route=lambda body: (200, {}, answer(("Yes", 0.9), ("No", 0.1)))) as server:
        code = main(["score", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "d.txt"),
                     "--method", "nli-sent", "--nli", "llm:judge", "--llm-base-url", server.url, "--llm-api-key", "k1",
                     "--llm-timeout", "5", "--no-cache", "--json"])
        out = capsys.readouterr()
        assert code == 0 and json.loads(out.out)["score"] == pytest.approx(0.9), out.err
        assert {(r["body"]["model"], r["auth"]) for r in server.requests} == {("judge", "Bearer k1")}
        code = main(["score", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "d.txt"),
                     "--method", "nli-sent", "--nli", f"llm:judge,base_url={server.url}", "--llm-base-url",
                     "http://127.0.0.1:9/v1", "--no-cache", "--json"])
        assert code == 0, capsys.readouterr().err

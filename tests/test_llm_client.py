"""The chat client against a local scripted server: retries, backoff, Retry-After, errors; reply parsing.

`ScriptedServer` (an OpenAI-compatible chat server on 127.0.0.1) also serves tests/test_claims_llm.py.
"""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from factalign.errors import FactalignError
from factalign.llm import ChatClient, parse_list
from factalign.llm.client import retry_after


class ScriptedServer:
    """Answers each POST with the next scripted (status, headers, reply text or raw body); records requests."""

    def __init__(self, script):
        self.script = list(script)
        self.requests: list[dict] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                server.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": json.loads(body)})
                status, headers, reply = server.script.pop(0) if server.script else (500, {}, "script exhausted")
                if isinstance(reply, str) and status == 200:
                    reply = json.dumps({"choices": [{"message": {"role": "assistant", "content": reply}}]})
                data = reply.encode() if isinstance(reply, str) else reply
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

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


def test_unreachable_endpoint_is_retried_then_reported():
    sleeps = []
    with pytest.raises(FactalignError, match="unreachable after 2 tries"):
        client("http://127.0.0.1:9/v1", sleeps, max_retries=1).complete(MESSAGES)
    assert sleeps == [1.0]


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

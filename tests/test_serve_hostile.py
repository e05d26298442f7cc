"""`factalign serve` under the hostile input of issue 47, against a real server (this checkout's code) on 127.0.0.1
and a free port: deep nesting, lone surrogates in any field, a client that leaves mid-body, numbers past a float's
range, and option values no timer can hold. Each gets its status and one line, never a 500 or a traceback."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time

import pytest

from tests.test_serve import DOCUMENT, ROOT, SUMMARY, Server, call

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")


@pytest.fixture(scope="module")
def server():
    s = Server("--max-chars", "10000")
    yield s
    assert s.stop() == 0


def metrics(server) -> str:
    return call(server.url, "/metrics", key=None)[2]


def count(text: str, path: str, status: int) -> int:
    line = next((x for x in text.splitlines() if x.startswith(f'factalign_requests_total{{path="{path}",status="{status}"}}')), None)
    return int(line.split()[-1]) if line else 0


def no_traceback(server) -> None:
    log = "".join(server.lines)
    assert "Traceback" not in log and "Exception in ASGI application" not in log, log


def test_deep_nesting_is_400_with_the_error_body_before_parsing(server):
    for raw in (b"[" * 100_000 + b"]" * 100_000, b'{"text": ' + b"[" * 5000):
        status, headers, body = call(server.url, "/v1/check", raw=raw, key=None)
        assert status == 400 and headers["Content-Type"] == "application/json"
        assert body["status"] == 400 and body["error"].startswith("the body is JSON nested ")
        assert body["error"].endswith(" levels deep, over the limit of 32")
    ok = {"text": "[[{x}]] is not nesting", "document": '{"a": [[[["quoted"]]]]} ' + DOCUMENT}
    assert call(server.url, "/v1/check", ok, key=None)[0] == 200  # brackets inside strings do not count
    no_traceback(server)


@pytest.mark.parametrize("field", ["id", "title", "url"])
def test_a_lone_surrogate_in_any_source_field_is_422_before_it_is_queued(server, field):
    source = {"id": "a", "text": DOCUMENT, "title": "T", "url": "http://x"} | {field: "ab\ud800"}
    raw = json.dumps({"text": SUMMARY, "sources": [source]}).encode()  # escaped as \ud800: valid JSON
    before = metrics(server)
    status, _, body = call(server.url, "/v1/check", raw=raw, key=None)
    assert (status, body) == (422, {"error": f"sources[0].{field} holds a lone surrogate '\\ud800' at character 2; it is "
                                             "not valid Unicode text", "status": 422})
    after = metrics(server)
    assert "factalign_summaries_scored_total" in after and _scored(after) == _scored(before)  # nothing was scored
    batch = json.dumps({"items": [{"text": SUMMARY, "sources": [source]}]}).encode()
    assert call(server.url, "/v1/check/batch", raw=batch, key=None)[0] == 422
    assert count(metrics(server), "/v1/check", 500) == 0


def _scored(text: str) -> int:
    return int(next(x for x in text.splitlines() if x.startswith("factalign_summaries_scored_total")).split()[-1])


def test_a_null_source_text_is_422_saying_null(server):
    body = {"text": SUMMARY, "sources": [{"id": "a", "text": None}]}
    assert call(server.url, "/v1/check", body, key=None)[::2] == (
        422, {"error": "source 'a''s text must be a string, not null", "status": 422})


def test_a_client_gone_mid_body_is_counted_499_quietly(server):
    host, port = server.url.split("//")[1].split(":")
    with socket.create_connection((host, int(port))) as sock:
        sock.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 5000\r\n\r\n" + b'{"text": "' + b"x" * 100)
        time.sleep(0.3)
    for _ in range(100):  # the server notices the closed connection on its own time
        text = metrics(server)
        if count(text, "/v1/check", 499):
            break
        time.sleep(0.05)
    assert count(text, "/v1/check", 499) == 1 and count(text, "/v1/check", 500) == 0
    no_traceback(server)


@pytest.mark.parametrize("number", ["1" + "0" * 400, "9" * 400])
def test_a_number_past_the_float_range_is_scored_not_a_500(server, number):
    status, _, body = call(server.url, "/v1/check", {"text": f"The company hired {number} workers.",
                                                     "document": f"{DOCUMENT} It hired {number} workers."}, key=None)
    assert status == 200 and len(body["result"]["claims"]) == 1


@pytest.mark.parametrize("value", ["inf", "1e300", "nan", "0", "-1"])
def test_a_timeout_no_timer_can_hold_is_refused_before_models_load(value):
    proc = subprocess.run([sys.executable, "-m", "factalign", "serve", "--port", "0", "--timeout", value], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr == (f"factalign: error: argument --timeout: must be a number above 0 and at most 86400, not {value} "
                           "(see 'factalign serve --help')\n")


def test_score_server_prints_what_local_score_prints_calibration_line_included(server):
    args = ["score", "--document", "examples/document.txt", "--summary", "examples/summary.txt", "--no-cache"]
    env = {"COLUMNS": "200", "PATH": "/usr/bin:/bin"}
    local = subprocess.run([sys.executable, "-m", "factalign", *args, "--max-chars", "10000"], cwd=ROOT,
                           capture_output=True, text=True, timeout=300, env=env)
    remote = subprocess.run([sys.executable, "-m", "factalign", *args, "--server", server.url], cwd=ROOT,
                            capture_output=True, text=True, timeout=300, env=env)
    assert local.returncode == remote.returncode == 0, local.stderr + remote.stderr
    assert "(calibration " in local.stdout.splitlines()[1]
    assert remote.stdout == local.stdout

"""`factalign serve` over HTTP: a real server (this checkout's code, started as `python -m factalign serve`) on
127.0.0.1, a free port, the house model; its answers equal the local scorer's, and each refusal has its status
and the CLI's one-line message."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="factalign serve needs the [serve] extra (fastapi, uvicorn): pip install -e \".[serve]\"")
pytest.importorskip("uvicorn", reason="factalign serve needs the [serve] extra (fastapi, uvicorn): pip install -e \".[serve]\"")

import factalign  # noqa: E402
from factalign.inputs import check_text  # noqa: E402
from factalign.scorer import Scorer  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DOCUMENT = (ROOT / "examples" / "document.txt").read_text(encoding="utf-8")
SUMMARY = (ROOT / "examples" / "summary.txt").read_text(encoding="utf-8")
SOURCES = [{"id": p.name, "text": p.read_text(encoding="utf-8")} for p in sorted((ROOT / "examples/rag/sources").iterdir())]
ANSWER = (ROOT / "examples" / "rag" / "answer.txt").read_text(encoding="utf-8")
KEY = "test-key-0123456789"
LONG = " ".join([DOCUMENT] * 12)  # a request that takes the scoring thread a while


class Server:
    """`python -m factalign serve ARGS --port 0` from the checkout's root; the port it prints; its stderr kept."""

    def __init__(self, *args: str, env: dict | None = None):
        self.proc = subprocess.Popen([sys.executable, "-m", "factalign", "serve", "--port", "0", "--no-cache", *args],
                                     cwd=ROOT, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                                     env={**os.environ, **(env or {})})
        self.lines: list[str] = []
        listening = threading.Event()

        def read():
            for line in self.proc.stderr:
                self.lines.append(line)
                if "listening on" in line:
                    listening.set()
            listening.set()

        threading.Thread(target=read, daemon=True).start()
        if not listening.wait(180) or self.proc.poll() is not None:
            self.stop()
            raise RuntimeError("server did not start:\n" + "".join(self.lines))
        line = next(x for x in self.lines if "listening on" in x)
        self.url = line.split("listening on ")[1].split()[0]

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(60)


def call(url: str, path: str, body=None, key: str | None = KEY, raw: bytes | None = None, method: str | None = None):
    """(status, headers, parsed JSON or text) of one request."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(url + path, data=data, method=method or ("POST" if data is not None else "GET"),
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Bearer {key}"} if key else {})})
    try:
        with urllib.request.urlopen(req, timeout=120) as reply:
            status, headers, text = reply.status, reply.headers, reply.read().decode()
    except urllib.error.HTTPError as exc:
        status, headers, text = exc.code, exc.headers, exc.read().decode()
    try:
        return status, headers, json.loads(text)
    except ValueError:
        return status, headers, text


@pytest.fixture(scope="module")
def keyfile(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("keys") / "keys.txt"
    path.write_text(f"# one key a line\n{KEY}\nanother-key\n")
    return path


@pytest.fixture(scope="module")
def server(keyfile):
    s = Server("--api-key-file", str(keyfile), "--max-request-bytes", "40000", "--max-sources", "3", "--max-chars", "10000")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def local():
    return Scorer("fenice", nli="house", max_document_chars=10000)


def as_json(result) -> dict:
    return json.loads(json.dumps(result.to_dict(), ensure_ascii=False))


def test_check_equals_the_local_scorer_bit_for_bit(server, local):
    status, _, body = call(server.url, "/v1/check", {"text": SUMMARY, "document": DOCUMENT})
    assert status == 200 and body["seconds"] > 0
    assert body["result"] == as_json(local.score(DOCUMENT, SUMMARY))
    assert (body["result"]["score"], body["result"]["decision"]) == (local.score(DOCUMENT, SUMMARY).score, "review")
    status, _, body = call(server.url, "/v1/check", {"text": ANSWER, "sources": SOURCES})
    assert status == 200 and body["result"] == as_json(local.score(SOURCES, ANSWER))


def test_the_readme_request_gets_the_readme_verdict(server, local):
    """README's curl: examples/serve-request.json (the bundled example) -> `review inconsistent` and the score
    the local scorer gives (0.6906 on the README's machine; the last digits depend on the processor)."""
    raw = (ROOT / "examples" / "serve-request.json").read_bytes()
    assert json.loads(raw) == {"text": SUMMARY, "document": DOCUMENT}
    status, _, body = call(server.url, "/v1/check", raw=raw)
    r = body["result"]
    assert (status, r["decision"], r["label"]) == (200, "review", "inconsistent")
    assert r == as_json(local.score(DOCUMENT, SUMMARY))
    assert [(s["text"], s["claims"]) for s in r["unsupported_spans"]] == [("New Zealand", [5])]  # "born in New Zealand"


def test_batch_scores_each_item_and_refuses_a_bad_one_alone(server, local):
    status, _, body = call(server.url, "/v1/check/batch", {"items": [{"text": SUMMARY, "document": DOCUMENT},
                                                                    {"text": "", "document": DOCUMENT}]})
    assert status == 200
    assert body["results"][0] == {"result": as_json(local.score(DOCUMENT, SUMMARY))}
    assert body["results"][1] == {"error": "the summary is empty", "status": 422}


def test_info_health_readiness_metrics_and_docs(server, local):
    status, _, info = call(server.url, "/v1/info")
    assert status == 200 and info["signature"] == local.signature and info["version"] == factalign.__version__
    assert info["limits"]["max_sources"] == 3 and info["calibration"] == local.calibrations["summary"].describe()
    # under --task auto each kind of input has its own default: several sources are labelled as an answer
    assert info["task"] == "auto" and list(info["calibrations"]) == ["summary", "answer"]
    assert info["calibrations"]["answer"]["calibration"] == (
        None if local.calibrations["answer"] is None else local.calibrations["answer"].describe())
    assert call(server.url, "/healthz", key=None)[:3:2] == (200, {"status": "alive"})
    assert call(server.url, "/readyz", key=None)[0] == 200
    assert call(server.url, "/docs", key=None)[0] == 200
    status, headers, text = call(server.url, "/metrics")
    assert status == 200 and headers["Content-Type"].startswith("text/plain")
    for name in ("factalign_requests_total{", "factalign_request_seconds_bucket{", "factalign_claims_scored_total",
                 "factalign_nli_pairs_total", "factalign_nli_cache_hits_total", "factalign_queue_depth"):
        assert name in text


def test_a_missing_or_wrong_key_is_401_and_never_echoed(server):
    for key in (None, "wrong-key"):
        status, headers, body = call(server.url, "/v1/check", {"text": SUMMARY, "document": DOCUMENT}, key=key)
        assert (status, body) == (401, {"error": "missing or wrong API key: send Authorization: Bearer KEY", "status": 401})
        assert headers["WWW-Authenticate"] == "Bearer"
    assert call(server.url, "/v1/check", {"text": SUMMARY, "document": DOCUMENT}, key="another-key")[0] == 200
    assert call(server.url, "/metrics", key=None)[0] == 401
    assert not any(KEY in line or "wrong-key" in line for line in server.lines)
    assert not any("Natalia" in line for line in server.lines)  # the access log holds no texts


@pytest.mark.parametrize("body, message", [
    ({"text": "", "document": DOCUMENT}, "the summary is empty"),
    ({"text": SUMMARY, "document": "   "}, "the document is empty"),
    ({"text": 3, "document": DOCUMENT}, "\"text\" must be a string, not a number"),
    ({"text": SUMMARY, "document": ["a"]}, "\"document\" must be a string, not an array"),
    ({"text": SUMMARY}, "the request needs \"sources\" (a list) or \"document\" (a string), one of them"),
    ([SUMMARY], "the request must be a JSON object with \"text\" and \"sources\" or \"document\", not an array"),
    ({"text": SUMMARY, "sources": ["a", "b", "c", "d"]}, "4 sources, over the limit of 3 (--max-sources)"),
    ({"text": SUMMARY, "sources": []}, "the source list is empty: give at least one source"),
    ({"text": SUMMARY, "sources": [{"id": "a", "text": "x"}, {"id": "a", "text": "y"}]},
     "duplicate source id 'a' (sources 1 and 2); ids must be unique"),
])
def test_bad_input_is_422_with_the_cli_message(server, body, message):
    assert call(server.url, "/v1/check", body)[::2] == (422, {"error": message, "status": 422})


def test_text_over_max_chars_is_422_with_the_cli_message(server):
    with pytest.raises(factalign.FactalignError) as cli:
        check_text("x" * 10001, "summary", 10000)
    status, _, body = call(server.url, "/v1/check", {"text": "x" * 10001, "document": DOCUMENT})
    assert (status, body["error"]) == (422, str(cli.value))
    assert body["error"] == "the summary has 10,001 characters, over the limit of 10,000 (raise it with --max-chars)"


def test_malformed_json_is_400_and_a_large_body_413(server):
    status, _, body = call(server.url, "/v1/check", raw=b'{"text": ')
    assert status == 400 and body["error"].startswith("the body is not valid JSON: ")
    raw = json.dumps({"text": "x" * 40001, "document": "y"}).encode()
    status, _, body = call(server.url, "/v1/check", raw=raw)
    assert len(raw) == 40030
    assert (status, body) == (413, {"error": "the body has 40,030 bytes, over the limit of 40,000 (--max-request-bytes)",
                                    "status": 413})


def test_32_concurrent_requests_equal_32_sequential_ones(server):
    sentences = [s.strip() + "." for s in SUMMARY.split(".") if s.strip()]
    items = [{"text": " ".join(sentences[i % 3:i % 3 + 1 + i % 2]) + (" " + SUMMARY if i >= 16 else ""),
              "document": DOCUMENT if i % 4 else ANSWER + " " + DOCUMENT} for i in range(32)]
    sequential = [call(server.url, "/v1/check", item)[2]["result"] for item in items]
    with ThreadPoolExecutor(32) as pool:
        concurrent = list(pool.map(lambda item: call(server.url, "/v1/check", item), items))
    assert [c[0] for c in concurrent] == [200] * 32
    assert [c[2]["result"] for c in concurrent] == sequential


def test_client_and_score_server_give_the_local_result(server, local, tmp_path):
    client = factalign.Client(server.url, api_key=KEY)
    assert client.check(SUMMARY, DOCUMENT) == local.score(DOCUMENT, SUMMARY)
    assert client.check(ANSWER, SOURCES) == local.score(SOURCES, ANSWER)
    assert KEY not in repr(client)
    with pytest.raises(factalign.FactalignError, match=r"^the server refused the request \(422\): the summary is empty$"):
        client.check("", DOCUMENT)
    proc = subprocess.run([sys.executable, "-m", "factalign", "score", "--server", server.url, "--json",
                           "--document", "examples/document.txt", "--summary", "examples/summary.txt"],
                          cwd=ROOT, capture_output=True, text=True, env={**os.environ, "FACTALIGN_API_KEY": KEY})
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == as_json(local.score(DOCUMENT, SUMMARY))
    proc = subprocess.run([sys.executable, "-m", "factalign", "score", "--server", server.url,
                           "--document", "examples/document.txt", "--summary", "examples/summary.txt"],
                          cwd=ROOT, capture_output=True, text=True, env={**os.environ, "FACTALIGN_API_KEY": "nope"})
    assert proc.returncode == 2
    assert proc.stderr == ("factalign: error: the server refused the request (401): missing or wrong API key: "
                           "send Authorization: Bearer KEY\n")


def test_a_full_queue_is_503_with_retry_after_at_once():
    s = Server("--max-queue", "1")
    try:
        with ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(lambda _: call(s.url, "/v1/check", {"text": SUMMARY, "document": LONG}, key=None),
                                    range(6)))
        refused = [a for a in answers if a[0] == 503]
        assert refused and all(a[0] in (200, 503) for a in answers)
        assert refused[0][1]["Retry-After"] == "1"
        assert refused[0][2] == {"error": "the queue is full (1 requests waiting, --max-queue); retry later", "status": 503}
        # the client retries a 503 after Retry-After, and gets the result
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda _: factalign.Client(s.url).check(SUMMARY, LONG), range(4)))
        assert len({r.score for r in results}) == 1
    finally:
        assert s.stop() == 0


def test_a_request_over_the_timeout_is_504_and_the_service_goes_on():
    s = Server("--timeout", "0.001")
    try:
        status, _, body = call(s.url, "/v1/check", {"text": SUMMARY, "document": DOCUMENT}, key=None)
        assert (status, body) == (504, {"error": "the request took longer than --timeout (0.001 s); its work was stopped",
                                        "status": 504})
        assert call(s.url, "/readyz", key=None)[0] == 200
    finally:
        assert s.stop() == 0


def test_sigterm_finishes_the_request_in_flight_and_exits_0(local):
    s = Server()
    answer: list = []
    thread = threading.Thread(target=lambda: answer.append(call(s.url, "/v1/check", {"text": SUMMARY, "document": LONG})))
    thread.start()
    while "factalign_requests_in_flight 1" not in call(s.url, "/metrics")[2]:
        time.sleep(0.01)
    s.proc.send_signal(signal.SIGTERM)
    thread.join(120)
    assert s.proc.wait(60) == 0
    assert answer[0][0] == 200 and answer[0][2]["result"] == as_json(local.score(LONG, SUMMARY))


def test_no_key_refuses_a_public_address_before_loading_anything():
    proc = subprocess.run([sys.executable, "-m", "factalign", "serve", "--host", "0.0.0.0"], cwd=ROOT,
                          capture_output=True, text=True, env={k: v for k, v in os.environ.items() if k != "FACTALIGN_API_KEYS"})
    assert proc.returncode == 2
    assert proc.stderr == ("factalign: error: --host 0.0.0.0 is not a loopback address and no API key is set: give "
                           "--api-key-file FILE (or $FACTALIGN_API_KEYS), or --allow-unauthenticated to serve anyone "
                           "who can reach it\n")


def test_two_worker_processes_answer_concurrent_requests_with_the_local_result(local):
    """--workers 2: uvicorn's supervisor and two spawned processes, each with its scorer, on one socket."""
    s = Server("--workers", "2", "--max-chars", "10000")
    try:
        assert call(s.url, "/readyz", key=None)[0] == 200  # once a worker has loaded its models (both are started)
        workers = [p for p in Path("/proc").iterdir() if p.name.isdigit() and child_of(p, s.proc.pid)
                   and b"spawn_main" in (p / "cmdline").read_bytes()]
        assert len(workers) == 2
        sentences = [x.strip() + "." for x in SUMMARY.split(".") if x.strip()]
        items = [{"text": sentences[i % len(sentences)], "document": DOCUMENT if i % 2 else ANSWER + " " + DOCUMENT}
                 for i in range(8)]
        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(lambda item: call(s.url, "/v1/check", item, key=None), items))
        assert [a[0] for a in answers] == [200] * 8
        assert [a[2]["result"] for a in answers] == [as_json(local.score(i["document"], i["text"])) for i in items]
        status, _, text = call(s.url, "/metrics", key=None)
        # each worker counts its own requests (docs/serving.md), and this one may have answered none of the 8
        assert status == 200 and "# TYPE factalign_requests_total counter" in text
    finally:
        assert s.stop() == 0


def child_of(proc: Path, pid: int) -> bool:
    try:
        status = (proc / "status").read_text()
    except OSError:
        return False
    return f"\nPPid:\t{pid}\n" in status


def test_a_worker_that_cannot_load_its_scorer_stops_the_service_with_its_error():
    proc = subprocess.run([sys.executable, "-m", "factalign", "serve", "--port", "0", "--workers", "2",
                           "--nli", "hf:no-such/model"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "HF_HUB_OFFLINE": "1"})
    assert proc.returncode == 2
    assert "factalign: error: cannot load NLI model 'no-such/model'" in proc.stderr
    assert proc.stderr.endswith("factalign: error: a worker process failed to load the scorer (its error is above)\n")

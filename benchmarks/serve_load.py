"""Rows per second and latency of `factalign serve` under closed-loop load, beside `factalign batch` on the same rows.

    nice -n 10 python benchmarks/serve_load.py [--data ../shared/data/frank_val.jsonl] [--rows 24] [--clients 1,4,16,64]
                                               [--timeout 900]

Takes the first --rows FRANK validation rows with distinct documents (one summary per document, so that batch's
grouping by document gives it no edge) and scores them:
- `factalign batch --no-cache`, a fresh process, timed twice (all rows, and the first row alone); its rows/s is
  (rows - 1) / (the difference), so model loading counts against neither side;
- for each client count, a fresh `factalign serve --no-cache` on 127.0.0.1 (a fresh in-memory cache: no level
  gains from an earlier one) and that many client threads, each sending the next unscored row to POST /v1/check
  until every row has an answer (a closed loop: it stops by itself). At 64 clients the server runs with
  --max-queue 16: a refused request (503) waits the server's Retry-After and is sent again; the time to each 503 is
  reported as the client saw it and as the server's access log timed it.
  The server runs with --timeout 900 (--timeout): what is measured is throughput, and with N clients a request
  waits behind up to N - 1 others (16 x about 7 s a FRANK row on a loaded 2-core machine: about 110 s, over the
  service's default of 60 s), so a shorter timeout would turn queueing into 504s and leave rows unanswered.
It prints rows/s (answered rows only), p50 / p95 / p99 latency of answered requests, errors by status, the server's idle and peak RSS
(/proc VmRSS and VmHWM) and whether the scores of the rows both answered equal batch's (and how many). Loopback only; work files go to a temporary
directory.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

from shared_data import ROOT, SHARED

DEFAULT_DATA = SHARED / "frank_val.jsonl"
SMALL_QUEUE_CLIENTS = 64  # from this many clients on the server runs with --max-queue 16


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", default=str(DEFAULT_DATA))
    p.add_argument("--rows", type=int, default=24)
    p.add_argument("--clients", default="1,4,16,64")
    p.add_argument("--method", default="fenice")
    p.add_argument("--timeout", type=float, default=900.0, help="the server's --timeout in seconds (default: "
                   "%(default)s): above the longest queue wait (clients x seconds a row), so that the throughput "
                   "rows measure throughput, not 504s")
    args = p.parse_args()
    if not Path(args.data).is_file():
        print(f"serve_load: FRANK validation rows not found at {args.data} (expected ../shared/data beside the repo)")
        return 0
    rows = distinct_documents(Path(args.data), args.rows)
    scorer = ["--method", args.method, "--no-cache"]
    with tempfile.TemporaryDirectory() as tmp:
        batch_rate, batch_scores = run_batch(Path(tmp), rows, scorer)
        print(f"rows: {len(rows)} FRANK validation rows, one summary per document; method {args.method}, house model, "
              f"--no-cache; server --timeout {args.timeout:g}; {os.cpu_count()} cores; load average {load()}")
        print()
        print("| clients | max queue | rows/s | vs batch | p50 s | p95 s | p99 s | errors | time to 503: median (max) | "
              "idle RSS MB | peak RSS MB | scores = batch |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        print(f"| batch | - | {batch_rate:.2f} | 100% | - | - | - | - | - | - | - | - |")
        for clients in map(int, args.clients.split(",")):
            queue = 16 if clients >= SMALL_QUEUE_CLIENTS else 64
            r = run_clients(rows, clients, queue, scorer, args.timeout)
            both = sorted(set(r["scores"]) & set(batch_scores))
            differ = sum(r["scores"][i] != batch_scores[i] for i in both)
            same = f"{'yes' if not differ else f'NO: {differ} differ'} ({len(both)} of {len(rows)} rows)"
            errors = ", ".join(f"{n} x {s}" for s, n in sorted(r["errors"].items())) or "none"
            to503 = (f"{ms(r['to503'])}; server {ms(r['server503'])}" if r["to503"] else "-")
            print(f"| {clients} | {queue} | {r['rate']:.2f} | {100 * r['rate'] / batch_rate:.0f}% | {pct(r['lat'], 50):.2f} | "
                  f"{pct(r['lat'], 95):.2f} | {pct(r['lat'], 99):.2f} | {errors} | {to503} | {r['idle'] / 1024:.0f} | "
                  f"{r['peak'] / 1024:.0f} | {same} |", flush=True)
        print(f"\nload average at the end: {load()}")
    return 0


def distinct_documents(path: Path, n: int) -> list[dict]:
    rows, seen = [], set()
    with path.open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if row["doc"] not in seen:
                seen.add(row["doc"])
                rows.append({"id": row["id"], "document": row["doc"], "summary": row["summary"]})
            if len(rows) == n:
                break
    return rows


def run_batch(tmp: Path, rows: list[dict], scorer: list[str]) -> tuple[float, dict]:
    times = []
    for part in (rows[:1], rows):
        data, out = tmp / f"rows{len(part)}.jsonl", tmp / f"out{len(part)}.jsonl"
        data.write_text("".join(json.dumps(r) + "\n" for r in part), encoding="utf-8")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "factalign", "batch", str(data), "--output", str(out), "--quiet", *scorer],
                       cwd=ROOT, check=True)
        times.append(time.perf_counter() - start)
    scores = {r["id"]: r["score"] for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    return (len(rows) - 1) / (times[1] - times[0]), scores


def run_clients(rows: list[dict], clients: int, max_queue: int, scorer: list[str], timeout: float) -> dict:
    proc = subprocess.Popen([sys.executable, "-m", "factalign", "serve", "--port", "0", "--timeout", f"{timeout:g}",
                             "--max-queue", str(max_queue), *scorer], cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        url = None
        for line in proc.stderr:
            if "listening on" in line:
                url = line.split("listening on ")[1].split()[0]
                break
        if url is None:
            raise SystemExit(f"serve_load: the server did not start (exit {proc.wait()})")
        server503: list[float] = []  # seconds, from the access log (JSON lines)

        def read_log():
            for line in proc.stderr:
                if line.startswith("{") and '"status": 503' in line:
                    server503.append(json.loads(line)["ms"] / 1000)

        reader = threading.Thread(target=read_log, daemon=True)
        reader.start()
        idle = rss(proc.pid, "VmRSS")
        todo = list(reversed(rows))
        lock = threading.Lock()
        lat, to503, errors, scores = [], [], Counter(), {}

        def client():
            while True:
                with lock:
                    if not todo:
                        return
                    row = todo.pop()
                while True:
                    start = time.perf_counter()
                    status, headers, body = post(url + "/v1/check", {"text": row["summary"], "document": row["document"]},
                                                 timeout + 60)
                    took = time.perf_counter() - start
                    if status == 503:
                        to503.append(took)
                        errors[503] += 1
                        time.sleep(float(headers.get("Retry-After", 1)))
                        continue
                    break
                with lock:
                    if status == 200:
                        lat.append(took)
                        scores[row["id"]] = body["result"]["score"]
                    else:
                        errors[status] += 1

        start = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - start
        peak = rss(proc.pid, "VmHWM")
    finally:
        proc.terminate()
        proc.wait(120)
    reader.join(10)  # the log's last lines
    return {"rate": len(lat) / elapsed, "lat": lat, "to503": to503, "server503": server503, "errors": errors,
            "scores": scores, "idle": idle, "peak": peak}


def post(url: str, body: dict, timeout: float):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as reply:
            return reply.status, reply.headers, json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, None


def rss(pid: int, field: str) -> int:
    """kB of /proc/PID/status's VmRSS (now) or VmHWM (peak)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def ms(seconds: list[float]) -> str:
    return f"{1000 * statistics.median(seconds):.1f} ms ({1000 * max(seconds):.1f} ms)" if seconds else "-"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def pct(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


if __name__ == "__main__":
    sys.exit(main())

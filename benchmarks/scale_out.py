"""Rows per second of `factalign batch` engines, and the local engine's memory as rows grow.

    python benchmarks/scale_out.py [--data ../shared/data/frank_val.jsonl] [--limit N] [--methods fenice,nli-sent]

For each method it scores the first --limit FRANK validation rows (all 671 without --limit) three
times, each a fresh `factalign batch` process with --no-cache (so every run does all its model work):
the local engine row by row (--no-group), the local engine grouping rows that share a document (the
default), and --engine ray with 2 actors on a local Ray instance (its start-up included). It checks
that the three outputs are byte-identical. Then it measures the local engine's peak memory (the
process's max RSS) on 1k and 20k rows, synthetic copies of those rows with new ids, scored with
nli-sent from a warmed NLI cache. Speeds are printed, never asserted. Work files go to a temporary
directory; nothing is written to the repository.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from shared_data import ROOT, SHARED

DEFAULT_DATA = SHARED / "frank_val.jsonl"
ENGINES = {"local": ["--no-group"], "local+grouping": [], "ray, 2 actors": ["--engine", "ray", "--actors", "2"]}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", default=str(DEFAULT_DATA))
    p.add_argument("--limit", type=int, help="first N rows only (default: all)")
    p.add_argument("--methods", default="fenice,nli-sent")
    p.add_argument("--memory-rows", default="1000,20000", help="row counts for the memory runs ('' to skip)")
    args = p.parse_args()
    data = Path(args.data)
    if not data.is_file():
        print(f"scale_out: skipped: FRANK validation rows not found at {data} (pass --data)", file=sys.stderr)
        return 0
    with tempfile.TemporaryDirectory(prefix="factalign-scale-out-") as tmp:
        tmp = Path(tmp)
        rows = frank_rows(data, args.limit)
        src = write_rows(tmp / "rows.jsonl", rows)
        docs = len({r["document"] for r in rows})
        print(f"{len(rows)} FRANK validation rows ({docs} documents), {os.cpu_count()} CPUs, load average "
              f"{os.getloadavg()[0]:.1f} at the start; rows/s include start-up")
        print("| method | engine | rows | seconds | rows/s | peak RSS of the driver (MiB) | output identical to local |")
        print("|---|---|---|---|---|---|---|")
        for method in args.methods.split(","):
            outputs = {}
            for engine, extra in ENGINES.items():
                if "ray" in extra and importlib.util.find_spec("ray") is None:
                    print(f"| {method} | {engine} | - | - | - | - | not run: Ray is not installed (extra [ray]) |", flush=True)
                    continue
                out = tmp / f"{method}-{engine.split(',')[0]}.jsonl"
                seconds, rss = run(src, out, method, ["--no-cache", *extra])
                outputs[engine] = out.read_bytes()
                same = "-" if engine == "local" else ("yes" if outputs[engine] == outputs["local"] else "NO")
                print(f"| {method} | {engine} | {len(rows)} | {seconds:.1f} | {len(rows) / seconds:.2f} | {rss:.0f} | {same} |",
                      flush=True)
        counts = [int(n) for n in args.memory_rows.split(",") if n.strip()]
        if counts:
            cache = tmp / "cache.sqlite"
            run(src, tmp / "warm.jsonl", "nli-sent", ["--cache", str(cache)])  # fills the cache
            print("\n| rows (copies of the FRANK rows) | engine | method | seconds | rows/s | peak RSS (MiB) |")
            print("|---|---|---|---|---|---|")
            for n in counts:
                copies = [{**rows[i % len(rows)], "id": f"{rows[i % len(rows)]['id']}#{i // len(rows)}"} for i in range(n)]
                big = write_rows(tmp / f"copies-{n}.jsonl", copies)
                seconds, rss = run(big, tmp / f"copies-{n}-out.jsonl", "nli-sent", ["--cache", str(cache)])
                print(f"| {n:,} | local+grouping | nli-sent, cached NLI | {seconds:.1f} | {n / seconds:.1f} | {rss:.0f} |", flush=True)
    return 0


def frank_rows(path: Path, limit: int | None) -> list[dict]:
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                rows.append({"id": r["id"], "document": r["doc"], "summary": r["summary"]})
            if limit and len(rows) >= limit:
                break
    return rows


def write_rows(path: Path, rows: list[dict]) -> Path:
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return path


def run(src: Path, out: Path, method: str, extra: list[str]) -> tuple[float, float]:
    """(wall seconds, peak RSS in MiB) of one `factalign batch` process."""
    cmd = [sys.executable, "-m", "factalign", "batch", str(src), "--output", str(out), "--method", method, "--quiet", *extra]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"scale_out: {' '.join(cmd)} failed ({proc.returncode}):\n{err[-2000:]}")
    return seconds, usage.ru_maxrss / 1024


if __name__ == "__main__":
    sys.exit(main())

"""Long documents at bounded cost (issue 11): wall time and NLI pairs vs document length, prefilter off vs on.

    nice -n 19 python benchmarks/long_documents.py [--data ../shared/data/frank_val.jsonl] [--sizes 50,200,660,800,3200]

Documents of N real sentences are built by concatenating FRANK validation source documents (file
order); the 20 claims are the first 20 summary sentences of those documents' summaries (FRANK
summaries, so some are unsupported), scored with the `sentences` extractor so every method sees
exactly 20 claims (INFUSE checks summary sentences anyway). House model, heuristic coref, no pair budget
(`--pair-budget 0`: the prefilter alone; the budget has its own table below).
Documents are segmented before timing; "cold" is a fresh in-memory NLI cache (model loaded once),
"warm" the same scorer run again. The prefilter-off runs stop at --off-max sentences (default 200:
off grows as claims x sentences; at 3,200 sentences FENICE alone would take over ten minutes).

Printed: a table per method and size, the growth exponent (least-squares slope of log time on log
sentences, cold), the warm/cold ratio, ONNX Runtime session options on 200 NLI pairs, and the NLI
queue on the summaries of FRANK documents. Targets (issue 11) are printed with each measured value;
nothing is asserted. Under a load average of about 7 on 2 cores it took 18 minutes (docs/long-documents.md).

    nice -n 10 python benchmarks/long_documents.py --memory [--memory-sizes 10000,100000,200000,500000,990000]

measures instead the peak memory (maximum resident set size) and wall time of `factalign score
--document DOC --summary SUM --no-cache` as a user runs it (a fresh process each: defaults, so
fenice, rules claims, heuristic coref, the house model), on documents of about N characters made of
FRANK validation articles concatenated in file order (repeated once the file runs out, as the 671
rows hold about 0.43 MB of distinct articles) and the first FRANK summary (issue 28).

    nice -n 5 python benchmarks/long_documents.py --pair-budget 32 [--sizes 558] [--as-sources 50] [--methods fenice,fizz]

compares instead the default prefilter (bm25@K) without a pair budget and with a budget of N NLI pairs per
claim (issue 29; 32 is the default, which applies to documents of more than 2K sentences), on the document of each size and, with --as-sources M, on the same sentences cut into M
consecutive sources of near-equal length (`Scorer.score(sources, summary)`): pairs per claim (mean and
most, counted per claim text as they reach the model), cold and warm seconds and the score.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

from shared_data import ROOT, SHARED

from factalign import Scorer  # noqa: E402
from factalign.data import Document  # noqa: E402
from factalign.evidence import DEFAULT_K  # noqa: E402
from factalign.nli import CachedNLI  # noqa: E402
from factalign.nli import HOUSE_MODEL_DIR  # noqa: E402
from factalign.nli.onnx import OnnxNLI  # noqa: E402

METHODS = ("fenice", "infuse", "fizz")
N_CLAIMS = 20


class Counting:
    """Counts the pairs that reach the model (after the cache), in all and per claim (`claims`: their texts;
    a pair is a claim's when the claim is its hypothesis, or else its premise, as INFUSE's reverse pairs)."""

    def __init__(self, model, claims=()):
        self.model, self.signature, self.pairs = model, model.signature, 0
        self.claims, self.per_claim, self.seconds = set(claims), {}, 0.0  # seconds: inside the model

    def __getattr__(self, name):
        if name == "model":
            raise AttributeError(name)
        return getattr(self.model, name)

    def predict(self, pairs):
        self.pairs += len(pairs)
        for p, h in pairs:
            key = h if h in self.claims else p if p in self.claims else None
            self.per_claim[key] = self.per_claim.get(key, 0) + 1
        start = time.perf_counter()
        try:
            return self.model.predict(pairs)
        finally:
            self.seconds += time.perf_counter() - start


def load_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def build(rows: list[dict], n: int) -> tuple[Document, Document]:
    """A document of exactly n real sentences and a summary of N_CLAIMS real summary sentences."""
    docs, summaries, seen = [], [], set()
    for r in rows:
        if r["doc"] not in seen:
            seen.add(r["doc"])
            docs.append(r["doc"])
        summaries.append(r["summary"])
    sentences, used = [], []
    for d in docs:
        if len(sentences) >= n:
            break
        doc = Document.from_text(d)
        sentences += doc.sentence_texts
        used.append(d)
    claims = []
    for r in rows:
        if r["doc"] in used:
            claims += [s for s in Document.from_text(r["summary"]).sentence_texts if s not in claims]
        if len(claims) >= N_CLAIMS:
            break
    return Document.from_sentences(sentences[:n]), Document.from_sentences(claims[:N_CLAIMS])


def timed(scorer, doc, summary):
    start = time.perf_counter()
    result = scorer.score(doc, summary)
    return time.perf_counter() - start, result


def measure(model, method, doc, summary, k):
    counter = Counting(model)
    nli = CachedNLI(counter, ":memory:")
    scorer = Scorer(method, nli=nli, extractor="sentences", coref="heuristic", prefilter=k, pair_budget=0, calibration=None)
    cold, result = timed(scorer, doc, summary)
    pairs = counter.pairs
    warm, again = timed(scorer, doc, summary)
    assert again.score == result.score
    return {"cold": cold, "warm": warm, "pairs": pairs, "claims": len(result.claims), "score": result.score}


def as_sources(doc: Document, m: int) -> list[dict]:
    """The document's sentences cut into m consecutive sources of near-equal length."""
    sents = doc.sentence_texts
    bounds = np.linspace(0, len(sents), m + 1).round().astype(int)
    return [{"id": f"s{i + 1}", "text": " ".join(sents[a:b])} for i, (a, b) in enumerate(zip(bounds, bounds[1:])) if b > a]


def budget_table(model, rows, sizes, methods, k, budget, sources) -> None:
    print(f"# Pair budget: bm25@{k} vs bm25@{k}/pairs{budget}, {N_CLAIMS} claims, house model, {os.cpu_count()} cores\n")
    print("| method | sentences | input | budget | claims | NLI pairs | pairs per claim | most pairs for one claim | "
          "cold s | of which NLI s | warm s | score |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for n in sizes:
        doc, summary = build(rows, n)
        inputs = [("1 document", doc)]
        if sources:
            src = as_sources(doc, sources)
            inputs.append((f"{len(src)} sources", Document.from_sources(src)))
        for method in methods:
            for label, document in inputs:
                for b in (0, budget):
                    counter = Counting(model, summary.sentence_texts)
                    scorer = Scorer(method, nli=CachedNLI(counter, ":memory:"), extractor="sentences", coref="heuristic",
                                    prefilter=k, pair_budget=b, calibration=None)
                    cold, result = timed(scorer, document, summary)
                    pairs, most = counter.pairs, max((v for key, v in counter.per_claim.items() if key), default=0)
                    nli_seconds = counter.seconds
                    warm, again = timed(scorer, document, summary)
                    assert again.score == result.score
                    print(f"| {method} | {len(document.sentences)} | {label} | {b or 'off'} | {len(result.claims)} | "
                          f"{pairs:,} | {pairs / max(len(result.claims), 1):.1f} | {most} | {cold:.1f} | {nli_seconds:.1f} | {warm:.2f} | "
                          f"{result.score:.4f} |", flush=True)


def slope(xs, ys):
    if len(xs) < 2:
        return float("nan")
    return float(np.polyfit(np.log(xs), np.log(ys), 1)[0])


def onnx_options(pairs: list[tuple[str, str]]) -> None:
    import onnxruntime as ort

    print("\n## ONNX Runtime session options (house model, int8, one pair per run)\n")
    print(f"{len(pairs)} NLI pairs (claims x sentences of a FRANK document); os.cpu_count() = {os.cpu_count()}\n")
    print("| intra-op threads | graph optimisation | pairs/s | same probabilities as the default |")
    print("|---|---|---|---|")
    reference = None
    levels = {"all": ort.GraphOptimizationLevel.ORT_ENABLE_ALL, "extended": ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED,
              "basic": ort.GraphOptimizationLevel.ORT_ENABLE_BASIC}
    for threads in (2, 1):
        for level in ("all", "extended", "basic"):
            model = OnnxNLI(HOUSE_MODEL_DIR, threads=threads)
            options = ort.SessionOptions()
            options.intra_op_num_threads = threads
            options.graph_optimization_level = levels[level]
            model.session = ort.InferenceSession(str(HOUSE_MODEL_DIR / "model.onnx"), options,
                                                 providers=["CPUExecutionProvider"])
            model.predict(pairs[:8])
            start = time.perf_counter()
            probs = model.predict(pairs)
            rate = len(pairs) / (time.perf_counter() - start)
            if reference is None:
                reference = probs
            same = "yes (bit-identical)" if np.array_equal(probs, reference) else \
                f"no (max diff {np.abs(probs - reference).max():.1e})"
            print(f"| {threads} | {level} | {rate:.0f} | {same} |")


def queue_check(model, rows: list[dict], n_docs: int = 3) -> None:
    """Summaries of the same FRANK documents, one by one vs one queue per document (cold caches)."""
    by_doc: dict[str, list[str]] = {}
    for r in rows:
        by_doc.setdefault(r["doc"], []).append(r["summary"])
    groups = [(Document.from_text(d), s) for d, s in list(by_doc.items())[:n_docs]]
    print(f"\n## One NLI queue per document ({n_docs} FRANK documents, "
          f"{sum(len(s) for _, s in groups)} summaries, fenice, cold cache)\n")
    print("| scoring | seconds | pairs to the model | identical results |")
    print("|---|---|---|---|")
    out = {}
    for mode in ("one by one", "one queue per document"):
        counter = Counting(model)
        scorer = Scorer("fenice", nli=CachedNLI(counter, ":memory:"), coref="heuristic", calibration=None)
        start = time.perf_counter()
        results = []
        for doc, summaries in groups:
            if mode == "one by one":
                results += [scorer.score(doc, s) for s in summaries]
            else:
                results += scorer.score_together([(doc, s) for s in summaries])
        out[mode] = [r.to_dict() for r in results]
        same = "" if mode == "one by one" else ("yes" if out[mode] == out["one by one"] else "NO")
        print(f"| {mode} | {time.perf_counter() - start:.1f} | {counter.pairs:,} | {same} |")


def memory_document(rows: list[dict], chars: int) -> str:
    """Whole FRANK articles, blank-line separated, in file order (cycling), up to `chars` characters."""
    docs = list(dict.fromkeys(r["doc"] for r in rows))
    out, size, i = [], 0, 0
    while size + len(docs[i % len(docs)]) + 2 <= chars:
        out.append(docs[i % len(docs)])
        size += len(out[-1]) + 2
        i += 1
    return "\n\n".join(out)


def memory_table(rows: list[dict], sizes: list[int]) -> None:
    import subprocess
    import tempfile

    print(f"# Peak memory of `factalign score` vs document size ({os.cpu_count()} cores, defaults, --no-cache)\n")
    print("| characters | MB of text | sentences | peak memory (max RSS) MB | wall s | score |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        summary = Path(tmp, "summary.txt")
        summary.write_text(rows[0]["summary"] + "\n", encoding="utf-8")
        for chars in sizes:
            text = memory_document(rows, chars)
            doc = Path(tmp, f"doc-{chars}.txt")
            doc.write_text(text, encoding="utf-8")
            command = [sys.executable, "-m", "factalign", "score", "--document", str(doc), "--summary", str(summary),
                       "--no-cache", "--json"]
            start = time.perf_counter()
            with open(Path(tmp, "out"), "w+b") as out, open(Path(tmp, "err"), "w+b") as err:
                child = subprocess.Popen(command, stdout=out, stderr=err, cwd=ROOT)
                _, status, usage = os.wait4(child.pid, 0)  # this child's own peak, not the largest child's so far
                child.returncode = os.waitstatus_to_exitcode(status)
                wall = time.perf_counter() - start
                out.seek(0)
                err.seek(0)
                out, err = out.read(), err.read()
            if child.returncode:
                print(f"| {len(text):,} | | | failed: {err.decode()[-200:]!r} | | |")
                continue
            result = json.loads(out)
            peak = usage.ru_maxrss / 1024  # kilobytes on Linux
            print(f"| {len(text):,} | {len(text.encode()) / 1e6:.3f} | {len(Document.from_text(text).sentences):,} | "
                  f"{peak:,.0f} | {wall:.0f} | {result['score']:.4f} |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(SHARED / "frank_val.jsonl"))
    parser.add_argument("--sizes", default="50,200,660,800,3200")
    parser.add_argument("--off-max", type=int, default=200, help="largest document scored with the prefilter off")
    parser.add_argument("--k", type=int, default=DEFAULT_K, help="prefilter K for the 'on' runs (default: the shipped default)")
    parser.add_argument("--pair-budget", type=int, default=0, metavar="N",
                        help="compare the prefilter with and without a budget of N NLI pairs per claim (issue 29)")
    parser.add_argument("--as-sources", type=int, default=0, metavar="M",
                        help="with --pair-budget: also score the same sentences cut into M sources")
    parser.add_argument("--methods", default=",".join(METHODS), help="methods (default: %(default)s)")
    parser.add_argument("--memory", action="store_true", help="peak memory and time of `factalign score` vs document size")
    parser.add_argument("--memory-sizes", default="10000,100000,200000,500000,990000", help="document sizes in characters")
    args = parser.parse_args()
    path = Path(args.data)
    if not path.is_file():
        print(f"long_documents.py: error: no data file {path} (pass --data)", file=sys.stderr)
        return 2
    rows = load_rows(path)
    if args.memory:
        memory_table(rows, [int(s) for s in args.memory_sizes.split(",")])
        return 0
    sizes = [int(s) for s in args.sizes.split(",")]
    started = time.perf_counter()
    model = OnnxNLI(HOUSE_MODEL_DIR)
    if args.pair_budget:
        budget_table(model, rows, sizes, args.methods.split(","), args.k, args.pair_budget, args.as_sources)
        print(f"\ntotal wall time: {time.perf_counter() - started:.0f} s")
        return 0
    docs = {n: build(rows, n) for n in sizes}
    print(f"# Long documents: prefilter off vs bm25@{args.k}, {N_CLAIMS} claims, house model, {os.cpu_count()} cores\n")
    print("| method | sentences | prefilter | claims | NLI pairs | pairs per claim | cold s | warm s | cold / warm |")
    print("|---|---|---|---|---|---|---|---|---|")
    table = {}
    for method in METHODS:
        for k in (0, args.k):
            for n in sizes:
                if k == 0 and n > args.off_max:
                    continue
                doc, summary = docs[n]
                m = table[method, k, n] = measure(model, method, doc, summary, k)
                print(f"| {method} | {n} | {'off' if k == 0 else f'bm25@{k}'} | {m['claims']} | {m['pairs']:,} | "
                      f"{m['pairs'] / max(m['claims'], 1):.0f} | {m['cold']:.1f} | {m['warm']:.2f} | "
                      f"{m['cold'] / max(m['warm'], 1e-9):.0f}x |", flush=True)
    print("\n## Growth exponent (slope of log cold time on log sentences) and targets\n")
    print("| method | prefilter | sizes | exponent (target <= 1.1 with the prefilter) | warm-cache speed-up at the largest "
          "(target >= 10x) | 660 sentences: pairs per claim (target <= 64), cold s (target < 30) |")
    print("|---|---|---|---|---|---|")
    for method in METHODS:
        for k in (0, args.k):
            ns = [n for n in sizes if (method, k, n) in table]
            ts = [table[method, k, n]["cold"] for n in ns]
            big = table[method, k, ns[-1]]
            t660 = table.get((method, k, 660))
            at660 = f"{t660['pairs'] / t660['claims']:.0f}, {t660['cold']:.1f}" if t660 else "not run"
            print(f"| {method} | {'off' if k == 0 else f'bm25@{k}'} | {ns[0]}-{ns[-1]} | {slope(ns, ts):.2f} | "
                  f"{big['cold'] / big['warm']:.0f}x | {at660} |")
    doc, summary = docs[sizes[0]]
    onnx_options([(s, h) for h in summary.sentence_texts[:4] for s in doc.sentence_texts][:200])
    queue_check(model, rows)
    print(f"\ntotal wall time: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

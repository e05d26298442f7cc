"""Several sources (issue 29): WiCE claims checked against their own page among distractor pages, as a list
of sources versus the same pages concatenated into one document.

    nice -n 10 python benchmarks/multi_source.py [--data ../shared/data/wice/claim_dev.jsonl] [--limit 40]
        [--methods fenice,nli-sent] [--distractors 0,4,16] [--seed 0] [--coref none|heuristic]

Each row is a WiCE claim-dev claim (read as `factalign.bench.data.wice_row` reads it: the cited page's
lines joined by newlines, label 1 = supported, 0 = partially or not supported) with its own page as one
source and the pages of D other claims (drawn at random, seeded) as distractor sources, the own page at a
random position among them. "sources" scores the list (`Scorer.score(sources, claim)`); "one document"
scores the same pages joined into one text with the same blank line between pages, so the two differ only
in what factalign does with sources: windows and passages inside one page, coreference inside one page,
premises located in their page (the one-document input reuses the sources' sentence spans: the segmenter
gives the joined text exactly those, tests/test_sources.py checks it). --limit N rows are sampled at
random (seeded) from the file.

Printed per method, D and input: ROC-AUC of the summary score (supported vs not) and NLI pairs per claim
(WiCE row), counted below a fresh in-memory cache per run, so each count is what a cold run sends to the
model (`Counting`, as in benchmarks/long_documents.py); the probabilities themselves are shared across runs
so the whole benchmark takes minutes. House model, default prefilter (BM25, K = 32), rules extractor.
Coreference (fenice, fizz): none by default, since the heuristic parses every page (8 KB on average, up to
100 KB), which on 2 busy cores took 6 minutes for the 40 pages of D = 0 alone; with `--coref heuristic`
clusters are computed once per page (a page recurs as a distractor of many claims) and joined, for both
inputs, so the one-document input has no cross-page clusters there either. Either way the inputs differ
in windows and passages only. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from shared_data import SHARED

from factalign import Scorer  # noqa: E402
from factalign.bench.data import wice_row  # noqa: E402
from factalign.bench.metrics import roc_auc  # noqa: E402
from factalign.coref import load_coref  # noqa: E402
from factalign.data import Document  # noqa: E402
from factalign.nli import HOUSE_MODEL_DIR, CachedNLI  # noqa: E402
from factalign.nli.onnx import OnnxNLI  # noqa: E402
from factalign.text.sources import SEPARATOR  # noqa: E402

from long_documents import Counting  # noqa: E402  (benchmarks/ is on sys.path when run as a script)


class PageCoref:
    """Clusters of each page (the text split at the blank line between pages), computed once per page."""

    def __init__(self, spec: str):
        self.model, self.name, self.memo = load_coref(spec), spec, {}

    def clusters(self, text: str):
        out, pos = [], 0
        for page in text.split(SEPARATOR):
            if page not in self.memo:
                self.memo[page] = self.model.clusters(page)
            out += [[(a + pos, b + pos) for a, b in cluster] for cluster in self.memo[page]]
            pos += len(page) + len(SEPARATOR)
        return out


def load(path: Path, limit: int | None, seed: int) -> tuple[list[dict], list[dict]]:
    """All WiCE rows (the pool of distractor pages) and the sampled rows to score."""
    rows = [wice_row(json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    picked = sorted(np.random.default_rng(seed).choice(len(rows), min(limit or len(rows), len(rows)), replace=False))
    return rows, [dict(rows[i], index=int(i)) for i in picked]


def pages_of(row: dict, rows: list[dict], d: int, rng: np.random.Generator) -> list[dict]:
    """The row's own page and d pages of other claims, the own page at a random position; ids p1, p2, ..."""
    others = [i for i in range(len(rows)) if rows[i]["doc"] != row["doc"]]
    texts = [rows[i]["doc"] for i in rng.choice(others, d, replace=False)] if d else []
    texts.insert(int(rng.integers(0, d + 1)), row["doc"])
    return [{"id": f"p{n + 1}", "text": t} for n, t in enumerate(texts)]


def measure(method: str, memo: CachedNLI, coref: PageCoref, docs: list[Document], claims: list[str], labels: np.ndarray) -> dict:
    counter = Counting(memo)
    scorer = Scorer(method, nli=counter, coref=coref, calibration=None)
    started = time.perf_counter()
    scores = [scorer.score(doc, claim).score for doc, claim in zip(docs, claims)]
    return {"auc": roc_auc(labels, np.array(scores)), "pairs": counter.pairs / len(claims),
            "seconds": time.perf_counter() - started}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(SHARED / "wice" / "claim_dev.jsonl"))
    parser.add_argument("--limit", type=int, default=40, help="rows sampled from the file (0: all)")
    parser.add_argument("--methods", default="fenice,nli-sent")
    parser.add_argument("--distractors", default="0,4,16", help="numbers of distractor pages per claim")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--coref", default="none", help="coref backend, run per page (default: none)")
    args = parser.parse_args()
    path = Path(args.data)
    if not path.is_file():
        print(f"multi_source.py: skipped: no WiCE claim-dev file at {path} (pass --data)", file=sys.stderr)
        return 0
    rows, sample = load(path, args.limit, args.seed)
    labels = np.array([r["label"] for r in sample])
    memo, coref = CachedNLI(OnnxNLI(HOUSE_MODEL_DIR), ":memory:"), PageCoref(args.coref)  # probabilities computed once
    started = time.perf_counter()
    print(f"# Several sources: {len(sample)} WiCE claim-dev claims ({int(labels.sum())} supported), own page + D "
          f"distractor pages, house model, seed {args.seed}\n")
    print("| method | D | input | ROC-AUC | NLI pairs per claim | seconds (probabilities shared) |")
    print("|---|---|---|---|---|---|")
    for d in (int(x) for x in args.distractors.split(",")):
        rng = np.random.default_rng([args.seed, d])
        sources = [pages_of(r, rows, d, rng) for r in sample]
        docs = [Document.from_sources(s) for s in sources]
        # the same text, segmented the same (no sentence crosses the blank line either way), without sources
        inputs = {"sources": docs, "one document": [Document(doc.text, doc.sentences) for doc in docs]}
        for method in args.methods.split(","):
            for name, docs in inputs.items():
                m = measure(method, memo, coref, docs, [r["summary"] for r in sample], labels)
                print(f"| {method} | {d} | {name} | {100 * m['auc']:.1f} | {m['pairs']:.0f} | {m['seconds']:.0f} |", flush=True)
    print(f"\ntotal wall time: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Pairs per second of the house model and house-large, as factalign runs them (OnnxNLI: int8, one pair per
session run, so a pair's probabilities never depend on its batch), at 64 and 128 tokens a pair, on 2 threads.

    python benchmarks/house_large_throughput.py [--large DIR]   # DIR: an assembled house-large (default: the cache)

Pairs are real FEVERFact text: a premise cut so that premise and a 16-token claim fill the length exactly in each
model's own tokenizer. Issue 56's targets for house-large int8: at least 40 pairs/s at 64 tokens, 20 at 128.

Then FENICE end to end, as `Scorer("fenice")` runs it with each of house, house-large and the default cascade, on
the README example (examples/document.txt and summary.txt; target under 3 s warm) and on the long-document
benchmark's document of 558 FRANK validation sentences with its 20 summary sentences as claims
(benchmarks/long_documents.py's `build`). Models are loaded before the clock starts; "cold" is the first scoring
(an empty in-memory NLI cache), "warm" the same scoring again (every pair cached).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from nli_common import HOUSE_MODEL, require_shared

from factalign.nli.onnx import OnnxNLI

LENGTHS = (64, 128)
PAIRS = 48
CLAIM_TOKENS = 16


def pairs_of(nli: OnnxNLI, shared: Path, tokens: int) -> list[tuple[str, str]]:
    rows = [json.loads(line) for line in (shared / "feverfact_val.jsonl").read_text().splitlines()[:PAIRS]]
    text = " ".join(r["source_text"] for r in rows).split()
    claims = " ".join(c for r in rows for c in r["claims"]).split()
    out = []
    for i in range(PAIRS):
        claim = " ".join(claims[i * 8:]).strip()
        claim = nli._counter.decode(nli._counter.encode(claim, add_special_tokens=False).ids[:CLAIM_TOKENS])
        premise_ids = nli._counter.encode(" ".join(text[i * 30:i * 30 + 400]), add_special_tokens=False).ids
        specials = len(nli.tokenizer.encode("a", "b").ids) - 2
        premise = nli._counter.decode(premise_ids[:tokens - CLAIM_TOKENS - specials])
        out.append((premise, claim))
    return out


def pairs_per_second(nli: OnnxNLI, pairs: list[tuple[str, str]]) -> float:
    nli.forward(pairs[:4])  # warm the session
    start = time.perf_counter()
    nli.forward(pairs)
    return len(pairs) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--large", type=Path, help="an assembled house-large directory (default: assembled in the cache)")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    shared = require_shared()
    if args.large is None:
        from factalign.nli.house_large import model_dir

        args.large = model_dir()
    models = {"house": OnnxNLI(HOUSE_MODEL, threads=args.threads), "house-large": OnnxNLI(args.large, threads=args.threads)}
    print(f"| model | {' | '.join(f'{n} tokens, pairs/s' for n in LENGTHS)} |\n|---|{'---|' * len(LENGTHS)}")
    for name, nli in models.items():
        rates = [pairs_per_second(nli, pairs_of(nli, shared, n)) for n in LENGTHS]
        print(f"| {name} ({nli.signature}) | {' | '.join(f'{r:.1f}' for r in rates)} |", flush=True)
    end_to_end(shared, args.threads)


def end_to_end(shared: Path, threads: int) -> None:
    from long_documents import build, load_rows

    from factalign import Scorer
    from factalign.data import Document

    root = Path(__file__).resolve().parent.parent
    readme = tuple(Document.from_text((root / "examples" / f).read_text(encoding="utf-8")) for f in ("document.txt", "summary.txt"))
    long = build(load_rows(shared / "frank_val.jsonl"), 558)
    print("\n| FENICE with | README example, cold s | warm s | 558 sentences, cold s | warm s | pairs house-large read (cascade) |\n|---|---|---|---|---|---|")
    for spec in ("house", "house-large", "cascade"):
        opts = f",threads={threads}" if spec != "cascade" else ""
        scorer = Scorer("fenice", nli=spec + opts, threshold=0.5)
        scorer.score("A bridge opened.", "A bridge opened.")  # load the models
        times = []
        for doc, summary in (readme, long):
            for _ in range(2):
                start = time.perf_counter()
                scorer.score(doc, summary)
                times.append(time.perf_counter() - start)
        model = scorer.nli_model.model  # behind the in-memory cache (Scorer's default: cache=None)
        read = f"{model.sent} of {model.seen}" if hasattr(model, "sent") else "-"
        print(f"| {spec} | {' | '.join(f'{t:.1f}' for t in times)} | {read} |", flush=True)


if __name__ == "__main__":
    main()

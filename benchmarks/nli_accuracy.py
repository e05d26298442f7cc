"""Accuracy of the shipped NLI model on data it was not trained on.

SICK test and MSRP test are official test splits; WiCE, FEVERFact (with synthetic
contradictions) and the synthetic pairs use the held-out part of the training split.

    python benchmarks/nli_accuracy.py [--model DIR] [--limit N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
from nli_common import HOUSE_MODEL, predictor, require_shared, split_settings

from factalign.train import data, feverfact, mix

LABELS = data.LABELS


def held_out_sets(shared: Path, dev_fraction: float, seed: int) -> dict[str, list[dict]]:
    nlp = mix.spacy_pipeline()
    articles = feverfact.article_rows(shared / "feverfact_val.jsonl", "dev", dev_fraction, seed)
    return {
        "SICK test": data.read_sick(shared / "sick" / "SICK_test_annotated.txt"),
        # a dev fraction of 0 puts every row in the "train" part: the whole test file
        "MSRP test": data.read_msrp(shared / "msrp" / "msr-para-test.tsv", "train", 0.0, seed),
        "WiCE held-out": data.read_wice(shared / "wice" / "claim_dev.jsonl", "dev", dev_fraction, seed),
        "FEVERFact held-out": feverfact.claim_pairs(articles, nlp, seed),
        "synthetic held-out": mix.synthetic_part(shared, "dev", dev_fraction, seed),
        # v2's summary-like pairs (long windows, fusions, FRANK error taxonomy) of held-out documents
        "summary held-out": mix.load_part("summary", shared, "dev", dev_fraction, seed),
        # the natural NLI and fact-verification sets (v3's mix): premises whose pairs were never trained on
        "natural held-out": mix.natural_part(shared / "natural", "dev", dev_fraction, seed),
    }


def scores(examples: list[dict], probabilities: np.ndarray) -> dict:
    gold = np.array([LABELS.index(ex["label"]) for ex in examples])
    predicted = probabilities.argmax(axis=1)
    per_class = {name: float((predicted[gold == k] == k).mean()) if (gold == k).any() else None
                 for k, name in enumerate(LABELS)}
    # entailed vs not entailed: what claim-level factuality scoring relies on
    binary = float(((predicted == 0) == (gold == 0)).mean())
    return {"n": len(gold), "accuracy": float((predicted == gold).mean()), "binary": binary, **per_class}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, default=HOUSE_MODEL)
    parser.add_argument("--limit", type=int, metavar="N", help="a seeded random sample of N pairs per set (default: all)")
    parser.add_argument("--examples", type=Path, metavar="FILE",
                        help="instead: the dev part of a saved train-nli examples file, one set per source "
                             "(e.g. checkpoints/v4/examples/examples.json from recipes/house-nli-v4-gpu.sh prepare)")
    args = parser.parse_args()
    predict = predictor(args.model)
    if args.examples:
        return report(args, predict, dev_sets(args.examples))
    report(args, predict, held_out_sets(require_shared(), *split_settings(args.model)))


def dev_sets(path: Path) -> dict[str, list[dict]]:
    from factalign.train.cli import _read_examples

    sets: dict[str, list[dict]] = {}
    for ex in _read_examples(path)[1]:
        sets.setdefault(ex["source"], []).append(ex)
    return dict(sorted(sets.items()))


def report(args, predict, sets: dict[str, list[dict]]) -> None:
    print(f"model: {args.model}")
    print(f"{'set':<28} {'n':>5} {'acc':>6} {'ent/not':>8} {'ent':>6} {'neu':>6} {'con':>6} {'s':>6}")
    for name, examples in sets.items():
        if args.limit and args.limit < len(examples):
            keep = np.sort(np.random.default_rng(0).choice(len(examples), size=args.limit, replace=False))
            examples = [examples[i] for i in keep]
        started = time.perf_counter()
        result = scores(examples, predict([(ex["premise"], ex["hypothesis"]) for ex in examples]))
        cells = [f"{result[k]:.3f}" if result[k] is not None else "-" for k in ("accuracy", "binary", *LABELS)]
        print(f"{name:<28} {result['n']:>5} {cells[0]:>6} {cells[1]:>8} {cells[2]:>6} {cells[3]:>6} {cells[4]:>6}"
              f" {time.perf_counter() - started:>6.0f}")


if __name__ == "__main__":
    main()

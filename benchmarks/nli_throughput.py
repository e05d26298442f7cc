"""Pairs per second on 2 CPU threads: ONNX int8 (shipped) vs ONNX fp32 vs PyTorch fp32.

Each ONNX graph is also run one row per session run, as the onnx backend does (so a pair's
probabilities never depend on its batch); the batches here have no padding, which flatters batching.

Premises are real FEVERFact text cut to 32, 128 and 384 tokens, hypotheses a 16-token claim,
batches of 16. The fp32 and torch rows need the training checkpoint (--checkpoint).

    python benchmarks/nli_throughput.py [--model DIR] [--checkpoint DIR]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

import numpy as np
from nli_common import HOUSE_MODEL, ROOT, onnx_session, require_shared

PREMISE_TOKENS = (32, 128, 384)
HYPOTHESIS_TOKENS = 16
BATCH = 16
REPEATS = 8


def make_batch(shared: Path, tokenizer, premise_tokens: int) -> dict:
    """A batch of [CLS] premise [SEP] hypothesis [SEP] ids of exactly the requested lengths."""
    rows = [json.loads(line) for line in (shared / "feverfact_val.jsonl").read_text().splitlines()[:BATCH]]
    text = tokenizer.encode(" ".join(r["source_text"] for r in rows), add_special_tokens=False).ids
    claims = tokenizer.encode(" ".join(c for r in rows for c in r["claims"]), add_special_tokens=False).ids
    cls, sep = tokenizer.token_to_id("[CLS]"), tokenizer.token_to_id("[SEP]")
    ids, types = [], []
    for i in range(BATCH):  # overlapping slices of real text, one per row
        premise = text[i * 40:i * 40 + premise_tokens]
        claim = claims[i * 8:i * 8 + HYPOTHESIS_TOKENS]
        ids.append([cls, *premise, sep, *claim, sep])
        types.append([0] * (len(premise) + 2) + [1] * (len(claim) + 1))
    ids, types = np.array(ids, dtype=np.int64), np.array(types, dtype=np.int64)
    return {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": types}


def pairs_per_second(run, batch: dict) -> float:
    run(batch)  # warm-up
    started = time.perf_counter()
    for _ in range(REPEATS):
        run(batch)
    return REPEATS * BATCH / (time.perf_counter() - started)


def one_row_per_run(run):
    return lambda batch: [run({k: v[i:i + 1] for k, v in batch.items()}) for i in range(len(batch["input_ids"]))]


def onnx_runner(path: Path):
    session = onnx_session(path)
    names = {i.name for i in session.get_inputs()}
    return lambda batch: session.run(["logits"], {k: v for k, v in batch.items() if k in names})


def torch_runner(checkpoint: Path):
    import torch
    from transformers import AutoModelForSequenceClassification

    torch.set_num_threads(2)
    model = AutoModelForSequenceClassification.from_pretrained(checkpoint).eval()

    def run(batch):
        with torch.inference_mode():
            return model(**{k: torch.from_numpy(v) for k, v in batch.items()}).logits

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, default=HOUSE_MODEL)
    parser.add_argument("--checkpoint", type=Path, default=ROOT / "checkpoints" / "house-nli-best")
    args = parser.parse_args()
    shared = require_shared()
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(args.model / "tokenizer.json"))
    tokenizer.no_truncation()
    runners = {"onnx int8": onnx_runner(args.model / "model.onnx")}
    runners["int8 1 row/run"] = one_row_per_run(runners["onnx int8"])
    with tempfile.TemporaryDirectory() as tmp:
        if (args.checkpoint / "config.json").exists():
            from factalign.train.export import export_fp32

            export_fp32(args.checkpoint, Path(tmp) / "fp32.onnx")
            runners["onnx fp32"] = onnx_runner(Path(tmp) / "fp32.onnx")
            runners["fp32 1 row/run"] = one_row_per_run(runners["onnx fp32"])
            runners["torch fp32"] = torch_runner(args.checkpoint)
        else:
            print(f"no checkpoint at {args.checkpoint}: only the int8 model is measured")
        print(f"pairs/s, 2 threads, batch {BATCH}, hypothesis {HYPOTHESIS_TOKENS} tokens")
        print(f"{'backend':<16}" + "".join(f"{f'premise {n}':>14}" for n in PREMISE_TOKENS))
        batches = {n: make_batch(shared, tokenizer, n) for n in PREMISE_TOKENS}
        for name, run in runners.items():
            print(f"{name:<16}" + "".join(f"{pairs_per_second(run, batches[n]):>14.1f}" for n in PREMISE_TOKENS))


if __name__ == "__main__":
    main()

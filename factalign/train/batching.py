"""Tokenisation and length-bucketed batches with dynamic padding."""

from __future__ import annotations

import random
from pathlib import Path

MEGA_BATCH = 50  # batches sorted together by length, so padding stays small but order stays random


def load_tokenizer(base: Path, max_length: int):
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(base / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length, strategy="longest_first")
    return tokenizer


def encode(tokenizer, examples: list[dict]) -> list[tuple[list[int], list[int]]]:
    encodings = tokenizer.encode_batch([(ex["premise"], ex["hypothesis"]) for ex in examples])
    return [(e.ids, e.type_ids) for e in encodings]


def bucketed_batches(lengths: list[int], batch_size: int, rng: random.Random) -> list[list[int]]:
    order = list(range(len(lengths)))
    rng.shuffle(order)
    batches = []
    chunk = batch_size * MEGA_BATCH
    for start in range(0, len(order), chunk):
        block = sorted(order[start:start + chunk], key=lambda i: lengths[i])
        batches += [block[i:i + batch_size] for i in range(0, len(block), batch_size)]
    rng.shuffle(batches)
    return batches


def sorted_batches(lengths: list[int], batch_size: int) -> list[list[int]]:
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    return [order[i:i + batch_size] for i in range(0, len(order), batch_size)]


def collate(encoded: list[tuple[list[int], list[int]]], indices: list[int], device=None, with_types: bool = True):
    """A padded batch; with_types=False leaves out token_type_ids (MPNet and RoBERTa-style encoders)."""
    import torch

    width = max(len(encoded[i][0]) for i in indices)
    ids = torch.zeros(len(indices), width, dtype=torch.long)
    types = torch.zeros_like(ids)
    mask = torch.zeros_like(ids)
    for row, i in enumerate(indices):
        token_ids, type_ids = encoded[i]
        ids[row, :len(token_ids)] = torch.tensor(token_ids)
        types[row, :len(type_ids)] = torch.tensor(type_ids)
        mask[row, :len(token_ids)] = 1
    batch = {"input_ids": ids.to(device), "attention_mask": mask.to(device)}
    return batch | {"token_type_ids": types.to(device)} if with_types else batch


def takes_token_types(model) -> bool:
    import inspect

    return "token_type_ids" in inspect.signature(model.forward).parameters

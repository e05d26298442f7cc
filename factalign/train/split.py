"""Seeded, order-independent train/dev assignment, shared by the trainer and the benchmarks."""

import hashlib


def is_dev(key: str, fraction: float, seed: int) -> bool:
    """True when `key` (a document, claim or pair id) falls in the dev part."""
    digest = hashlib.sha256(f"{seed}:{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < fraction


def suite_half(key: str) -> bool:
    """True when a document (key "wice:" + its first evidence sentence, or "feverfact:" + the article
    key) belongs to the capability suite's half; training's capability pairs skip those documents."""
    return hashlib.sha256(f"capability-suite:{key}".encode()).digest()[0] < 128


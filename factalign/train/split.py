"""Seeded, order-independent train/dev assignment, shared by the trainer and the benchmarks."""

import hashlib


def is_dev(key: str, fraction: float, seed: int) -> bool:
    """True when `key` (a document, claim or pair id) falls in the dev part."""
    digest = hashlib.sha256(f"{seed}:{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < fraction

"""Hard examples: keep what the current model gets wrong, and only a share of what it already gets right."""

from __future__ import annotations

import random

import numpy as np

from factalign.train.data import LABELS


def hard_examples(examples: list[dict], nli, keep_easy: float, seed: int, batch: int = 512) -> list[dict]:
    """Every example `nli` labels wrongly, plus a seeded `keep_easy` share of the rest.

    Each kept example records the mining model's probabilities in `mined` for the data report.
    """
    from tqdm import tqdm

    rng = random.Random(f"{seed}:mining")
    kept = []
    for start in tqdm(range(0, len(examples), batch), desc="mining", mininterval=20):
        chunk = examples[start:start + batch]
        probs = np.asarray(nli.predict([(ex["premise"], ex["hypothesis"]) for ex in chunk]))
        for ex, p in zip(chunk, probs):
            wrong = LABELS[int(p.argmax())] != ex["label"]
            if wrong or rng.random() < keep_easy:
                kept.append({**ex, "mined": "hard" if wrong else "easy"})
    return kept

"""A teacher's probabilities on a pool of training pairs, kept in a compact file for distillation.

The file (`.npz`) holds, for each pair, a 64-bit key of its premise and hypothesis (`pair_key`) and the
teacher's (entailment, neutral, contradiction) probabilities as float16, 10 bytes a pair, plus the
teacher's name and recipe. The pairs themselves are not stored: they are rebuilt from the data specs
(seeded), and `attach` gives every example whose key is in the file its teacher probabilities, which
the trainer mixes with the gold label (TrainConfig.teacher_weight). An example the file does not hold (a
source added after the teacher was labelled, such as `roles:N` against recipes/teacher-mpnet-v4.npz) is left
as it is and trains on its gold label alone; `attach`'s summary counts how many matched.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from factalign.train import batching
from factalign.train.data import LABELS, fail


def pair_key(premise: str, hypothesis: str) -> int:
    digest = hashlib.sha256(f"{premise}\x1f{hypothesis}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def predict(checkpoint: Path, examples: list[dict], max_length: int = 256, batch_size: int = 128,
            device: str = "auto") -> list[list[float]]:
    """The checkpoint's probabilities for each example, in LABELS order."""
    from transformers import AutoModelForSequenceClassification

    from factalign.train.trainer import batch_logits, torch_device

    model = AutoModelForSequenceClassification.from_pretrained(checkpoint).to(torch_device(device)).eval()
    order = [model.config.label2id[name] for name in LABELS]
    encoded = batching.encode(batching.load_tokenizer(checkpoint, max_length), examples)
    probs: list[list[float]] = [[]] * len(examples)
    for indices, logits in batch_logits(model, encoded, batch_size):
        for i, row in zip(indices, logits.softmax(-1)[:, order].tolist()):
            probs[i] = row
    return probs


def save(path: Path, examples: list[dict], probs: list[list[float]], teacher: dict) -> None:
    import numpy as np

    keys = np.array([pair_key(ex["premise"], ex["hypothesis"]) for ex in examples], dtype=np.uint64)
    from factalign.outputs import replacing

    with replacing(path, binary=True) as out:  # a failed run leaves an earlier teacher file as it was
        np.savez_compressed(out.file, keys=keys, probs=np.array(probs, dtype=np.float16),
                            teacher=np.array(json.dumps(teacher)))


def load(path: Path) -> tuple[dict[int, list[float]], dict]:
    import numpy as np

    try:
        with np.load(path) as saved:
            keys, probs, teacher = saved["keys"], saved["probs"].astype(float), json.loads(str(saved["teacher"]))
    except (OSError, KeyError, ValueError) as e:
        raise fail(f"--teacher {path}: not a teacher probabilities file ({e})") from None
    return dict(zip(keys.tolist(), probs.tolist())), teacher


def attach(examples: list[dict], path: Path) -> tuple[list[dict], dict]:
    """The examples, each with "probs" where the teacher file has its pair (the others unchanged: gold label
    only); and a summary of the match."""
    table, teacher = load(path)
    out = []
    for ex in examples:
        probs = table.get(pair_key(ex["premise"], ex["hypothesis"]))
        out.append(ex if probs is None else {**ex, "probs": probs})
    matched = sum("probs" in ex for ex in out)
    sources = trained_on(teacher)
    return out, {"file": str(path), "teacher": teacher.get("model_id", "?"), "matched": matched, "pairs": len(table),
                 **({"sources": sources} if sources else {})}


def trained_on(teacher: dict) -> list[str]:
    """The sources a teacher was trained on, as its file records them: its dev split has a part of each (the
    trainer's per-source dev figures); empty where the file records none, and then its terms are unknown."""
    return sorted(teacher.get("dev", {}).get("per_source", {}))

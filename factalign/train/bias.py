"""A bias-only model that sees overlap features alone, for training against the overlap shortcut.

Clark et al. (EMNLP 2019) and Utama et al. (ACL 2020): a small model given only shallow features (here:
the share of the hypothesis's words and bigrams found in the premise, negation words on one side only,
numbers the premise lacks, lengths) predicts the label as far as those features allow; the main model
then gets no credit for what it already predicts:

- `poe` (product of experts): the main model is trained through log p_main + log p_bias, renormalised,
  and used alone at inference, so its logits must explain what the bias cannot.
- `reweight`: each example's loss is weighted by 1 - p_bias(gold label), so that the examples overlap
  already answers count less.

The bias model is a multinomial logistic regression fitted on the training examples (torch, no extra
dependency); `fit` returns its probabilities for each example and its accuracy, which the recipe records.
"""

from __future__ import annotations

import math
import re

from factalign.train.data import LABELS

MODES = ("none", "poe", "reweight")
_WORD = re.compile(r"[a-z0-9]+")
NEGATIONS = frozenset({"not", "no", "never", "nobody", "nothing", "none", "neither", "nor", "n't", "without",
                       "cannot", "didn", "doesn", "isn", "wasn", "weren", "aren", "won", "hasn", "haven"})


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("n't", " n't"))


def features(premise: str, hypothesis: str) -> list[float]:
    p, h = _words(premise), _words(hypothesis)
    pset, hset = set(p), set(h)
    pbig, hbig = set(zip(p, p[1:])), set(zip(h, h[1:]))
    numbers = {w for w in hset if w.isdigit()}
    return [
        len(hset & pset) / max(len(hset), 1),
        len(hbig & pbig) / max(len(hbig), 1),
        float(bool(hset & NEGATIONS) and not pset & NEGATIONS),
        float(bool(pset & NEGATIONS) and not hset & NEGATIONS),
        len(numbers - pset) / max(len(numbers), 1) if numbers else 0.0,
        math.log1p(len(h)) / 5,
        math.log1p(len(p)) / 7,
        len(h) / max(len(p), 1),
    ]


def fit(examples: list[dict], steps: int = 300, seed: int = 13) -> tuple[list[list[float]], float]:
    """The bias model's label probabilities for each example (fitted on these examples) and its accuracy."""
    import torch

    torch.manual_seed(seed)
    x = torch.tensor([features(ex["premise"], ex["hypothesis"]) for ex in examples])
    y = torch.tensor([LABELS.index(ex["label"]) for ex in examples])
    layer = torch.nn.Linear(x.shape[1], len(LABELS))
    optimizer = torch.optim.Adam(layer.parameters(), lr=0.05)
    for _ in range(steps):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(layer(x), y)
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        probs = torch.softmax(layer(x), -1)
    accuracy = float((probs.argmax(-1) == y).float().mean())
    return probs.clamp_min(1e-4).tolist(), accuracy


def loss(logits, targets, bias_probs, mode: str):
    """The training loss of a batch: soft cross-entropy against `targets`, through the bias model as `mode` says."""
    import torch

    if mode == "poe":
        combined = torch.log_softmax(logits, -1) + torch.log(bias_probs)
        return torch.nn.functional.cross_entropy(combined, targets)
    per_example = -(targets * torch.log_softmax(logits, -1)).sum(-1)
    if mode == "reweight":
        weights = 1.0 - (targets * bias_probs).sum(-1)
        return (weights * per_example).sum() / weights.sum().clamp_min(1e-6)
    return per_example.mean()

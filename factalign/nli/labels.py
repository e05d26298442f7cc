"""What an NLI backend outputs: its label set, declared once by the backend and read by the cache, the
methods, the results and the report.

Every backend's `predict` returns rows of three columns (ENT, NEU, CON), so batching, caching, the
long-premise chunk rule and the detail check work alike for all of them; the label set says what the
columns mean:

- `THREE_WAY` (entailment, neutral, contradiction): an MNLI-style classifier. Its NLIScore is
  p_ent - p_con (FENICE), its support p_ent; a claim result shows (p_ent, p_neu, p_con).
- `BINARY` (supported or not): MiniCheck, FactCG, HHEM, an LLM judge. A row is (p_sup, 1 - p_sup, 0):
  the model says nothing of contradiction, so its NLIScore and its support are both p_sup, and a
  claim result shows (p_sup,), the one number the model gives.

A backend declares its set in a `labels` attribute, and every wrapper (nli/base.py: `Wrapper`) the set of the
model it wraps; a model without one is 3-way, what an NLI model is unless it says otherwise (a plugin need not
declare it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from factalign.errors import FactalignError


@dataclass(frozen=True)
class LabelSet:
    name: str
    keys: tuple[str, ...]  # what a claim result's probs hold, as named in its JSON
    description: str

    @property
    def binary(self) -> bool:
        return len(self.keys) == 1

    @property
    def cache_key(self) -> str:
        """Part of each cache key. Empty for 3-way: a 3-way pair's key is its signature and texts alone, the key the
        caches in use hold it under."""
        return "" if self is THREE_WAY else self.name

    def score(self, probs: np.ndarray) -> np.ndarray:
        """FENICE's NLIScore, row-wise: p_ent - p_con for 3-way, p_sup for binary."""
        return probs[..., 0] if self.binary else probs[..., 0] - probs[..., 2]

    def support(self, probs: np.ndarray) -> np.ndarray:
        """The probability that the premise supports the hypothesis: p_ent, or p_sup."""
        return probs[..., 0]

    def rows(self, p: np.ndarray) -> np.ndarray:
        """The protocol's [n, 3] rows from what the model gives: [n, 3] probabilities, or [n] of p_sup."""
        p = np.asarray(p, dtype=np.float64)
        if not self.binary:
            return p.reshape(-1, 3)
        p = p.reshape(-1)
        return np.stack([p, 1.0 - p, np.zeros_like(p)], axis=1)

    def shown(self, row) -> tuple[float, ...]:
        """What a claim result holds: (p_ent, p_neu, p_con), or (p_sup,)."""
        return tuple(float(x) for x in row[:len(self.keys)])


THREE_WAY = LabelSet("3-way", ("p_ent", "p_neu", "p_con"), "entailment, neutral, contradiction")
BINARY = LabelSet("binary", ("p_sup",), "supported (the probability that the premise supports the claim)")
LABEL_SETS = {s.name: s for s in (THREE_WAY, BINARY)}


def label_set(name: str | LabelSet) -> LabelSet:
    """A label set by name ("3-way", "binary"); one line naming the known ones otherwise."""
    if isinstance(name, LabelSet):
        return name
    try:
        return LABEL_SETS[name]
    except (KeyError, TypeError):
        raise FactalignError(f"unknown label set {name!r}; choose one of: {', '.join(LABEL_SETS)}") from None


def labels_of(model) -> LabelSet:
    """The label set a model declares (a wrapper of ours declares its model's); 3-way when it declares none."""
    declared = getattr(model, "labels", None)
    return declared if isinstance(declared, LabelSet) else THREE_WAY


def for_probs(probs) -> LabelSet:
    """The label set of a claim result's probs: by their JSON keys, or by how many there are."""
    keys = tuple(probs) if isinstance(probs, dict) else None
    for s in LABEL_SETS.values():
        if (keys is not None and set(keys) == set(s.keys)) or (keys is None and len(probs) == len(s.keys)):
            return s
    raise FactalignError(f"claim probabilities {probs!r} are neither {THREE_WAY.keys} nor {BINARY.keys}")

"""The NLI protocol: a batch of (premise, hypothesis) pairs -> rows of (p_ent, p_neu, p_con)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from factalign.errors import FactalignError
from factalign.nli.labels import LabelSet, labels_of

Pair = tuple[str, str]
ENT, NEU, CON = 0, 1, 2


@runtime_checkable
class NLIModel(Protocol):
    """Anything that maps premise/hypothesis pairs to entailment, neutral, contradiction probabilities.

    It may declare what its rows mean in `labels` (a LabelSet, nli/labels.py; 3-way when absent) and its size in
    tokens by having TokenBudget's methods; a wrapper declares those of the model it wraps (`Wrapper`)."""

    #: identifies the model and its weights, recorded in result signatures and cache keys
    signature: str

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        """An array of shape [len(pairs), 3]; each row (p_ent, p_neu, p_con) sums to 1."""
        ...


@runtime_checkable
class TokenBudget(Protocol):
    """An optional capability beside NLIModel: the model knows its input size in tokens (onnx, hf)."""

    def count_tokens(self, texts: list[str]) -> list[int]:
        ...

    def premise_budget(self, hypothesis: str) -> int:
        """How many premise tokens fit beside this hypothesis."""
        ...


class Wrapper:
    """An NLI model that hands another on (the cache, the gathering, a check, the service's deadline): it declares
    the wrapped model's signature, label set and token budget as its own, so no caller looks through it."""

    def __init__(self, model: NLIModel):
        self.model = model
        self.signature: str = model.signature
        self.labels: LabelSet = labels_of(model)
        self.budget: TokenBudget | None = token_budget(model)


def token_budget(model: NLIModel) -> TokenBudget | None:
    """The model's token counting and premise budget (a wrapper declares its model's as `budget`); None if it has none."""
    return model if isinstance(model, TokenBudget) else getattr(model, "budget", None)


def label_columns(id2label: dict) -> list[int]:
    """For each of (entailment, neutral, contradiction), the model's output column.

    Read from the model's own config, never assumed. A two-way model (entailment vs not) gets its
    'not' column as neutral and a contradiction column of zeros (marked -1).
    """
    found = {}
    for idx, name in id2label.items():
        key = str(name).lower().replace("-", "_")
        if key.startswith("not_ent") or key.startswith("non_ent"):
            found["neu"] = int(idx)
        elif key.startswith("entail"):
            found["ent"] = int(idx)
        elif key.startswith("neutral"):
            found["neu"] = int(idx)
        elif key.startswith("contradict"):
            found["con"] = int(idx)
    if "ent" not in found or "neu" not in found:
        raise FactalignError(f"cannot read entailment/neutral labels from id2label {id2label}")
    return [found["ent"], found["neu"], found.get("con", -1)]


def softmax_columns(logits: np.ndarray, columns: list[int]) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    out = np.zeros((len(p), 3), dtype=np.float64)
    for j, col in enumerate(columns):
        if col >= 0:
            out[:, j] = p[:, col]
    return out

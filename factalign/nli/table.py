"""An NLI backend that looks probabilities up in a user-given table (tests, replaying stored scores)."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from factalign.errors import FactalignError
from factalign.io import loads_json
from factalign.nli.base import Pair
from factalign.nli.labels import THREE_WAY, LabelSet, label_set


class TableNLI:
    """Exact lookup of (premise, hypothesis) -> (p_ent, p_neu, p_con), or with `labels="binary"` -> p_sup
    (a number, or a list of one); an unknown pair is an error."""

    def __init__(self, table: Mapping[Pair, Sequence[float] | float], name: str = "table",
                 labels: str | LabelSet = THREE_WAY):
        self.labels = label_set(labels)
        self.table: dict[Pair, tuple[float, float, float]] = {}
        for pair, probs in table.items():
            if not _probabilities(probs, self.labels):
                raise FactalignError(f"table NLI: probabilities for {_short(pair)} must be {_wanted(self.labels)}, "
                                     f"not {_short(probs)}")
            self.table[tuple(pair)] = tuple(float(p) for p in self.labels.rows(probs)[0])
        digest = hashlib.sha256(json.dumps(sorted(self.table.items())).encode()).hexdigest()[:12]
        self.signature = f"{name}#sha256={digest}" + ("" if self.labels is THREE_WAY else f"+{self.labels.name}")
        self.calls = 0  # pairs looked up, so tests can see what a cache saved

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        self.calls += len(pairs)
        rows = []
        for premise, hypothesis in pairs:
            try:
                rows.append(self.table[(premise, hypothesis)])
            except KeyError:
                raise FactalignError(f"table NLI has no entry for premise {premise[:60]!r} / hypothesis {hypothesis[:60]!r}") from None
        return np.array(rows, dtype=np.float64).reshape(len(rows), 3)

    @classmethod
    def from_file(cls, path: str | Path, labels: str | LabelSet = THREE_WAY) -> TableNLI:
        """A JSON or JSONL file of {"premise", "hypothesis", "probs": [p_ent, p_neu, p_con]} rows (binary:
        "probs": p_sup)."""
        labels = label_set(labels)
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise FactalignError(f"table NLI file not found: {path}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise FactalignError(f"cannot read table NLI file {path}: {exc}") from None
        table = {}
        whole = text.lstrip().startswith("[")
        lines = [(0, text)] if whole else [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        for lineno, chunk in lines:
            where = f"{path}:{lineno}" if lineno else str(path)
            try:
                loaded = loads_json(chunk, where)
            except ValueError as exc:
                raise FactalignError(f"{where}: not valid JSON ({exc})") from None
            for n, row in enumerate(loaded if whole and isinstance(loaded, list) else [loaded]):
                at = f"{where} row {n + 1}" if whole else where
                if not isinstance(row, dict) or not {"premise", "hypothesis", "probs"} <= row.keys():
                    raise FactalignError(f"table NLI file {at}: not an object {{premise, hypothesis, probs}}")
                if not isinstance(row["premise"], str) or not isinstance(row["hypothesis"], str):
                    raise FactalignError(f"table NLI file {at}: premise and hypothesis must be strings")
                if not _probabilities(row["probs"], labels):
                    raise FactalignError(f"table NLI file {at}: probs must be {_wanted(labels)}, not {_short(row['probs'])}")
                table[(row["premise"], row["hypothesis"])] = row["probs"]
        return cls(table, name=f"table:{path.name}", labels=labels)


def _wanted(labels: LabelSet) -> str:
    return "one probability (p_sup)" if labels.binary else "3 non-negative numbers summing to 1"


def _probabilities(probs: object, labels: LabelSet = THREE_WAY) -> bool:
    """Three finite non-negative numbers (not booleans, not text) summing to 1; binary: one in [0, 1]."""
    if isinstance(probs, np.ndarray):
        probs = probs.tolist()
    if labels.binary and not isinstance(probs, (list, tuple)):
        probs = [probs]
    if isinstance(probs, (str, bytes)) or not isinstance(probs, Sequence) or len(probs) != len(labels.keys):
        return False
    if not all(isinstance(p, (int, float, np.floating, np.integer)) and not isinstance(p, (bool, np.bool_)) for p in probs):
        return False
    if labels.binary:
        return math.isfinite(probs[0]) and 0 <= probs[0] <= 1
    return all(math.isfinite(p) and p >= 0 for p in probs) and abs(sum(probs) - 1) <= 1e-6


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."

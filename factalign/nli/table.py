"""An NLI backend that looks probabilities up in a user-given table (tests, replaying stored scores)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from factalign.errors import FactalignError
from factalign.nli.base import Pair


class TableNLI:
    """Exact lookup of (premise, hypothesis) -> (p_ent, p_neu, p_con); an unknown pair is an error."""

    def __init__(self, table: Mapping[Pair, Sequence[float]], name: str = "table"):
        self.table: dict[Pair, tuple[float, float, float]] = {}
        for pair, probs in table.items():
            if len(probs) != 3 or min(probs) < 0 or abs(sum(probs) - 1) > 1e-6:
                raise FactalignError(f"table NLI: probabilities for {pair!r} must be 3 non-negative numbers summing to 1")
            self.table[tuple(pair)] = tuple(float(p) for p in probs)
        digest = hashlib.sha256(json.dumps(sorted(self.table.items())).encode()).hexdigest()[:12]
        self.signature = f"{name}#sha256={digest}"
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
    def from_file(cls, path: str | Path) -> TableNLI:
        """A JSON or JSONL file of {"premise", "hypothesis", "probs": [p_ent, p_neu, p_con]} rows."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
            rows = json.loads(text) if text.lstrip().startswith("[") else [json.loads(l) for l in text.splitlines() if l.strip()]
            table = {(r["premise"], r["hypothesis"]): r["probs"] for r in rows}
        except FileNotFoundError:
            raise FactalignError(f"table NLI file not found: {path}") from None
        except (ValueError, KeyError, TypeError) as exc:
            raise FactalignError(f"table NLI file {path} is not a list of {{premise, hypothesis, probs}}: {exc}") from None
        return cls(table, name=f"table:{path.name}")

"""A calibration: the threshold that turns a method's score into a label, and a monotone map from the
score to a probability of consistency, both made for one scorer signature.

Applying one needs numpy only; fitting one (`bench/fit.py`) needs scikit-learn.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from factalign.errors import FactalignError

FORMAT = "factalign-calibration/1"
PROBABILITY_KINDS = ("platt", "isotonic")


@dataclass
class Calibration:
    method: str
    signature: str                  # the scorer signature the calibration was made for
    threshold: float                # "consistent" when score >= threshold
    probability: dict[str, Any]     # {"kind": "platt", "a", "b"} or {"kind": "isotonic", "x": [...], "y": [...]}
    data: dict[str, Any] = field(default_factory=dict)     # what it was fitted on: file, sha256, rows, consistent
    figures: dict[str, Any] = field(default_factory=dict)  # how good the label is on that data
    source: str = ""                # where it was loaded from; not saved

    def probability_of(self, score: float) -> float:
        """P(consistent | score), on the class mix of the calibration data."""
        p = self.probability
        if p["kind"] == "platt":
            z = p["a"] * score + p["b"]
            return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))
        return float(np.interp(score, p["x"], p["y"]))  # isotonic: linear between knots, clipped outside

    def label(self, score: float) -> str:
        return "consistent" if score >= self.threshold else "inconsistent"

    def check(self, signature: str) -> None:
        """Refuse a scorer the calibration was not made for."""
        if signature != self.signature:
            raise FactalignError(f"calibration {self.source or '(unsaved)'} was made for another scorer "
                                 f"({signature_difference(self.signature, signature)}); "
                                 f"make one for this method and model with `factalign calibrate`")

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        del d["source"]
        return {"format": FORMAT, **d}

    @classmethod
    def from_dict(cls, d: dict[str, Any], source: str = "") -> Calibration:
        where = source or "calibration"
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise FactalignError(f"{where} is not a factalign calibration (no \"format\": \"{FORMAT}\")")
        try:
            cal = cls(str(d["method"]), str(d["signature"]), float(d["threshold"]), dict(d["probability"]),
                      dict(d.get("data", {})), dict(d.get("figures", {})), source)
            _check_probability(cal.probability)
        except (KeyError, TypeError, ValueError) as exc:
            raise FactalignError(f"{where} is damaged: {exc!r}") from None
        return cal

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Calibration:
        try:
            d = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise FactalignError(f"calibration file not found: {path}") from None
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise FactalignError(f"cannot read calibration {path}: {exc}") from None
        return cls.from_dict(d, str(path))

    def describe(self) -> str:
        """One line on what the label means, for people."""
        made_on = f" on {self.data['file']} ({self.data['rows']} rows)" if "file" in self.data else ""
        acc = self.figures.get("balanced_accuracy_cv")
        quality = f", balanced accuracy {acc:.3f} cross-validated" if acc is not None else ""
        return f"consistent when score >= {self.threshold:.4f} (calibration {self.source}{made_on}{quality})"


def _check_probability(p: dict[str, Any]) -> None:
    if p.get("kind") not in PROBABILITY_KINDS:
        raise ValueError(f"probability kind must be one of {PROBABILITY_KINDS}")
    if p["kind"] == "platt":
        float(p["a"]), float(p["b"])
    elif len(p["x"]) != len(p["y"]) or not p["x"] or list(p["x"]) != sorted(p["x"]):
        raise ValueError("isotonic knots x must be ascending and as many as y")


def signature_difference(made_for: str, actual: str) -> str:
    """The signature parts that differ, e.g. `nli: made for house#sha256=ab, this is house#sha256=cd`."""
    a, b = _parts(made_for), _parts(actual)
    keys = [k for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k)]
    return "; ".join(f"{k}: made for {a.get(k, '(none)')}, this is {b.get(k, '(none)')}" for k in keys) or "same"


def _parts(signature: str) -> dict[str, str]:
    return dict(p.partition(":")[::2] for p in signature.split("|"))

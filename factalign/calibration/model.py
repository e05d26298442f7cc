"""A calibration: the threshold that turns a method's score into a label, a monotone map from the
score to a probability of consistency, optional pass / review / block bands, and the same for single
claims (`claims`), all made for one scorer signature. `summary_rule()` and `claim_rule()` give the
DecisionRule every output asks (calibration/decision.py).

Applying one needs numpy only; fitting one (`bench/fit.py`) needs scikit-learn.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from factalign.calibration.decision import CLAIM_LABELS, SUMMARY_LABELS, Bands, DecisionRule, probability_of
from factalign.errors import FactalignError
from factalign.io import loads_json
from factalign.signature import Signature

FORMAT = "factalign-calibration/2"
READABLE = ("factalign-calibration/1", FORMAT)  # /1 files have no bands and no claim part
PROBABILITY_KINDS = ("platt", "isotonic")


@dataclass
class ClaimCalibration:
    """The claim-level part: fitted on claims with their own labels (supported or not), not on summaries."""

    threshold: float
    probability: dict[str, Any]
    bands: Bands | None = None
    data: dict[str, Any] = field(default_factory=dict)
    figures: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"threshold": self.threshold, "probability": self.probability,
                "bands": self.bands.to_dict() if self.bands else None, "data": self.data, "figures": self.figures}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ClaimCalibration:
        cal = cls(_finite_threshold(d["threshold"]), dict(d["probability"]),
                  Bands.from_dict(d["bands"]) if d.get("bands") else None, dict(d.get("data", {})),
                  dict(d.get("figures", {})))
        _check_probability(cal.probability)
        return cal


@dataclass
class Calibration:
    method: str
    signature: str                  # the scorer signature the calibration was made for
    threshold: float                # "consistent" when score >= threshold
    probability: dict[str, Any]     # {"kind": "platt", "a", "b"} or {"kind": "isotonic", "x": [...], "y": [...]}
    data: dict[str, Any] = field(default_factory=dict)     # what it was fitted on: file, sha256, rows, consistent
    figures: dict[str, Any] = field(default_factory=dict)  # how good the label is on that data
    source: str = ""                # where it was loaded from; not saved
    bands: Bands | None = None      # pass / review / block for summaries
    claims: ClaimCalibration | None = None

    def probability_of(self, score: float) -> float:
        """P(consistent | score) at even prior odds (see bench/fit.py)."""
        return probability_of(self.probability, score)

    def summary_rule(self) -> DecisionRule:
        return DecisionRule(self.threshold, self.probability, self.bands, SUMMARY_LABELS)

    def claim_rule(self) -> DecisionRule | None:
        """None without a claim part: a summary threshold says nothing about single claims."""
        c = self.claims
        return DecisionRule(c.threshold, c.probability, c.bands, CLAIM_LABELS) if c else None

    def check(self, signature: str) -> None:
        """Refuse a scorer the calibration was not made for."""
        if signature != self.signature:
            raise FactalignError(f"calibration {self.source or '(unsaved)'} was made for another scorer "
                                 f"({signature_difference(self.signature, signature)}); "
                                 f"make one for this method and model with `factalign calibrate`")

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        del d["source"]
        d["bands"] = self.bands.to_dict() if self.bands else None
        d["claims"] = self.claims.to_dict() if self.claims else None
        return {"format": FORMAT, **d}

    @classmethod
    def from_dict(cls, d: dict[str, Any], source: str = "") -> Calibration:
        where = source or "calibration"
        if not isinstance(d, dict) or d.get("format") not in READABLE:
            raise FactalignError(f"{where} is not a factalign calibration (no \"format\": \"{FORMAT}\")")
        try:
            cal = cls(str(d["method"]), str(d["signature"]), _finite_threshold(d["threshold"]), dict(d["probability"]),
                      dict(d.get("data", {})), dict(d.get("figures", {})), source,
                      Bands.from_dict(d["bands"]) if d.get("bands") else None,
                      ClaimCalibration.from_dict(d["claims"]) if d.get("claims") else None)
            _check_probability(cal.probability)
            made_for = Signature.parse(cal.signature).get("method")
            if made_for is not None and made_for != cal.method:  # an edited file: which of the two is it for?
                raise ValueError(f"it says method {cal.method!r} but its signature is for {made_for!r}")
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise FactalignError(f"{where} is damaged: {exc!r}") from None
        return cal

    def save(self, path: str | Path) -> None:
        from factalign.outputs import write_whole

        Path(path).parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Calibration:
        try:
            d = loads_json(Path(path).read_text(encoding="utf-8"), str(path))
        except FileNotFoundError:
            raise FactalignError(f"calibration file not found: {path}") from None
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise FactalignError(f"cannot read calibration {path}: {exc}") from None
        return cls.from_dict(d, str(path))

    def describe(self) -> str:
        """One line on what the label means, for people."""
        made_on = f" on {self.data['file']} ({self.data['rows']} rows)" if "file" in self.data else ""
        acc = self.figures.get("balanced_accuracy_cv")
        quality = f", balanced accuracy {acc:.3f} cross-validated" if acc is not None else ""
        line = f"consistent when score >= {self.threshold:.4f} (calibration {self.source}{made_on}{quality})"
        if self.bands:
            b = self.bands
            line += (f"; pass at >= {b.pass_at:.4f} (at most {b.max_passed_inconsistent:.0%} of inconsistent texts "
                     f"pass), block below {b.block_at:.4f} (at most {b.max_blocked_consistent:.0%} of consistent ones "
                     "blocked), review between")
        if self.claims:
            line += f"; claims supported when score >= {self.claims.threshold:.4f}"
        return line


def _finite_threshold(value: Any) -> float:
    # a number only: float("0.5") and float(True) would pass text and booleans
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"the threshold must be a finite number, not {value!r}")
    return float(value)


def _check_probability(p: dict[str, Any]) -> None:
    if p.get("kind") not in PROBABILITY_KINDS:
        raise ValueError(f"probability kind must be one of {PROBABILITY_KINDS}")
    if p["kind"] == "platt":
        if not all(math.isfinite(float(p[k])) for k in ("a", "b")):
            raise ValueError("platt a and b must be finite numbers")
        if float(p["a"]) <= 0:  # P(consistent) must rise with the score, or a label would contradict its probability
            raise ValueError("platt slope a must be above 0")
    elif len(p["x"]) != len(p["y"]) or not p["x"] or list(p["x"]) != sorted(p["x"]):
        raise ValueError("isotonic knots x must be ascending and as many as y")
    elif list(p["y"]) != sorted(p["y"]):
        raise ValueError("isotonic values y must not fall as x rises")


def signature_difference(made_for: str, actual: str) -> str:
    """The signature fields that differ, e.g. `nli: made for house#sha256=ab, this is house#sha256=cd`."""
    return Signature.parse(made_for).difference(Signature.parse(actual), "made for", "this is")

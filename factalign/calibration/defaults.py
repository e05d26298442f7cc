"""Which calibration a Scorer uses: a given file or object, the shipped default for its method, or none.

The shipped defaults (`calibration/defaults/METHOD.json`, made by benchmarks/make_default_calibration.sh
on FRANK validation) are keyed by method and scorer signature. They serve the house model only; when
the house model or a method's settings change, a default that no longer matches is not used: the
summary gets no label and a FactalignWarning says why (a silently missing label would be worse).
"""

from __future__ import annotations

import warnings
from pathlib import Path

from factalign.calibration.decision import CLAIM_LABELS, SUMMARY_LABELS, DecisionRule
from factalign.calibration.model import Calibration, signature_difference
from factalign.errors import FactalignError, FactalignWarning
from factalign.signature import Signature

DEFAULTS_DIR = Path(__file__).resolve().parent / "defaults"
# signature parts of the checks that cap a pair's probabilities where they find an error (detail, role and
# comparison checks): a check mode only lowers some scores, so the default's thresholds still read the same
# scale, and a user who turns a check on keeps labels, with a note saying the thresholds were fitted without it
CHECK_PARTS = frozenset({"details", "roles", "compare"})
MAKE_YOUR_OWN = "fit one for this scorer with `factalign calibrate --data LABELLED.jsonl --method METHOD --output cal.json`"


def choose_calibration(calibration: str | Path | Calibration | None, threshold: float | None, method: str,
                       signature: str, house_model: bool, nli: str | None = None) -> Calibration | None:
    """`calibration` is a Calibration, a file path, "default" (the shipped default, house model only)
    or None. An explicit `threshold` overrides the default; with an explicit calibration it is an error.
    `nli`: the signature of the scorer's NLI model (None: it has none), named in the warning that another
    model than the house model gets no default."""
    explicit = calibration not in (None, "default")
    if threshold is not None:
        if explicit:
            raise FactalignError("give a threshold (--threshold) or a calibration (--calibration), not both")
        return None
    if not explicit:
        if calibration == "default" and not house_model and nli is not None and (DEFAULTS_DIR / f"{method}.json").is_file():
            _warn(f"the default calibration for {method} was made for the shipped house model, not {nli}; summaries "
                  f"are not labelled: {MAKE_YOUR_OWN.replace('METHOD', method)} and pass --calibration cal.json, "
                  "or pass --threshold")
        return default_calibration(method, signature) if calibration == "default" and house_model else None
    cal = calibration if isinstance(calibration, Calibration) else Calibration.load(calibration)
    cal.check(signature)
    return cal


def decision_rules(calibration: Calibration | None, threshold: float | None
                   ) -> tuple[DecisionRule | None, DecisionRule | None]:
    """The summary rule and the claim rule: from the calibration (claims get a rule only from its claim
    part), or from an explicit threshold for both (no probability, no bands), or none."""
    if calibration is not None:
        return calibration.summary_rule(), calibration.claim_rule()
    if threshold is not None:
        return DecisionRule(threshold, labels=SUMMARY_LABELS), DecisionRule(threshold, labels=CLAIM_LABELS)
    return None, None


def default_calibration(method: str, signature: str) -> Calibration | None:
    """The shipped calibration for this method if it was made for this signature; else None and a warning."""
    path = DEFAULTS_DIR / f"{method}.json"
    if not path.is_file():
        _warn(f"no default calibration for method {method}; summaries are not labelled (pass --threshold or "
              f"--calibration, see docs/calibration.md)")
        return None
    cal = Calibration.load(path)
    cal.source = f"default:{method}"
    differing = Signature.parse(cal.signature).differing(Signature.parse(signature))
    if differing and set(differing) <= CHECK_PARTS:
        made, this = _checks(cal.signature, differing), _checks(signature, differing)
        cal.source = f"default:{method}, fitted with {made}, carried to {this}"
        _warn(f"the default calibration for {method} was fitted with {made}; its thresholds are carried to {this} "
              f"(a check only lowers scores where it finds an error): {MAKE_YOUR_OWN.replace('METHOD', method)} "
              "for thresholds fitted with it")
        return cal
    if cal.signature != signature:
        _warn(f"the default calibration for {method} was made for another scorer "
              f"({signature_difference(cal.signature, signature)}); summaries are not labelled: "
              f"{MAKE_YOUR_OWN.replace('METHOD', method)} and pass --calibration cal.json, or pass --threshold")
        return None
    return cal


def _checks(signature: str, keys: list[str]) -> str:
    """The signature's parts `keys` ("details:counts/cap0, roles:off"), "no <key>" for one it lacks."""
    parts = Signature.parse(signature).as_dict()
    return ", ".join(f"{k}:{parts[k]}" if k in parts else f"no {k}" for k in keys)


def _warn(message: str) -> None:
    warnings.warn(message, FactalignWarning, stacklevel=4)

"""Which calibration a Scorer uses for each task (calibration/tasks.py): a given file or object, the shipped
default for its method and task, or none.

The shipped defaults (`calibration/defaults/TASK/METHOD.json`, made by benchmarks/make_default_calibration.sh on
the task's dev data) are keyed by method and scorer signature. They serve the house model only; when the house
model or a method's settings change, a default that no longer matches is not used: the text gets no label and
a FactalignWarning says why (a silently missing label would be worse).
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


class Calibrations:
    """The calibration of each task (calibration/tasks.py), by name: a given Calibration or file for every task, the
    shipped default of the method and task (house model only, loaded when the task is first asked for, so a warning
    about it comes only where a text of that task is labelled), or None.

    `calibration` is a Calibration, a file path, "default" or None. An explicit `threshold` overrides the default;
    with an explicit calibration it is an error. `nli`: the signature of the scorer's NLI model (None: it has none),
    named in the warning that another model than the house model gets no default."""

    def __init__(self, calibration: str | Path | Calibration | None, threshold: float | None, method: str,
                 signature: str, house_model: bool, nli: str | None):
        explicit = calibration not in (None, "default")
        if threshold is not None and explicit:
            raise FactalignError("give a threshold (--threshold) or a calibration (--calibration), not both")
        self.method, self.signature, self._threshold, self._loaded, self._rules = method, signature, threshold, {}, {}
        self._defaults = calibration == "default" and threshold is None and house_model
        self._given = None
        if explicit:
            self._given = calibration if isinstance(calibration, Calibration) else Calibration.load(calibration)
            self._given.check(signature)
        elif calibration == "default" and threshold is None and not house_model and nli is not None \
                and any(DEFAULTS_DIR.glob(f"*/{method}.json")):
            _warn(f"the default calibrations for {method} were made for the shipped house model, not {nli}; texts are "
                  f"not labelled: {MAKE_YOUR_OWN.replace('METHOD', method)} and pass --calibration cal.json, "
                  "or pass --threshold")

    @property
    def defaults(self) -> bool:
        """Whether the shipped defaults label (so the task chose the calibration)."""
        return self._defaults

    def __getitem__(self, task: str) -> Calibration | None:
        if not self._defaults:
            return self._given
        if task not in self._loaded:
            self._loaded[task] = default_calibration(self.method, self.signature, task)
        return self._loaded[task]

    def rules(self, task: str) -> tuple[DecisionRule | None, DecisionRule | None]:
        """The summary rule and the claim rule of `task`'s texts (decision_rules), made once per task: every text
        scored asks for them."""
        if task not in self._rules:
            self._rules[task] = decision_rules(self[task], self._threshold)
        return self._rules[task]


def decision_rules(calibration: Calibration | None, threshold: float | None
                   ) -> tuple[DecisionRule | None, DecisionRule | None]:
    """The summary rule and the claim rule: from the calibration (claims get a rule only from its claim
    part), or from an explicit threshold for both (no probability, no bands), or none."""
    if calibration is not None:
        return calibration.summary_rule(), calibration.claim_rule()
    if threshold is not None:
        return DecisionRule(threshold, labels=SUMMARY_LABELS), DecisionRule(threshold, labels=CLAIM_LABELS)
    return None, None


def default_calibration(method: str, signature: str, task: str = "summary") -> Calibration | None:
    """The shipped calibration for this method and task if it was made for this signature; else None and a
    warning."""
    path = DEFAULTS_DIR / task / f"{method}.json"
    if not path.is_file():
        _warn(f"no default calibration for method {method} and task {task}; {task} texts are not labelled (pass "
              f"--threshold or --calibration, see docs/calibration.md)")
        return None
    cal, named, own = Calibration.load(path), f"{method}/{task}", MAKE_YOUR_OWN.replace("METHOD", method)
    cal.source = f"default:{named}"
    differing = Signature.parse(cal.signature).differing(Signature.parse(signature))
    if differing and set(differing) <= CHECK_PARTS:
        made, this = _checks(cal.signature, differing), _checks(signature, differing)
        cal.source = f"default:{named}, fitted with {made}, carried to {this}"
        _warn(f"the default calibration for {named} was fitted with {made}; its thresholds are carried to {this} "
              f"(a check only lowers scores where it finds an error): {own} for thresholds fitted with it")
        return cal
    if cal.signature != signature:
        _warn(f"the default calibration for {named} was made for another scorer "
              f"({signature_difference(cal.signature, signature)}); {task} texts are not labelled: "
              f"{own} and pass --calibration cal.json, or pass --threshold")
        return None
    return cal


def _checks(signature: str, keys: list[str]) -> str:
    """The signature's parts `keys` ("details:counts/cap0, roles:off"), "no <key>" for one it lacks."""
    parts = Signature.parse(signature).as_dict()
    return ", ".join(f"{k}:{parts[k]}" if k in parts else f"no {k}" for k in keys)


def _warn(message: str) -> None:
    warnings.warn(message, FactalignWarning, stacklevel=4)

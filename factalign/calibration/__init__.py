"""Calibrated labels: a threshold and a probability of consistency made for one scorer signature."""

from factalign.calibration.decision import Bands, Decision, DecisionRule
from factalign.calibration.defaults import DEFAULTS_DIR, choose_calibration, decision_rules, default_calibration
from factalign.calibration.model import Calibration, ClaimCalibration

__all__ = ["Calibration", "ClaimCalibration", "Bands", "Decision", "DecisionRule", "choose_calibration",
           "decision_rules", "default_calibration", "DEFAULTS_DIR"]

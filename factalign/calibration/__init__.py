"""Calibrated labels: a threshold and a probability of consistency made for one scorer signature, one per
kind of text (tasks.py)."""

from factalign.calibration.decision import Bands, Decision, DecisionRule
from factalign.calibration.defaults import DEFAULTS_DIR, Calibrations, decision_rules, default_calibration
from factalign.calibration.model import Calibration, ClaimCalibration
from factalign.calibration.tasks import TASKS, Task, parse_task, task_for

__all__ = ["Calibration", "ClaimCalibration", "Bands", "Decision", "DecisionRule", "Calibrations",
           "decision_rules", "default_calibration", "DEFAULTS_DIR", "TASKS", "Task", "parse_task", "task_for"]

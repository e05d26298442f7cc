"""Calibrated labels: a threshold and a probability of consistency made for one scorer signature."""

from factalign.calibration.defaults import DEFAULTS_DIR, choose_calibration, default_calibration
from factalign.calibration.model import Calibration

__all__ = ["Calibration", "choose_calibration", "default_calibration", "DEFAULTS_DIR"]

"""argparse types for numeric options: each option's range is checked where argparse parses it, so a value
out of range is refused before any file is read or model loaded, in one line that argparse begins with the
option's name ("argument --max-chars: must be a whole number of at least 1, not -5")."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable


def whole(low: int = 1, high: int | None = None) -> Callable[[str], int]:
    """A whole number in [low, high] (high None: no upper bound)."""
    want = f"a whole number of at least {low}" if high is None else f"a whole number from {low} to {high}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {want}, not {text!r}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be {want}, not {value}")
        return value

    parse.__name__ = "whole number"
    return parse


def real(low: float | None = None, high: float | None = None, above: bool = False) -> Callable[[str], float]:
    """A finite number in [low, high], or in (low, high] with `above`; None: unbounded on that side."""
    if low is None and high is None:
        want = "a finite number"
    elif high is None:
        want = f"a number {'above' if above else 'of at least'} {low:g}"
    elif low is None:
        want = f"a number of at most {high:g}"
    else:
        want = f"a number {'above' if above else 'from'} {low:g} {'and at most' if above else 'to'} {high:g}"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {want}, not {text!r}") from None
        if (
            not math.isfinite(value)
            or (low is not None and (value <= low if above else value < low))
            or (high is not None and value > high)
        ):
            raise argparse.ArgumentTypeError(f"must be {want}, not {text}")
        return value

    parse.__name__ = "number"
    return parse


COUNT = whole(1)  # how many of something: rows, rounds, actors, examples
SEED = whole(0)
SECONDS = real(0, above=True)
SHARE = real(0, 1)  # a fraction of something, 0 and 1 included
FINITE = real()
SCORE = real(-1, 1)  # every method's scores lie there (a threshold outside it labels all alike)

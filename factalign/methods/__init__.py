"""The method registry: a new method is one file in this package plus one line in REGISTRY."""

from __future__ import annotations

from importlib import import_module

from factalign.errors import FactalignError
from factalign.methods.base import Inputs, Method

REGISTRY = [  # "module:ATTRIBUTE" of each Method, in the order the CLI lists them
    "fenice:FENICE",
    "fenice:NLI_SENT",
    "fenice:NLI_CLAIM",
    "infuse:INFUSE",
    "infuse:INFUSE_SUB",
    "infuse:INFUSE_K",
    "fizz:FIZZ",
    "summac:SUMMAC_ZS",
    "sentli:SENTLI",
    "fulldoc:FULLDOC",
    "acueval:ACUEVAL",
    "geval:GEVAL",
]


def _load(entry: str) -> Method:
    module, _, attribute = entry.partition(":")
    return getattr(import_module(f"factalign.methods.{module}"), attribute)


METHODS: dict[str, Method] = {m.name: m for m in map(_load, REGISTRY)}


def get_method(name: str) -> Method:
    try:
        return METHODS[name]
    except KeyError:
        raise FactalignError(f"unknown method {name!r}; choose one of: {', '.join(METHODS)}") from None


__all__ = ["METHODS", "Method", "Inputs", "get_method"]

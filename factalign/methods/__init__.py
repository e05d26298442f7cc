"""The method registry: a new method is one file in this package plus one line below."""

from __future__ import annotations

from factalign.errors import FactalignError
from factalign.methods import fenice, fizz, fulldoc, infuse, sentli, summac
from factalign.methods.base import Inputs, Method

METHODS: dict[str, Method] = {m.name: m for m in [
    fenice.FENICE,
    fenice.NLI_SENT,
    fenice.NLI_CLAIM,
    infuse.INFUSE,
    infuse.INFUSE_SUB,
    infuse.INFUSE_K,
    fizz.FIZZ,
    summac.SUMMAC_ZS,
    sentli.SENTLI,
    fulldoc.FULLDOC,
]}


def get_method(name: str) -> Method:
    try:
        return METHODS[name]
    except KeyError:
        raise FactalignError(f"unknown method {name!r}; choose one of: {', '.join(METHODS)}") from None


__all__ = ["METHODS", "Method", "Inputs", "get_method"]

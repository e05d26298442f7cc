"""The method registry: a new method is one decorated function (`@register_method`); the built-in ones
are imported here, in the order the CLI lists them; others come from the `factalign.methods` entry points."""

from __future__ import annotations

from collections.abc import Callable

# first, so that a method module (built in or added beside them) can import register_method from here
from factalign.methods.base import METHODS, Inputs, Method, register_method  # isort: skip
# in the order the CLI lists them; importing a module registers its methods
from factalign.methods import fenice, infuse, fizz, summac, sentli, fulldoc, chunks, acueval, geval  # noqa: F401, E402, I001  # isort: skip

DEFAULT_METHOD = "fenice"


def get_method(method: str | Method | Callable) -> Method:
    """A registered method by name, a Method as it is, or a `run(inputs, **params)` function as a method."""
    if isinstance(method, Method):
        return method
    if callable(method):
        return Method.of(getattr(method, "__name__", "custom").replace("_", "-"), method)
    return METHODS.get(method)


__all__ = ["DEFAULT_METHOD", "METHODS", "Method", "Inputs", "get_method", "register_method"]

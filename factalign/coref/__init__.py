"""Coreference backends behind one protocol: `none`, `heuristic` (offline), `fastcoref` (needs weights)."""

from __future__ import annotations

from factalign.coref.base import PRONOUNS, Cluster, CorefModel, NoCoref
from factalign.coref.edit import representative, resolve, sentence_variants
from factalign.errors import FactalignError

COREF_BACKENDS = ("none", "heuristic", "fastcoref")


def load_coref(spec: str | CorefModel | None = "heuristic") -> CorefModel:
    if spec is None or not isinstance(spec, str):
        return spec or NoCoref()
    kind, _, arg = spec.partition(":")
    if kind == "none":
        return NoCoref()
    if kind == "heuristic":
        from factalign.coref.heuristic import HeuristicCoref

        return HeuristicCoref()
    if kind == "fastcoref":
        from factalign.coref.fastcoref import FastCoref

        return FastCoref(arg or None)
    raise FactalignError(f"unknown coref backend {spec!r}; choose one of: {', '.join(COREF_BACKENDS)}")


__all__ = ["Cluster", "CorefModel", "NoCoref", "PRONOUNS", "load_coref", "resolve", "representative", "sentence_variants"]

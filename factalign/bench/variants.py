"""Method variants for ablation tables: `fenice,fenice[use_coref=false],infuse-k[k=3]`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from factalign.checks import check_option_names
from factalign.errors import FactalignError
from factalign.options import MethodParams
from factalign.registry import parse_options

_ITEM = re.compile(r"^([A-Za-z0-9_.-]+)(?:\[(.*)\])?$")


# allowed in brackets beside method parameters (nli-claim[extractor=rules]), and each check's option (fenice[role_check=off])
MODEL_OPTIONS = ("extractor", "coref", "prefilter", "retriever", "pair_budget")


def model_option(key: str) -> bool:
    return key in MODEL_OPTIONS or key in check_option_names()


@dataclass(frozen=True)
class Variant:
    name: str                 # as the table shows it, e.g. "fenice[use_coref=false]"
    method: str
    params: dict[str, str]    # method parameters and, under model options' keys, models and checks chosen for it

    @property
    def method_params(self) -> dict[str, str]:
        return {k: v for k, v in self.params.items() if not model_option(k)}

    @property
    def models(self) -> dict[str, str]:
        """The model options and checks this variant chooses for itself."""
        return {k: v for k, v in self.params.items() if model_option(k)}

    @property
    def slug(self) -> str:
        """A file name for its scores: fenice[use_coref=false] -> fenice__use_coref-false."""
        return re.sub(r"[^A-Za-z0-9_.-]", "", self.name.replace("[", "__").replace("=", "-").replace(",", "_"))


def parse_variants(text: str, params: Iterable[str] = ()) -> list[Variant]:
    """Variants from a comma-separated list; `params` (`--param` items, as `MethodParams` reads them)
    go to every variant of their method; a variant's own K=V wins."""
    listed = [_variant(item) for item in _top_level(text)]
    if not listed:
        raise FactalignError("--methods is empty")
    shared = MethodParams.parse(params).for_methods([v.method for v in listed])
    variants = [Variant(v.name, v.method, {**mine, **v.params}) for v, mine in zip(listed, shared)]
    for attr, what in (("name", "variant"), ("slug", "file name")):
        seen = [getattr(v, attr) for v in variants]
        dup = next((s for s in seen if seen.count(s) > 1), None)
        if dup:
            raise FactalignError(f"--methods lists the {what} {dup!r} twice")
    return variants


def _variant(item: str) -> Variant:
    """One item of --methods, with only its own parameters."""
    m = _ITEM.match(item)
    if not m:
        raise FactalignError(f"--methods: cannot read {item!r}; write NAME or NAME[K=V,K=V]")
    own = _params(item, m.group(2) or "")
    return Variant(m.group(1) + (f"[{','.join(f'{k}={v}' for k, v in own.items())}]" if own else ""), m.group(1), own)


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
    return parse_options(filter(None, re.split(r"[,;]", inner)), f"--methods: {item!r}")

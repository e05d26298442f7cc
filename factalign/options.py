"""Command-line options generated from the registries, shared by every subcommand (one name, one
default, one meaning), and the ScorerSettings (so the Scorer) or LLM client they build."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from factalign.calibration.tasks import CHOICES as TASK_CHOICES
from factalign.calibration.tasks import HELP as TASK_HELP
from factalign.checks import check_option_names
from factalign.checks import registered
from factalign.claims import DEFAULT_EXTRACTOR, EXTRACTORS
from factalign.coref import COREF_BACKENDS, DEFAULT_COREF
from factalign.errors import FactalignError, quoted
from factalign.evidence import DEFAULT_K, DEFAULT_PAIR_BUDGET, DEFAULT_RETRIEVER, MIN_PAIR_BUDGET, RETRIEVERS
from factalign.io import default_cache_path
from factalign.methods import DEFAULT_METHOD, METHODS, get_method
from factalign.nli import DEFAULT_NLI, NLI_BACKENDS
from factalign.numeric import COUNT, FINITE, SCORE, SECONDS
from factalign.registry import Registry, check_options, parse_options
from factalign.scorer import Scorer
from factalign.settings import MAX_DOCUMENT_CHARS, LLMSettings, ScorerSettings, uses


def specs(registry: Registry) -> str:
    """`name[:ARG]` of each registered component, for help text."""
    return " | ".join(registry.get(n).spec_help if n in registry.entries else n for n in registry.names())


def add_model_options(p: argparse.ArgumentParser, extractor: bool = True, coref: bool = True) -> None:
    """--nli, --extractor, --coref: the same defaults and help wherever they appear."""
    p.add_argument("--nli", default=DEFAULT_NLI, metavar="SPEC",
                   help=f"NLI backend: {specs(NLI_BACKENDS)}, with ,K=V backend options such as "
                        f"threads=2 or device=cuda (default: {DEFAULT_NLI})")
    if extractor:
        p.add_argument("--extractor", default=DEFAULT_EXTRACTOR, metavar="SPEC",
                       help=f"claim extractor: {specs(EXTRACTORS)}, optionally +filter (default: {DEFAULT_EXTRACTOR})")
    if coref:
        p.add_argument("--coref", default=DEFAULT_COREF, metavar="SPEC",
                       help=f"coref backend: {specs(COREF_BACKENDS)} (default: {DEFAULT_COREF})")


def add_param_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--param", action="append", default=[], metavar="[METHOD.]K=V",
                   help="a method parameter, e.g. T=0.7; METHOD.K=V sets it only for METHOD (repeatable)")


def add_scorer_options(p: argparse.ArgumentParser, labels: bool = True) -> None:
    """Options that choose a method and its models (shared by score, batch and calibrate), and
    with `labels` how summaries are labelled."""
    p.add_argument("--method", default=DEFAULT_METHOD, help=f"one of: {METHODS.help()} (default: {DEFAULT_METHOD})")
    add_model_options(p)
    add_param_option(p)
    add_prefilter_options(p)
    if labels:
        p.add_argument("--threshold", type=SCORE, help="label claims and summaries: score >= threshold is supported/consistent "
                                                       "(overrides the default calibration)")
        p.add_argument("--calibration", default="default", metavar="FILE",
                       help="label with a calibration from `factalign calibrate`, made for this method and model "
                            "(default: the shipped one for the method and --task with the house model)")
        add_task_option(p)
    add_cache_options(p)
    add_max_chars_option(p)
    add_llm_options(p, cache=False)


def add_task_option(p: argparse.ArgumentParser) -> None:
    """--task: which kind of text's shipped default calibration labels a text (score, batch, serve, bench)."""
    p.add_argument("--task", choices=TASK_CHOICES, help=TASK_HELP)


def add_prefilter_options(p: argparse.ArgumentParser) -> None:
    """`--prefilter K`, `--retriever NAME`, `--pair-budget N` and each registered check's flag (factalign/checks:
    `--detail-check MODE`, `--role-check on|off`, `--compare-check on|off|KINDS`) on an argparse parser (score, batch,
    bench, calibrate): what each claim is checked against."""
    p.add_argument("--prefilter", metavar="K", help=f"evidence prefilter: compare each claim with the K document sentences "
                   f"the retriever ranks highest; 0 = off, the published methods (default: {DEFAULT_K})")
    p.add_argument("--retriever", metavar="NAME", help=f"prefilter retriever: {', '.join(RETRIEVERS)} "
                   f"(default: {DEFAULT_RETRIEVER})")
    p.add_argument("--pair-budget", metavar="N", help=f"on a document of more than 2K sentences, at most N NLI pairs per "
                   f"claim against it (needs the prefilter; N >= {MIN_PAIR_BUDGET}): each method keeps fewer retrieved "
                   f"sentences so its extras fit; named in the signature as prefilter:bm25@K/pairsN; 0 = off "
                   f"(default: {DEFAULT_PAIR_BUDGET})")
    for check in registered():  # --detail-check, --role-check, --compare-check, in signature order
        p.add_argument(check.flag, choices=check.choices, metavar=check.metavar,
                       help=f"{check.help} (default: {check.default})")


def add_fail_under_option(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--fail-under", type=FINITE, metavar="X", help=f"exit 1 when {what} is below X (a CI gate)")
    p.add_argument("--fail-on", choices=["review", "block"], metavar="{review,block}",
                   help="exit 1 when a summary's decision is this or worse (block is worse than review); needs a "
                        "calibration with bands, as the shipped defaults have")


def add_max_chars_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--max-chars", type=COUNT, default=MAX_DOCUMENT_CHARS, help="refuse longer documents (default: %(default)s)")


def add_source_option(p: argparse.ArgumentParser, what: str) -> None:
    """The one --source option, in place of --document: a file is one source (its id: the file's name), a
    directory gives every file in it (sorted by name); repeatable (factalign.io.source_files reads it)."""
    p.add_argument("--source", action="append", default=[], metavar="FILE|DIR",
                   help=f"instead of --document: {what}: a file (its id: the file's name), or a directory whose every "
                        "file is a source (sorted by name); repeatable")


def add_cache_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cache", default=str(default_cache_path()),
                   help="SQLite cache of NLI probabilities and LLM replies (default: %(default)s)")
    p.add_argument("--no-cache", action="store_true",
                   help="do not read or write the cache file: NLI probabilities are kept in memory for this run only")


def cache_from_args(args: argparse.Namespace):
    """The cache file, or None (in memory) with --no-cache; the same in every subcommand."""
    return None if getattr(args, "no_cache", False) else getattr(args, "cache", None)


def add_llm_options(p: argparse.ArgumentParser, cache: bool = True) -> None:
    p.add_argument("--llm-base-url", help="OpenAI-compatible endpoint for LLM methods (else FACTALIGN_LLM_BASE_URL or OPENAI_BASE_URL)")
    p.add_argument("--llm-model", help="chat model name (else FACTALIGN_LLM_MODEL or OPENAI_MODEL), or hf:DIR for a local "
                                       "transformers causal LM (no endpoint)")
    p.add_argument("--llm-api-key", help="API key (else FACTALIGN_LLM_API_KEY or OPENAI_API_KEY); never printed or cached")
    p.add_argument("--llm-timeout", type=SECONDS, metavar="SECONDS",
                   help="seconds a request may take as a whole, connecting to the reply's last byte; a timed-out request "
                        "is retried once, and with its retries a request ends within 2 x SECONDS + 10 s "
                        "(else FACTALIGN_LLM_TIMEOUT, default 60)")
    p.add_argument("--llm-concurrency", type=COUNT, metavar="N",
                   help="most LLM requests in flight at once (else FACTALIGN_LLM_CONCURRENCY, default 4)")
    if cache:
        add_cache_options(p)


def llm_settings_from_args(args: argparse.Namespace) -> LLMSettings:
    check_url(args.llm_base_url, "--llm-base-url")
    return LLMSettings(args.llm_base_url, args.llm_model, args.llm_api_key, timeout=args.llm_timeout,
                       concurrency=args.llm_concurrency)


def nli_from_args(args: argparse.Namespace):
    """--nli, with the cache options, and the --llm-* options for an `llm:` checker where the command has them."""
    from factalign.nli import load_nli

    llm = llm_settings_from_args(args) if _llm_checker(args.nli) and hasattr(args, "llm_base_url") else None
    return load_nli(args.nli, cache=cache_from_args(args), llm=llm)


def llm_from_args(args: argparse.Namespace):
    return llm_settings_from_args(args).load(cache=cache_from_args(args))


def check_url(url: str | None, option: str) -> None:
    from urllib.parse import urlsplit

    from factalign.redaction import redact

    if url is not None and (urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).netloc):
        raise FactalignError(f"{option} must be an http(s) URL such as http://localhost:8000/v1, not {quoted(redact(url))}")


@dataclass(frozen=True)
class MethodParams:
    """`--param` items: `K=V` for every method run that takes K, `METHOD.K=V` for METHOD only."""
    common: dict[str, str] = field(default_factory=dict)
    per_method: dict[str, dict[str, str]] = field(default_factory=dict)

    @classmethod
    def parse(cls, items: Iterable[str]) -> MethodParams:
        common, per_method = {}, {}
        for key, value in parse_options(items, "--param").items():
            method, dot, name = key.rpartition(".")
            if not dot:
                common[key] = value
                continue
            if method not in METHODS:
                raise FactalignError(f"--param {key}={value}: unknown method {method!r}; choose one of: {METHODS.help()}")
            per_method.setdefault(method, {})[name] = value
        return cls(common, per_method)

    def for_methods(self, methods: Sequence[str]) -> list[dict[str, str]]:
        """The parameters of each method run in a command; a parameter that none of them takes is an error."""
        idle = next((m for m in self.per_method if m not in methods), None)
        if idle:
            raise FactalignError(f"--param {idle}.{next(iter(self.per_method[idle]))}: method {idle!r} does not run in "
                                 f"this command (it runs: {', '.join(dict.fromkeys(methods))})")
        for method, given in self.per_method.items():
            check_options(f"--param: method {method!r}", get_method(method).params, given)
        unused = next((k for k in self.common if not any(_takes(m, k) for m in methods)), None)
        if unused:
            takes = "; ".join(f"{m} takes: {', '.join(get_method(m).params) or 'none'}" for m in dict.fromkeys(methods))
            raise FactalignError(f"--param {unused}: no method in this command has that parameter ({takes})")
        chosen = [{**{k: v for k, v in self.common.items() if _takes(m, k)}, **self.per_method.get(m, {})} for m in methods]
        for method, given in zip(methods, chosen):  # a value of the wrong type, named here rather than by the scorer
            check_options(f"--param: method {method!r}", get_method(method).params, given)
        return chosen


def _takes(method: str, key: str) -> bool:
    return key in get_method(method).params


SCORER_MODELS = ("nli", "extractor", "coref", "prefilter", "retriever", "pair_budget")  # and each check's option


def scorer_from_args(args: argparse.Namespace, method: str | None = None) -> Scorer:
    return Scorer(settings_from_args(args, method))


def scorer_for(args: argparse.Namespace, method: str, params: dict[str, str], **models) -> Scorer:
    return Scorer(settings_for(args, method, params, **models))


def settings_from_args(args: argparse.Namespace, method: str | None = None) -> ScorerSettings:
    """The settings of the command line's scorer: --method (or `method`, e.g. revise's --feedback) with its --param items."""
    method = method or args.method
    return settings_for(args, method, MethodParams.parse(args.param).for_methods([method])[0])


def settings_for(args: argparse.Namespace, method: str, params: dict[str, str], **models) -> ScorerSettings:
    """The ScorerSettings of every subcommand: `method` with `params`, the SCORER_MODELS and checks given in `models`
    (bench's variants) or else on the command line, and the command line's labelling, cache, LLM and size
    limit; the same keyword arguments Python's `ScorerSettings(...)` / `Scorer(...)` take."""
    chosen = {**{k: getattr(args, k) for k in (*SCORER_MODELS, *check_option_names()) if hasattr(args, k)}, **models}
    needs_llm = "llm" in uses(get_method(method), chosen.get("extractor")) or _llm_checker(chosen.get("nli"))
    llm = llm_settings_from_args(args) if needs_llm else None
    return ScorerSettings(method, **chosen, llm=llm, threshold=getattr(args, "threshold", None),
                          calibration=getattr(args, "calibration", None), task=getattr(args, "task", None),
                          cache=cache_from_args(args), params=params,
                          max_document_chars=args.max_chars)


def _llm_checker(nli) -> bool:
    """Whether an --nli spec is the `llm:` checker, which takes the --llm-* options as every LLM feature does."""
    return isinstance(nli, str) and nli.split(",")[0].split(":")[0].strip() == "llm"

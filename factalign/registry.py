"""One registry for every kind of component, and the one reader of spec strings and K=V options.

A component registers with a decorator; its options and their defaults are read from the factory's
signature (the single source of defaults):

    @NLI_BACKENDS.register("mine", arg="DIR", description="my model")
    def mine(arg, threads: int = 1): ...

Other packages register through entry points in the group `factalign.<kind>` (e.g. `factalign.nli`):
the entry point's name is the component's name and its object is a factory (or a module whose
import registers it). Spec strings are `NAME[:ARG][,K=V...]`: `onnx:/models/x,threads=2`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from factalign.errors import FactalignError

CONTEXT = ("nli", "llm")  # shared models a factory may ask for by keyword; never options


def _first_is_required(fn: Callable) -> bool:
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    return bool(params) and params[0].default is inspect.Parameter.empty and params[0].kind in (
        inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD) and params[0].name not in CONTEXT


def signature_defaults(fn: Callable, skip: int = 0) -> dict[str, Any]:
    """The parameters with defaults after the first `skip` ones, in order, without context names."""
    params = list(inspect.signature(fn).parameters.values())[skip:]
    return {p.name: p.default for p in params
            if p.default is not inspect.Parameter.empty and p.name not in CONTEXT
            and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}


@dataclass(frozen=True)
class Component:
    """A factory `factory(arg, **options, [nli=..., llm=...])` for one NLI backend, extractor, coref
    backend, claim scorer, data format, ...; `uses` lists shared models it needs ("nli", "llm")."""

    name: str
    factory: Callable[..., Any]
    options: dict[str, Any] = field(default_factory=dict)
    uses: tuple[str, ...] = ()
    description: str = ""
    arg: str | None = None  # what ARG in NAME:ARG is (shown in help); None: the component takes no ARG
    arg_required: bool = False  # a factory whose first parameter has no default (a plugin's MyNLI(path))

    @classmethod
    def of(cls, name: str, factory: Callable, uses: Iterable[str] = (), description: str = "", arg: str | None = None):
        required = arg is None and _first_is_required(factory)  # e.g. an entry point's class MyNLI(path, threads=1)
        arg = "ARG" if required else arg
        return cls(name, factory, signature_defaults(factory, skip=1 if arg is not None else 0), tuple(uses),
                   description, arg, required)

    def build(self, arg: str = "", options: dict[str, Any] | None = None, owner: str = "", **context):
        owner = owner or repr(self.name)
        given = check_options(owner, self.options, options or {})
        wanted = inspect.signature(self.factory).parameters
        shared = {k: v for k, v in context.items() if k in wanted}
        if self.arg is None and arg:
            raise FactalignError(f"{self.name} takes no argument, got {self.name}:{arg}")
        if self.arg_required and not arg:
            raise FactalignError(f"{owner} cannot be built from this spec: it needs an argument, {self.name}:{self.arg}")
        args = () if self.arg is None else (arg,)
        try:
            inspect.signature(self.factory).bind(*args, **given, **shared)
        except TypeError as exc:  # a plugin factory whose signature the spec does not fit
            raise FactalignError(f"{owner} cannot be built from this spec: {exc}") from None
        return self.factory(*args, **given, **shared)

    @property
    def spec_help(self) -> str:
        return f"{self.name}[:{self.arg}]" if self.arg else self.name


class Registry:
    """Named components of one kind, with entry points in `factalign.<group>` loaded on first use."""

    def __init__(self, kind: str, group: str, make: Callable[..., Any] = Component.of):
        self.kind, self.group, self.make = kind, f"factalign.{group}", make
        self.entries: dict[str, Any] = {}

    def register(self, name: str, **declared) -> Callable:
        """Decorator: register `fn` under `name`; `declared` goes to the entry's constructor."""
        def decorate(fn):
            self.add(self.make(name, fn, **declared))
            return fn
        return decorate

    def add(self, entry) -> Any:
        old = self.entries.get(entry.name)
        if old is not None and old != entry:
            raise FactalignError(f"{self.kind} {entry.name!r} is registered twice")
        self.entries[entry.name] = entry
        return entry

    def unregister(self, name: str) -> None:
        self.entries.pop(name, None)

    def get(self, name: str) -> Any:
        if name not in self.entries:
            self._load_entry_point(name)
        try:
            return self.entries[name]
        except KeyError:
            raise FactalignError(f"unknown {self.kind} {name!r}; choose one of: {', '.join(self.names())}") from None

    def names(self) -> list[str]:
        """Built-in names in registration order, then those of installed entry points."""
        return list(self.entries) + sorted({ep.name for ep in entry_points(group=self.group)} - set(self.entries))

    def __iter__(self):
        return iter(self.names())

    def items(self):
        """The entries registered so far (built-ins and entry points already loaded)."""
        return self.entries.items()

    def __contains__(self, name: str) -> bool:
        return name in self.names()

    def help(self) -> str:
        return ", ".join(self.names())

    def _load_entry_point(self, name: str) -> None:
        for ep in entry_points(group=self.group, name=name):
            try:
                obj = ep.load()
            except Exception as exc:  # a broken plugin must not take the whole command down with a traceback
                raise FactalignError(f"{self.kind} {name!r} from entry point {ep.value} failed to load: {exc}") from None
            if name in self.entries:  # importing it ran its decorator
                return
            if hasattr(obj, "name") and not inspect.isclass(obj) and not inspect.isfunction(obj):
                self.add(obj)  # an entry object (a Method, a Component)
            elif callable(obj):
                self.add(self.make(name, obj))
            if name in self.entries:
                return
        return


def parse_spec(spec: str) -> tuple[str, str, dict[str, str]]:
    """`NAME[:ARG][,K=V...]` -> (NAME, ARG, {K: V})."""
    if not isinstance(spec, str) or not spec.strip():
        raise FactalignError(f"empty component spec {spec!r}")
    head, *rest = spec.strip().split(",")
    name, _, arg = head.partition(":")
    return name.strip(), arg.strip(), parse_options(rest, f"in {spec!r}")


def parse_options(items: Iterable[str], what: str = "--param") -> dict[str, str]:
    """`K=V` items -> {K: V} (values stay strings; `coerce` types them by their defaults)."""
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise FactalignError(f"{what}: options are K=V, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def check_options(owner: str, defaults: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """`given` typed like `defaults`; an unknown name is an error that lists the known ones."""
    unknown = set(given) - set(defaults)
    if unknown:
        raise FactalignError(f"{owner} has no parameter {', '.join(sorted(unknown))}; it takes: {', '.join(defaults) or 'none'}")
    return {k: coerce(defaults[k], v, f"{owner}: {k}") for k, v in given.items()}


_SWITCH = {"on": True, "true": True, "yes": True, "1": True, "off": False, "false": False, "no": False, "0": False}


def switch(word: str) -> bool | None:
    """An on/off word (on, true, yes, 1 / off, false, no, 0; any case) as a bool; None for any other word: the one
    reading of a switch for every option, spec parameter and request field."""
    return _SWITCH.get(word.strip().lower())


def coerce(default: Any, value: Any, name: str | None = None) -> Any:
    """A CLI string typed like the default (bool, int, float, str); a None default: int, else float, else str.
    `name`: whose value it is, for the error ("--param: method 'fenice': T")."""
    if not isinstance(value, str) or isinstance(default, str):
        return value
    try:
        if isinstance(default, bool):
            if switch(value) is None:
                raise ValueError(value)
            return switch(value)
        if default is None:
            for kind in (int, float):
                try:
                    return kind(value)
                except ValueError:
                    pass
            return value
        return type(default)(value)
    except ValueError:
        given = f"{name}={value!r}" if name else f"parameter value {value!r}"
        raise FactalignError(f"{given} is not a valid {type(default).__name__}") from None


def build(registry: Registry, spec: str, **context):
    """The component a spec string names, built with its options and the shared models it asks for."""
    name, arg, options = parse_spec(spec)
    return registry.get(name).build(arg, options, owner=f"{registry.kind} {name!r}", **context)

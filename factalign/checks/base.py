"""The one protocol of a check, the registry of checks, and what is generated from it.

A check is a stage between the NLI model and the methods: for one document it hands the model on with the
probabilities of the pairs where its parser finds an error capped (`wrap`), and it explains a claim by the finding
(`find`, `reason`). Everything else about it is declared once on its `Check`: the name its signature part takes,
its option (ScorerSettings' keyword, a bench variant's key, the command line's flag), the values it accepts and
its default, and the kinds of finding it reports. ScorerSettings keeps each registered check's parsed spec
(`parse_checks`); the signature, the NLI model a method gets, /v1/info and the reasons read them in registry order.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from functools import lru_cache
from importlib.metadata import entry_points
from typing import Any, ClassVar

from factalign.data import ClaimResult, Document
from factalign.errors import FactalignError
from factalign.nli import NLIModel
from factalign.registry import Registry


class Check(ABC):
    """One check, declared by its class attributes; its spec is what `parse` makes of a user's value (frozen and
    picklable: ScorerSettings keeps it)."""

    name: ClassVar[str]  # its part of the signature, `details:counts/cap0`
    option: ClassVar[str]  # ScorerSettings' keyword and a bench variant's key; the command line's flag is --option-name
    default: ClassVar[str]  # the value when none is given, as the command line writes it
    help: ClassVar[str]  # the flag's help, without its default
    choices: ClassVar[tuple[str, ...] | None] = None  # the flag's values; None: any text `parse` reads, shown as `metavar`
    metavar: ClassVar[str | None] = None
    labels: ClassVar[tuple[str, ...]] = ()  # the kinds of finding it reports (a finding's "kind")
    finding: ClassVar[str]  # the key of a claim's details that holds its finding
    # on a pair several checks answer, the answer of the lowest rank stands (its wrapper is innermost): each moves the
    # entailment probability into its own column, and once it is moved the others have none left to move
    rank: ClassVar[int] = 100
    any_label: ClassVar[bool] = False  # its reason stands whatever the claim's label, not only for an unsupported one
    # `wrap` and `find` are also handed the output judged, as `output=` (the text to `wrap`, the Document to `find`)
    reads_output: ClassVar[bool] = False

    @property
    def flag(self) -> str:
        return "--" + self.option.replace("_", "-")

    @abstractmethod
    def parse(self, value: Any) -> Any:
        """The spec of a given value: None is the default and "off" turns the check off; a value the check does
        not take raises a one-line FactalignError."""

    def signature(self, spec: Any) -> str | None:
        """Its part of the signature; None when the spec is off (then the signature does not name it). By default
        the spec's own `signature`."""
        return spec.signature

    def on(self, spec: Any) -> bool:
        return self.signature(spec) is not None

    def wrap(self, spec: Any, text: str, nli: NLIModel) -> NLIModel:
        """The NLI model as this check hands it on for one document (`text`: the sources joined; with `reads_output`,
        also `output=`: the text judged, whose claims are the hypotheses). By default the spec's own `wrap(nli)`, for
        a check that reads no more than the pair it is asked."""
        return spec.wrap(nli)

    @abstractmethod
    def find(self, spec: Any, claim: ClaimResult, document: Document) -> Any:
        """What the check found wrong with a scored claim (kept in `claim.details[finding]`), or None; with
        `reads_output`, also `output=`: the Document the claim is from."""

    def wrap_for(self, spec: Any, text: str, nli: NLIModel, output: str) -> NLIModel:
        return self.wrap(spec, text, nli, output=output) if self.reads_output else self.wrap(spec, text, nli)

    def find_for(self, spec: Any, claim: ClaimResult, document: Document, output: Document | None) -> Any:
        return self.find(spec, claim, document, output=output) if self.reads_output else self.find(spec, claim, document)

    @abstractmethod
    def reason(self, found: Any) -> str:
        """The claim's reason, from its finding."""


CHECKS = Registry("check", "checks", make=lambda name, cls: cls())


def register_check(cls: type[Check]) -> type[Check]:
    """Class decorator: register a check; the registration order is the order of the signature's parts."""
    CHECKS.add(cls())
    return cls


def registered() -> list[Check]:
    """The registered checks, in registration order (those installed packages declare as entry points are loaded
    on the first call)."""
    for name in _installed():
        CHECKS.get(name)
    return list(CHECKS.entries.values())


@lru_cache(maxsize=1)
def _installed() -> tuple[str, ...]:
    return tuple(sorted({ep.name for ep in entry_points(group=CHECKS.group)}))


def check_option_names() -> list[str]:
    """The option of each check: ScorerSettings' keywords and a bench variant's keys."""
    return [c.option for c in registered()]


def parse_checks(given: Mapping[str, Any], used: bool = True) -> dict[str, Any]:
    """Each registered check's spec by its option, from the values given by option (the others take their
    default); every check is off where no NLI model is used (`used=False`)."""
    known, given = registered(), given or {}
    unknown = sorted(set(given) - {c.option for c in known})
    if unknown:
        raise FactalignError(f"no check has the option {', '.join(unknown)}; the checks' options: "
                             f"{', '.join(c.option for c in known)}")
    specs = {c.option: c.parse(given.get(c.option)) for c in known}
    return specs if used else {c.option: c.parse("off") for c in known}


def checks_on(specs: Mapping[str, Any]) -> list[tuple[Check, Any]]:
    """The checks that are on, each with its spec, in registry order."""
    return [(c, specs[c.option]) for c in registered() if c.option in specs and c.on(specs[c.option])]


def signature_parts(specs: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    for check, spec in checks_on(specs):
        yield check.name, check.signature(spec)


def wrapped(specs: Mapping[str, Any], text: str, nli: NLIModel | None, output: str = "") -> NLIModel | None:
    """The NLI model a method is given for one document and the output judged against it: through every check that
    is on, the lowest rank innermost."""
    if nli is None:
        return None
    for check, spec in sorted(checks_on(specs), key=lambda on: on[0].rank):
        nli = check.wrap_for(spec, text, nli, output)
    return nli


def listing(specs: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every registered check as the service lists it: its name, its flag, whether it is on, its signature part
    and the kinds of finding it reports."""
    return [{"name": c.name, "option": c.flag, "on": c.on(specs[c.option]), "signature": c.signature(specs[c.option]),
             "labels": list(c.labels)} for c in registered() if c.option in specs]

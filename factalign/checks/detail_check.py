"""The detail check (factalign/details) as a registered check: `--detail-check`, `details:counts/cap0`."""

from __future__ import annotations

from factalign.checks.base import Check, register_check
from factalign.checks.places import around
from factalign.details import ALL_KINDS, DEFAULT, MODES, DetailCheck, describe, parse_detail_check


@register_check
class Details(Check):
    name = "details"
    option = "detail_check"
    default = DEFAULT
    choices = tuple(MODES)
    help = ("look up each claim's details in the sources (factalign/details): on = numbers, scores, years, dates and "
            "names, a claim with one found nowhere there is not supported; numbers = the same without names; counts = "
            "numbers with their units and match scores only; conflict = only NLI pairs whose premise gives a different "
            "value of the same kind count against the claim; its reason names the detail; named in the signature as "
            "details:...")
    labels = tuple(sorted(ALL_KINDS))
    finding = "missing_details"
    rank = 2  # outermost: a pair the role or comparison check answers keeps their column
    any_label = True  # a detail found nowhere in the sources is worth saying even where the score stays high

    def parse(self, value) -> DetailCheck:
        return parse_detail_check(value)

    def wrap(self, spec: DetailCheck, text, nli):
        return spec.sources(text).wrap(nli)

    def find(self, spec: DetailCheck, claim, document) -> list[dict] | None:
        sources = spec.sources(document.text)
        return sources.findings(claim.claim.text, around(claim, document)) if sources.missing(claim.claim.text) else None

    def reason(self, found: list[dict]) -> str:
        return describe(found)

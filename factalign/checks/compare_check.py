"""The comparison stage (factalign/details/compare) as a registered check: `--compare-check`, `compare:KIND+...`."""

from __future__ import annotations

from factalign.checks.base import Check, register_check
from factalign.checks.places import cut, sentences_near
from factalign.details.compare import DEFAULT_KINDS, KINDS, CompareCheck, describe, parse_compare_check


@register_check
class Compare(Check):
    name = "compare"
    option = "compare_check"
    default = CompareCheck(DEFAULT_KINDS).spelled
    metavar = "on|off|KINDS"
    help = ("set each claim beside its evidence sentences slot by slot (factalign/details/compare): roles reversed, a "
            "negation or opposite event, another name, rank or quantity in the same slot, or a claim surer than its "
            f"evidence is not supported, and its reason names both sides; KINDS: some of {', '.join(KINDS)} joined by "
            "+ or ,; named in the signature as compare:KIND+...")
    labels = KINDS
    finding = "compared"
    rank = 1
    reads_output = True  # a claim is also read through the output sentence it was written from

    def parse(self, value) -> CompareCheck:
        return parse_compare_check(value)

    def wrap(self, spec: CompareCheck, text, nli, output: str = ""):
        return spec.wrap(nli, text, output)

    def find(self, spec: CompareCheck, claim, document, output=None) -> dict | None:
        if not claim.counted:
            return None
        i = claim.claim.sentence_index
        sentence = output.sentence(i) if output is not None and 0 <= i < len(output.sentences) else None
        return spec.finding(claim.claim.text, sentences_near(claim, document), sentence, document.text)

    def reason(self, found: dict) -> str:
        return describe(found, cut)

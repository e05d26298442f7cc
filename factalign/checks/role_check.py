"""The role check (factalign/details/roles.py) as a registered check: `--role-check`, `roles:swap+direction`."""

from __future__ import annotations

from factalign.checks.base import Check, register_check
from factalign.checks.places import cut, sentences_near
from factalign.details.roles import DEFAULT_ON, WHAT, RoleCheck, describe, finding, parse_role_check


@register_check
class Roles(Check):
    name = "roles"
    option = "role_check"
    default = "on" if DEFAULT_ON else "off"
    choices = ("on", "off")
    help = ("a claim whose verb has its agent and patient the other way round from a source sentence with the same "
            "verb (\"Chelsea beat Arsenal\" against \"Arsenal beat Chelsea\"), or a quantity moving the other way by the "
            "same amount (\"fell 8 percent\" against \"was up 8 percent\"), is contradicted; named in the signature as "
            "roles:swap+direction")
    labels = tuple(WHAT)
    finding = "reversed"
    rank = 0  # innermost: a reversal it finds moves p_ent into contradiction whatever the other checks say

    def parse(self, value) -> RoleCheck:
        return parse_role_check(value)

    def find(self, spec: RoleCheck, claim, document) -> dict | None:
        return finding(claim.claim.text, sentences_near(claim, document)) if claim.counted else None

    def reason(self, found: dict) -> str:
        return describe(found, cut)

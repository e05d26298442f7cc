"""The checks: stages between the NLI model and the methods that cap a pair's probabilities where a parser finds
an error, each one `Check` registered in CHECKS (base.py: the protocol, and what is generated from the list).

A check is one file and one registration: a `Check` subclass under `@register_check` (from another package, an
entry point in the group `factalign.checks`). ScorerSettings' keywords and `checks`, the command line's flags, a
bench variant's keys, the signature's parts, /v1/info's listing, the NLI model each method gets and the claims'
reasons all come from the registered list; nothing else names a check.
"""

from factalign.checks.base import (CHECKS, Check, checks_on, check_option_names, listing, parse_checks, register_check,
                                   registered, signature_parts, wrapped)

# the built-in checks, imported (so registered) in the order of their signature parts: details, roles, compare
from factalign.checks import detail_check, role_check, compare_check

__all__ = ["CHECKS", "Check", "check_option_names", "checks_on", "compare_check", "detail_check", "listing", "parse_checks",
           "register_check", "registered", "role_check", "signature_parts", "wrapped"]

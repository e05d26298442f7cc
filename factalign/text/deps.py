"""The dependency-label sets (spaCy's English labels) that the claim rules, the claim check and
coreference share, and the contrast marker the claim rules and the comparison stage both read; sets one module
alone reads stay beside their rules.
"""

from __future__ import annotations

NOMINAL_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
SUBJECT_DEPS = NOMINAL_SUBJECT_DEPS | {"csubj", "csubjpass"}
AUX_DEPS = frozenset({"aux", "auxpass"})
# marks that join two statements in one sentence ("Sales rose: exports fell")
STATEMENT_MARKS = frozenset({":", ";", "-", "\u2013", "\u2014"})


def contrastive(t) -> bool:
    """`t` is the "than" of "rather than" or the "of" of "instead of": what follows it is named only to be denied."""
    before = t.nbor(-1).lower_ if t.i > 0 else ""
    return (t.lower_ == "than" and before == "rather") or (t.lower_ == "of" and before == "instead")

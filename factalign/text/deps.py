"""The dependency-label sets (spaCy's English labels) that the claim rules, the claim check and
coreference share; sets one module alone reads stay beside their rules.
"""

from __future__ import annotations

NOMINAL_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
SUBJECT_DEPS = NOMINAL_SUBJECT_DEPS | {"csubj", "csubjpass"}
AUX_DEPS = frozenset({"aux", "auxpass"})
# marks that join two statements in one sentence ("Sales rose: exports fell")
STATEMENT_MARKS = frozenset({":", ";", "-", "\u2013", "\u2014"})

"""The one pronoun table: every word list the coreference, claim and claim-quality code uses.

Each pronoun is listed once with what it refers to and its form; the sets below are read from it.
"""

from __future__ import annotations

# word: (refers to, form); forms: subject, object, determiner (possessive before a noun),
# possessive (standing alone), reflexive, demonstrative, relative
TABLE = {
    "i": ("speaker", "subject"), "me": ("speaker", "object"), "my": ("speaker", "determiner"),
    "mine": ("speaker", "possessive"), "myself": ("speaker", "reflexive"),
    "we": ("speaker", "subject"), "us": ("speaker", "object"), "our": ("speaker", "determiner"),
    "ours": ("speaker", "possessive"), "ourselves": ("speaker", "reflexive"),
    "you": ("addressee", "subject"), "your": ("addressee", "determiner"), "yours": ("addressee", "possessive"),
    "yourself": ("addressee", "reflexive"),
    "he": ("person", "subject"), "him": ("person", "object"), "his": ("person", "determiner"),
    "himself": ("person", "reflexive"),
    "she": ("person", "subject"), "her": ("person", "determiner"), "hers": ("person", "possessive"),
    "herself": ("person", "reflexive"),
    "it": ("thing", "subject"), "its": ("thing", "determiner"), "itself": ("thing", "reflexive"),
    "they": ("group", "subject"), "them": ("group", "object"), "their": ("group", "determiner"),
    "theirs": ("group", "possessive"), "themselves": ("group", "reflexive"),
    "this": ("pointed", "demonstrative"), "that": ("pointed", "demonstrative"),
    "these": ("pointed", "demonstrative"), "those": ("pointed", "demonstrative"),
    "who": ("relative", "subject"), "whom": ("relative", "object"), "whose": ("relative", "determiner"),
}


def _where(refers=None, forms=None) -> frozenset[str]:
    return frozenset(w for w, (r, f) in TABLE.items() if (refers is None or r in refers) and (forms is None or f in forms))


PRONOUNS = frozenset(TABLE)                   # any mention that is not a name
PERSON = _where(refers={"person"})            # he, him, his, himself, she, her, hers, herself
THING = _where(refers={"thing"})              # it, its, itself
GROUP = _where(refers={"group"})              # they, them, their, theirs, themselves
THIRD_PERSON = PERSON | THING | GROUP
SUBJECT = _where(refers={"person", "thing", "group"}, forms={"subject"})  # he, she, it, they
PERSON_SUBJECT = PERSON & SUBJECT             # he, she
REFLEXIVE = _where(refers={"person", "thing", "group"}, forms={"reflexive"})
DETERMINERS = _where(refers={"person", "thing", "group"}, forms={"determiner"})  # his, her, its, their
# replaced by "Name's" when resolved: his, her, its, their, hers, theirs, whose
POSSESSIVE = DETERMINERS | _where(refers={"person", "group"}, forms={"possessive"}) | {"whose"}
DEMONSTRATIVE = _where(forms={"demonstrative"})  # this, that, these, those
# left for a reader to resolve: third-person pronouns and demonstratives
UNRESOLVED = (THIRD_PERSON - REFLEXIVE) | DEMONSTRATIVE
# a relative clause's subject or object: the relatives above, "which" (never a mention) and "that"
RELATIVE_PRONOUNS = _where(refers={"relative"}) | {"which", "that"}
RELATIVE_WORDS = RELATIVE_PRONOUNS | {"where", "when"}  # the words that open a relative clause

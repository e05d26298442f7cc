"""Is a claim a well-formed sentence? A check on spaCy's parse of the claim itself.

A claim is well-formed when its main verb is finite (a tensed verb, or a tensed auxiliary or modal
before it), it has a subject that is not a bare relative pronoun, and nothing is left dangling: it
does not end on a preposition, determiner, conjunction or possessive, a copula or linking verb has
its complement, and a verb that cannot stand without an object has one. "Gary Locke given." (no
finite verb), "The general population to vote ukip." (no finite verb), "Which opened in 1990."
(a relative pronoun as subject) and "The mother-of-six uses." (a transitive verb without object) are
fragments.
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.tokens import Doc, Token

from factalign.text.deps import AUX_DEPS, SUBJECT_DEPS
from factalign.text.pronouns import RELATIVE_PRONOUNS

NAME_WORD = re.compile(r"[A-Z][\w-]*|[A-Z]\.")  # a capitalised word or an initial
FINITE_TAGS = {"VBD", "VBZ", "VBP", "MD"}
CLAIM_SUBJECT_DEPS = SUBJECT_DEPS | {"expl"}  # "There is ...": the expletive fills the subject's place
DANGLING_TAGS = {"IN", "TO", "DT", "CC", "PRP$", "WDT", "WP", "WP$", "POS", "PDT"}
ENDING_PUNCT = {".", "!", "?", '"', "'", ")", "]"}
LINKING_VERBS = {"be", "become", "seem", "remain", "appear"}
COMPLEMENT_DEPS = {"attr", "acomp", "oprd", "prep", "advmod", "npadvmod", "ccomp", "xcomp", "advcl", "dobj", "agent"}
# verbs that, in the active voice, do not stand without an object or clausal complement
TRANSITIVE_VERBS = {"give", "make", "put", "bring", "use", "include", "tell", "want", "need", "find", "name",
                    "describe", "reveal", "feature", "contain", "consider", "cause", "send", "urge", "label",
                    "host", "hold", "face", "take", "get", "let", "say", "claim", "announce", "suffer"}
OBJECT_DEPS = {"dobj", "ccomp", "xcomp", "dative", "oprd", "attr", "prt", "advcl", "prep", "acomp"}


def problems_of(doc: Doc) -> list[str]:
    """What is wrong with a parsed claim (an empty list: well-formed)."""
    words = [t for t in doc if not t.is_punct and not t.is_space]
    if len(words) < 2:
        return ["too short"]
    out = []
    verb = main_verb(doc)
    if verb is None:
        return ["no finite verb"]
    subjects = [c for c in verb.children if c.dep_ in CLAIM_SUBJECT_DEPS]
    if not subjects and verb.dep_ == "conj":
        subjects = [c for c in verb.head.children if c.dep_ in CLAIM_SUBJECT_DEPS]
    if not subjects:  # the subject of a tensed auxiliary the parser made the head ("had supporting roles")
        subjects = [c for a in verb.children if a.dep_ in AUX_DEPS for c in a.children if c.dep_ in CLAIM_SUBJECT_DEPS]
    if not subjects:  # a name the parser gave another role ("Bill Shankly" as advmod)
        subjects = [c for c in verb.lefts if c.pos_ in {"PROPN", "NOUN", "PRON"}
                    and c.dep_ in {"advmod", "npadvmod", "dep", "nmod", "punct", "compound"}]
    if not subjects:
        out.append("no subject")
    elif subjects[0].lower_ in RELATIVE_PRONOUNS and subjects[0].tag_ in {"WDT", "WP", "WP$"} and subjects[0].i == words[0].i:
        out.append("relative pronoun as subject")
    last = words[-1]
    if last.tag_ in DANGLING_TAGS and not (last.tag_ == "IN" and last.dep_ == "prt"):
        out.append(f"ends on {last.text!r}")
    out += missing_complement(verb)
    return out


def main_verb(doc: Doc) -> Token | None:
    """The finite verb that heads the claim: the root (or, when the parser made a noun the root, a
    tensed verb with a subject), with its tense on itself or on an auxiliary."""
    for root in (t for t in doc if t.dep_ == "ROOT"):
        if finite(root):
            return root
    for t in doc:
        if t.pos_ in {"VERB", "AUX"} and finite(t) and any(c.dep_ in CLAIM_SUBJECT_DEPS for c in t.children):
            return t
    return None


def finite(t: Token) -> bool:
    if t.pos_ not in {"VERB", "AUX"} and not any(c.dep_ in AUX_DEPS for c in t.children):
        return False
    return t.tag_ in FINITE_TAGS or any(c.dep_ in AUX_DEPS and c.tag_ in FINITE_TAGS for c in t.children)


def missing_complement(verb: Token) -> list[str]:
    deps = {c.dep_ for c in verb.children}
    if verb.lemma_ in LINKING_VERBS and verb.pos_ == "AUX" and not deps & COMPLEMENT_DEPS:
        return [f"{verb.text!r} without a complement"]
    passive = "auxpass" in deps or "nsubjpass" in deps
    if verb.lemma_ in TRANSITIVE_VERBS and not passive and not deps & OBJECT_DEPS:
        return [f"{verb.text!r} without an object"]
    return []


def problems(claim: str) -> list[str]:
    """What is wrong with a claim (parsed with the rules extractor's spaCy model, capitalised names
    kept whole); [] if well-formed. When the parse finds no finite verb, a second reading stands in
    a pronoun for the words before a noun or participle the tagger may have misread ("Aston Villa
    host QPR", "The 23-year-old promotes herself") and accepts the claim if that reading is fine."""
    return list(_problems(claim))


@lru_cache(maxsize=4096)  # the extractor checks each claim, and reports and tests check it again
def _problems(claim: str) -> tuple[str, ...]:
    doc = parsed(claim)
    found = problems_of(doc)
    if found != ["no finite verb"]:
        return tuple(found)
    for t in doc[1:]:
        if not plain_noun_phrase(doc[:t.i]):
            continue  # the words before the misread verb must be a plain noun phrase or a title
        if (t.tag_ in {"NN", "NNS", "VBZ", "VBP", "VBD"} or t.tag_ == "VBN" and t.lower_.endswith("ed")) and t.is_alpha \
                and doc[t.i - 1].pos_ in {"NOUN", "PROPN", "PRON", "NUM", "ADJ"} \
                and not (t.i + 1 < len(doc) and doc[t.i + 1].pos_ in {"VERB", "AUX"}):
            pronoun = "It" if t.lower_.endswith("s") else "They"
            again = parsed(f"{pronoun} {doc[t.i:].text}")
            verb = main_verb(again)
            if verb is not None and verb.i == 1 and not problems_of(again):
                return ()
    return tuple(found)


def plain_noun_phrase(span) -> bool:
    """No verb, preposition or conjunction, or else a title ("Take a Bow": longer words capitalised)."""
    if not any(w.pos_ in {"VERB", "AUX", "ADP", "SCONJ", "CCONJ"} or w.tag_ == "TO" for w in span):
        return True
    words = [w.text for w in span if w.is_alpha]
    return len(words) >= 2 and all(w[0].isupper() for w in words if len(w) > 3) and words[0][0].isupper()


_PRIMED: dict[str, Doc] = {}  # parses made ahead by `prime`, each taken by its first check


def prime(claims: list[str]) -> None:
    """Parse the claims about to be checked in one spaCy batch (`problems` of each then reuses its parse)."""
    from factalign.claims.parsing import parse_many

    _PRIMED.clear()  # holds one batch at most, also when a claim's answer was already cached
    todo = list(dict.fromkeys(claims))
    _PRIMED.update(zip(todo, parse_many([(text, name_runs(text)) for text in todo])))


def parsed(text: str) -> Doc:
    """The claim parsed with runs of capitalised words ("Robert F. Kennedy") merged into one name."""
    from factalign.claims.parsing import parse

    doc = _PRIMED.pop(text, None)
    return doc if doc is not None else parse(text, name_runs(text))


def name_runs(text: str) -> list[tuple[int, int]]:
    """Char spans of the runs of two or more capitalised words (a leading article excluded)."""
    from factalign.claims.parsing import parser

    runs, run = [], []
    for t in parser().make_doc(text):
        if NAME_WORD.fullmatch(t.text) and not (t.i == 0 and t.lower_ in {"the", "a", "an"}):
            run.append(t)
            continue
        runs.append(run)
        run = []
    runs.append(run)
    return [(r[0].idx, r[-1].idx + len(r[-1].text)) for r in runs if len(r) > 1]


def well_formed(claim: str) -> bool:
    return not problems(claim)


__all__ = ["problems", "problems_of", "well_formed"]

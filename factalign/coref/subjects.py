"""What the previous sentence was about: each sentence's main subject, read from the parse, for the
rule that a sentence-opening subject pronoun continues it ("Kilimanjaro is a volcano in Tanzania. It
was first climbed in 1889": "It" is Kilimanjaro, not Tanzania).

A subject is described by what a pronoun needs to know of it: whether it is a person (a PERSON name,
a person-like name, or a noun for a person: "the suspect", "the 39-year-old"), plural (a plural noun
or a coordination), definite (a name, "the"/"this"/a possessor: a phrase a claim can repeat as it
stands, unlike "a man"), and its text span up to the head when that span is a clean phrase (no comma).
"""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc, Token

from factalign.text.deps import NOMINAL_SUBJECT_DEPS
from factalign.text.pronouns import DETERMINERS, PRONOUNS, SUBJECT

PERSON_NOUNS = {
    "man", "woman", "boy", "girl", "person", "child", "teen", "teenager", "baby", "father", "mother", "dad", "mum",
    "mom", "son", "daughter", "husband", "wife", "brother", "sister", "grandmother", "grandfather", "uncle", "aunt",
    "friend", "girlfriend", "boyfriend", "fiance", "fiancee", "partner", "widow", "pensioner", "player", "manager",
    "coach", "striker", "defender", "midfielder", "goalkeeper", "keeper", "captain", "winger", "forward", "boss",
    "chairman", "chief", "owner", "founder", "president", "minister", "senator", "politician", "leader", "mayor",
    "king", "queen", "prince", "princess", "duke", "duchess", "actor", "actress", "singer", "star", "artist", "author",
    "writer", "director", "producer", "presenter", "host", "journalist", "reporter", "officer", "policeman",
    "detective", "soldier", "suspect", "victim", "driver", "pilot", "teacher", "student", "pupil", "doctor", "nurse",
    "surgeon", "judge", "lawyer", "spokesman", "spokeswoman", "scientist", "researcher", "professor", "fan",
    "champion", "golfer", "cyclist", "boxer", "jockey", "rider", "athlete", "musician", "model", "mother-of-two",
    "father-of-two", "mother-of-three", "father-of-three", "grandmother-of-two", "resident", "worker", "employee",
    "conductor", "comedian", "chef", "designer", "businessman", "businesswoman", "entrepreneur", "tourist", "gunman",
    "shooter", "attacker", "killer", "murderer", "bomber", "robber", "burglar", "thief", "prisoner", "inmate",
    "passenger", "member", "farmer", "worker", "banker", "photographer", "runner", "swimmer", "climber", "fighter",
    "wrestler", "dancer", "drummer", "rapper", "governor", "editor", "investor", "donor", "survivor", "sailor",
    "councillor", "candidate", "veteran", "official", "agent", "priest", "bishop", "pope", "emperor", "sister-in-law",
}
PERSON_SUFFIXES = ("ist", "ian")  # scientist, cyclist, politician, comedian (words of more than five letters)
DEFINITE_WORDS = {"the", "this", "that", "these", "those"}
# "It seems ...", "it was not long before ...", "it is likely that ...": an "it" that stands for nothing
EMPTY_IT_VERBS = {"seem", "appear", "happen", "rain", "snow"}
EMPTY_IT_WORDS = {"long", "time", "likely", "unlikely", "possible", "impossible", "clear", "unclear", "important",
                  "necessary", "hard", "easy", "difficult", "true", "thought", "believed", "understood", "expected",
                  "feared", "reported", "claimed", "alleged", "estimated", "known"}


@dataclass(frozen=True)
class Subject:
    head: int  # char offset of the head word
    span: tuple[int, int] | None  # the noun phrase, when it is a clean phrase
    word: str  # the head word, lower-cased
    pronoun: bool
    name: bool  # a proper noun
    typed: bool  # the entity recogniser gave it a type
    person: bool
    plural: bool
    definite: bool


def main_subject(sent) -> Token | None:
    """The subject of the sentence's root, else its first nominal subject."""
    root = sent.root
    own = [c for c in root.children if c.dep_ in NOMINAL_SUBJECT_DEPS]
    if own:
        return own[0]
    return next((t for t in sent if t.dep_ in NOMINAL_SUBJECT_DEPS), None)


def describe(t: Token, offset: int) -> Subject:
    coordinated = [c for c in t.children if c.dep_ == "conj"]
    last = max([t] + [c.right_edge for c in coordinated], key=lambda x: x.i)
    start, end = t.left_edge.idx, last.idx + len(last.text)
    text = t.doc.text[start:end]
    clean = "," not in text  # up to the head: "the star" of "the star, known for ..."
    determiners = [c for c in t.children if c.dep_ in {"det", "poss"}]
    name = t.pos_ == "PROPN" or t.text[:1].isupper() and t.tag_ == "NN" and not determiners  # "Travolta" read as a noun
    definite = name or any(c.lower_ in DEFINITE_WORDS or c.dep_ == "poss" for c in determiners) or (
        t.tag_ in {"NNS", "NNPS"} and not determiners)  # "Council members", "the arrows"
    person = t.ent_type_ == "PERSON" or t.lower_ in PERSON_NOUNS or t.lower_.endswith("-year-old") or (
        t.lower_ in {"he", "she"}) or (t.pos_ == "NOUN" and len(t.text) > 5 and t.lower_.endswith(PERSON_SUFFIXES))
    return Subject(head=offset + t.idx, span=(offset + start, offset + end) if clean else None, word=t.lower_,
                   pronoun=t.lower_ in PRONOUNS, name=name, typed=bool(t.ent_type_), person=person,
                   plural=t.tag_ in {"NNS", "NNPS"} or bool(coordinated) or t.lower_ == "they", definite=definite)


def sentence_subjects(doc: Doc, offset: int) -> list[tuple[int, Subject | None]]:
    """(char offset of each sentence, its main subject)."""
    out = []
    for sent in doc.sents:
        t = main_subject(sent)
        out.append((offset + sent.start_char, describe(t, offset) if t is not None else None))
    return out


def opens_sentence(t: Token) -> bool:
    """A subject pronoun (he, she, it, they) that is its sentence's first subject and stands for something, or a
    possessive one (his, her, its, their) on that subject: "Its two towers rise ...", "His father was ..."."""
    if t.lower_ in DETERMINERS and t.dep_ == "poss" and t.head.dep_ in NOMINAL_SUBJECT_DEPS:
        subject = t.head
    elif t.lower_ in SUBJECT and t.dep_ in NOMINAL_SUBJECT_DEPS and not empty_it(t):
        subject = t
    else:
        return False
    return not any(w.dep_ in NOMINAL_SUBJECT_DEPS for w in t.doc[t.sent.start:subject.i])


def second_subject(t: Token) -> bool:
    """A subject pronoun that is its sentence's second subject ("Syria says it is appalled")."""
    if t.lower_ not in SUBJECT or t.dep_ not in NOMINAL_SUBJECT_DEPS or empty_it(t):
        return False
    return len([w for w in t.doc[t.sent.start:t.i] if w.dep_ in NOMINAL_SUBJECT_DEPS]) == 1


def empty_it(t: Token) -> bool:
    """An "it" that stands for nothing: "it seems", "it was not long before", "it is thought that", "it is
    hoped the machines could ..." (a passive verb with a clause of its own)."""
    if t.lower_ != "it":
        return False
    verb = t.head
    if verb.lemma_ in EMPTY_IT_VERBS:
        return True
    passive = any(c.dep_ == "auxpass" for c in verb.children)
    return any(c.dep_ in {"acomp", "attr", "ccomp"} and c.lower_ in EMPTY_IT_WORDS for c in verb.children) or (
        passive and (verb.lower_ in EMPTY_IT_WORDS or any(c.dep_ == "ccomp" for c in verb.children)))


__all__ = ["Subject", "sentence_subjects", "opens_sentence", "second_subject", "empty_it"]

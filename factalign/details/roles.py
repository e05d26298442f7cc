"""Who did what to whom: a claim whose verb has its agent and patient the other way round from a source sentence
with the same verb ("Chelsea beat Arsenal" against "Arsenal beat Chelsea", "The man arrested officers" against
"Officers arrested the man") contradicts that sentence, whatever the NLI model says: a small NLI model reads
both as nearly the same words.

An event is a verb lemma with its agent and patient, read from the dependency parse: the subject and direct
object (the indirect object, where there is one: "fined the airline 3 million euros") of an active verb, or the
by-phrase and subject of a passive one ("Chelsea were beaten by Arsenal" is Arsenal beat Chelsea), so voice alone
never fires. Negated verbs, symmetric verbs ("met", "married"),
pronouns, conjoined arguments and arguments that fit both sides ("Manchester beat Manchester City") give no
event: the check fires only where the swap is plain.

Which way it moved: a claim that a quantity rose by or to an amount where a source sentence says the same
quantity (the same subject) fell by or to the same amount, or the other way round ("revenue fell 8 percent"
against "revenue was up 8 percent"; `UP` lists the direction words), contradicts it too. A different amount is
the detail check's question, not this one's.

One component, named in the signature as `roles:swap+direction` when on (the default; `--role-check off`,
`Scorer(role_check=False)`). Its one rule, in `RoleCheckedNLI`: a pair whose premise reverses its hypothesis's
event or change is answered as the detail check answers a conflicting value (`details.capped` into contradiction:
p_ent cut to CAP = 0, the rest moved to contradiction; a binary checker's p_sup 0). Each method then scores the
claim by its own equation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from factalign.details import answered
from factalign.details.find import fold
from factalign.errors import FactalignError
from factalign.nli.base import Wrapper
from factalign.registry import switch
from factalign.text.nlp import SYNTAX, pipeline

DEFAULT_ON = True
WHAT = {"roles": "who did what to whom is the other way round", "direction": "it moved the other way"}
# words that say which way a quantity moved (lemmas): +1 up, -1 down
UP = {**dict.fromkeys("""rise increase grow gain climb jump surge soar rocket up higher expand rebound""".split(), 1),
      **dict.fromkeys("""fall decrease decline drop shrink slump plunge slide sink tumble down lower contract dip
                         lose""".split(), -1)}
# verbs whose two arguments can trade places without changing what is said
SYMMETRIC = frozenset("""meet marry resemble equal face play fight battle date divorce tie share contact hug kiss
embrace match border accompany touch collide compete partner debate merge combine neighbor neighbour""".split())
_NAME_PARTS = ("compound", "flat", "amod")
_PARSE = (*SYNTAX, "ner")  # lemmas, the parse, and names


@dataclass(frozen=True)
class Argument:
    text: str                 # as written ("the man", "Arsenal")
    head: str                 # the head word's lemma, folded ("man", "arsenal")
    words: frozenset[str]     # the head with its compounds, folded ({"manchester", "united"})

    def matches(self, other: Argument) -> bool:
        return self.head == other.head or bool(self.words & other.words - {""}) and (
            self.words <= other.words or other.words <= self.words)


@dataclass(frozen=True)
class Event:
    verb: str                 # the verb's lemma
    agent: Argument
    patient: Argument
    text: str                 # the clause it was read from, for the reason ("Arsenal beat Chelsea 3-1")

    kind = "roles"

    def reversed_by(self, other) -> bool:
        """`other` has the same verb with this event's agent as its patient and this patient as its agent, and
        neither argument fits both of the other's."""
        return (isinstance(other, Event) and self.verb == other.verb and self.agent.matches(other.patient)
                and self.patient.matches(other.agent) and not self.agent.matches(other.agent)
                and not self.patient.matches(other.patient))

    def named_in(self, folded: str) -> bool:
        return self.agent.head in folded and self.patient.head in folded


@dataclass(frozen=True)
class Change:
    """A quantity that moved by or to an amount: "revenue fell 8 percent" is (revenue, -1, 8%)."""
    subject: str              # the subject's lemma, folded
    direction: int            # +1 up, -1 down
    amount: str               # "8%", "2.5"
    text: str

    kind = "direction"

    def reversed_by(self, other) -> bool:
        return (isinstance(other, Change) and self.subject == other.subject and self.amount == other.amount
                and self.direction == -other.direction)

    def named_in(self, folded: str) -> bool:
        return self.subject in folded and self.amount.rstrip("%") in folded


def _argument(token) -> Argument | None:
    if token.pos_ not in ("NOUN", "PROPN") or any(c.dep_ == "conj" for c in token.children):
        return None
    parts = [c for c in token.children if c.dep_ in _NAME_PARTS and c.pos_ in ("PROPN", "NOUN", "ADJ")] + [token]
    if token.ent_type_:  # the whole name the token belongs to ("Hans Meyer")
        ent = next(e for e in token.doc.ents if e.start <= token.i < e.end)
        parts = [t for t in ent if t.pos_ in ("PROPN", "NOUN")] or parts
    span = token.doc[token.left_edge.i:token.right_edge.i + 1]
    return Argument(span.text, fold(token.lemma_), frozenset(fold(t.text) for t in parts))


def _event(verb) -> Event | None:
    if verb.pos_ != "VERB" or verb.lemma_.lower() in SYMMETRIC or any(c.dep_ == "neg" for c in verb.children):
        return None
    kids: dict[str, object] = {}
    for child in verb.children:
        kids.setdefault(child.dep_, child)
    if "nsubjpass" in kids:  # "Chelsea were beaten by Arsenal": the agent is the by-phrase
        by = kids.get("agent")
        pobj = next((c for c in by.children if c.dep_ == "pobj"), None) if by is not None else None
        agent, patient = pobj, kids["nsubjpass"]
    else:
        # "The regulator fined the airline 3 million euros": the one fined is the indirect object, not the amount
        patient = kids.get("dative") if kids.get("dative") is not None and kids["dative"].pos_ in ("NOUN", "PROPN") \
            else kids.get("dobj")
        if (patient is None or patient.pos_ == "NUM") and "npadvmod" in kids and kids["npadvmod"].pos_ == "PROPN":
            patient = kids["npadvmod"]  # "Arsenal beat Chelsea 3-1": the parser's reading of a score
        agent = kids.get("nsubj")
    if agent is None or patient is None or "prt" in kids:
        return None
    a, p = _argument(agent), _argument(patient)
    if a is None or p is None or a.matches(p):
        return None
    lo = min(agent.left_edge.i, patient.left_edge.i, verb.i)
    hi = max(agent.right_edge.i, patient.right_edge.i, verb.i)
    return Event(verb.lemma_.lower(), a, p, verb.doc[lo:hi + 1].text)


def _change(word) -> Change | None:
    """The change a direction word states ("fell", "rose", "was up", "increased"), with its subject and the first
    number below it ("8 percent", "by 8%", "to 5.1%")."""
    direction = UP.get(word.lemma_.lower()) if word.pos_ in ("VERB", "ADV", "ADJ") else None
    if direction is None or any(c.dep_ == "neg" for c in (word, *word.children, *word.head.children)):
        return None
    verb = word.head if word.pos_ != "VERB" and word.dep_ in ("advmod", "acomp") else word
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass") and c.pos_ in ("NOUN", "PROPN")), None)
    number = next((t for t in word.subtree if t.like_num and t.pos_ == "NUM"
                   and not any(a.dep_ in ("relcl", "advcl", "ccomp") for a in t.ancestors if a.i > word.i)), None)
    if subject is None or number is None:
        return None
    unit = "%" if number.head.lower_ in ("percent", "%", "per") or number.nbor(1).lower_ in ("percent", "%") else ""
    lo, hi = min(subject.left_edge.i, word.i), max(number.head.i, number.i, word.i)
    return Change(fold(subject.lemma_), direction, number.text.replace(",", "") + unit, word.doc[lo:hi + 1].text)


@lru_cache(maxsize=4096)
def events(text: str) -> tuple[Event | Change, ...]:
    """The events and changes of a text (a claim, a sentence, a passage)."""
    doc = pipeline(_PARSE)(text)
    return tuple(e for t in doc for e in (_event(t), _change(t)) if e is not None)


def reversal(hypothesis: str, premise: str) -> tuple[Event | Change, Event | Change] | None:
    """The hypothesis's event (or change) and the premise's one the other way round, or None."""
    claimed = events(hypothesis)
    if not claimed:
        return None
    low = fold(premise)
    if not any(e.named_in(low) for e in claimed):  # most pairs: no parse needed
        return None
    return next(((c, s) for c in claimed for s in events(premise) if c.reversed_by(s)), None)


@dataclass(frozen=True)
class RoleCheck:
    on: bool = DEFAULT_ON

    @property
    def signature(self) -> str | None:
        return "swap+direction" if self.on else None

    def wrap(self, nli):
        return RoleCheckedNLI(nli) if self.on and nli is not None else nli


def parse_role_check(value: bool | str | RoleCheck | None) -> RoleCheck:
    """`on`/`off` (and true/false, yes/no, 1/0), a bool, a RoleCheck, or None for the default."""
    if isinstance(value, RoleCheck):
        return value
    if value is None or isinstance(value, bool):
        return RoleCheck(DEFAULT_ON if value is None else value)
    on = switch(value) if isinstance(value, str) else None
    if on is not None:
        return RoleCheck(on)
    raise FactalignError(f"the role check is on or off, not {value!r}")


class RoleCheckedNLI(Wrapper):
    """The NLI model as the role check hands it on (see the module docstring)."""

    def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        return answered(self.model.predict(pairs), pairs, _answer)


def _answer(premise: str, hypothesis: str) -> str | None:
    return "contradiction" if reversal(hypothesis, premise) is not None else None


def finding(claim: str, places: Sequence[str]) -> dict | None:
    """The first of `places` (source sentences, nearest first) that reverses the claim's event or change:
    {"kind": "roles", "claim_says": "Chelsea beat Arsenal", "sources_say": "Arsenal beat Chelsea 3-1 at the ..."}."""
    for place in places:
        hit = reversal(claim, place)
        if hit is not None:
            return {"kind": hit[0].kind, "claim_says": hit[0].text, "sources_say": place}
    return None


def describe(found: dict, quote=str) -> str:
    """"who did what to whom is the other way round: the sources say ..." (`quote` shortens the sentence)."""
    return f"{WHAT[found['kind']]}: the sources say {quote(found['sources_say'])}"


OFF = RoleCheck(False)

__all__ = ["Argument", "Event", "OFF", "RoleCheck", "RoleCheckedNLI", "SYMMETRIC", "UP", "WHAT", "Change", "describe", "events", "finding",
           "parse_role_check", "reversal"]

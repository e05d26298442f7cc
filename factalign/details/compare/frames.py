"""Frames read from a dependency parse: one per event a text states, with its predicate (a canonical lemma),
polarity, factuality, and its arguments and modifiers in named slots.

Slots are voice-free: `agent` is who does it (the active subject, a passive's by-phrase, the possessor of an event
noun), `patient` what it is done to (the object, a passive's subject, the of-phrase of an event noun); a converse
verb is read as its partner ("A sold Y to B" is B buys Y, with A in `from`). A verb at the end of an xcomp chain
("agreed to acquire") takes the chain's subject and the chain's verbs set how sure it is; a relative clause takes
its antecedent ("the company that bought Y"); an appositive or a copula is a frame of `be` ("the bridge, the city's
second"). Prepositional phrases fill `place`, `time`, `event` (the match or title a win is of) or `p:PREP`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from factalign.details.compare import lexicon as lx
from factalign.details.compare.args import MONTHS_DAYS, Arg, _argument, _group, _ordinal
from factalign.text.nlp import SYNTAX, pipeline

_PARSE = (*SYNTAX, "ner")
PLACE_PREPS = frozenset("in at near outside inside".split())


@dataclass(frozen=True)
class Frame:
    pred: str                       # canonical lemma ("buy" for acquired, sold, takeover)
    verb: str                       # the word as written, for reasons ("acquired")
    negated: bool
    level: float | None             # lexicon.DONE ... POSSIBLE; None: unknown (an event noun alone)
    cue: str                        # the word that set the level ("agreed", "could", "subject to")
    slots: dict[str, tuple[Arg, ...]] = field(hash=False)
    text: str = ""                  # the clause, for reasons
    scoped: bool = False            # an adverb beside the negation may be what it denies ("did not immediately")
    finite: bool = True             # asserted by a finite verb (not "people living there", "the idea is to help")

    def args(self) -> list[tuple[str, Arg]]:
        return [(name, a) for name, group in self.slots.items() for a in group]

    def get(self, slot: str) -> tuple[Arg, ...]:
        return self.slots.get(slot, ())


def _chain(v):
    """The verb and the verbs above it that govern it (xcomp; ccomp and acl under a governing or negating word)."""
    chain = [v]
    while True:
        cur = chain[-1]
        head = cur.head
        if head is cur:
            return chain
        word = head.lemma_.lower() if head.pos_ in ("VERB", "AUX", "ADJ", "NOUN") else ""  # not a title's "Promise"
        infinitive = any(c.dep_ == "aux" and c.lower_ == "to" for c in cur.children)
        # a governing verb comes before its complement ("decided that ..."); one after it is more often a misparse
        if cur.dep_ == "xcomp" or (cur.dep_ == "ccomp" and head.i < cur.i and (word in lx.GOVERNORS or word in lx.NEGATING)) \
                or (cur.dep_ == "acl" and infinitive and word in lx.GOVERNORS):  # "plans to buy"
            chain.append(head)
        else:
            return chain


def _subject(chain):
    """The nearest subject up the chain; under object control ("urged the board to sell") the object."""
    for i, tok in enumerate(chain):
        for c in tok.children:
            if c.dep_ in ("nsubj", "nsubjpass"):
                return c, c.dep_ == "nsubjpass" and i > 0
        if i + 1 < len(chain):
            obj = next((c for c in chain[i + 1].children if c.dep_ == "dobj"), None)
            if obj is not None and tok.dep_ == "xcomp":
                return obj, False
    v = chain[0]
    if v.dep_ == "conj" and v.head.pos_ in ("VERB", "AUX"):  # "bought Y and sold Z": the first verb's subject
        return next(((c, False) for c in v.head.children if c.dep_ in ("nsubj",)), (None, False))
    return None, False


def _level(chain) -> tuple[float | None, str]:
    """How sure the clause is, and the word that says so; None where a verb of the chain leaves it open ("is to
    help", "was asked to lead")."""
    level, cue = lx.DONE, ""
    for i, tok in enumerate(chain):
        words = []
        if i > 0:
            word = tok.lemma_.lower()
            if word not in lx.GOVERNORS and word not in lx.NEGATING and word not in lx.IMPLICATIVE:
                return None, ""
            words.append((lx.INTENDED if word == "go" and tok.tag_ == "VBG" else lx.GOVERNORS.get(word), tok.text))
            if word in lx.GOVERNORS and any(c.dep_ == "neg" for c in tok.children):
                words.append((lx.POSSIBLE, f"not {tok.text}"))  # "has not decided to close": still open
        for c in tok.children:
            if c.dep_ == "aux":
                words.append((lx.MODALS.get(c.lower_), c.text))
            elif c.dep_ == "advmod":
                words.append((lx.HEDGES.get(c.lower_), c.text))
            elif c.dep_ == "mark" and c.lower_ in ("if", "unless", "whether") and i == 0:
                words.append((lx.POSSIBLE, c.text))
            elif c.lower_ in lx.PENDING or (c.lower_ == "subject" and any(g.lower_ == "to" for g in c.children)):
                words.append((lx.COMMITTED, "subject to" if c.lower_ == "subject" else c.text))
        if i == 0 and tok.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in tok.children):
            words.append((2.5, "is " + tok.text))  # "is buying": under way, not done
        if i == 0 and tok.dep_ == "advcl" and any(c.lower_ in ("if", "unless") for c in tok.children):
            words.append((lx.POSSIBLE, "if"))
        for value, word in words:
            if value is not None and value < level:
                level, cue = value, word
    return level, cue


def _negated(chain) -> bool:
    """A negation on the verb, on an implicative above it ("did not manage to"), or a negating verb ("failed to");
    one on a governor ("has not decided whether") leaves the clause open instead (`_level`)."""
    flips = sum(c.dep_ == "neg" for c in chain[0].children)
    flips += sum(c.dep_ == "neg" for tok in chain[1:] if tok.lemma_.lower() in lx.IMPLICATIVE for c in tok.children)
    flips += sum(tok.lemma_.lower() in lx.NEGATING for tok in chain[1:])
    return flips % 2 == 1


def _preps(v, slots: dict[str, list], canon: str, used: frozenset[str] = frozenset()) -> None:
    for p in v.children:
        if p.dep_ == "npadvmod" and p.ent_type_ == "DATE":
            slots.setdefault("time", []).extend(_group(p))
        if p.dep_ in ("advmod", "npadvmod", "oprd", "acomp", "dobj") and _ordinal(p):  # "finished second"
            slots.setdefault("rank", []).append(_argument(p))
        if p.dep_ not in ("prep", "dative") or p.pos_ != "ADP" or p.lower_ in used:
            continue
        obj = next((c for c in p.children if c.dep_ == "pobj"), None)
        if obj is None:
            continue
        word = p.lower_
        if obj.ent_type_ == "DATE" or obj.lower_ in MONTHS_DAYS:
            name = "time"
        elif word in PLACE_PREPS and obj.ent_type_ in ("GPE", "LOC", "FAC"):
            name = "place"
        elif canon == "beat" and obj.lemma_.lower() in lx.OUTCOME_OBJECTS:
            name = "event"
        elif canon == "buy" and word == "from":  # "bought Y from A": A is the seller, as in "A sold Y"
            name = "from"
        else:
            name = f"p:{word}"
        slots.setdefault(name, []).extend(_group(obj))


def _verb_frame(v):
    if any(c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX") for c in v.children):
        return None  # a governor: its frame is the governed verb's
    particle = next((c.lower_ for c in v.children if c.dep_ == "prt"), None)
    lemma = v.lemma_.lower() + (f"_{particle}" if particle else "")
    chain = _chain(v)
    dobj = next((c for c in v.children if c.dep_ == "dobj"), None)
    # "christie 's sold the manuscript": an auxpass that is no form of be/get, with an object, is a misparse
    passive = any(c.dep_ == "auxpass" and c.lemma_.lower() in ("be", "get") for c in v.children) or \
        (dobj is None and any(c.dep_ == "nsubjpass" for c in v.children)) or (v.dep_ == "acl" and v.tag_ == "VBN")
    slots: dict[str, list] = {}
    subject, _ = _subject(chain)
    if subject is not None and subject.tag_ in ("WDT", "WP") and v.dep_ == "relcl":
        subject = v.head  # "the company that bought Y"
    if subject is None and v.dep_ in ("acl", "relcl"):
        subject = v.head  # "the fire started by a heater", "a firm making chips"
    dative = next((c for c in v.children if c.dep_ == "dative" and c.pos_ in ("NOUN", "PROPN")), None)
    if passive:
        if subject is not None:
            slots["patient"] = list(_group(subject))
        for by in (c for c in v.children if c.dep_ == "agent"):
            neg = any(c.dep_ == "neg" for c in by.children)  # "not by vandals": the whole phrase is denied
            slots.setdefault("agent", []).extend(replace(a, negated=True) if neg else a for g in by.children
                                                 if g.dep_ == "pobj" for a in _group(g))
    else:
        obj = dative if dative is not None else dobj
        if subject is not None:
            ergative = obj is None and v.lemma_.lower() in lx.ERGATIVE
            slots["patient" if ergative else "agent"] = list(_group(subject))
        if obj is not None:
            slots["patient"] = list(_group(obj))
    canon, used = _converse(lemma, slots, v, lx.canonical(lemma))
    _preps(v, slots, canon, used)
    level, cue = _level(chain)
    top = chain[-1]
    finite = top.tag_ in ("VBD", "VBZ", "VBP", "MD") or any(c.dep_ in ("aux", "auxpass") and c.tag_ in
                                                             ("VBD", "VBZ", "VBP", "MD") for t in chain for c in t.children)
    if lemma in lx.REPORTING:
        level = None  # how sure a report is says nothing about what it reports
    scoped = any(c.dep_ == "advmod" and c.lower_ not in ("not", "never", "n't") for c in v.children)
    return Frame(canon, v.text + (f" {particle}" if particle else ""), _negated(chain), level, cue, {k: tuple(g) for k, g in slots.items() if g},
                 v.doc[top.left_edge.i:top.right_edge.i + 1].text, scoped, finite)


def _converse(lemma: str, slots: dict[str, list], v, canon: str) -> tuple[str, frozenset[str]]:
    """`slots` renamed where the verb is the converse of its canonical event ("A sold Y to B": B buys Y from A);
    the event and the prepositions now read as arguments."""
    if lemma not in lx.CONVERSE:
        return canon, frozenset()
    target, renames = lx.CONVERSE[lemma]
    preps = {p.lower_: [g for g in p.children if g.dep_ == "pobj"] for p in v.children if p.dep_ in ("prep", "dative")}
    if lemma in ("win", "lose"):
        obj = slots.get("patient")
        outcome = not obj or all(a.head in lx.OUTCOME_OBJECTS for a in obj)
        if not outcome and not ({"to", "against", "over"} & preps.keys()):
            return canon, frozenset()  # "lost 3 percent", "won an award": no contest
        if obj:
            slots["event"] = slots.pop("patient")
    moved = {}
    if "agent" in slots:
        moved[renames["subject"]] = slots.pop("agent")
    for prep, objs in preps.items():
        if prep in renames and objs:
            moved[renames[prep]] = [a for o in objs for a in _group(o)]
    slots.update(moved)
    return target, frozenset(p for p in preps if p in renames)


def _noun_frame(n):
    """An event noun with its participants: "Vessa's takeover of Halden", "the sale of Y to B"."""
    verb = lx.event_verb(n.lemma_.lower())
    kids = {c.lower_: next((g for g in c.children if g.dep_ == "pobj"), None) for c in n.children if c.dep_ == "prep"}
    poss = next((c for c in n.children if c.dep_ == "poss"), None)
    if verb is None or (poss is None and kids.get("of") is None and kids.get("by") is None):
        return None
    governor = n.head if n.dep_ in ("dobj", "nsubjpass", "nsubj", "pobj") else None
    if poss is not None and poss.tag_ == "PRP$" and governor is not None:  # "completed its acquisition": the subject
        poss = next((c for c in governor.children if c.dep_ == "nsubj"), poss)
    slots: dict[str, list] = {}
    if kids.get("of") is not None:
        slots["patient"] = list(_group(kids["of"]))
    if kids.get("by") is not None:
        slots["agent"] = list(_group(kids["by"]))
    if poss is not None:
        slots["patient" if "agent" in slots and "patient" not in slots else "agent"] = list(_group(poss))
    canon, used = _converse(verb, slots, n, lx.canonical(verb))
    _preps(n, slots, canon, used | {"of", "by"})
    level, cue = None, ""
    for a in (c for c in n.children if c.dep_ in ("amod", "compound")):
        if a.lower_ in lx.EVENT_ADJECTIVES:
            level, cue = lx.EVENT_ADJECTIVES[a.lower_], a.text
    if level is None and governor is not None and governor.pos_ == "VERB":
        word = governor.lemma_.lower()
        if word in lx.COMPLETING:
            level, cue = lx.DONE, governor.text
        elif word in lx.GOVERNORS:
            level, cue = lx.GOVERNORS[word], governor.text
    negated = governor is not None and any(c.dep_ == "neg" for c in governor.children)
    return Frame(canon, n.text, negated, level, cue, {k: tuple(g) for k, g in slots.items() if g},
                 n.doc[n.left_edge.i:n.right_edge.i + 1].text)


def _be_frame(t):
    """A copula ("the tower was the region's tallest") or an appositive ("the tower, the region's third")."""
    if t.dep_ == "appos" and t.head.pos_ in ("NOUN", "PROPN"):
        subject, attr, chain = t.head, t, [t]
        level, cue, negated = lx.DONE, "", False
    elif t.lemma_ == "be" and t.pos_ in ("AUX", "VERB"):
        subject = next((c for c in t.children if c.dep_ == "nsubj"), None)
        attr = next((c for c in t.children if c.dep_ == "attr"), None)
        if subject is None or attr is None:
            return None
        chain = _chain(t)
        (level, cue), negated = _level(chain), _negated(chain)
    else:
        return None
    slots = {"agent": _group(subject), "patient": _group(attr)}
    return Frame("be", t.text, negated, level, cue, slots, t.doc[subject.left_edge.i:attr.right_edge.i + 1].text)


@lru_cache(maxsize=8192)
def frames(text: str) -> tuple[Frame, ...]:
    """Every frame the text states, in order."""
    doc = pipeline(_PARSE)(text)
    out = []
    for t in doc:
        frame = (_verb_frame(t) if t.pos_ == "VERB" else _noun_frame(t) if t.pos_ == "NOUN" else None) or _be_frame(t)
        if frame is not None and frame.slots:
            out.append(frame)
    return tuple(out)

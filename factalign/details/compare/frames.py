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
from factalign.details.compare.args import (
    NAME_TYPES, Arg, _argument, _group, counted, hyphenated)
from factalign.details.compare.modifiers import _preps
from factalign.details.compare.clause import (
    antecedent, chain_of, controllers, denial_marker, denied_alternative, level_of, negated_of, relative_antecedent, scheduled,
    subject_of, substitute)
from factalign.text.deps import contrastive
from factalign.text.nlp import PREFIX_MERGE, SYNTAX, pipeline, root_participle
from factalign.text.segment import split_sentences

_PARSE = (PREFIX_MERGE, *SYNTAX, "ner")
COPULAS = frozenset("be become remain".split())
RANK_VERBS = frozenset("come end place rank end_up".split())  # with a rank: where someone finished


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
    scheduled: bool = False         # a present tense with a date ("retires in August"): as a claim, no surer than will

    def args(self) -> list[tuple[str, Arg]]:
        return [(name, a) for name, group in self.slots.items() for a in group]

    def get(self, slot: str) -> tuple[Arg, ...]:
        return self.slots.get(slot, ())


def _verb_frame(v):
    if any(c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX") for c in v.children):
        return None  # a governor: its frame is the governed verb's
    if root_participle(v):
        return None  # "The ferry left at noon" parsed as a noun and its participle: the parse cannot say which voice
    if v.lemma_.lower() in COPULAS and any(c.dep_ == "attr" for c in v.children):
        return None  # "became the third": a frame of be
    particle = next((c.lower_ for c in v.children if c.dep_ == "prt"), None) or next(
        (c.lower_ for c in v.children if c.dep_ == "advmod" and lx.canonical(f"{v.lemma_.lower()}_{c.lower_}") !=
         f"{v.lemma_.lower()}_{c.lower_}"), None)  # "put forward" parsed with an adverb: a known phrasal verb
    dobj = next((c for c in v.children if c.dep_ == "dobj"), None)
    marker = denial_marker(v)
    if dobj is not None and marker is not None and dobj.lower_ in ("it", "them"):
        # "kept the service rather than ending it": what it denies doing is done to the kept one
        dobj = next((c for c in marker.head.children if c.dep_ == "dobj"), dobj)
    # "voted down the plan": a known phrasal verb whose particle the parser read as a preposition, its object the pobj
    moved = next((c for c in v.children if c.dep_ == "prep" and c.i == v.i + 1 and not particle and dobj is None
                  and lx.canonical(f"{v.lemma_.lower()}_{c.lower_}") != f"{v.lemma_.lower()}_{c.lower_}"), None)
    if moved is not None:
        particle, dobj = moved.lower_, next((g for g in moved.children if g.dep_ == "pobj"), None)
    lemma = v.lemma_.lower() + (f"_{particle}" if particle else "")
    chain = chain_of(v)
    # "christie 's sold the manuscript": an auxpass that is no form of be/get, with an object, is a misparse
    passive = any(c.dep_ == "auxpass" and c.lemma_.lower() in ("be", "get") for c in v.children) or \
        (dobj is None and any(c.dep_ == "nsubjpass" for c in v.children)) or (v.dep_ == "acl" and v.tag_ == "VBN")
    slots: dict[str, list] = {}
    subject, _ = subject_of(chain)
    if subject is not None and subject.tag_ in ("WDT", "WP"):
        subject = relative_antecedent(subject)  # "the company that bought Y", "the firm, which agreed to buy Y"
    if subject is None and v.dep_ in ("acl", "relcl"):
        subject = antecedent(v.head)  # "the fire started by a heater", "a firm making chips"
    ctrl = controllers(v) if subject is None else ()
    dative = next((c for c in v.children if c.dep_ == "dative" and c.pos_ in ("NOUN", "PROPN")), None)
    relative = next((t for t in chain if t.dep_ == "relcl"), None)  # "a loss, which it agreed to cover": up the chain
    if dobj is not None and dobj.tag_ in ("WDT", "WP") and relative is not None:
        dobj = antecedent(relative.head)  # "the firm, which Y appointed": the antecedent
    if passive:
        if subject is not None or ctrl:
            slots["patient"] = list(_group(subject) if subject is not None else ctrl[:1])
        for by in (c for c in v.children if c.dep_ == "agent"):
            neg = any(c.dep_ == "neg" for c in by.children)  # "not by vandals": the whole phrase is denied
            slots.setdefault("agent", []).extend(replace(a, negated=True) if neg else a for g in by.children
                                                 if g.dep_ == "pobj" for a in _group(g))
    else:
        obj = dative if dative is not None and (dobj is None or lx.canonical(lemma) not in lx.TRANSFER) else dobj
        if obj is dobj and dative is not None:
            slots["to"] = list(_group(dative))  # "paid the tenants 4,000 euros": the tenants receive
        ergative = obj is None and (v.lemma_.lower() in lx.ERGATIVE or lx.canonical(lemma) in lx.ERGATIVE)
        if subject is not None:
            slots["patient" if ergative else "agent"] = list(_group(subject))
        elif ctrl:
            slots["patient" if ergative else "agent"] = list(ctrl)
        if obj is not None:
            slots["patient"] = list(_group(obj))
    measure = dobj is not None and (dobj.like_num or any(c.like_num for c in dobj.children))  # "dropped 5 percent"
    canon = lx.TRANSITIVE.get(lemma, lx.canonical(lemma)) if dobj is not None and not measure else lx.canonical(lemma)
    if lemma in lx.TAKING_ON and dobj is not None and lx.people(counted(dobj).lemma_.lower()):
        canon = "hire"
    canon, used = _converse(lemma, slots, v, canon)
    _preps(v, slots, canon, used | ({moved.lower_} if moved is not None else set()))
    if canon in ("buy", "sell") and "from" not in slots:
        # "bought the painting from a collector in Oslo": a from-phrase the parser hung on the object is the seller's
        src = next((g for o in v.children if o.dep_ == "dobj" for p in o.subtree if p.dep_ == "prep" and
                    p.lower_ == "from" and p.head.i >= o.i for g in p.children if g.dep_ == "pobj" and g.ent_type_ != "DATE"),
                   None)
        if src is not None:
            slots["from" if canon == "buy" else "p:from"] = list(_group(src))
    won = slots.get("patient", [])
    if canon in lx.MEDAL_VERBS | {"beat"} and len(won) == 1 and won[0].ordinal and won[0].ordinal[1] in lx.MEDALS:
        canon, slots["rank"] = "rank", slots.pop("patient")  # "took silver": where someone finished
    if "rank" in slots and canon in RANK_VERBS | {"rank"}:
        canon = "rank"  # "came third", "finished third", "placed third": one event, a rank, who ranks
        if "agent" not in slots and "patient" in slots:
            slots["agent"] = slots.pop("patient")
    level, cue = level_of(chain)
    top = chain[-1]
    finite = top.tag_ in ("VBD", "VBZ", "VBP", "MD") or any(c.dep_ in ("aux", "auxpass") and c.tag_ in
                                                             ("VBD", "VBZ", "VBP", "MD") for t in chain for c in t.children) \
        or any(denied_alternative(t) for t in chain)  # "continue, rather than stopping": the clause denies it
    if lemma in lx.REPORTING:
        level = None  # how sure a report is says nothing about what it reports
    # ("where", "when" join a relative clause: they scope nothing)
    scoped = any(c.dep_ == "advmod" and c.lower_ not in ("not", "never", "n't") and c.tag_ != "WRB" for c in v.children)
    return Frame(canon, v.text + (f" {particle}" if particle else ""), negated_of(chain), level, cue, {k: tuple(g) for k, g in slots.items() if g},
                 v.doc[_clause_start(v, top):top.right_edge.i + 1].text, scoped, finite, scheduled(v))


def _clause_start(v, top) -> int:
    """Where the clause a reason quotes begins: a denied alternative with its "rather than" or "instead of"."""
    marker = denial_marker(v)
    return min(marker.i - 1, top.left_edge.i) if marker is not None else top.left_edge.i


def _converse(lemma: str, slots: dict[str, list], v, canon: str) -> tuple[str, frozenset[str]]:
    """`slots` renamed where the verb is the converse of its canonical event ("A sold Y to B": B buys Y from A);
    the event and the prepositions now read as arguments."""
    if lemma not in lx.CONVERSE:
        return canon, frozenset()
    target, renames = lx.CONVERSE[lemma]
    preps: dict[str, list] = {}
    # "blamed the loss on X", "put it down to X": the parser hangs the phrase on the object or the particle as often,
    # and "rather than to Y" on the "than"
    near = [v, *(c for c in v.children if c.dep_ in ("dobj", "prt"))]
    # "won the cup final against Y": the parser reads "final" as a modifier and hangs the phrase on it
    near += [w for o in near[1:] if o.dep_ == "dobj" for w in o.subtree if w.dep_ in ("amod", "compound")]
    near += [c for w in near for c in w.children if c.dep_ == "cc" and contrastive(c)]
    for p in (q for w in near for q in w.children if w.i == v.i or q.lower_ in renames):
        if p.dep_ in ("prep", "dative"):  # "on X, not on Y": both
            preps.setdefault(p.lower_, []).extend(g for g in p.children if g.dep_ == "pobj")
    if target in ("cause", "proceed", "stay_with") and not any(preps.get(p) for p in renames):
        return canon, frozenset()  # "linked the two towns": no cause named; "the strike went ahead"
    if target == "proceed" and "agent" not in slots:
        slots["agent"] = slots.pop("patient", [])  # read as what proceeds, it is who goes ahead with something
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
    governor = n.head if n.dep_ in ("dobj", "nsubjpass", "nsubj", "pobj") else None
    if n.dep_ == "dobj" and governor.lemma_.lower() in lx.LIGHT and poss is None:
        return _light_frame(n, lx.event_verb(n.lemma_.lower(), light=True), kids)
    taken = {"of", "by"}
    if kids.get("by") is None and kids.get("from") is not None and kids["from"].pos_ in ("NOUN", "PROPN"):
        kids["by"] = kids.pop("from")  # "approval from the regulator": who approves
        taken.add("from")
    hedged = any(c.lower_ in lx.EVENT_ADJECTIVES for c in n.children if c.dep_ in ("amod", "compound"))
    if verb is None or (poss is None and kids.get("of") is None and kids.get("by") is None and not hedged):
        return None  # an event noun names its participants, or says how sure it is ("a proposed extension")
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
    _preps(n, slots, canon, used | frozenset(taken))
    requiring = governor is not None and governor.lemma_.lower() in lx.REQUIRING and n.dep_ == "dobj"
    if requiring and "patient" not in slots:  # "the deal requires approval": the deal is what is approved
        subject = next((c for c in governor.children if c.dep_ == "nsubj"), None)
        if subject is not None and subject.tag_ in ("WDT", "WP") and governor.dep_ == "relcl":
            subject = governor.head  # "the deal, which still requires approval"
        if subject is not None:
            slots["patient"] = list(_group(subject))
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
        elif requiring:  # "still requires approval": not given yet
            level, cue = lx.INTENDED, governor.text
    negated = governor is not None and any(c.dep_ == "neg" for c in governor.children)
    return Frame(canon, n.text, negated, level, cue, {k: tuple(g) for k, g in slots.items() if g},
                 n.doc[n.left_edge.i:n.right_edge.i + 1].text)


def _light_frame(n, verb, kids):
    """An event noun a light verb states: "filed a lawsuit against Y" is sued Y, "lodged an appeal" appealed, as sure
    and as denied as the light verb's clause."""
    if verb is None:
        return None
    chain = chain_of(n.head)
    subject, passive = subject_of(chain)
    slots: dict[str, list] = {}
    if subject is not None and not passive and subject.tag_ not in ("WDT", "WP"):
        slots["agent"] = list(_group(subject))
    verbal = {c.lower_: g for c in n.head.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"}
    target = next((x.get(p) for p in ("against", "to", "of") for x in (kids, verbal) if x.get(p) is not None), None)
    if target is not None:
        slots["patient"] = list(_group(target))
    verb = lx.canonical(verb)
    _preps(n, slots, verb, frozenset(("against", "to", "of")))
    level, cue = level_of(chain)
    return Frame(verb, f"{n.head.text} {n.text}", negated_of(chain), level, cue, {k: tuple(g) for k, g in slots.items() if g},
                 n.doc[n.head.left_edge.i:n.head.right_edge.i + 1].text)


def _be_frame(t):
    """A copula ("the tower was the region's tallest") or an appositive ("the tower, the region's third")."""
    if t.dep_ == "appos" and t.head.pos_ in ("NOUN", "PROPN"):
        subject, attr, chain = t.head, t, [t]
        # "a faulty pump, not sabotage": the apposition denies that the one is the other
        level, cue = lx.DONE, ""
        negated = any(w.dep_ == "neg" for w in t.doc[t.head.i + 1:t.i + 1] if w.head.i in (t.i, t.head.i))
    elif t.lemma_.lower() in COPULAS and t.pos_ in ("AUX", "VERB"):
        subject, _ = subject_of(chain_of(t))  # "overtook Y and is now the third", "wants to become the first"
        ctrl = controllers(t)[:1] if subject is None else ()  # "overtook Y to become the second"
        attr = next((c for c in t.children if c.dep_ == "attr"), None)
        if (subject is None and not ctrl) or attr is None:
            return None
        chain = chain_of(t)
        (level, cue), negated = level_of(chain), negated_of(chain)
    else:
        return None
    slots = {"agent": _group(subject) if subject is not None else ctrl, "patient": _group(attr)}
    event = "be"
    if hyphenated(attr) in lx.RANK_WORDS and t.dep_ != "appos":  # "was runner-up": where it finished, as "came second"
        event, slots["rank"] = "rank", slots.pop("patient")
    subject = subject if subject is not None else t
    return Frame(event, t.text, negated, level, cue, slots, t.doc[subject.left_edge.i:attr.right_edge.i + 1].text)


def _instead_frame(of):
    """"named A coach in place of B", "used oil instead of gas": A replaces B."""
    who, chain = substitute(of)
    gone = next((g for g in of.children if g.dep_ == "pobj"), None)
    if who is None or gone is None:
        return None
    (level, cue), negated = level_of(chain), negated_of(chain)
    return Frame("replace", f"in place of {gone.text}", negated, level, cue, {"agent": _group(who), "patient": _group(gone)},
                 of.doc[of.head.i:gone.right_edge.i + 1].text)


@lru_cache(maxsize=8192)
def frames(text: str) -> tuple[Frame, ...]:
    """Every frame the text states, in order."""
    return read(text)[0]


@lru_cache(maxsize=8192)
def located(text: str) -> tuple[Arg, ...]:
    """The names the text places somewhere ("Uganda's Grace Nakato", "the Kaspar Institute in Bremen"), wherever
    they stand in it."""
    return read(text)[1]


@lru_cache(maxsize=256)
def parse(text: str):
    """The text's parse, once for frames and for the noun phrases of names.py."""
    return pipeline(_PARSE)(text)


@lru_cache(maxsize=256)
def sentences(text: str) -> tuple[str, ...]:
    """The text's sentences, each read alone: a premise of many sentences (a passage, a whole page) costs the
    parses of sentences already read for other premises, not a parse of its own."""
    spans = split_sentences(text)
    return tuple(text[s:e] for s, e in spans) if len(spans) > 1 else (text,)


@lru_cache(maxsize=64)
def read(text: str) -> tuple[tuple[Frame, ...], tuple[Arg, ...]]:
    parts = [_read(s) for s in sentences(text)]
    return tuple(f for p in parts for f in p[0]), tuple(a for p in parts for a in p[1])


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[tuple[Frame, ...], tuple[Arg, ...]]:
    doc = parse(text)
    out = []
    for t in doc:
        frame = (_verb_frame(t) if t.pos_ == "VERB" else _noun_frame(t) if t.pos_ == "NOUN" else None) or _be_frame(t) \
            or _instead_frame(t)
        if frame is not None and frame.slots:
            out.append(frame)
    names = [a for e in doc.ents if e.label_ in NAME_TYPES for a in [_argument(e.root)] if a.places]
    return tuple(out), tuple(names)

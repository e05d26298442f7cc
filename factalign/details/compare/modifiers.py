"""The prepositional phrases and adverbials around a predicate, read into a frame's slots: a date fills `time`, a
place after in/at/near fills `place`, a match or title a win is of fills `event`, a seller after "bought ... from"
fills `from`, a recipient of a transfer ("lent it to B", "paid B the fee") fills `to`, a rank ("finished second")
fills `rank`, and any other phrase `p:PREP`."""

from __future__ import annotations

from factalign.details.compare import lexicon as lx
from factalign.details.compare.args import MONTHS_DAYS, _argument, _group, _ordinal

PLACE_PREPS = frozenset("in at near outside inside".split())


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
        elif canon in lx.TRANSFER and word == "to":  # "lent the painting to B": B receives it
            name = "to"
        else:
            name = f"p:{word}"
        slots.setdefault(name, []).extend(_group(obj))

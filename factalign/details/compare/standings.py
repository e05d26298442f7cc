"""Where a holder stands, however the place is said: "X finished second", "X was third", "X took silver", "X was
runner-up", "X topped the poll", "X leads the market", "X, the second-largest lender", "X recorded the
second-cleanest water", "steered X to bronze", "took X to the top of the table".

The frames compare a rank only within one construction (the same verb's slot, the same ranked noun); a summary
that moves a team from second to top says it with other words than its source ("topped" against "the
second-cleanest"). Here each sentence gives (holder, place, scope) triples, and a claim's holder placed otherwise
by every triple the evidence has for it is an `ordinal` finding, where the two speak of one standing: the scopes
(the clause's other content words) share a word, or one side names none.

A plain ordinal on a noun counts things rather than places a holder ("won the first stage", "her second term") and
is not read here; a superlative ("the largest") is a place only against another superlative of its scale."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from factalign.details.compare import lexicon as lx
from factalign.details.compare.args import Arg, _argument, _ordinal, ranks_differ
from factalign.details.compare.frames import parse, sentences

# a place said as leading: first whatever the scale ("topped the survey", "the market leader", "the leading maker")
LEADING = frozenset("top leader leading".split())
# what a holder leads when leading places it ("leads the market"), not when it heads something ("led the round")
STANDINGS = frozenset("""market league table standings field race poll survey ranking rankings chart charts division
industry sector world pack group class list index""".split())
_TO = frozenset(("to", "into"))
_CONTENT = frozenset("NOUN PROPN".split())  # what is ranked and where; an adjective ("highest") is the scale


@dataclass(frozen=True)
class Standing:
    holder: Arg
    place: tuple[int, str]      # (2, "second"), (1, "topped")
    scope: frozenset[str]       # the clause's other content words
    text: str                   # the phrase, for reasons


def _subject(v):
    s = next((c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if s is not None and s.tag_ in ("WDT", "WP") and v.dep_ == "relcl":
        return v.head  # "Quillon, which leads the market"
    if s is None and v.dep_ in ("relcl", "acl"):
        return v.head
    return s


def _moved(v):
    """Who a verb of motion to a place puts there: its object ("took them to the top"), else its subject."""
    obj = next((c for c in v.children if c.dep_ == "dobj"), None)
    if obj is not None and obj.tag_ in ("WDT", "WP") and v.dep_ == "relcl":
        return v.head  # "the team, which he led to bronze"
    return obj if obj is not None else _subject(v)


def _site(t):
    """The phrase a place is said in: the verb ("topped the survey"), the ranked noun ("the second-largest maker of
    X"), the verb a place is reached by ("to the top of the table")."""
    start = t
    while t.dep_ in ("pobj", "prep", "amod", "compound", "acomp", "attr", "advmod", "npadvmod", "oprd", "dobj", "advcl") \
            and t.head is not t and t.pos_ != "VERB" and not (t is not start and t.pos_ == "NOUN" and t.dep_ in ("appos", "attr")):
        t = t.head
    return t


def _placed(t):
    """(holder token, place) where `t` places one, else None."""
    word, lemma = t.lower_, t.lemma_.lower()
    if t.pos_ == "VERB" and lemma in ("top", "lead", "head") and (lemma == "top" or any(
            c.dep_ == "dobj" and c.lemma_.lower() in STANDINGS for c in t.children)):
        return _subject(t), (1, lemma)
    if word in lx.MEDALS and t.dep_ != "pobj" and t.head.pos_ == "VERB" and any(c.lower_ == "to" for c in t.children):
        return _moved(t.head), (lx.RANK_WORDS[word], word)  # "steered the team to silver" parsed as an infinitive
    if t.dep_ == "pobj" and t.head.lower_ in _TO and t.head.head.pos_ in ("VERB", "AUX"):
        medal = next((c for c in t.children if c.dep_ in ("amod", "compound") and c.lower_ in lx.MEDALS), None)
        if medal is not None:  # "led the team to a bronze medal"
            return _moved(t.head.head), (lx.RANK_WORDS[medal.lower_], medal.lower_)
    if lemma == "leader" and t.pos_ == "NOUN":  # "league leaders Castleford", "Castleford, the league leader"
        named = next((c for c in t.children if c.dep_ == "appos"), None)
        return (named if named is not None else t.head if t.dep_ == "appos" else None), (1, "leader")
    place = _ordinal(t) or ((1, t.text) if word in LEADING and t.dep_ in ("pobj", "attr", "acomp", "advmod", "amod",
                                                                          "npadvmod", "oprd", "appos") else None)
    if place is None:
        return None
    if t.dep_ == "pobj" and t.head.lower_ in _TO and t.head.head.pos_ in ("VERB", "AUX"):
        return _moved(t.head.head), place  # "steered the team to silver", "moved up to second"
    if t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.lower_ in ("top", "head"):
        return None  # "the top of the table" is read at "top"
    if t.dep_ in ("acomp", "attr", "advmod", "npadvmod", "oprd") and t.head.pos_ in ("VERB", "AUX") \
            and t.pos_ != "NOUN" or (t.dep_ == "attr" and place[1] in lx.RANK_WORDS):
        return _subject(t.head), place  # "finished second", "was third", "came top", "was runner-up"
    if t.dep_ == "amod" and (place[1] in LEADING or "-" in place[1] or place[0] == 1 and t.tag_ == "JJS"):
        noun = t.head  # "the second-largest provider", "the top prize", "the leading maker": its holder
        if noun.dep_ == "appos":
            return noun.head, place
        if noun.dep_ in ("dobj", "attr") and noun.head.pos_ in ("VERB", "AUX"):
            return _subject(noun.head), place
    if t.dep_ == "dobj" and t.lower_ in lx.RANK_WORDS:  # "took silver"
        return _subject(t.head), place
    return None


def _scope(holder, t) -> frozenset[str]:
    """The content words of the phrase the place is said in, but the holder's and the place's own."""
    own = {w.i for w in holder.subtree if not (w.i >= t.i or t.i in range(w.left_edge.i, w.right_edge.i + 1))} | \
        {holder.i, t.i}
    return frozenset(w.lemma_.lower() for w in _site(t).subtree if w.i not in own and w.pos_ in _CONTENT
                     and not w.is_stop)


@lru_cache(maxsize=4096)
def _standings_in(text: str) -> tuple[Standing, ...]:
    doc = parse(text)
    out = []
    for t in doc:
        found = _placed(t)
        if found is None or found[0] is None:
            continue
        holder, place = found
        a = _argument(holder)
        if not a.pronoun:
            out.append(Standing(a, place, _scope(holder, t), _said(a, place, t)))
    return tuple(out)


_NTH = {n: w for w, n in lx.ORDINALS.items()}


def _said(a: Arg, place: tuple[int, str], t) -> str:
    """"Lindqvist first (topped)", "the team third (bronze)", "Quillon second (second-largest)"."""
    nth = _NTH.get(place[0], f"#{place[0]}")
    written = t.text if place[1] in ("top", "lead", "head") else place[1]
    return f"{a.text} {nth}" + (f" ({written})" if written.lower() != nth else "")


def standings(text: str) -> tuple[Standing, ...]:
    return tuple(s for part in sentences(text) for s in _standings_in(part))


def _differ(a: tuple[int, str], b: tuple[int, str]) -> bool:
    if {a[1], b[1]} & (LEADING | {"lead", "head"}):  # leading is first on any scale
        return a[0] != b[0]
    return ranks_differ(a, b)


def placed_otherwise(claim: str, evidence: str, low: str = "") -> tuple[str, str] | None:
    """(the claim's holder and place, the evidence's) where the evidence places the claim's holder only otherwise
    (`low`, unread, keeps the signature of the other readings)."""
    theirs = standings(evidence)
    for c in standings(claim):
        held = [e for e in theirs if c.holder.matches(e.holder)]
        # one place the evidence gives it as the claim does, in whatever scope, and the claim may be right
        if any(not _differ(c.place, e.place) for e in held):
            continue
        same = [e for e in held if not c.scope or not e.scope or c.scope & e.scope]
        if same:
            return c.text, same[0].text
    return None

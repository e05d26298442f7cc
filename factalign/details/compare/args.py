"""The arguments of a frame: the words that fill its slots, read from the parse (a name with its compounds, what
quantifies or ranks it, whether it is denied, conjoined or in apposition)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from factalign.details.compare import lexicon as lx
from factalign.details.find import UNKNOWN, fold, words
from factalign.text.deps import contrastive

# names of one thing (a nationality, "the Briton", describes rather than names)
NAME_TYPES = frozenset("PERSON ORG GPE LOC FAC EVENT WORK_OF_ART PRODUCT LAW".split())
MONTHS_DAYS = frozenset("""january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday spring summer autumn fall winter""".split())
_ORDINAL_NUMBER = re.compile(r"^(\d+)(st|nd|rd|th)$")


@dataclass(frozen=True)
class Arg:
    text: str                       # as a reason quotes it ("Vessa Group")
    head: str                       # the head's lemma, folded
    words: frozenset[str]           # the head with its compounds or whole name, folded
    named: bool = False             # a proper name (person, place, organisation, month)
    pronoun: bool = False           # says nothing about who: never matches, never conflicts
    negated: bool = False           # "by a faulty valve, not by sabotage": sabotage is named only to be denied
    ordinal: tuple[int, str] | None = None      # (2, "second")
    quantifier: tuple[str, str] | None = None   # ("some", "several")
    only: bool = False
    owner: frozenset[str] = frozenset()        # the possessor's words ("the region's third": {"region"})
    kinds: frozenset[str] = frozenset()        # its modifiers' words, which name a kind ("signal" crayfish)
    places: tuple[str, ...] = ()               # where it is ("controllers in Kiruna", "Tanzania's", "Dallas-based")
    some: bool = False                         # indefinite ("a son"): one of several
    definite: bool = False                     # "the company", "its plant": a description of one known thing
    # whose it is, named: "Halden's staff", "eight of Halden's staff", "the branches of Halden Savings"
    holders: tuple[Arg, ...] = ()

    def matches(self, other: Arg) -> bool:
        if self.pronoun or other.pronoun:
            return False
        if self.head and self.head == other.head:
            # "noble crayfish numbers" is not "signal crayfish numbers": each names a kind the other does not
            mine, theirs = self.words - other.words - {self.head}, other.words - self.words - {self.head}
            # nor is "a son, Joe" "their son, Bear": one of several, told apart by what each adds
            return not (mine and theirs and ((self.kinds & mine and other.kinds & theirs) or self.some or other.some))
        shared = self.words & other.words - {""}
        return (bool(shared) and (self.words <= other.words or other.words <= self.words)) or _initials(self, other) \
            or _initials(other, self)


def _initials(short: Arg, name: Arg) -> bool:
    """"FRW" for "the Federation of Rail Workers"."""
    letters = "".join(w[0] for w in words(name.text) if w not in ("of", "the", "and", "for"))
    return short.named and name.named and 2 <= len(short.text) == len(letters) and short.text.isupper() \
        and short.text.lower() == letters


def _one_antecedent(t):
    """What a bare "one" stands for: the nearest indefinite noun before it ("to find a distributor, where it does not
    have one": a distributor); `t` itself where it is a number or has its own noun ("one of the players")."""
    if t.lower_ != "one" or t.dep_ not in ("dobj", "attr", "nsubj", "nsubjpass", "pobj") or any(
            (c.dep_ == "prep" and c.lower_ == "of") or c.dep_ in ("amod", "compound") for c in t.children):
        return t
    return next((w for w in reversed(t.doc[:t.i]) if w.pos_ == "NOUN" and any(
        c.dep_ == "det" and c.lower_ in ("a", "an", "any", "another") for c in w.children)), t)


def _argument(t, negated: bool | None = None) -> Arg:
    own_negated = any(c.dep_ == "neg" for c in t.children)
    t = _one_antecedent(t)
    if t.pos_ == "NOUN" and t.lemma_.lower() in lx.PROXIES:  # "Holm's bid": Holm
        t = next((c for c in t.children if c.dep_ == "poss" and c.pos_ == "PROPN"), t)
    quant = None
    if t.lower_ in lx.QUANTIFIERS:  # "all of the staff": the staff, quantified
        inner = next((g for c in t.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
                      if g.dep_ == "pobj"), None)
        if inner is not None:
            quant, t = (lx.QUANTIFIERS[t.lower_], t.lower_), inner
    kids = list(t.children)
    if quant is None:
        quant = next(((lx.QUANTIFIERS[c.lower_], c.lower_) for c in kids
                      if c.dep_ in ("det", "predet", "amod", "nummod", "advmod") and c.lower_ in lx.QUANTIFIERS), None)
    ordinal = _ordinal(t) or next((o for c in kids if c.dep_ in ("amod", "nummod", "advmod") for o in [_ordinal(c)] if o),
                                  None) or next((o for c in kids if c.dep_ == "amod" for o in [_ordinal(c)] if o), None)
    parts = [w for c in kids if c.dep_ in ("compound", "flat", "amod") and c.pos_ in ("PROPN", "NOUN", "ADJ")
             and not _ordinal(c) and c.lower_ not in lx.QUANTIFIERS for w in _modifiers(c)] + [t]
    ent = next((e for e in t.doc.ents if e.start <= t.i < e.end and e.label_ in NAME_TYPES), None)
    if ent is not None:
        parts = [w for w in ent if not w.is_punct and w.pos_ not in ("DET", "PART")] or parts
    # "the lender Castle Mutual": the name in apposition is the same argument
    kinds = frozenset(x for w in parts if w.i != t.i for x in words(w.text)) - frozenset(words(t.text))
    parts += [w for c in _appositions(t) if c.pos_ == "PROPN" for w in c.subtree if w.pos_ == "PROPN"]
    date = t.ent_type_ == "DATE" and (t.lower_ in MONTHS_DAYS or (t.like_num and len(t.text) == 4))
    # a name is written as one: capitalised (a lower-cased text's "PROPN" is often a common noun), its head a name;
    # at the start of a sentence, where every word is capitalised, only the entity recogniser's word counts
    named = date or (t.text[:1].isupper() and (ent is not None or (not t.is_sent_start and (
        t.pos_ in ("PROPN", "NOUN") or t.lower_ in MONTHS_DAYS))))
    if named and len(parts) == 1 and any(c.dep_ == "det" for c in kids) and lx.person_noun(t.lower_):
        named = False  # "the Briton", "the Australian": a description, not a name
    owner = frozenset(x for c in kids if c.dep_ == "poss" and c.pos_ != "PRON" for w in c.subtree
                      if w.pos_ in ("NOUN", "PROPN") for x in words(w.text))
    if negated is None:
        negated = own_negated or any(c.dep_ == "neg" for c in kids) or (t.head.dep_ in ("agent", "prep") and (
            any(c.dep_ == "neg" for c in t.head.children) or contrastive(t.doc[t.head.i - 1])))  # "rather than to Y"
    shown = sorted({*parts, *(w for c in kids if c.dep_ == "poss" for w in c.subtree)}, key=lambda w: w.i)
    text = ent.text if ent is not None else t.doc[shown[0].i:shown[-1].i + 1].text
    # the head's lemma too, so that "schools" finds "school"
    found = frozenset(x for w in parts for x in words(w.text)) | frozenset(words(t.lemma_))
    head = fold(t.lemma_)
    if head in lx.NOUN_SAME:  # one word for the one thing ("proposal" is read as "plan")
        head, found = lx.NOUN_SAME[head], found - frozenset(words(t.text)) - {head} | {lx.NOUN_SAME[head]}
    return Arg(text, head, found, named,
               # a pronoun, or a name holding an older summariser's unknown word, says nothing about who
               t.pos_ == "PRON" or t.tag_ in ("PRP", "PRP$", "WP", "WDT") or UNKNOWN in found, negated, ordinal, quant,
               any(c.lower_ == "only" for c in kids), owner,
               kinds, _places(t, ent), any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in kids),
               any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in ("the", "this", "that")) for c in kids),
               _holders(t))


def counted(t):
    """The noun a number or quantifier counts ("eight of the midwives": midwives), else the word itself."""
    if t.like_num or t.lower_ in lx.QUANTIFIERS:
        return next((g for c in t.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
                     if g.dep_ == "pobj"), t)
    return t


def _holders(t) -> tuple[Arg, ...]:
    """Who the thing belongs to, where a name says so: a possessor, or a name after "of" ("the branches of Halden
    Savings"); through a count ("eight of Halden's midwives"). Not a pronoun ("its staff" is anyone's)."""
    n = counted(t)
    held = [c for c in n.children if c.dep_ == "poss" and any(w.pos_ == "PROPN" for w in c.subtree)]
    if n.pos_ == "NOUN" and lx.event_verb(n.lemma_.lower()) is None:
        held += [g for c in n.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
                 if g.dep_ == "pobj" and g.pos_ == "PROPN"]
    return tuple(_argument(h) for h in held)


PLACE_TYPES = frozenset(("GPE", "LOC"))
_LOCATING = frozenset("base locate headquarter"
                      .split())  # "Lumina, based in Austin": where it is, as "Austin-based Lumina" says


def _places(t, ent) -> tuple[str, ...]:
    """The places a noun phrase puts its head in: modifiers, a possessor, "in X", "based in X" (not a relative
    clause's or an apposition's, which say other things)."""
    own = range(ent.start, ent.end) if ent is not None else range(t.i, t.i + 1)
    found, todo = [], [c for c in t.children if c.dep_ not in ("relcl", "appos", "conj", "cc", "punct")]
    while todo:
        w = todo.pop()
        if w.dep_ in ("relcl", "appos", "conj") or (w.dep_ == "acl" and w.lemma_.lower() not in _LOCATING):
            continue
        if w.dep_ == "prep" and w.lower_ not in ("in", "at", "from", "of") and w.head.i == t.i:
            continue
        # a title's place is part of the title ("Prince Harry, Duke of Sussex", "the Earl of Wessex"), not where one is
        if w.dep_ == "prep" and w.lower_ == "of" and w.head.pos_ == "PROPN" and lx.person_noun(w.head.lower_):
            continue
        if w.ent_type_ in PLACE_TYPES and w.i not in own:
            found.append(w.text)
        todo.extend(w.children)
    return tuple(sorted(set(found)))


def _modifiers(t) -> list:
    """A compound with its own modifiers ("bulk cargo volumes": bulk modifies cargo)."""
    return [w for c in t.children if c.dep_ in ("compound", "amod") and c.pos_ in ("PROPN", "NOUN", "ADJ")
            for w in _modifiers(c)] + [t] if t.dep_ == "compound" else [t]


def _appositions(t) -> list:
    """Appositions right after the head, with at most punctuation or a negation between ("the lender Castle Mutual",
    "Smith, the coach", "fleas, not rats"): one further away is more often a misparse of a list than a second name
    of the same thing."""
    return [c for c in t.children if c.dep_ == "appos" and c.i > t.i and all(
        w.is_punct or w.dep_ == "neg" for w in t.doc[t.i + 1:c.left_edge.i])]


def _ordinal(t) -> tuple[int, str] | None:
    """The rank a word gives: "second", "2nd"; a superlative with its rank ("third-largest": (3, "third-largest")) or
    without ("largest": (1, "largest")), which is compared only with another superlative's rank."""
    word = t.lower_
    if word in lx.ORDINALS:
        return lx.ORDINALS[word], word
    m = _ORDINAL_NUMBER.match(word)
    if m:
        return int(m.group(1)), word
    whole = hyphenated(t)
    if whole in lx.RANK_WORDS and (whole not in lx.MEDALS or _won(t)):
        return lx.RANK_WORDS[whole], whole
    if t.tag_ == "JJS" and word not in lx.QUANTIFIERS and word != "least":
        rank = next((c for c in t.children if c.dep_ in ("advmod", "amod", "npadvmod") and c.tag_ != "JJS" and _ordinal(c)),
                    None)
        return (lx.ORDINALS.get(rank.lower_, 0) or _ordinal(rank)[0], f"{rank.lower_}-{word}") if rank is not None \
            else (1, word)
    return None


def hyphenated(t) -> str:
    """The word with what the tokenizer cut off before it at a hyphen ("runner - up": "runner-up")."""
    if t.i >= 2 and t.doc[t.i - 1].text == "-" and not t.doc[t.i - 2].whitespace_ and not t.doc[t.i - 1].whitespace_:
        return f"{t.doc[t.i - 2].lower_}-{t.lower_}"
    return t.lower_


def _won(t) -> bool:
    """A medal as what is won ("took silver", "settled for bronze", "steered the team to gold"), not a metal."""
    head = t.head.head if t.dep_ == "pobj" and t.head.lower_ in ("to", "for") else t.head
    return t.dep_ in ("dobj", "pobj") and head.pos_ in ("VERB", "AUX") and (
        t.dep_ == "pobj" or head.lemma_.lower() in lx.MEDAL_VERBS)


def superlative(ordinal: tuple[int, str]) -> bool:
    return ordinal[1] not in lx.ORDINALS and ordinal[1] not in lx.RANK_WORDS and not _ORDINAL_NUMBER.match(ordinal[1])


def ranks_differ(a: tuple[int, str] | None, b: tuple[int, str] | None) -> bool:
    """Two ranks of one thing that disagree; a bare superlative ("largest") only against another superlative."""
    if not a or not b or a[0] == b[0]:
        return False
    if superlative(a) and superlative(b):  # "second-deepest" is no rank of size
        return _scale(a) == _scale(b)
    return not any(superlative(x) and "-" not in x[1] for x in (a, b))


def _scale(rank: tuple[int, str]) -> str:
    word = rank[1].split("-")[-1]
    return lx.SCALES.get(word, word)


def _group(t) -> tuple[Arg, ...]:
    """The argument with its conjuncts and appositions ("Smith and Jones", "the lender, Castle Mutual"); in "by
    fleas, not rats" the negation on the first is the second's ("by a faulty valve, not by sabotage" gives two agents)."""
    neg = next((c for c in t.children if c.dep_ == "neg" or (c.dep_ == "cc" and contrastive(c))), None)
    # "steel rather than timber", "a supplier, not on bad weather": what follows the negation, hung on this word
    denied = [g for c in t.children if neg is not None and ((c.dep_ == "prep" and c.i > neg.i) or c.i == neg.i)
              for g in c.children if g.dep_ == "pobj"]
    others = [*t.conjuncts, *(c for c in _appositions(t) if c.pos_ in ("NOUN", "PROPN")), *denied]
    if neg is None or not any(m.i > neg.i for m in others):
        return tuple(_argument(x) for x in (t, *others))
    return (_argument(t, False if neg.i > t.i else None), *(_argument(m, m.i > neg.i) for m in others))

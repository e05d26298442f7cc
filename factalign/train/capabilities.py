"""Capability edits for house model v4: one parsed sentence -> a hypothesis of known label.

Each function takes a spaCy sentence span and returns the edited text, or None when the edit does
not apply. The label each edit gives is in `capability_pairs.FAMILIES`. Readings of the issue:

- A role swap ("Arsenal beat Chelsea" -> "Chelsea beat Arsenal") is labelled contradiction as the issue
  asks, though for some verbs it is only unsupported; symmetric verbs (meet, marry, ...) are skipped.
- "may"/"might" become "cannot", not "may not": "prices may rise" and "prices may not rise" are both
  true at once, "prices cannot rise" is not.
- Over-generalised quantifiers ("some X" -> "all X", "children under 12" -> "all children") are
  neutral: the premise does not say the rest are excluded; "some X" -> "no X" is contradiction.
"""

from __future__ import annotations

import random
import re
from functools import cache

from spacy.tokens import Span

from factalign.details.find import SMALL, TENS
from factalign.train.perturb import _match_case, _render

SYMMETRIC_VERBS = frozenset({
    "meet", "marry", "play", "draw", "tie", "face", "resemble", "equal", "date", "fight", "battle",
    "debate", "collaborate", "partner", "merge", "join", "accompany", "compete", "encounter", "touch",
    "border", "neighbour", "neighbor", "match", "rival", "share", "divorce", "befriend", "contact", "interview",
})
# verbs whose object is a prize or a thing taken, never an agent ("X won the award", "Y took the cup")
OBJECT_VERBS = frozenset({"win", "receive", "earn", "gain", "get", "take", "obtain", "collect", "claim", "bag"})
# heads of names that are things, not agents, when the small model gives the name no entity type
THING_HEADS = frozenset({"award", "awards", "prize", "cup", "trophy", "medal", "title", "championship", "street",
                         "house", "palace", "building", "tour", "album", "song", "film", "series", "league",
                         "stadium", "park", "bridge", "museum", "hall", "station", "airport", "day", "act",
                         "statue", "character"})
# Converses and antonyms WordNet lacks or ranks low, by lemma (both directions are added). Pairs that
# can both hold of one event (enter/exit, give/receive, import/export, hire/fire) are left out.
_CONVERSES = [
    ("buy", "sell"), ("win", "lose"), ("rise", "fall"), ("increase", "decrease"), ("gain", "lose"),
    ("accept", "reject"), ("raise", "lower"), ("expand", "shrink"), ("approve", "reject"),
    ("allow", "forbid"), ("succeed", "fail"), ("support", "oppose"),
    ("strengthen", "weaken"), ("grow", "shrink"), ("include", "exclude"), ("remember", "forget"),
    ("before", "after"), ("more", "less"), ("above", "below"), ("higher", "lower"), ("larger", "smaller"),
    ("largest", "smallest"), ("highest", "lowest"), ("older", "younger"), ("oldest", "youngest"),
    ("earlier", "later"), ("increase", "decline"), ("rise", "drop"), ("maximum", "minimum"),
]
# "the list excludes X" is not what "the list includes X" denies in prose; light verbs have none
NO_ANTONYM = frozenset({"include", "exclude", "be", "have", "do", "make", "take", "get", "go", "come", "stay",
                        "remain", "let", "arrive", "leave", "begin", "start"})
IDIOM_OBJECTS = frozenset({"life", "lives", "track", "touch", "sight", "temper", "mind", "weight", "heart", "way"})
CONVERSES: dict[str, str] = {}
for _a, _b in _CONVERSES:
    CONVERSES.setdefault(_a, _b)
    CONVERSES.setdefault(_b, _a)
# Plain-English synonyms (entailed both ways in context); WordNet's first-sense synonyms are added
SYNONYMS = {
    "attempt": "try", "purchase": "buy", "approximately": "about", "commence": "begin", "obtain": "get",
    "assist": "help", "numerous": "many", "demonstrate": "show", "construct": "build", "terminate": "end",
    "additional": "extra", "sufficient": "enough", "initial": "first", "reside": "live", "require": "need",
    "utilize": "use", "acquire": "buy", "depart": "leave", "inform": "tell", "establish": "set up",
    "roughly": "about", "nearly": "almost", "large": "big", "start": "begin", "finish": "complete",
    "receive": "get", "select": "choose", "display": "show", "perish": "die", "seek": "look for",
}
MIN_SENSE_COUNT = 3  # a WordNet word rarer than this in SemCor ("unfree", "vanquish") reads oddly
# A WordNet synonym is used only where the word's first sense is its usual one (>= this share of its
# SemCor count, of at least SYNONYM_MIN_COUNT) and the synonym is common: "view" -> "consider" and
# "central" -> "cardinal" are out, "state" -> "say" and "remain" -> "stay" are in.
FIRST_SENSE_SHARE = 0.6
SYNONYM_MIN_COUNT = 10
MODAL_NEGATIONS = {"can": "cannot", "could": "could not", "will": "will not", "would": "would not",
                   "should": "should not", "must": "must not", "may": "cannot", "might": "cannot",
                   "shall": "shall not"}
FINDING_VERBS = frozenset({"find", "show", "observe", "detect", "report", "identify", "discover", "reveal",
                           "see", "record", "note", "document", "confirm"})
QUANTIFIERS = frozenset({"some", "many", "several", "most"})
NOT_RESTRICTIVE = QUANTIFIERS | {"few", "numerous", "other", "such", "more", "fewer", "various"}
TIME_NOUNS = frozenset({"seconds", "minutes", "hours", "days", "weeks", "months", "years", "decades", "times"})
GROUP_NOUNS = frozenset({"people", "children", "adults", "students", "residents", "visitors", "members",
                         "workers", "employees", "patients", "users", "citizens", "players", "voters",
                         "women", "men", "customers", "passengers", "fans", "teachers", "families"})
DETAILS = ("for the first time", "for the second time", "without any help", "despite strong opposition",
           "in secret", "at the request of the government", "after a long delay")


def _inflect(lemma: str, like) -> str | None:
    """`lemma` in the form of token `like` (its Penn tag), via lemminflect."""
    from lemminflect import getInflection

    if like.tag_ in ("JJ", "RB", "IN", "NN", "JJR", "JJS", "RBR", "RBS") or like.pos_ not in ("VERB", "AUX", "NOUN"):
        return lemma
    forms = getInflection(lemma, tag=like.tag_)
    return forms[0] if forms else None


def _replace_word(sent: Span, tok, lemma: str) -> str | None:
    words = lemma.split("_")
    form = _inflect(words[0], tok)
    if form is None:
        return None
    return _render(sent, {tok.i: _match_case(" ".join([form, *words[1:]]), tok.text)})


# -- role swap --------------------------------------------------------------------------------------

def _span_text(tokens) -> tuple[int, int]:
    tokens = list(tokens)
    return tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)


AGENT_ENTITIES = frozenset({"PERSON", "ORG", "GPE", "NORP"})


# bodies that act (WordNet's noun.group also holds "series", "hunt", ...)
ACTING_GROUPS = frozenset({"team", "council", "government", "company", "club", "party", "court", "committee",
                           "board", "police", "union", "parliament", "senate", "congress", "firm", "band", "agency",
                           "ministry", "university", "school", "city", "state", "country", "bank", "group"})


@cache
def _is_person_noun(lemma: str) -> bool:
    from factalign.train.wordnet import wordnet

    if lemma in ACTING_GROUPS:
        return True
    synsets = wordnet().synsets(lemma, pos="n")
    return bool(synsets) and synsets[0].lexname() == "noun.person"


def _agent(tok) -> bool:
    """A person, team, company or country: the kinds of phrase whose roles can swap and still read."""
    if tok.pos_ == "PROPN":  # the small model gives "Arsenal" no entity type
        return tok.ent_type_ in AGENT_ENTITIES or (not tok.ent_type_ and tok.lower_ not in THING_HEADS)
    return tok.pos_ == "NOUN" and tok.tag_ == "NN" and _is_person_noun(tok.lemma_.lower())


def _phrase(tok) -> list | None:
    """The noun phrase of `tok` (its subtree up to the end of its name), or None when modifiers follow
    it ("the leader of the party"): swapping only its head would strand them."""
    end = tok.i
    if tok.ent_type_:
        ent = next((e for e in tok.doc.ents if e.start <= tok.i < e.end), None)
        if ent is not None and not all(t in set(tok.subtree) for t in ent):
            return None  # the parse splits the name ("A Nightmare ... on Elm Street")
        end = ent.end - 1 if ent is not None else end
    if any(c.i > end and c.dep_ in ("prep", "relcl", "acl", "appos", "conj") for c in tok.children):
        return None
    return [t for t in tok.subtree if t.i <= end]  # a score parsed as its modifier ("Chelsea 3-1") stays put


def _object_of(root):
    for child in root.children:
        if child.dep_ == "dobj" or (child.dep_ == "npadvmod" and child.pos_ == "PROPN" and child.i == root.i + 1):
            return child
    for child in root.children:
        if child.dep_ == "agent":
            return next((c for c in child.children if c.dep_ == "pobj"), None)
    return None


def _plural(tok) -> bool:
    return tok.tag_ in ("NNS", "NNPS") or any(c.dep_ == "cc" for c in tok.children)


def swap_roles(sent: Span) -> str | None:
    """Swap a verb's subject and object noun phrases ("A beat B" -> "B beat A"); the agent of a passive
    counts as the object ("X was signed by Y" -> "Y was signed by X"). The main verb first, then the
    verbs of clauses it governs ("said that A beat B")."""
    verbs = [sent.root, *(t for t in sent if t.dep_ in ("ccomp", "conj", "advcl") and t.head == sent.root)]
    return next((edited for verb in verbs if (edited := _swap_roles_of(sent, verb))), None)


def _swap_roles_of(sent: Span, root) -> str | None:
    if root.pos_ != "VERB" or root.lemma_.lower() in SYMMETRIC_VERBS | OBJECT_VERBS:
        return None
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    obj = _object_of(root)
    if subject is None or obj is None or not (_agent(subject) and _agent(obj)):
        return None
    if (subject.dep_ == "nsubjpass") != (obj.dep_ == "pobj"):
        return None
    first, second = (subject, obj) if subject.i < obj.i else (obj, subject)
    first_phrase, second_phrase = _phrase(first), _phrase(second)
    if not first_phrase or not second_phrase:
        return None
    a, b = _span_text(first_phrase), _span_text(second_phrase)
    if not first_phrase[-1].i < root.i < second_phrase[0].i or \
            any(t.pos_ in ("VERB", "AUX") for t in [*first_phrase, *second_phrase]):
        return None  # phrases on both sides of the verb, without clauses inside them
    present = [t for t in (root, *root.children) if t.tag_ in ("VBZ", "VBP") and (t == root or t.dep_ in ("aux", "auxpass"))]
    if present and _plural(subject) != _plural(obj):
        return None  # "Canadians is asking ..." after the swap
    text, offset = sent.doc.text, sent.start_char
    left, right = text[a[0]:a[1]], text[b[0]:b[1]]
    if left.lower() == right.lower():
        return None
    if first_phrase[0].i == sent.start:
        if first_phrase[0].pos_ != "PROPN":
            left = left[:1].lower() + left[1:]
        right = right[:1].upper() + right[1:]
    body = sent.text
    a0, a1, b0, b1 = (x - offset for x in (*a, *b))
    return body[:a0] + right + body[a1:b0] + left + body[b1:]


# -- antonyms and converses ---------------------------------------------------------------------------

_WN_POS = {"VERB": "v", "ADJ": "a", "ADV": "r"}


def _common(lemma) -> bool:
    return lemma.count() >= MIN_SENSE_COUNT and "_" not in lemma.name() and lemma.name().isalpha()


@cache
def wordnet_antonym(lemma: str, pos: str) -> str | None:
    """The antonym of `lemma` in its first WordNet sense (single words only)."""
    from factalign.train.wordnet import wordnet

    for synset in wordnet().synsets(lemma, pos=pos)[:1]:
        for name in synset.lemma_names():
            if name.lower() != lemma:
                continue
            for lem in synset.lemmas():
                if lem.name().lower() == lemma:
                    for antonym in lem.antonyms():
                        if _common(antonym):
                            return antonym.name()
    return None


def _antonym_of(tok) -> str | None:
    lemma = tok.lemma_.lower()
    if lemma in NO_ANTONYM:
        return None
    if lemma in CONVERSES:
        return CONVERSES[lemma]
    if tok.lower_ in CONVERSES:
        return CONVERSES[tok.lower_]
    pos = _WN_POS.get(tok.pos_)
    return wordnet_antonym(lemma, pos) if pos and lemma.isalpha() else None


def swap_antonym(sent: Span) -> str | None:
    """The main verb, its predicate adjective, or a comparison word (before/after, more/less, ...)
    replaced by its converse or WordNet antonym, inflected like the original ("rose" -> "fell")."""
    root = sent.root
    has_subject = any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in root.children)
    candidates = [root] if root.pos_ == "VERB" and has_subject else []  # not an imperative ("Let me ...")
    candidates += [c for c in root.children if c.dep_ in ("acomp", "attr", "oprd") and c.pos_ == "ADJ"]
    candidates += [t for t in sent if t.lower_ in CONVERSES and t.pos_ in ("ADP", "ADJ", "ADV", "SCONJ")]
    for tok in candidates:
        if any(c.dep_ == "neg" for c in tok.children) or tok.lemma_.lower() in ("be", "have"):
            continue
        if any(c.dep_ == "dobj" and c.lemma_.lower() in IDIOM_OBJECTS for c in tok.children):
            continue  # "lost their lives" -> "won their lives"
        following = sent.doc[tok.i + 1] if tok.i + 1 < sent.end else None
        if following is not None and (following.lower_ in ("all", "long") or
                                      (tok.lower_ in ("before", "after") and following.like_num)):
            continue  # idioms ("after all", "before long") and durations ("after 300 years")
        antonym = _antonym_of(tok)
        if antonym:
            if antonym == "less" and tok.head.tag_ == "NNS" and tok.dep_ == "amod":
                antonym = "fewer"  # "more bouts" -> "fewer bouts"
            edited = _replace_word(sent, tok, antonym) if tok.pos_ in ("VERB", "AUX") else \
                _render(sent, {tok.i: _match_case(antonym, tok.text)})
            if edited and edited != sent.text:
                return edited
    return None


# -- negation of a modal and of a finding ---------------------------------------------------------------

def negate_modal(sent: Span) -> str | None:
    """"can" -> "cannot", "will" -> "will not", "may" -> "cannot" on the main verb."""
    root = sent.root
    if any(c.dep_ == "neg" for c in root.children):
        return None
    for aux in root.children:
        if aux.dep_ == "aux" and aux.tag_ == "MD" and aux.lower_ in MODAL_NEGATIONS and aux.i > sent.start:
            return _render(sent, {aux.i: _match_case(MODAL_NEGATIONS[aux.lower_], aux.text)})
    return None


def negate_finding(sent: Span) -> str | None:
    """"found a link" -> "found no link"; any other past-tense main verb with an object -> "never V"."""
    root = sent.root
    if root.pos_ != "VERB" or any(c.dep_ in ("neg", "aux", "auxpass") for c in root.children):
        return None
    obj = next((c for c in root.children if c.dep_ == "dobj"), None)
    if obj is None or root.i == sent.start:
        return None
    if any(t.lower_ in QUANTIFIERS | {"few", "all", "every", "each", "both", "no", "none"}
           for t in sent[: root.i - sent.start]):
        return None  # "some residents never opposed it" does not contradict "some residents opposed it"
    if root.lemma_.lower() in FINDING_VERBS and obj.pos_ == "NOUN":
        det = next((c for c in obj.children if c.dep_ == "det"), None)
        if det is None:
            first = next(obj.subtree)
            if first.tag_ in ("CD", "PRP$", "POS") or first.dep_ == "poss":
                return None
            return _render(sent, {first.i: "no " + first.text})
        if det.lower_ in ("a", "an", "some", "any"):
            return _render(sent, {det.i: "no"})
        return None
    if root.tag_ == "VBD":
        return _render(sent, {root.i: "never " + root.text})
    return None


# -- quantifier and scope --------------------------------------------------------------------------------

def generalise_quantifier(sent: Span) -> str | None:
    """"some/many/several/most X" -> "all X" (neutral)."""
    for tok in sent:
        if tok.lower_ in QUANTIFIERS and tok.dep_ in ("det", "amod") and tok.head.tag_ == "NNS" \
                and tok.head.lower_ not in TIME_NOUNS:  # "for some weeks" -> "for all weeks" is nonsense
            if tok.i + 1 < sent.end and sent.doc[tok.i + 1].lower_ == "of":
                return None  # "most of the ..." -> "all of the ..." reads fine but is rare; keep it simple
            return _render(sent, {tok.i: _match_case("all", tok.text)})
    return None


def some_to_no(sent: Span) -> str | None:
    """"some X" -> "no X" (contradiction)."""
    for tok in sent:
        if tok.lower_ == "some" and tok.dep_ == "det" and tok.head.pos_ == "NOUN":
            return _render(sent, {tok.i: _match_case("no", tok.text)})
    return None


def all_to_some(sent: Span) -> str | None:
    """"all X" -> "some X" (entailed: an entailed control of the quantifier family)."""
    for tok in sent:
        if tok.lower_ == "all" and tok.dep_ in ("det", "predet") and tok.head.tag_ == "NNS":
            return _render(sent, {tok.i: _match_case("some", tok.text)})
    return None


def _restrictive_modifiers(noun) -> list:
    mods = []
    for child in noun.children:
        if child.dep_ == "prep" and child.i > noun.i and child.lower_ not in ("of", "'s"):
            mods.append(child)
        elif child.dep_ == "amod" and child.i < noun.i and child.pos_ == "ADJ" and child.lower_ not in NOT_RESTRICTIVE:
            mods.append(child)
        elif child.dep_ == "relcl" and noun.doc[next(child.subtree).i - 1].text != ",":
            mods.append(child)
    return mods


def widen_scope(sent: Span, rng: random.Random) -> str | None:
    """Drop a restrictive modifier of a plural group and add "all" ("children under 12" -> "all children"),
    or, for people in a prepositional object, say "everyone" (neutral)."""
    for noun in sent:
        if noun.tag_ != "NNS" or noun.dep_ not in ("nsubj", "dobj", "pobj"):
            continue
        if noun.lower_ not in GROUP_NOUNS and not _is_person_noun(noun.lemma_.lower()):
            continue
        if any(c.dep_ in ("det", "nummod", "poss", "predet") or c.lower_ in NOT_RESTRICTIVE for c in noun.children):
            continue
        mods = _restrictive_modifiers(noun)
        if not mods:
            continue
        drop = {t.i for m in mods for t in m.subtree}
        if noun.dep_ == "pobj" and noun.lower_ in GROUP_NOUNS and rng.random() < 0.5:
            phrase = [t.i for t in noun.subtree]
            return _render(sent, {phrase[0]: "everyone"}, frozenset(phrase[1:]))
        start = min([noun.i, *(t.i for t in noun.subtree if t.i not in drop)])
        first = sent.doc[start]
        word = "All" if start == sent.start else "all"
        return _render(sent, {start: f"{word} {first.text if first.pos_ == 'PROPN' else first.lower_}"},
                       frozenset(drop))
    return None


# -- numbers, dates and units ----------------------------------------------------------------------------

NUMBER_WORDS = {**SMALL, **TENS, "hundred": 100}  # the detail check's number words, with "zero", "one", "hundred"
DIGIT_WORDS = {n: w for w, n in NUMBER_WORDS.items() if n != 100 and n > 1}
SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
MONTHS = ("January February March April May June July August September October November December").split()
APPROX = ("about", "around", "approximately", "roughly", "nearly", "almost", "some")


def _value(tok) -> float | None:
    text = tok.text.replace(",", "")
    if re.fullmatch(r"\d+(\.\d+)?", text):
        return float(text)
    return NUMBER_WORDS.get(tok.lower_)


def _format(value: float) -> str:
    return f"{int(value):,}" if value == int(value) else f"{value:,.1f}"


def _counts(sent: Span):
    """Cardinal numbers that count or measure something (not years, dates, times or ordinals)."""
    for tok in sent:
        if tok.tag_ == "CD" and tok.ent_type_ not in ("DATE", "TIME", "ORDINAL") and _value(tok) is not None:
            if tok.i + 1 < sent.end and sent.doc[tok.i + 1].text in ("-", "/", ":", "%"):
                continue
            if tok.i > sent.start and sent.doc[tok.i - 1].text in ("-", "/", "–"):
                continue  # the end of a range ("55-60kg")
            yield tok


def number_words(sent: Span) -> str | None:
    """"fifteen" <-> "15" (entailed)."""
    for tok in _counts(sent):
        value = _value(tok)
        if tok.ent_type_ in ("MONEY", "PERCENT") or (tok.i > sent.start and sent.doc[tok.i - 1].is_currency):
            continue  # "$80" -> "$eighty"
        if tok.lower_ in NUMBER_WORDS and tok.lower_ != "hundred" and value > 1:
            return _render(sent, {tok.i: str(int(value))})
        after = sent.doc[tok.i + 1] if tok.i + 1 < sent.end else None
        if tok.text.isdigit() and int(tok.text) in DIGIT_WORDS and (after is None or after.pos_ != "PROPN"):
            return _render(sent, {tok.i: _match_case(DIGIT_WORDS[int(tok.text)], tok.text)})
    return None


def _scaled(sent: Span):
    """(number token, scale token) for "2.4 billion"-style amounts."""
    for tok in sent:
        if tok.lower_ in SCALES and tok.i > sent.start:
            number = sent.doc[tok.i - 1]
            if number.tag_ == "CD" and re.fullmatch(r"\d+(\.\d+)?", number.text.replace(",", "")):
                return number, tok
    return None


def spell_out_scale(sent: Span) -> str | None:
    """"2.4 billion" -> "2,400,000,000" (entailed)."""
    found = _scaled(sent)
    if not found:
        return None
    number, scale = found
    value = float(number.text.replace(",", "")) * SCALES[scale.lower_]
    if value != int(value):
        return None
    return _render(sent, {number.i: f"{int(value):,}"}, frozenset({scale.i}))


def swap_scale(sent: Span) -> str | None:
    """"million" <-> "billion", "thousand" -> "million" (contradiction)."""
    found = _scaled(sent)
    if not found:
        return None
    _, scale = found
    new = {"thousand": "million", "million": "billion", "billion": "million", "trillion": "billion"}[scale.lower_]
    return _render(sent, {scale.i: _match_case(new, scale.text)})


def change_date(sent: Span, rng: random.Random) -> str | None:
    """Another month, or another day of the month, in a date (contradiction)."""
    for tok in sent:
        if tok.ent_type_ != "DATE":
            continue
        if tok.text in MONTHS:
            day = next((t for t in (sent.doc[tok.i + 1] if tok.i + 1 < sent.end else None,)
                        if t is not None and t.text.isdigit() and 1 <= int(t.text) <= 31), None)
            if day is not None and rng.random() < 0.5:
                new_day = rng.choice([d for d in range(1, 29) if d != int(day.text)])
                return _render(sent, {day.i: str(new_day)})
            return _render(sent, {tok.i: rng.choice([m for m in MONTHS if m != tok.text])})
    return None


def change_approximate(sent: Span, rng: random.Random) -> str | None:
    """"about 35,000" -> "around 50,000": another hedge word and a number at least 40% away (contradiction)."""
    for tok in _counts(sent):
        hedge = sent.doc[tok.i - 1] if tok.i > sent.start else None
        if hedge is None or hedge.lower_ not in APPROX or not tok.text.replace(",", "").isdigit():
            continue
        value = int(tok.text.replace(",", ""))
        if value < 10:
            continue
        factor = rng.choice([0.4, 0.5, 1.5, 1.7, 2.0])
        digits = len(str(value)) - 2
        new = round(value * factor, -max(digits, 0))
        if new == value or new <= 0:
            continue
        word = rng.choice([w for w in APPROX[:4] if w != hedge.lower_])
        return _render(sent, {hedge.i: _match_case(word, hedge.text), tok.i: _format(new)})
    return None


def bound_number(sent: Span, rng: random.Random, looser: bool) -> str | None:
    """An exact count N stated as a bound: looser=True -> "more than M" (M < N, entailed),
    looser=False -> "more than M" (M > N, contradiction); "more than N" already in the premise is
    moved down (entailed) or up (neutral: the premise does not say how many more)."""
    for tok in _counts(sent):
        value = _value(tok)
        if value is None or value < 5 or not tok.text.replace(",", "").isdigit() or tok.head.pos_ != "NOUN" \
                or tok.head.i < tok.i:
            continue  # a count before its noun, not a label after it ("chromosome 21")
        prev = sent.doc[tok.i - 1] if tok.i > sent.start else None
        if prev is not None and prev.lower_ in APPROX:
            continue
        step = max(1, int(value * rng.choice([0.2, 0.3, 0.5])))
        smaller, larger = _format(value - step), _format(value + step)
        bounded = prev is not None and prev.lower_ == "than" and tok.i - 2 >= sent.start \
            and sent.doc[tok.i - 2].lower_ == "more"
        if bounded:
            return _render(sent, {tok.i: smaller if looser else larger})
        if prev is not None and prev.dep_ in ("advmod", "quantmod"):
            continue  # "at least", "up to", ...
        return _render(sent, {tok.i: "more than " + (smaller if looser else larger)})
    return None


# -- entity from another document, synonyms, added detail --------------------------------------------------

def foreign_entity(sent: Span, pool: list[tuple[str, str]], premise: str, rng: random.Random) -> str | None:
    """A named entity replaced by one of the same spaCy type from `pool` (another document's) that the
    premise never mentions."""
    from factalign.train.perturb import swap_entity

    names = [(re.sub(r"^(?i:the) |'s$", "", t), label) for t, label in pool]  # not "the the NHL", "York's's"
    return swap_entity(sent, [(t, label) for t, label in names
                              if t.lower() not in premise.lower() and not _common_word(t)], rng)


@cache
def _common_word(text: str) -> bool:
    """A one-word "entity" that WordNet knows in lower case ("Time"; "Paris" is listed capitalised)."""
    from factalign.train.wordnet import wordnet

    wn = wordnet()
    word = text.lower()
    base = wn.morphy(word) or word
    return " " not in text and any(base in s.lemma_names() for s in wn.synsets(word))


@cache
def wordnet_synonym(lemma: str, pos: str) -> str | None:
    """A single-word synonym from `lemma`'s first WordNet sense whose own first sense is the same one."""
    from factalign.train.wordnet import wordnet

    wn = wordnet()
    synsets = wn.synsets(lemma, pos=pos)
    counts = [sum(lem.count() for lem in s.lemmas() if lem.name().lower() == lemma) for s in synsets]
    if not synsets or sum(counts) < SYNONYM_MIN_COUNT or counts[0] < FIRST_SENSE_SHARE * sum(counts):
        return None
    first = synsets[0]
    for candidate in first.lemmas():
        name = candidate.name()
        if name.lower() == lemma or not _common(candidate) or candidate.count() < SYNONYM_MIN_COUNT:
            continue
        own = wn.synsets(name, pos=pos)
        if own and own[0] == first:
            return name.lower()
    return None


def paraphrase(sent: Span) -> str | None:
    """Words replaced by plain synonyms (the curated list, then WordNet's first sense for the main verb
    or a predicate adjective), inflected like the originals (entailed)."""
    replace = {}
    for tok in sent:
        word = SYNONYMS.get(tok.lemma_.lower()) if tok.pos_ in ("VERB", "ADJ", "ADV") else None
        if word and " " in word and (tok.pos_ != "VERB" or tok.dep_ == "amod"):
            word = None  # "an established relationship" cannot take "set up"
        if word:
            form = _inflect(word.split()[0], tok) if tok.pos_ == "VERB" else word
            if form:
                replace[tok.i] = _match_case(" ".join([form, *word.split()[1:]]), tok.text)
    root = sent.root
    for tok in [root, *(c for c in root.children if c.dep_ == "acomp")]:
        pos = _WN_POS.get(tok.pos_)
        if tok.i in replace or not pos or tok.lemma_.lower() in ("be", "have", "do"):
            continue
        synonym = wordnet_synonym(tok.lemma_.lower(), pos)
        form = synonym and (_inflect(synonym, tok) if pos == "v" else synonym)
        if form:
            replace[tok.i] = _match_case(form, tok.text)
    return _render(sent, replace) if replace else None


def _prepositional_detail(other: Span) -> str | None:
    """A time or place phrase ("in 2004", "in Geneva") of another sentence."""
    for tok in other:
        if tok.dep_ == "prep" and tok.lower_ in ("in", "on", "at", "during") and tok.head == other.root:
            obj = next((c for c in tok.children if c.dep_ == "pobj"), None)
            if obj is not None and obj.ent_type_ in ("DATE", "GPE", "LOC", "FAC", "TIME"):
                return " ".join(t.text for t in tok.subtree).lower() if tok.i == other.start else \
                " ".join(t.text for t in tok.subtree)
    return None


def _adjective_detail(sent: Span, other: Span) -> str | None:
    adjectives = [t for t in other if t.dep_ == "amod" and t.pos_ == "ADJ" and t.tag_ == "JJ" and t.lower_.isalpha()]
    nouns = [t for t in sent if t.pos_ == "NOUN" and t.dep_ in ("dobj", "pobj", "nsubj")
             and not any(c.dep_ in ("amod", "compound", "nummod") for c in t.children)
             and any(c.dep_ == "det" for c in t.children)]
    if not adjectives or not nouns:
        return None
    noun, adjective = nouns[0], adjectives[0]
    word = adjective.text if adjective.text[:1].isupper() and adjective.i != other.start else adjective.lower_
    det = next(c for c in noun.children if c.dep_ == "det")
    replace = {noun.i: f"{word} {noun.text}"}
    if det.lower_ in ("a", "an"):
        replace[det.i] = _match_case("an" if word[0] in "aeiou" else "a", det.text)
    return _render(sent, replace)


def add_detail(sent: Span, other: Span, rng: random.Random) -> str | None:
    """The sentence with a detail the premise does not state: a time/place phrase or an adjective taken
    from another document's sentence, or a phrase such as "for the first time" (neutral)."""
    choice = rng.random()
    if choice < 0.4:
        edited = _adjective_detail(sent, other)
        if edited:
            return edited
    detail = _prepositional_detail(other) if choice < 0.8 else None
    detail = detail or rng.choice(DETAILS)
    if detail.lower() in sent.text.lower() or not sent.text.endswith("."):
        return None
    return f"{sent.text[:-1].rstrip()} {detail}."

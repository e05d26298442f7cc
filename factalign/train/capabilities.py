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

from functools import cache

from spacy.tokens import Span

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
MIN_SENSE_COUNT = 3  # a WordNet word rarer than this in SemCor ("unfree", "vanquish") reads oddly
MODAL_NEGATIONS = {"can": "cannot", "could": "could not", "will": "will not", "would": "would not",
                   "should": "should not", "must": "must not", "may": "cannot", "might": "cannot",
                   "shall": "shall not"}
FINDING_VERBS = frozenset({"find", "show", "observe", "detect", "report", "identify", "discover", "reveal",
                           "see", "record", "note", "document", "confirm"})
QUANTIFIERS = frozenset({"some", "many", "several", "most"})


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
    from factalign.text.wordnet import wordnet

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
    from factalign.text.wordnet import wordnet

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

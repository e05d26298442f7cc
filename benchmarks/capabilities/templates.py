"""One template per capability: from a parsed sentence, the edit that makes the test hypothesis.

Each template returns an Edit or None when it does not apply. The suite renders two hypotheses from
the same shortened sentence (`shorten`, an entailed deletion), so that they differ only by the edit:
the test (the edit applied: contradiction, or neutral for `added_detail`, or entailment for
`paraphrase`) and its control (entailed: the shortened sentence, or, where the template has one, the
same sentence with a meaning-keeping respelling of the edited words, e.g. 3 -> three for `number`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from capabilities import lexicon
from capabilities.render import Op, article_op, lower_first, match_case
from factalign.details.roles import SYMMETRIC  # verbs whose subject and object can trade places: no role swap

# words that turn the entailment direction of deletions and additions around
DOWNWARD = frozenset("""no not n't never none nobody nothing neither nor without only few all every each if unless
fail fails failed deny denies denied refuse refused lack lacks lacked hardly barely rarely seldom doubt""".split())
HEDGES = frozenset("""reportedly allegedly possibly probably perhaps maybe apparently supposedly seemingly likely
presumably""".split())
# verb + preposition pairs whose phrase completes the verb ("looking at laptops" is not "looking")
BOUND_PREPS = frozenset({(v, "at") for v in ("look", "stare", "point", "gaze", "glance", "aim", "laugh", "smile", "shout",
                                            "yell", "bark", "wave", "arrive")} | {("look", "into"), ("turn", "into")})
ADJUNCT_PREPS = frozenset("""in on at during near after before since across throughout within inside outside along
around behind beside under over through into onto""".split())
TIMES = frozenset({"time", "year", "day", "week", "month", "hour", "minute", "decade", "century"})
MODAL_NEGATIONS = {"can": "cannot", "could": "could not", "will": "will not", "would": "would not", "must": "must not",
                   "should": "should not", "shall": "shall not", "may": "cannot", "might": "cannot"}
CONTRACTED = {"ca": "can", "wo": "will", "sha": "shall"}
DO_SUPPORT = {"VBD": "did", "VBZ": "does", "VBP": "do"}
ENTITY_TYPES = frozenset({"PERSON", "ORG", "GPE", "NORP", "LOC", "FAC", "EVENT", "WORK_OF_ART", "PRODUCT"})
NAME_SUFFIXES = frozenset({"Jr.", "Sr.", "II", "III", "IV", "Jr", "Sr"})
_YEAR = re.compile(r"^(1[5-9]|20)\d\d$")
_NUMBER = re.compile(r"^\d{1,3}(,\d{3})+(\.\d+)?$|^\d+(\.\d+)?$")


@dataclass
class Edit:
    ops: list[Op]
    detail: str
    protect: set[int] = field(default_factory=set)
    control_ops: list[Op] | None = None  # a meaning-keeping variant for the control; None: the shortened sentence
    control: str = "shortened"
    kind: str = ""  # a sub-kind of the capability, for breakdowns (number: date, unit, number)


@dataclass
class Context:
    """What templates draw on beyond the sentence: seeded choices, entity pools, lexicons."""

    rng: object
    entities: dict[tuple[str, bool], list[str]] = field(default_factory=dict)
    antonyms: lexicon.Antonyms | None = None


def span_of(token):
    return token.doc[token.left_edge.i:token.right_edge.i + 1]


def root_of(doc):
    return next((t for t in doc if t.dep_ == "ROOT"), None)


def downward(doc, ignore: frozenset[int] = frozenset()) -> bool:
    """Whether a deletion or addition could stop being entailed (negation, universal, condition)."""
    return any(t.lower_ in DOWNWARD or t.dep_ == "neg" for t in doc if t.i not in ignore)


def final_period(doc) -> int | None:
    return len(doc) - 1 if len(doc) > 1 and doc[-1].text == "." else None


# --- the entailed shortening shared by test and control -------------------------------------------------

def shortenings(doc) -> list[tuple[int, int]]:
    """Token ranges whose deletion keeps the sentence entailed: parentheses, non-restrictive appositives
    and relative clauses, and (outside downward contexts) a leading adjunct before a comma or a trailing
    adjunct prepositional phrase or participle clause of the main verb."""
    found = []
    for t in doc:
        if t.text == "(":
            close = next((u.i for u in doc[t.i:] if u.text == ")"), None)
            if close is not None:
                found.append((t.i, close + 1))
        if t.dep_ in ("appos", "relcl") and t.left_edge.i > 0 and doc[t.left_edge.i - 1].text == "," and not any(
                u.dep_ == "cc" for u in span_of(t)):  # a list misread as an apposition
            after = t.right_edge.i + 1
            if after < len(doc) and doc[after].text == ",":
                found.append((t.left_edge.i - 1, after + 1 if after + 1 < len(doc) and doc[after + 1].text != "." else after))
            elif after == final_period(doc):
                found.append((t.left_edge.i - 1, after))
    root = root_of(doc)
    end = final_period(doc)
    if root is None or downward(doc) or end is None:
        return _whole_entities(doc, found)
    for child in root.children:
        span = span_of(child)
        words = {w.lower_ for w in span}
        if words & HEDGES or "according" in words or words & {"if", "unless", "whether", "once"}:
            continue
        if span.start == 0 and span.end < root.i and doc[span.end].text == "," and child.dep_ in (
                "prep", "advmod", "npadvmod", "advcl"):
            found.append((0, span.end + 1))
        elif min(span.end, end) == end and root.pos_ == "VERB" and child.i > root.i:  # the period may hang on a conjunct
            if child.dep_ == "prep" and child.lower_ in ADJUNCT_PREPS and (root.lemma_, child.lower_) not in BOUND_PREPS:
                found.append((span.start, end))
            elif child.dep_ == "advcl" and child.tag_ == "VBG" and doc[span.start - 1].text == ",":
                found.append((span.start - 1, end))
            elif child.dep_ == "conj" and doc[span.start - 1].dep_ == "cc":  # "... and the rest": A and B entails A
                start = span.start - 1
                found.append((start - 1 if doc[start - 1].text == "," else start, end))
        if child.dep_ == "advmod" and child.lower_ in ("also", "additionally", "moreover", "furthermore") and child.i:
            found.append((child.i, child.i + 1))
    return _whole_entities(doc, found)


def _whole_entities(doc, ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ranges that cut no named entity in two ("A Night at the Opera")."""
    return [(s, e) for s, e in ranges if not any(s < ent.end and ent.start < e and not (s <= ent.start and ent.end <= e)
                                                  for ent in doc.ents)]


def shorten(doc, protect: set[int], rng) -> list[Op]:
    """One seeded deletion that touches no protected token (none when there is none)."""
    options = [(s, e) for s, e in shortenings(doc) if not protect & set(range(s, e))]
    if not options:
        return []
    start, end = options[rng.randrange(len(options))]
    return [(start, end, "")]


# --- the templates ----------------------------------------------------------------------------------------

def role_swap(doc, ctx: Context) -> Edit | None:
    """The main verb's subject and direct object trade places: "Arsenal beat Chelsea" -> "Chelsea beat Arsenal"."""
    verb = root_of(doc)
    if verb is None or verb.pos_ != "VERB" or verb.lemma_.lower() in SYMMETRIC:
        return None
    children = {}
    for child in verb.children:
        children.setdefault(child.dep_, child)
    if "dobj" not in children and "npadvmod" in children and children["npadvmod"].pos_ == "PROPN":
        children["dobj"] = children["npadvmod"]  # "Arsenal beat Chelsea 3-1": the parser's reading of a score
    if "auxpass" in children or "nsubj" not in children or "dobj" not in children or "prt" in children:
        return None
    subject, obj = _argument(children["nsubj"]), _argument(children["dobj"])
    for head, span in ((children["nsubj"], subject), (children["dobj"], obj)):
        if head.pos_ not in ("NOUN", "PROPN") or len(span) > 6 or any(
                t.pos_ in ("PRON", "PUNCT", "VERB", "NUM") or t.lower_ in DOWNWARD for t in span):
            return None
    if not subject.end <= verb.i < obj.start or subject.text.lower() == obj.text.lower():
        return None
    agrees = verb.tag_ in ("VBD", "MD") and not any(
        c.dep_ == "aux" and c.lower_ in ("is", "are", "has", "have", "was", "were", "does", "do") for c in verb.children)
    if not agrees and (children["nsubj"].tag_ in ("NNS", "NNPS")) != (children["dobj"].tag_ in ("NNS", "NNPS")):
        return None
    at_start = subject.start == 0
    new_subject = obj.text[:1].upper() + obj.text[1:] if at_start else obj.text
    new_object = lower_first(subject) if at_start else subject.text
    return Edit([(subject.start, subject.end, new_subject), (obj.start, obj.end, new_object)],
                f"{subject.text} <-> {obj.text}", set(range(subject.start, obj.end)))


def _argument(head):
    """A noun phrase, or the name a proper noun belongs to (the parser may hang a score on it: "Chelsea 3-1")."""
    if head.pos_ == "PROPN" and head.ent_type_:
        return next(e for e in head.doc.ents if e.start <= head.i < e.end)
    return span_of(head)


def antonym(doc, ctx: Context) -> Edit | None:
    """The main verb, an adjective, a comparative or a preposition becomes its opposite (rose -> fell)."""
    if downward(doc):
        return None
    converses, options = lexicon.verb_converses(), []
    for t in doc:
        if t.pos_ == "VERB" and t.dep_ in ("ROOT", "conj") and t.lower_ in converses and not any(
                c.dep_ == "prt" for c in t.children):
            options.append((t, converses[t.lower_]))
        elif t.lower_ in lexicon.OPPOSITES and (t.pos_ in ("ADJ", "ADV", "ADP", "SCONJ") or t.lower_ in (
                "increase", "decrease")) and t.head.lemma_ != "name":
            options.append((t, lexicon.OPPOSITES[t.lower_]))
        elif t.tag_ == "JJ" and t.dep_ in ("acomp", "amod") and ctx.antonyms is not None and not any(
                c.dep_ in ("npadvmod", "nummod") for c in t.children):
            opposite = ctx.antonyms.adjective(t.text)
            if opposite:
                options.append((t, opposite))
    if not options:
        return None
    token, word = options[ctx.rng.randrange(len(options))]
    return Edit([*article_op(doc, token.i, word), (token.i, token.i + 1, match_case(word, token.text))],
                f"{token.text} -> {word}", {token.i, token.head.i, token.i - 1})


def negation(doc, ctx: Context) -> Edit | None:
    """The finding or its modal is negated ("caused" -> "did not cause", "can" -> "cannot"), or a stated
    negation is taken away ("did not observe" -> "did observe", "no evidence" -> "evidence")."""
    root = root_of(doc)
    if root is None or root.pos_ not in ("VERB", "AUX"):
        return None
    children = list(root.children)
    negations = [c for c in children if c.dep_ == "neg"] + [
        c for c in children if c.dep_ in ("dobj", "nsubj", "attr") for d in c.children if d.lower_ == "no" and d.dep_ == "det"]
    if negations:
        target = negations[0]
        if target.dep_ != "neg":
            target = next(d for d in target.children if d.lower_ == "no")
        if downward(doc, frozenset({target.i})):
            return None
        ops = [(target.i, target.i + 1, "")]
        before = doc[target.i - 1] if target.i else None
        if before is not None and before.lower_ in CONTRACTED:
            ops = [(before.i, target.i + 1, match_case(CONTRACTED[before.lower_], before.text))]
        control = _contraction(doc, target)
        return Edit(ops, f"removed '{target.text}'", {target.i, root.i, target.i - 1}, control,
                    "respelled" if control else "shortened", "removed")
    auxiliaries = [c for c in children if c.dep_ in ("aux", "auxpass") and c.i < root.i]
    if downward(doc) or any(c.tag_ == "MD" for c in auxiliaries):  # modals: their own capability
        return None
    if auxiliaries:
        first = auxiliaries[0]
        return Edit([(first.i + 1, first.i + 1, "not")], f"{first.text} -> {first.text} not", {first.i, root.i}, kind="added")
    if root.pos_ == "AUX" and root.lemma_ == "be":
        return Edit([(root.i + 1, root.i + 1, "not")], f"{root.text} -> {root.text} not", {root.i}, kind="added")
    if root.tag_ in DO_SUPPORT and root.pos_ == "VERB" and root.lemma_.isalpha():
        words = f"{DO_SUPPORT[root.tag_]} not {root.lemma_.lower()}"
        return Edit([(root.i, root.i + 1, match_case(words, root.text))], f"{root.text} -> {words}", {root.i}, kind="added")
    return None


def modal(doc, ctx: Context) -> Edit | None:
    """The modal of the main verb is negated: "can" -> "cannot", "will" -> "will not", "may" -> "cannot"."""
    root = root_of(doc)
    if root is None or downward(doc):
        return None
    found = next((c for c in root.children if c.dep_ == "aux" and c.tag_ == "MD" and c.lower_ in MODAL_NEGATIONS), None)
    if found is None:
        return None
    word = MODAL_NEGATIONS[found.lower_]
    return Edit([(found.i, found.i + 1, match_case(word, found.text))], f"{found.text} -> {word}", {found.i, root.i})


def _contraction(doc, negation) -> list[Op] | None:
    """The same negation contracted or spelled out: "did not" <-> "didn't", "cannot" <-> "can't"."""
    before = doc[negation.i - 1] if negation.i else None
    if before is None or negation.lower_ not in ("not", "n't") or before.whitespace_ and negation.lower_ == "n't":
        return None
    if negation.lower_ == "n't":
        full = {"ca": "cannot", "wo": "will not", "sha": "shall not"}.get(before.lower_, f"{before.text} not")
        return [(before.i, negation.i + 1, match_case(full, before.text))]
    short = {"can": "can't", "will": "won't", "shall": "shan't"}.get(before.lower_, f"{before.text}n't")
    if before.lower_ not in ("can", "will", "shall", "do", "does", "did", "is", "are", "was", "were", "has", "have",
                             "had", "could", "would", "should", "must"):
        return None
    return [(before.i, negation.i + 1, match_case(short, before.text))]


def quantifier(doc, ctx: Context) -> Edit | None:
    """A quantifier or its scope is over-generalised: "some" -> "all", "often" -> "always",
    "children under 12" -> "everyone"."""
    if downward(doc):
        return None
    options = []
    for t in doc:
        word = lexicon.QUANTIFIERS.get(t.lower_)
        nxt = doc[t.i + 1] if t.i + 1 < len(doc) else None
        if word and t.pos_ == "ADV" and t.dep_ == "advmod" and t.head.pos_ in ("VERB", "AUX"):
            options.append(([(t.i, t.i + 1, match_case(word, t.text))], f"{t.text} -> {word}", {t.i}))
        elif word and t.pos_ != "ADV" and t.dep_ in ("det", "amod", "nsubj", "dobj") and nxt is not None and (
                nxt.pos_ in ("NOUN", "ADJ") or nxt.lower_ == "of") and not (t.i and doc[t.i - 1].lower_ == "the") and (
                t.head.lemma_ not in TIMES):  # "several times a year" -> "all times a year" says nothing
            options.append(([(t.i, t.i + 1, match_case(word, t.text))], f"{t.text} -> {word}", {t.i, t.head.i}))
        elif t.lower_ in lexicon.PEOPLE and t.tag_ == "NNS" and (t.dep_ in ("dobj", "nsubj") or t.dep_ == "pobj" and t.head.lower_ in (
                "for", "to", "among", "by", "from", "with", "on", "in")):
            swap = _everyone(doc, t)
            if swap:
                options.append(swap)
    if not options:
        return None
    ops, detail, protect = options[ctx.rng.randrange(len(options))]
    return Edit(ops, detail, protect)


def _everyone(doc, noun):
    span = span_of(noun)
    if len(span) > 8 or any(c.dep_ == "nummod" for c in noun.children) or any(
            t.text in ",;" or t.pos_ in ("VERB", "PRON") or t.lower_ in ("all", "every", "each") for t in span):
        return None
    ops = [(span.start, span.end, "everyone")]
    if noun.dep_ == "nsubj":
        verb = noun.head
        aux = [c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.i < verb.i]
        be = verb if verb.lemma_ == "be" and verb.pos_ == "AUX" else None
        agree = (aux or [be])[0] if (aux or be) else None
        singular = {"are": "is", "were": "was", "have": "has", "do": "does"}
        if agree is not None and agree.lower_ in singular:
            ops.append((agree.i, agree.i + 1, singular[agree.lower_]))
        elif agree is None and verb.tag_ != "VBD" or agree is not None and agree.tag_ not in ("MD", "VBD", "VBZ"):
            return None
    return ops, f"{span.text} -> everyone", set(range(span.start, span.end)) | {noun.head.i}


def number(doc, ctx: Context) -> Edit | None:
    """A number, a date or a unit is changed (1998 -> 2001, 35,000 -> 70,000, March -> June, km -> miles);
    the control says the same quantity another way where it can (3 -> three, 8% -> 8 percent)."""
    rng = ctx.rng
    by_kind: dict[str, list] = {}
    for t in doc:
        if t.ent_type_ == "DATE" and _YEAR.match(t.text):
            year = int(t.text) + rng.choice([-1, 1]) * rng.choice([1, 2, 3, 5, 7, 10])
            by_kind.setdefault("date", []).append((t, str(year)))
        elif t.ent_type_ == "DATE" and t.text in lexicon.MONTHS:
            others = [m for m in lexicon.MONTHS if m != t.text and m not in doc.text]
            by_kind.setdefault("date", []).append((t, rng.choice(others)))
        elif t.lower_ in lexicon.UNITS and t.i and doc[t.i - 1].like_num:
            by_kind.setdefault("unit", []).append((t, lexicon.UNITS[t.lower_]))
        elif t.like_num and t.pos_ == "NUM" and (_NUMBER.match(t.text) or t.lower_ in lexicon.NUMBER_WORDS[2:]) and not (
                t.i and doc[t.i - 1].text.isupper() and doc[t.i - 1].is_alpha) and t.ent_type_ not in ENTITY_TYPES:
            # "CO 2", "House of 1000 Corpses": names, not quantities
            changed = _other_number(t.text, rng)
            if changed:
                by_kind.setdefault("number", []).append((t, changed))
    if not by_kind:
        return None
    kind = sorted(by_kind)[rng.randrange(len(by_kind))]
    token, new = by_kind[kind][rng.randrange(len(by_kind[kind]))]
    control = _respelled(doc, token)
    protect = {token.i, token.head.i} | ({token.i + 1} if token.i + 1 < len(doc) else set())
    return Edit([(token.i, token.i + 1, match_case(new, token.text))], f"{kind}: {token.text} -> {new}", protect,
                control, "respelled" if control else "shortened", kind)


def _other_number(text: str, rng) -> str | None:
    if text.lower() in lexicon.NUMBER_WORDS:
        n = lexicon.NUMBER_WORDS.index(text.lower())
        return rng.choice([w for w in lexicon.NUMBER_WORDS[2:] if abs(lexicon.NUMBER_WORDS.index(w) - n) >= 2])
    plain = text.replace(",", "")
    decimals = len(plain.split(".")[1]) if "." in plain else 0
    value = float(plain)
    if value == 0 or _YEAR.match(text):
        return None
    new = round(value * rng.choice([0.5, 1.5, 2, 3]), decimals)
    if new == value or new == 0:
        new = value + rng.randint(1, 9)
    out = f"{new:,.{decimals}f}" if "," in text else f"{new:.{decimals}f}"
    return out if out != text else None


def _respelled(doc, token) -> list[Op] | None:
    """The same quantity another way: 3 <-> three, 35,000 -> 35 thousand, 8% <-> 8 percent."""
    nxt = doc[token.i + 1] if token.i + 1 < len(doc) else None
    if nxt is not None and nxt.text == "%":
        return [(nxt.i, nxt.i + 1, " percent")]
    if nxt is not None and nxt.lower_ in ("percent", "per") and token.text.replace(".", "").isdigit():
        end = nxt.i + 2 if nxt.lower_ == "per" and nxt.i + 1 < len(doc) and doc[nxt.i + 1].lower_ == "cent" else nxt.i + 1
        return [(token.i, end, f"{token.text}%")]
    if token.lower_ in lexicon.NUMBER_WORDS:
        return [(token.i, token.i + 1, str(lexicon.NUMBER_WORDS.index(token.lower_)))]
    if token.text.isdigit() and 2 <= int(token.text) <= 12 and token.ent_type_ != "DATE":
        return [(token.i, token.i + 1, match_case(lexicon.NUMBER_WORDS[int(token.text)], token.text))]
    plain = token.text.replace(",", "")
    if plain.isdigit() and int(plain) >= 1000 and token.ent_type_ != "DATE":
        for size, name in ((10**9, "billion"), (10**6, "million"), (10**3, "thousand")):
            if int(plain) % size == 0 and int(plain) >= size and not (nxt is not None and nxt.lower_ in (
                    "thousand", "million", "billion")):
                return [(token.i, token.i + 1, f"{int(plain) // size} {name}")]
    return None


def entity(doc, ctx: Context) -> Edit | None:
    """A named entity is replaced by another of its type that the premise does not mention
    (Chelsea -> Juventus); the control names a person by surname alone where it can."""
    names = [e for e in doc.ents if e.label_ in ENTITY_TYPES and not any(t.like_num for t in e)]
    if not names:
        return None
    ent = names[ctx.rng.randrange(len(names))]
    span, article = entity_key(ent)
    seen = {w.lower_ for e in doc.ents for w in e if w.is_alpha} | {w.lower_ for w in doc if w.pos_ == "PROPN"}
    pool = ctx.entities.get((ent.label_, article), [])
    for _ in range(20):
        if not pool:
            return None
        other = pool[ctx.rng.randrange(len(pool))]
        words = {w.lower() for w in re.findall(r"[A-Za-z]+", other)}
        if other.lower() not in doc.text.lower() and not words & seen and other != span.text:
            break
    else:
        return None
    control = None
    if ent.label_ == "PERSON" and len(span) >= 2 and all(t.pos_ == "PROPN" for t in span) and span[-1].text not in NAME_SUFFIXES:
        control = [(span.start, span.end, span[-1].text)]
    return Edit([(span.start, span.end, other)], f"{ent.label_}: {span.text} -> {other}", set(range(span.start, span.end)),
                control, "surname" if control else "shortened", ent.label_)


def entity_key(ent):
    """The entity without a leading "the", and whether "the" goes with it (the pool keeps them apart)."""
    if ent[0].lower_ == "the" and len(ent) > 1:
        return ent[1:], True
    return ent, ent.start > 0 and ent.doc[ent.start - 1].lower_ == "the"


def paraphrase(doc, ctx: Context) -> Edit | None:
    """One or two words become synonyms (bought -> purchased, film -> movie): the meaning stays."""
    options = []
    for t in doc:
        word = lexicon.synonym(t.text, t.pos_)
        if word and not any(c.dep_ == "prt" for c in t.children) and not (
                t.i + 1 < len(doc) and doc[t.i + 1].lower_ == "to" and t.pos_ == "VERB"):
            options.append((t, word))
    if not options:
        return None
    ctx.rng.shuffle(options)
    chosen = [options[0]] + [o for o in options[1:2] if abs(o[0].i - options[0][0].i) > 1 and ctx.rng.random() < 0.5]
    ops = [op for t, word in chosen for op in (*article_op(doc, t.i, word), (t.i, t.i + 1, match_case(word, t.text)))]
    return Edit(ops, ", ".join(f"{t.text} -> {w}" for t, w in chosen), {i for t, _ in chosen for i in (t.i, t.i - 1)})


def added_detail(doc, ctx: Context) -> Edit | None:
    """A time, a place, a circumstance or an attribute the premise does not state is added
    ("... beat Chelsea" -> "... beat Chelsea in Madrid"): the hypothesis is neutral."""
    end, root = final_period(doc), root_of(doc)
    if end is None or root is None or downward(doc):
        return None
    labels = {e.label_ for e in doc.ents}
    past = root.tag_ == "VBD" or any(c.lower_ in ("was", "were", "had") for c in root.children if c.dep_ in ("aux", "auxpass"))
    text = doc.text.lower()
    options = []
    if past and not labels & {"DATE", "TIME"}:
        options += [("time", p) for p in lexicon.DETAIL_TIMES]
    if not labels & {"GPE", "LOC", "FAC"}:
        options += [("place", p) for p in lexicon.DETAIL_PLACES]
    if past and root.pos_ == "VERB":
        options += [("circumstance", p) for p in lexicon.DETAIL_MANNERS if p.split()[-1] not in text]
    if options and ctx.rng.random() < 0.75:
        kind, phrase = options[ctx.rng.randrange(len(options))]
        return Edit([(end, end, phrase)], f"{kind}: + {phrase}", kind=kind)
    nouns = [t for t in doc if t.dep_ in ("nsubj", "dobj", "pobj") and t.pos_ == "NOUN" and t.i > 0
             and doc[t.i - 1].lower_ in ("a", "an", "the") and not any(c.dep_ in ("amod", "compound") for c in t.children)]
    adjectives = [a for a in lexicon.DETAIL_ADJECTIVES if a.lower() not in text and not (a[0].isupper() and "NORP" in labels)]
    if not nouns or not adjectives:
        return None
    noun, adjective = nouns[ctx.rng.randrange(len(nouns))], adjectives[ctx.rng.randrange(len(adjectives))]
    det = doc[noun.i - 1]
    ops = [(noun.i, noun.i, adjective)]
    if det.lower_ == "an":
        ops.insert(0, (det.i, det.i + 1, match_case("a", det.text)))
    return Edit(ops, f"attribute: + {adjective} {noun.text}", {noun.i, det.i}, kind="attribute")


TEMPLATES = {
    "role_swap": role_swap,
    "antonym": antonym,
    "negation": negation,
    "modal": modal,
    "quantifier": quantifier,
    "number": number,
    "entity": entity,
    "paraphrase": paraphrase,
    "added_detail": added_detail,
}
# sentences drawn first in turn with the others, so that a rarer form gets its share (a stated negation)
PREFERRED = {"negation": re.compile(r"\b(not|never|no)\b|n't\b", re.IGNORECASE)}
# the label the test hypothesis should get; every control is entailed
TEST_LABEL = {name: "contradiction" for name in TEMPLATES} | {"paraphrase": "entailment", "added_detail": "neutral"}

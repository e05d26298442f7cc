"""An offline coreference heuristic: spaCy named entities plus pronoun rules.

Names are clustered when one is the other or a word-suffix/prefix of it ("Natalia Moon" ... "Moon");
entity spans never cross a line break. A subject pronoun (he, she, it, they) that opens its sentence's
subjects continues the previous sentence's main subject when it fits it ("Kilimanjaro is a volcano in
Tanzania. It was first climbed ..." -> Kilimanjaro; a definite phrase such as "the suspect" or "Council
members" becomes a mention of its own), and stays unresolved when that subject is of its kind but no
phrase a claim could repeat ("A man was arrested. He ..."): it never skips to another, older mention,
so "it" never lands on a country when the previous subject is a thing. An "it" that stands for nothing
("it seems", "it is thought that") joins nothing. Other pronouns join a compatible entity cluster:
he/she/his/her... a PERSON (a person-like two- or three-word ORG only when no PERSON was named; never a
place); it/its an ORG, GPE, PRODUCT or similar; they/their an ORG/NORP/GPE. Any other subject
"he"/"she" joins the person that was most recently a subject ("Obama met Merkel. He ..."); other
pronouns, and subject pronouns before any compatible subject, join the most recent compatible
cluster. Crude next to a neural model, but it runs anywhere, deterministically.
"""

from __future__ import annotations

from bisect import bisect_left

from factalign.coref.base import Cluster
from factalign.coref.subjects import Subject, empty_it, opens_sentence, second_subject, sentence_subjects
from factalign.text.deps import NOMINAL_SUBJECT_DEPS
from factalign.text.nlp import ENTITIES, pipeline
from factalign.text.pronouns import PERSON, PERSON_SUBJECT, SUBJECT, THING, THIRD_PERSON

_THING_TYPES = {"ORG", "GPE", "PRODUCT", "FAC", "WORK_OF_ART", "EVENT", "LAW"}
_GROUP_TYPES = {"ORG", "NORP", "GPE"}
_PLACE_TYPES = {"GPE", "LOC", "FAC"}
_PHRASE = "PHRASE"  # the label of a cluster started by a subject phrase that is no named entity
_FAMILY = {w: f for f, words in {"he": ("he", "him", "his", "himself"), "she": ("she", "her", "hers", "herself"),
                                  "it": ("it", "its", "itself"),
                                  "they": ("they", "them", "their", "theirs", "themselves")}.items() for w in words}
_ENTITY_TYPES = {"PERSON"} | _THING_TYPES | _GROUP_TYPES | {"LOC"}


def _pipeline():
    return pipeline(ENTITIES)


def _same_entity(a: str, b: str) -> bool:
    wa, wb = a.lower().split(), b.lower().split()
    short, long = sorted((wa, wb), key=len)
    return short == long[: len(short)] or short == long[len(long) - len(short):]


def _fits(pronoun: str, labels: set, name: str) -> bool:
    if _PHRASE in labels:
        return False  # a subject phrase is joined only by the pronoun that opens the next sentence
    if pronoun in PERSON:
        return ("PERSON" in labels or _person_like_org(labels, name)) and not labels & _PLACE_TYPES
    return bool(labels & (_THING_TYPES if pronoun in THING else _GROUP_TYPES))


def _kinds(subject: Subject, labels: set, name: str) -> set[str]:
    """What a pronoun may continue a subject as: "person", "group" or "thing" (a name the entity
    recogniser left untyped, "Travolta", either of the first two)."""
    if subject.plural:
        return {"group"}
    if subject.person or "PERSON" in labels and not labels & _PLACE_TYPES or _person_like_org(labels, name):
        return {"person"}
    if subject.pronoun:
        return {{"he": "person", "she": "person", "they": "group"}.get(subject.word, "thing")}
    if subject.name and not subject.typed and not labels:
        return {"person", "thing"}
    return {"group"} if labels & {"NORP"} else {"thing"}


def _pronoun_kind(pronoun: str) -> str:
    return "person" if pronoun in PERSON else "thing" if pronoun in THING else "group"


def _person_like_org(labels: set, name: str) -> bool:
    """sm NER often tags a person's full name ORG: two or three capitalised words that are no
    organisation's ("Natalia Moon", not "Columbia Records" or "The Beatles")."""
    words = name.split()
    return ("ORG" in labels and 2 <= len(words) <= 3 and name.istitle()
            and not any(w.lower().strip(".,") in _ORG_WORDS for w in words))


_ORG_WORDS = {"the", "inc", "ltd", "llc", "co", "corp", "corporation", "company", "records", "group", "party",
              "university", "college", "school", "club", "fc", "f.c", "band", "bank", "association", "council",
              "institute", "foundation", "agency", "department", "ministry", "committee", "society", "league",
              "airlines", "studios", "pictures", "entertainment", "media", "news", "times", "press", "network",
              "united", "city", "team", "army", "navy", "church", "museum", "hospital", "center", "centre"}


def _modifies_a_noun(span) -> bool:
    root = span.root
    return root.dep_ in ("compound", "amod") and root.head.pos_ == "NOUN" and root.head.i >= span.end


def _subject_pronoun(token) -> bool:
    return token.lower_ in PERSON_SUBJECT and token.dep_ in NOMINAL_SUBJECT_DEPS


def _split_lines(doc, ents):
    """Entity spans cut at line breaks: a name never runs from one line (a heading) into the next."""
    out = []
    for e in ents:
        if "\n" not in e.text:
            out.append((e.start_char, e.end_char, e.label_, e.text))
            continue
        start = e.start_char
        for piece in e.text.split("\n"):
            stripped = piece.strip()
            if stripped and any(ch.isalpha() for ch in stripped):
                a = start + piece.index(stripped)
                out.append((a, a + len(stripped), e.label_, stripped))
            start += len(piece) + 1
    return out


# A text up to WHOLE_PARSE_CHARS is parsed in one piece. spaCy's parser and NER take memory in
# proportion to the text they are given (about 3 MB per 1,000 characters here: a 0.99 MB document
# peaked at 3.4 GB), so a longer text is parsed in pieces of at most PIECE_CHARS, cut after a blank line
# (else a line end, a sentence end, a space), one piece at a time. Entities and pronouns are read piece
# by piece and clustered over the whole text afterwards, so a name in the first piece still gathers its
# mentions in the last; results up to WHOLE_PARSE_CHARS are those of one parse (tested on FRANK and WiCE).
WHOLE_PARSE_CHARS = 200_000
PIECE_CHARS = 100_000


def _pieces(text: str, limit: int = PIECE_CHARS):
    """(offset, piece) covering `text`, each of at most `limit` characters."""
    start = 0
    while len(text) - start > limit:
        lo, hi = start + limit // 2, start + limit
        for mark in ("\n\n", "\n", ". ", " "):
            at = text.rfind(mark, lo, hi)
            if at >= 0:
                cut = at + len(mark)
                break
        else:
            cut = hi
        yield start, text[start:cut]
        start = cut
    yield start, text[start:]


def _mentions(doc, offset: int):
    """The entity and pronoun events of one parsed piece, with what clustering asks of the parse, so the
    parse itself can go: ("ent", (a, b, label, name), is a noun's modifier, is a subject) and
    ("pron", (lower, start, end, dep, is a subject pronoun))."""
    ents, prons = [], []
    for a, b, label, name in _split_lines(doc, doc.ents):
        if label not in _ENTITY_TYPES:
            continue
        span = doc.char_span(a, b)
        modifier = span is not None and _modifies_a_noun(span)
        subject = span is not None and span.root.dep_ in NOMINAL_SUBJECT_DEPS
        ents.append((offset + a, "ent", ((offset + a, offset + b, label, name), modifier, subject)))
    for t in doc:
        if t.lower_ in THIRD_PERSON and not empty_it(t):
            prons.append((offset + t.idx, "pron", (t.lower_, offset + t.idx, offset + t.idx + len(t.text), t.dep_,
                                                   _subject_pronoun(t), opens_sentence(t), second_subject(t))))
    return ents, prons, sentence_subjects(doc, offset)


def _sentence_of(starts: list[int], at: int) -> int:
    """The index of the sentence holding char `at`."""
    return bisect_left(starts, at + 1) - 1


def _continued(pronoun: str, previous: Subject, entities: list) -> tuple[object, bool]:
    """(the cluster a sentence-opening subject pronoun continues, whether that settles it): the previous
    sentence's subject when it is of the pronoun's kind, a new cluster for a definite phrase, else
    nothing and settled (the pronoun stays as it is) or nothing and not settled (the other rules decide)."""
    cluster = next((c for c in entities if any(a <= previous.head < b for a, b in c[2])), None)
    labels, name = (cluster[0], cluster[1]) if cluster is not None else (set(), "")
    if _pronoun_kind(pronoun) not in _kinds(previous, labels, name):
        return None, False
    if cluster is not None:
        return cluster, True
    if previous.pronoun or not previous.definite or previous.span is None:
        return None, True  # "A man was arrested. He ...": no phrase to repeat, and no other antecedent either
    a, b = previous.span
    cluster = ({_PHRASE}, "", [(a, b)], [a])
    entities.append(cluster)
    return cluster, True


class HeuristicCoref:
    name = "heuristic"

    def clusters(self, text: str) -> list[Cluster]:
        nlp = _pipeline()
        ents, prons, subjects = [], [], []
        for offset, piece in [(0, text)] if len(text) <= WHOLE_PARSE_CHARS else _pieces(text, PIECE_CHARS):
            e, p, s = _mentions(nlp(piece), offset)  # one piece's parse at a time
            ents += e
            prons += p
            subjects += s
        entities: list[tuple[set, str, list, list]] = []  # (labels, first name, mentions, starts of subject mentions)
        events = sorted(ents + prons, key=lambda x: x[0])  # stable: an entity before a pronoun at the same place
        starts = [start for start, _ in subjects]
        resolved: dict[tuple[int, str], tuple] = {}  # (sentence, pronoun family) -> the cluster its subject pronoun joined
        for _, kind, item in events:
            if kind == "ent":
                (a, b, label, name), modifier, is_subject = item
                if modifier:
                    continue  # "a Darwin woman", "the Obama administration": a name used as a word, no mention
                subject = [a] if is_subject else []
                match = next((c for c in reversed(entities) if _PHRASE not in c[0] and _same_entity(c[1], name)), None)
                if match:
                    match[0].add(label)  # the small NER model often types one name two ways
                    match[2].append((a, b))
                    match[3].extend(subject)
                else:
                    entities.append(({label}, name, [(a, b)], subject))
            else:
                lower, start, end, dep, subject_pronoun, opens, follows = item
                k = _sentence_of(starts, start)
                family = (k, _FAMILY[lower])
                if family in resolved:  # "They announced their decision": their is who they are
                    resolved[family][2].append((start, end))
                    continue
                # a subject pronoun continues the previous sentence's subject when it opens its sentence, else its
                # own sentence's subject when no other subject comes between ("Pupils have been told they will
                # lose their jobs"; not "the court ruled that murder can be punished only if it involves ...")
                previous = subjects[k - 1][1] if opens and k >= 1 else None
                own = subjects[k][1] if follows and lower in SUBJECT and dep in NOMINAL_SUBJECT_DEPS else None
                if previous is not None or own is not None and own.head < start and not own.pronoun:
                    target, settled = _continued(lower, previous or own, entities)
                    if settled:
                        if target is not None:
                            target[2].append((start, end))
                            target[3].append(start)
                            resolved[family] = target
                        continue
                candidates = [c for c in entities if _fits(lower, c[0], c[1])]
                if lower in PERSON and any("PERSON" in c[0] for c in candidates):
                    candidates = [c for c in candidates if "PERSON" in c[0]]  # an ORG only when no person was named
                target = None
                if subject_pronoun:
                    # a subject he/she continues the latest subject ("Obama met Merkel. He ..."), not
                    # merely the latest name
                    target = max((c for c in candidates if c[3]), key=lambda c: c[3][-1], default=None)
                if target is None:
                    target = max(candidates, key=lambda c: c[2][-1][0], default=None)
                if target is not None:
                    target[2].append((start, end))
                    if dep in NOMINAL_SUBJECT_DEPS:
                        target[3].append(start)
        return [sorted(mentions) for _, _, mentions, _ in entities if len(mentions) > 1]

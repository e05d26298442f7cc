"""Which names a claim may use: the page's topic (from a heading), multi-word cluster names, and the
names that stand for the topic or a pronoun in a sentence (the `rules` extractor's naming step)."""

from __future__ import annotations

import re

from spacy.tokens import Doc

from factalign.claims.clauses import Names
from factalign.claims.parsing import title_spans
from factalign.claims.wellformed import FINITE_TAGS
from factalign.coref import representative
from factalign.coref.edit import NAME_PARTICLES, in_place, possessive
from factalign.text.deps import NOMINAL_SUBJECT_DEPS
from factalign.text.pronouns import DETERMINERS, PERSON, POSSESSIVE, PRONOUNS, REFLEXIVE, SUBJECT, THING

MAX_HEADING_TOKENS = 10


def fixed_names(text: str, span: tuple[int, int], clusters, topic: str | None) -> list[tuple[int, int]]:
    """Sentence-relative char spans of the topic and of multi-word cluster names."""
    start, end = span
    sentence = text[start:end]
    out = [(m.start(), m.end()) for m in re.finditer(re.escape(topic), sentence)] if topic else []
    out += title_spans(sentence)
    out += [(a - start, b - start) for cluster in clusters for a, b in cluster
            if start <= a and b <= end and " " in text[a:b] and capitalised(text[a:b])]
    return out


def capitalised(mention: str) -> bool:
    """A mention written as a name ("Natalia Moon", "The Beatles"), not a phrase ("the suspect", "their final aim")."""
    return all(w[:1].isupper() or w[:1].isdigit() or w.lower() in NAME_PARTICLES for w in mention.split())


def heading(sent: Doc) -> str | None:
    """The topic a verbless short first line names ("Logic (musician)" -> "Logic"), if it is one
    (a final period only ends a sentence when it is a token of its own, not part of "Inc." or "F.C.");
    a title-cased line may have a verb ("Take a Bow (Madonna song)")."""
    if not len(sent) or len(sent) > MAX_HEADING_TOKENS or sent[-1].text in {".", "!", "?"}:
        return None
    if sent.text.count("(") != sent.text.count(")") or sent.text.count("[") != sent.text.count("]"):
        return None  # a sentence the segmenter cut inside an aside ("Nuuk (["), not a title
    if any(t.tag_ in FINITE_TAGS for t in sent) and not title_case(sent.text):
        return None  # a gerund or participle may head a title ("Daggering"); a tensed verb makes a sentence
    return re.sub(r"\s*\([^)]*\)\s*$", "", sent.text.strip()) or None


def title_case(text: str) -> bool:
    """Every word longer than three letters capitalised ("How I Met Your Mother"), and at least two words."""
    words = re.findall(r"[^\W\d_]+", re.sub(r"\([^)]*\)", "", text))
    return len(words) >= 2 and all(w[0].isupper() for w in words if len(w) > 3) and words[0][0].isupper()


def name_like(topic: str) -> bool:
    """A topic written as a name, every word capitalised ("Liv Tyler", "Liverpool F.C."), not "Languages of Singapore"."""
    return all(w[:1].isupper() or not w[:1].isalpha() for w in topic.split())


def cluster_names(text: str, offset: int, sent: Doc, clusters, where: list[int]) -> Names:
    """Token -> name for the pronouns and partial names of `sent` that a coreference cluster resolves
    (`where`: the original sentence position of each character of `sent`)."""
    names: Names = {}
    end = offset + where[-1]
    for cluster in clusters:
        name = representative(text, cluster, clusters)
        if name is None:
            continue
        name = re.sub(r"(?:'s|’s|(?<=s)')$", "", name)  # a possessive mention names the owner: "Presley's" -> "Presley"
        for a, b in cluster:
            if not (offset <= a and b <= end):
                continue
            mention = text[a:b]
            low = mention.lower()
            if low in REFLEXIVE:
                continue
            tokens = [t.i for t in sent if a <= offset + where[t.idx] < b]
            if low in PRONOUNS:
                owner = low in POSSESSIVE and not (low == "her" and tokens and sent[tokens[0]].dep_ not in {"poss", "dep"})
                new = possessive(name) if owner else name  # "remind her of him": "her" the object, not "X's"
            elif mention != name and is_person_like(name) and mention.split() == name.split()[-len(mention.split()):]:
                if text[:a].endswith(name[:len(name) - len(mention)]):
                    continue  # the NER tagged only "Moon" of "Natalia Moon": the full name is already there
                new = name  # a surname stands for the full name
            else:
                continue
            if tokens:
                names[tokens[0]] = in_place(new, tokens[0] == 0)
                names.update({i: "" for i in tokens[1:]})
    return names


def is_person_like(name: str) -> bool:
    words = name.split()
    return 2 <= len(words) <= 4 and all(w[:1].isupper() and w.replace(".", "").replace("-", "").isalpha() for w in words)


def topic_names(sent: Doc, topic: str, resolved: Names, person: bool = False) -> Names:
    """What a heading's topic resolves, ahead of coreference (an encyclopedic text is about its topic):
    personal pronouns, other subject pronouns of main clauses, possessives of subjects (and any
    possessive coreference leaves unresolved), bare
    definite main subjects ("The album") and their possessors ("The band's"), reflexives left as they
    are, and the topic's name in part ("Tyler" for "Liv Tyler") or in full ("Amelia Mary Earhart"). The
    pronouns of things ("it", "its") do not name a `person` topic."""
    out: Names = name_variants(sent, topic)
    topic_words = topic.split()
    for t in sent:
        if t.i in out:
            continue
        main_subject = t.dep_ in NOMINAL_SUBJECT_DEPS and (t.head.dep_ == "ROOT" or t.head.dep_ == "conj" and t.head.head.dep_ == "ROOT")
        if t.lower_ in REFLEXIVE or person and t.lower_ in THING:
            continue  # "checked himself into rehab": the claim's subject is already named
        if t.lower_ in PERSON and t.pos_ == "PRON":
            out[t.i] = possessive(topic) if t.lower_ == "his" or t.lower_ == "her" and t.dep_ == "poss" else topic
        elif main_subject and t.lower_ in SUBJECT:
            out[t.i] = topic
        elif t.lower_ in DETERMINERS and t.dep_ == "poss" and (t.head.dep_ in NOMINAL_SUBJECT_DEPS or t.i not in resolved):
            if t.lower_ == "their" and any(w.tag_ in {"NNS", "NNPS"} and w.dep_ in NOMINAL_SUBJECT_DEPS for w in sent):
                continue  # "Sheds vary in their size": the plural subject's
            out[t.i] = possessive(topic)
        elif main_subject and t.pos_ == "NOUN" and [c.lower_ for c in t.children] == ["the"]:
            out[t.i - 1], out[t.i] = "", topic
        elif (t.dep_ == "poss" and t.pos_ == "NOUN" and [c.lower_ for c in t.children] == ["the", "'s"]
              and t.head.dep_ in NOMINAL_SUBJECT_DEPS and t.head.head.dep_ == "ROOT"):
            out[t.i - 1], out[t.i] = "", topic  # "The company's second vehicle" -> "Tesla's second vehicle"
        elif (t.text[:1].isupper() and t.text != topic and len(topic_words) > 1 and name_like(topic)
              and t.text.split() in (topic_words[-1:], topic_words[:1]) and not in_longer_name(t)):
            out[t.i] = topic
    return out


def in_longer_name(t) -> bool:
    """Whether a capitalised token is one word of a longer name ("Nicolas" in "Nicolas Kim Coppola")."""
    doc = t.doc
    return any(0 <= j < len(doc) and doc[j].pos_ == "PROPN" and doc[j].text[:1].isupper() for j in (t.i - 1, t.i + 1))


def name_variants(sent: Doc, topic: str) -> Names:
    """A fuller or nicknamed form of the topic's name ("Amelia Mary Earhart", 'Margaret "Maggie" Brown',
    "Stephen Ray Vaughan" for "Stevie Ray Vaughan", "Charles Patrick Ryan O'Neal" for "Ryan O'Neal"): a
    longer run of capitalised name words ending in the topic's name, or in its last word and starting
    like its first (two letters), names the topic; so does a main subject starting with its first word
    ("Nicolas Kim Coppola is an American actor" for "Nicolas Cage")."""
    topic_words = topic.split()
    if len(topic_words) < 2 or not name_like(topic):
        return {}
    out: Names = {}
    runs, run = [], []
    for t in sent:
        if t.text[:1].isupper() and (t.pos_ == "PROPN" or run and t.is_alpha) or run and t.text in {'"', "'"}:
            run.append(t)
        else:
            runs.append(run)
            run = []
    runs.append(run)
    for run in runs:
        while run and not run[-1].text[:1].isalpha():
            run = run[:-1]
        words = [w for t in run for w in t.text.split() if w[:1].isalpha()]
        if len(words) <= len(topic_words) or words[-len(topic_words):] == topic_words and len(words) > 4:
            continue
        if (words[-len(topic_words):] == topic_words  # "Charles Patrick Ryan O'Neal" for "Ryan O'Neal"
                or words[-1] == topic_words[-1] and words[0][:2].lower() == topic_words[0][:2].lower()
                or words[0] == topic_words[0] and any(t.dep_ in NOMINAL_SUBJECT_DEPS and t.head.dep_ == "ROOT" for t in run)):
            out[run[0].i] = topic
            out.update({t.i: "" for t in run[1:]})
    return out

"""`rules`: the offline claim extractor; spaCy's dependency parse -> atomic, self-contained claims.

Pronouns and short names ("Tyler") are replaced by their coreference cluster's name. A document
that opens with a heading (a short verbless first line, e.g. a Wikipedia page title) has a topic:
subject pronouns no cluster resolves, and bare definite subjects ("The album"), refer to it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.tokens import Doc
from spacy.util import filter_spans

from factalign.claims.clauses import ClauseSplitter, Names, join_words
from factalign.coref import PRONOUNS, CorefModel, load_coref, representative
from factalign.data import Claim, Document
from factalign.text.segment import SPACY_MODEL

POSSESSIVES = {"his", "her", "its", "their", "whose"}
PERSONAL = {"he", "him", "his", "himself", "she", "her", "hers", "herself"}
SUBJECT_PRONOUNS = {"he", "she", "it", "they"}
MAX_HEADING_TOKENS = 10


@lru_cache(maxsize=1)
def parser():
    import spacy

    return spacy.load(SPACY_MODEL, exclude=["ner"])


class RulesExtractor:
    name = "rules"

    def __init__(self, coref: str | CorefModel = "heuristic"):
        self.coref = load_coref(coref)

    def extract(self, summary: Document) -> list[Claim]:
        if not summary.sentences:
            return []
        first = parse(summary.sentence(0), [])
        topic = heading(first)
        clusters = self.coref.clusters(summary.text)
        claims: list[Claim] = []
        for i, span in enumerate(summary.sentences):
            if i == 0 and topic is not None:
                continue
            sent = first if i == 0 else parse(summary.sentence(i), fixed_names(summary.text, span, clusters, topic))
            names = cluster_names(summary.text, span[0], sent, clusters)
            if topic:
                names.update(topic_names(sent, topic, names))
            splitter = ClauseSplitter(sent[:], names)
            texts = [join_words(words) for words in splitter.claims()]
            if not any(texts):
                texts = [join_words(splitter.render(sorted(set(range(len(sent))) - splitter.hidden)))]
            seen = set()
            for text in texts:
                if len(text.split()) >= 2 and text.lower() not in seen:
                    seen.add(text.lower())
                    claims.append(Claim(text, i, span))
        return claims


def parse(text: str, fixed: list[tuple[int, int]]) -> Doc:
    """Parse with multi-word names merged into single tokens first: the small parser then keeps them whole."""
    nlp = parser()
    doc = nlp.make_doc(text)
    spans = filter_spans([s for a, b in fixed if (s := doc.char_span(a, b)) is not None and len(s) > 1])
    with doc.retokenize() as retokenizer:
        for s in spans:
            retokenizer.merge(s, attrs={"TAG": "NNP", "POS": "PROPN"})
    for _, component in nlp.pipeline:
        doc = component(doc)
    return doc


def fixed_names(text: str, span: tuple[int, int], clusters, topic: str | None) -> list[tuple[int, int]]:
    """Sentence-relative char spans of the topic and of multi-word cluster names."""
    start, end = span
    sentence = text[start:end]
    out = [(m.start(), m.end()) for m in re.finditer(re.escape(topic), sentence)] if topic else []
    out += [(a - start, b - start) for cluster in clusters for a, b in cluster
            if start <= a and b <= end and " " in text[a:b] and text[a:b].lower() not in PRONOUNS]
    return out


def heading(sent: Doc) -> str | None:
    """The topic a verbless short first line names ("Logic (musician)" -> "Logic"), if it is one."""
    if len(sent) > MAX_HEADING_TOKENS or any(t.pos_ in {"VERB", "AUX"} for t in sent) or sent.text.rstrip()[-1:] in ".!?":
        return None
    return re.sub(r"\s*\([^)]*\)\s*$", "", sent.text.strip()) or None


def cluster_names(text: str, offset: int, sent: Doc, clusters) -> Names:
    """Token -> name for the pronouns and partial names of `sent` that a coreference cluster resolves."""
    names: Names = {}
    end = offset + len(sent.text)
    for cluster in clusters:
        name = representative(text, cluster)
        if name is None:
            continue
        for a, b in cluster:
            if not (offset <= a and b <= end):
                continue
            mention = text[a:b]
            low = mention.lower()
            if low in PRONOUNS:
                new = name + "'s" if low in POSSESSIVES else name
            elif mention != name and is_person_like(name) and mention.split() == name.split()[-len(mention.split()):]:
                new = name  # a surname stands for the full name
            else:
                continue
            tokens = [t.i for t in sent if a <= offset + t.idx < b]
            if tokens:
                names[tokens[0]] = new
                names.update({i: "" for i in tokens[1:]})
    return names


def is_person_like(name: str) -> bool:
    words = name.split()
    return 2 <= len(words) <= 4 and all(w[:1].isupper() and w.replace(".", "").replace("-", "").isalpha() for w in words)


def topic_names(sent: Doc, topic: str, resolved: Names) -> Names:
    """What a heading's topic resolves, ahead of coreference (an encyclopedic text is about its topic):
    personal pronouns, other subject pronouns of main clauses, possessives of subjects (and any
    possessive coreference leaves unresolved), bare
    definite main subjects ("The album"), and parts of the topic's name ("Tyler" for "Liv Tyler")."""
    out: Names = {}
    topic_words = topic.split()
    for t in sent:
        main_subject = t.dep_ in {"nsubj", "nsubjpass"} and (t.head.dep_ == "ROOT" or t.head.dep_ == "conj" and t.head.head.dep_ == "ROOT")
        if t.lower_ in PERSONAL and t.pos_ == "PRON":
            out[t.i] = topic + "'s" if t.lower_ == "his" or t.lower_ == "her" and t.dep_ == "poss" else topic
        elif main_subject and t.lower_ in SUBJECT_PRONOUNS:
            out[t.i] = topic
        elif t.lower_ in POSSESSIVES - {"whose"} and t.dep_ == "poss" and (t.head.dep_ in {"nsubj", "nsubjpass"} or t.i not in resolved):
            out[t.i] = topic + "'s"
        elif main_subject and t.pos_ == "NOUN" and [c.lower_ for c in t.children] == ["the"]:
            out[t.i - 1], out[t.i] = "", topic
        elif t.pos_ == "PROPN" and t.text != topic and len(topic_words) > 1 and t.text.split() in (topic_words[-1:], topic_words[:1]):
            out[t.i] = topic
    return out

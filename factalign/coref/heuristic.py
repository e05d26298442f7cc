"""An offline coreference heuristic: spaCy named entities plus pronoun rules.

Names are clustered when one is the other or a word-suffix/prefix of it ("Natalia Moon" ... "Moon").
A third-person pronoun joins the most recent compatible entity cluster: he/she/his/her... a PERSON;
it/its an ORG, GPE, PRODUCT or similar; they/their the most recent ORG/NORP/GPE. Crude next to a
neural model, but it runs anywhere, deterministically.
"""

from __future__ import annotations

from functools import lru_cache

from factalign.coref.base import Cluster
from factalign.text.segment import SPACY_MODEL

_PERSON_PRONOUNS = {"he", "him", "his", "himself", "she", "her", "hers", "herself"}
_THING_PRONOUNS = {"it", "its", "itself"}
_GROUP_PRONOUNS = {"they", "them", "their", "theirs", "themselves"}
_THING_TYPES = {"ORG", "GPE", "PRODUCT", "FAC", "WORK_OF_ART", "EVENT", "LAW"}
_GROUP_TYPES = {"ORG", "NORP", "GPE"}
_ENTITY_TYPES = {"PERSON"} | _THING_TYPES | _GROUP_TYPES | {"LOC"}


@lru_cache(maxsize=1)
def _pipeline():
    import spacy

    return spacy.load(SPACY_MODEL, exclude=["lemmatizer"])


def _same_entity(a: str, b: str) -> bool:
    wa, wb = a.lower().split(), b.lower().split()
    short, long = sorted((wa, wb), key=len)
    return short == long[: len(short)] or short == long[len(long) - len(short):]


def _fits(pronoun: str, labels: set, name: str) -> bool:
    if pronoun in _PERSON_PRONOUNS:
        # sm NER often tags a person's full name ORG: accept two or three capitalised words
        return "PERSON" in labels or ("ORG" in labels and 2 <= len(name.split()) <= 3 and name.istitle())
    return bool(labels & (_THING_TYPES if pronoun in _THING_PRONOUNS else _GROUP_TYPES))


class HeuristicCoref:
    name = "heuristic"

    def clusters(self, text: str) -> list[Cluster]:
        doc = _pipeline()(text)
        entities: list[tuple[set, str, list]] = []  # (labels, first name, mentions)
        events = sorted([(e.start_char, "ent", e) for e in doc.ents if e.label_ in _ENTITY_TYPES]
                        + [(t.idx, "pron", t) for t in doc if t.lower_ in _PERSON_PRONOUNS | _THING_PRONOUNS | _GROUP_PRONOUNS],
                        key=lambda x: x[0])
        for _, kind, item in events:
            if kind == "ent":
                span = (item.start_char, item.end_char)
                match = next((c for c in reversed(entities) if _same_entity(c[1], item.text)), None)
                if match:
                    match[0].add(item.label_)  # the small NER model often types one name two ways
                    match[2].append(span)
                else:
                    entities.append(({item.label_}, item.text, [span]))
            else:
                target = max((c for c in entities if _fits(item.lower_, c[0], c[1])), key=lambda c: c[2][-1][0], default=None)
                if target is not None:
                    target[2].append((item.idx, item.idx + len(item.text)))
        return [sorted(mentions) for _, _, mentions in entities if len(mentions) > 1]

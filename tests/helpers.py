"""Small fixed models for tests: claims, clusters and documents chosen by hand."""

from factalign.data import Claim, Document


class FixedClaims:
    name = "fixed"

    def __init__(self, *texts: str):
        self.texts = texts

    def extract(self, summary: Document) -> list[Claim]:
        return [Claim(t, 0) for t in self.texts]


class FixedCoref:
    name = "fixed"

    def __init__(self, clusters):
        self._clusters = clusters

    def clusters(self, text: str):
        return self._clusters


def doc_of(*sentences: str) -> Document:
    return Document.from_sentences(list(sentences))

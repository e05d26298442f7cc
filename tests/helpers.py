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
    """A Document whose sentences are exactly the given strings, joined by single spaces."""
    text, spans, pos = "", [], 0
    for s in sentences:
        if text:
            text += " "
            pos += 1
        spans.append((pos, pos + len(s)))
        text += s
        pos += len(s)
    return Document(text, spans)

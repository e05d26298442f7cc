"""Small fixed models for tests: claims, clusters and documents chosen by hand."""

import importlib.util

import pytest

from factalign.data import Claim, Document
from factalign.nli import TableNLI


def needs(*packages: str) -> None:
    """Skip the calling test module unless `packages` are installed, without importing them: torch,
    transformers and Ray cost seconds, so only the xdist worker that runs such a module pays for them."""
    missing = [p for p in packages if importlib.util.find_spec(p) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed: these tests need it", allow_module_level=True)


class FixedClaims:
    """Fixed claims, each a text (from summary sentence 0) or a (text, sentence index) pair;
    records the summary texts it was asked about in `seen`."""

    name = "fixed"

    def __init__(self, *claims):
        self.claims = [c if isinstance(c, tuple) else (c, 0) for c in claims]
        self.seen = []

    def extract(self, summary: Document) -> list[Claim]:
        self.seen.append(summary.text)
        return [Claim(t, i) for t, i in self.claims]


class FixedCoref:
    name = "fixed"

    def __init__(self, clusters):
        self._clusters = clusters

    def clusters(self, text: str):
        return self._clusters


def doc_of(*sentences: str) -> Document:
    return Document.from_sentences(list(sentences))


class BudgetedNLI(TableNLI):
    """A table NLI that counts tokens and has a premise budget (7), as FullDoc asks of a model."""

    def count_tokens(self, texts):
        return [1 for _ in texts]

    def premise_budget(self, hypothesis):
        return 7

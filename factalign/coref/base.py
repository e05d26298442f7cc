"""The coreference protocol: a text -> clusters of mention char spans."""

from __future__ import annotations

from typing import Protocol

from factalign.data import Span
from factalign.text.pronouns import PRONOUNS  # noqa: F401  (re-exported)

Cluster = list[Span]



class CorefModel(Protocol):
    name: str

    def clusters(self, text: str) -> list[Cluster]:
        """Clusters of >= 2 mentions, each mention a [start, end) char span into text."""
        ...


class NoCoref:
    name = "none"

    def clusters(self, text: str) -> list[Cluster]:
        return []

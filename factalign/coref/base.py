"""The coreference protocol: a text -> clusters of mention char spans."""

from __future__ import annotations

from typing import Protocol

from factalign.data import Span

Cluster = list[Span]

PRONOUNS = frozenset(
    "i me my mine myself you your yours yourself he him his himself she her hers herself it its itself "
    "we us our ours ourselves they them their theirs themselves this that these those who whom whose".split()
)


class CorefModel(Protocol):
    name: str

    def clusters(self, text: str) -> list[Cluster]:
        """Clusters of >= 2 mentions, each mention a [start, end) char span into text."""
        ...


class NoCoref:
    name = "none"

    def clusters(self, text: str) -> list[Cluster]:
        return []

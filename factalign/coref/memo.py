"""Coreference clusters computed once per text: `bench` and `batch` score several summaries of one document,
and a long document's parse (spaCy, linear in its length) would otherwise be repeated for each."""

from __future__ import annotations

from collections import OrderedDict

from factalign.coref.base import Cluster, CorefModel

TEXTS_KEPT = 8


class MemoCoref:
    def __init__(self, model: CorefModel, size: int = TEXTS_KEPT):
        self.model = model
        self.name = model.name
        self.size = size
        self._memo: OrderedDict[str, list[Cluster]] = OrderedDict()

    def __getattr__(self, name):
        if name == "model":
            raise AttributeError(name)
        return getattr(self.model, name)

    def clusters(self, text: str) -> list[Cluster]:
        if text in self._memo:
            self._memo.move_to_end(text)
            return [list(c) for c in self._memo[text]]
        clusters = self.model.clusters(text)
        self._memo[text] = [list(c) for c in clusters]
        while len(self._memo) > self.size:
            self._memo.popitem(last=False)
        return clusters

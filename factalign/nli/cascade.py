"""`--nli cascade`: the small house model reads every pair, house-large re-reads the pairs that can decide.

Most pairs a method sends are a claim against a document sentence that has nothing to do with it (FENICE,
SENTLI and INFUSE read a claim against every sentence, then keep the best). Their outcome is "neutral" under
either model and changes no claim's score; the few related pairs decide it. So the small model (`small`,
about five times faster: benchmarks/house_large_throughput.py) reads every pair, and every pair it does not call
clearly neutral, P(neutral) under `neutral`, is read again by the large one, whose probabilities replace
the small model's.

Which pairs go to the large model depends only on each pair's own small-model probabilities, never on the
other pairs of the call: a pair's result does not depend on its batch, so the cache, nli/gather.py's shared
calls and a resumed batch give the bytes a one-by-one run gives.

What it gives up: a pair the small model wrongly calls neutral with confidence (a rewording it cannot read
at all) keeps that verdict. `neutral` trades that against speed; its default was chosen on development data
(docs/house-model.md, "The cascade"), never on the fresh cases that judge it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from factalign.errors import FactalignError
from factalign.nli.base import NEU, NLIModel, Pair, token_budget
from factalign.nli.labels import THREE_WAY, labels_of


class CascadeNLI:
    """The cascade of `small` into `large` (both 3-way models) at the neutral cut `neutral`. It declares the large
    model's token budget: premises are cut for the model that decides, and the small one reads them whole or in
    its own chunks. `sent` and `seen` count the pairs the large model read and the pairs asked for."""

    labels = THREE_WAY

    def __init__(self, small: NLIModel, large: NLIModel, neutral: float):
        if not 0.0 < neutral <= 1.0:
            raise FactalignError(f"cascade: neutral must be in (0, 1], not {neutral:g} (1 sends every pair to the large model)")
        for role, model in (("small", small), ("large", large)):
            if labels_of(model) is not THREE_WAY:
                raise FactalignError(f"cascade: the {role} model {model.signature} is {labels_of(model).name}; "
                                     "a cascade reads 3-way probabilities from both")
        self.small, self.large, self.neutral = small, large, neutral
        self.signature = f"cascade({small.signature}>{large.signature},neutral={neutral:g})"
        self.budget = token_budget(large)
        self.seen = 0
        self.sent = 0

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        rows = np.array(self.small.predict(pairs), dtype=np.float64).reshape(-1, 3)
        deciding = np.flatnonzero(rows[:, NEU] < self.neutral)
        if deciding.size:
            rows[deciding] = np.asarray(self.large.predict([pairs[i] for i in deciding]), dtype=np.float64).reshape(-1, 3)
        self.seen += len(pairs)
        self.sent += int(deciding.size)
        return rows

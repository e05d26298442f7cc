"""What the onnx and hf backends share: length-sorted batching and premises over the token limit.

A premise too long for the model is either truncated (`long_premise="truncate"`) or cut into
chunks of whole sentences that fit beside the hypothesis, scored chunk by chunk, and the row of
the chunk with the highest entailment kept (`"chunk"`, the default, as SummaC and FENICE do for
whole documents).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from factalign.stopping import checkpoint
from factalign.errors import FactalignError
from factalign.nli.base import ENT, Pair
from factalign.nli.labels import THREE_WAY, LabelSet
from factalign.text.windows import pack

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
SPECIAL_TOKENS = 4  # [CLS] a [SEP] b [SEP] plus one of slack for models with two separators


def check_count(name: str, value, optional: bool = False) -> None:
    """An NLI backend option that counts something (batch_size, threads, max_length): a whole number of at
    least 1 (or None where `optional`), refused in one line before any model loads."""
    if optional and value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise FactalignError(f"NLI option {name} must be a whole number of at least 1, not {value!r}"
                             f" (e.g. --nli house,{name}=8)")


class TransformerNLI:
    signature: str
    labels: LabelSet = THREE_WAY  # a binary backend sets BINARY; its rows are (p_sup, 1 - p_sup, 0)

    def __init__(self, max_length: int, batch_size: int = 32, long_premise: str = "chunk"):
        check_count("batch_size", batch_size)
        if long_premise not in ("chunk", "truncate"):
            raise FactalignError(f"long_premise must be 'chunk' or 'truncate', not {long_premise!r}")
        self.max_length = max_length
        self.batch_size = batch_size
        self.long_premise = long_premise

    def count_tokens(self, texts: list[str]) -> list[int]:
        raise NotImplementedError

    def forward(self, pairs: list[Pair]) -> np.ndarray:
        """Probabilities for pairs that fit the model (longer ones are truncated by the tokenizer)."""
        raise NotImplementedError

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        pieces, owner = self._pieces(list(pairs))
        probs = self._batched(pieces)
        out = np.zeros((len(pairs), 3))
        best = np.full(len(pairs), -1.0)
        for row, i in zip(probs, owner):
            if row[ENT] > best[i]:
                best[i], out[i] = row[ENT], row
        return out

    def _pieces(self, pairs: list[Pair]) -> tuple[list[Pair], list[int]]:
        if self.long_premise == "truncate":
            return pairs, list(range(len(pairs)))
        lengths = self.count_tokens([t for pair in pairs for t in pair])
        pieces, owner = [], []
        for i, (premise, hypothesis) in enumerate(pairs):
            budget = self.max_length - lengths[2 * i + 1] - SPECIAL_TOKENS
            chunks = [premise] if lengths[2 * i] <= budget else self.chunk(premise, max(budget, self.max_length // 4))
            pieces += [(c, hypothesis) for c in chunks]
            owner += [i] * len(chunks)
        return pieces, owner

    def premise_budget(self, hypothesis: str) -> int:
        """How many premise tokens fit beside this hypothesis."""
        return self._budget(self.count_tokens([hypothesis])[0])

    def _budget(self, hypothesis_tokens: int) -> int:
        # a hypothesis that leaves less than a quarter of the model for the premise gets truncated
        return max(self.max_length - hypothesis_tokens - SPECIAL_TOKENS, self.max_length // 4)

    def chunk(self, text: str, budget: int) -> list[str]:
        """Greedy packing of whole sentences into chunks of <= budget tokens; a sentence over the budget
        is cut into runs of whole words that fit. Each text is tokenized once: linear in the text."""
        units, sizes = [], []
        sentences = _SENTENCE_END.split(text)
        for sentence, size in zip(sentences, self.count_tokens(sentences)):
            if size <= budget:
                units.append(sentence)
                sizes.append(size)
                continue
            words = sentence.split()
            word_sizes = self.count_tokens(words)
            for group in pack(word_sizes, budget):
                units.append(" ".join(words[k] for k in group))
                sizes.append(sum(word_sizes[k] for k in group))
        return [" ".join(units[i] for i in group) for group in pack(sizes, budget)]

    def _batched(self, pairs: list[Pair]) -> np.ndarray:
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        out = np.zeros((len(pairs), 3))
        for k in range(0, len(order), self.batch_size):
            checkpoint()  # between model batches: a request past its deadline stops here (stopping.py)
            idx = order[k:k + self.batch_size]
            out[idx] = self.forward([pairs[i] for i in idx])
        return out


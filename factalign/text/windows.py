"""Windows of consecutive sentences, as lists of sentence indices.

Each function takes an optional `groups`: per sentence, the source it belongs to (a Document's
`sentence_sources`). With it no window holds sentences of two groups; without it (one document) the
windows are exactly those of the whole text.
"""

from __future__ import annotations

from collections.abc import Sequence


def runs(n: int, groups: Sequence | None = None) -> list[range]:
    """The maximal runs of consecutive indices with the same group; one run of all n without groups."""
    if groups is None or n == 0:
        return [range(n)] if n else []
    out, start = [], 0
    for i in range(1, n + 1):
        if i == n or groups[i] != groups[start]:
            out.append(range(start, i))
            start = i
    return out


def passages(n_sentences: int, size: int, stride: int = 1, groups: Sequence | None = None) -> list[list[int]]:
    """Sliding windows of `size` consecutive sentences (one shorter window if the text, or a group, is shorter)."""
    out = []
    for run in runs(n_sentences, groups):
        width = min(size, len(run))
        out += [list(run[s:s + width]) for s in range(0, len(run) - width + 1, stride)]
    return out


def windows_containing(center: int, n_sentences: int, max_size: int, groups: Sequence | None = None) -> list[list[int]]:
    """All windows of 2..max_size consecutive sentences that contain `center`, clipped to the text (and to
    `center`'s group)."""
    low, high = 0, n_sentences
    if groups is not None:
        run = next(r for r in runs(n_sentences, groups) if center in r)
        low, high = run.start, run.stop
    out = []
    for size in range(2, max_size + 1):
        for start in range(center - size + 1, center + 1):
            if start >= low and start + size <= high:
                out.append(list(range(start, start + size)))
    return out


def pack(sizes: list[int], budget: int, groups: Sequence | None = None) -> list[list[int]]:
    """Greedy packing of consecutive items into groups whose summed size stays within budget
    (an item larger than the budget is a group of its own); a new group starts where `groups` changes."""
    packed, current, used = [], [], 0
    for i, size in enumerate(sizes):
        if current and (used + size > budget or (groups is not None and groups[i] != groups[current[-1]])):
            packed.append(current)
            current, used = [], 0
        current.append(i)
        used += size
    if current:
        packed.append(current)
    return packed

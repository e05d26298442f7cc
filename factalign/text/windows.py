"""Windows of consecutive sentences, as lists of sentence indices."""


def passages(n_sentences: int, size: int, stride: int = 1) -> list[list[int]]:
    """Sliding windows of `size` consecutive sentences (one shorter window if the text is shorter)."""
    if n_sentences == 0:
        return []
    size = min(size, n_sentences)
    starts = range(0, n_sentences - size + 1, stride)
    return [list(range(s, s + size)) for s in starts]


def windows_containing(center: int, n_sentences: int, max_size: int) -> list[list[int]]:
    """All windows of 2..max_size consecutive sentences that contain `center`, clipped to the text."""
    out = []
    for size in range(2, max_size + 1):
        for start in range(center - size + 1, center + 1):
            if start >= 0 and start + size <= n_sentences:
                out.append(list(range(start, start + size)))
    return out


def pack(sizes: list[int], budget: int) -> list[list[int]]:
    """Greedy packing of consecutive items into groups whose summed size stays within budget
    (an item larger than the budget is a group of its own)."""
    groups, current, used = [], [], 0
    for i, size in enumerate(sizes):
        if current and used + size > budget:
            groups.append(current)
            current, used = [], 0
        current.append(i)
        used += size
    if current:
        groups.append(current)
    return groups

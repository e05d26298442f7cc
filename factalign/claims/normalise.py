"""Tokenized, lower-cased summaries (CNN/DM and XSum system outputs) -> ordinary text, with a char map.

"natalia moon , 23 , has become a tv sensation in the philippines ." becomes "Natalia Moon, 23, has
become a TV sensation in the Philippines." Tokens that attach to the word before (" ,", " 's",
" n't", closing quotes and brackets) or after (opening quotes and brackets) lose their space; PTB
quotes (`` '' `) become plain ones. A text with no capital letter (but "UNK") is truecased: each
word takes the casing it has in the source document, the longest run of words found there deciding
("new york" -> "New York" while "a new tutorial" stays lower-cased), and sentence-initial casing in
the document counts only when no other is known; then the first word of each sentence and "i" are
capitalised. Nothing else changes, so every char of the result maps to a char of the input.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache

ATTACH_LEFT = {",", ".", ";", ":", "?", "!", "%", ")", "]", "}", "''", "'s", "'re", "'ve", "'ll", "'d", "'m", "n't", "'"}
ATTACH_RIGHT = {"(", "[", "{", "$", "`", "``", "#"}
QUOTES = {"``": '"', "''": '"', "`": "'"}
BRACKETS = {"-lrb-": "(", "-rrb-": ")", "-lsb-": "[", "-rsb-": "]"}
WORD = re.compile(r"[^\W_]+(?:['’.-][^\W_]+)*")
MAX_NGRAM = 4


@dataclass
class Normalised:
    text: str
    where: list[int]  # for each char of `text` (and its end), the position in the input


def normalise(text: str, source: str | None = None) -> Normalised:
    """`text` detokenized and, when it has no capitals, truecased from `source`."""
    out = detokenize(text)
    if lower_cased(out.text):
        out = Normalised(truecase(out.text, source or ""), out.where)
    return out


def lower_cased(text: str) -> bool:
    words = [w for w in WORD.findall(text) if w != "UNK"]
    return bool(words) and not any(ch.isupper() for w in words for ch in w)


def detokenize(text: str) -> Normalised:
    chars: list[str] = []
    where: list[int] = []
    glue_next = False
    open_single = False
    last = 0
    for m in re.finditer(r"\S+", text):
        token, start = m.group(), m.start()
        low = token.lower()
        shown = BRACKETS.get(low, QUOTES.get(token, token))
        if token == "`":
            open_single = True
        closing_single = token == "'" and open_single
        attach = chars and not glue_next and (low in ATTACH_LEFT and (token != "'" or closing_single)
                                               or low in {"-rrb-", "-rsb-"})
        if closing_single:
            open_single = False
        if chars and not attach and not glue_next:  # the original space (or newline) between tokens
            chars.extend(text[last:start])
            where.extend(range(last, start))
        last = m.end()
        chars.extend(shown)
        where.extend(start + min(k, len(token) - 1) for k in range(len(shown)))
        glue_next = low in ATTACH_RIGHT or low in {"-lrb-", "-lsb-"}
    where.append(len(text))
    return Normalised("".join(chars), where)


@lru_cache(maxsize=8)  # summaries of one document share its table
def casing_table(source: str) -> dict[tuple[str, ...], str]:
    """Lower-cased runs of 1..MAX_NGRAM words -> their most frequent casing in `source`, where a run
    starting a sentence counts only when the run is never seen elsewhere."""
    inside: dict[tuple[str, ...], Counter] = defaultdict(Counter)
    initial: dict[tuple[str, ...], Counter] = defaultdict(Counter)
    words = [(m.group(), m.start()) for m in WORD.finditer(source)]
    for i, (word, start) in enumerate(words):
        first = i == 0 or bool(re.search(r"[.!?:\"'\n]\s*$", source[words[i - 1][1]:start]))
        for n in range(1, MAX_NGRAM + 1):
            if i + n > len(words):
                break
            run = tuple(w for w, _ in words[i:i + n])
            if n > 1 and not re.fullmatch(r"[\s,'-]*", source[words[i + n - 2][1] + len(words[i + n - 2][0]):words[i + n - 1][1]]):
                break
            (initial if first else inside)[tuple(w.lower() for w in run)][" ".join(run)] += 1
    table = {}
    for key in set(inside) | set(initial):
        counts = inside.get(key) or initial[key]
        table[key] = counts.most_common(1)[0][0]
    return table


def truecase(text: str, source: str) -> str:
    table = casing_table(source) if source else {}
    chars = list(text)
    words = list(WORD.finditer(text))
    i = 0
    while i < len(words):
        for n in range(min(MAX_NGRAM, len(words) - i), 0, -1):
            key = tuple(m.group() for m in words[i:i + n])
            cased = table.get(key)
            if cased is not None and len(cased.split(" ")) == n:
                for m, form in zip(words[i:i + n], cased.split(" ")):
                    if len(form) == len(m.group()):
                        chars[m.start():m.end()] = form
                i += n
                break
        else:
            i += 1
    for m in words:
        if m.group() == "i":
            chars[m.start()] = "I"
    for m in re.finditer(r"(?:^|[.!?]\s+)[\"'(]*([^\W\d_])", text):
        chars[m.start(1)] = chars[m.start(1)].upper()
    return "".join(chars)


__all__ = ["Normalised", "normalise", "detokenize", "truecase", "lower_cased"]

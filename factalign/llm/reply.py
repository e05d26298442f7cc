"""A model's reply with the log-probabilities of its tokens, and how answers are read from it.

`Reply(text, tokens)`: `tokens` lists each generated token with its top alternatives as
(token text, log-probability) pairs, or is None when the backend gave no log-probabilities.

* `yes_probability(reply, at)`: P(Yes) / (P(Yes) + P(No)) at an answer token, summing every
  tokenization of the two words the backend lists there ("Yes", " yes", "YES", "▁Yes", "ĠNo", ...:
  leading space or SentencePiece/byte-level markers and case are ignored). The answer token is the
  one holding the character offset `at` of the answer in the text, else the first token that reads
  yes or no, else the first non-blank token (as the authors' release looks for the Yes/No token
  among the 5 it generates; the release reads only "▁Yes"/"▁No").
* `rating(reply)`: G-Eval's normalisation (Liu et al., 2023): the mean of the ratings 1-5 weighted
  by their probabilities at the rating token (the first token that reads 1-5), over the mass of
  those five.
* Without log-probabilities at the answer (none sent, or none of the words among the top ones),
  the answer is read from the text and `read` is "text" instead of "logprobs"; a text that holds no
  answer is a FactalignError, never a score.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from factalign.errors import FactalignError

YES_NO = ("yes", "no")
RATINGS = ("1", "2", "3", "4", "5")
_ANSWER = re.compile(r"^\W*(yes|no)\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)")


@dataclass(frozen=True)
class Token:
    text: str
    top: tuple[tuple[str, float], ...]  # (token text, log-probability), the backend's top alternatives


@dataclass(frozen=True)
class Reply:
    text: str
    tokens: tuple[Token, ...] | None = None


def word(token: str) -> str:
    """A token's text without whitespace, SentencePiece "▁" or byte-level "Ġ" markers, lower-cased."""
    return token.replace("▁", " ").replace("Ġ", " ").strip().lower()


def mass(top, words) -> dict[str, float]:
    """Probability per word, summed over the listed tokens that read as it."""
    out = dict.fromkeys(words, 0.0)
    for token, logprob in top:
        if (w := word(token)) in out and logprob is not None and math.isfinite(logprob):
            out[w] += math.exp(logprob)
    return out


def token_at(reply: Reply, offset: int | None, words, search: bool = True) -> Token | None:
    """The token holding char `offset` of the text (when the tokens spell the text), else with
    `search` the first token reading one of `words`, else the first non-blank token."""
    tokens = reply.tokens or ()
    if offset is not None and "".join(t.text for t in tokens) == reply.text:
        end = 0
        for t in tokens:
            end += len(t.text)
            if offset < end:
                return t
    if not search:
        return None
    return next((t for t in tokens if word(t.text) in words), next((t for t in tokens if word(t.text)), None))


def yes_probability(reply: Reply, at: int | None = None, answer: str | None = None) -> tuple[float, str]:
    """(P(Yes) normalised over Yes and No, "logprobs"), or (1.0 / 0.0 from the text, "text").
    `answer` is the Yes/No already parsed from the text at char `at`, for replies with many answers:
    their log-probabilities are read only where the tokens spell the text, so each answer's own
    token is found."""
    token = token_at(reply, at, YES_NO, search=at is None)
    if token is not None:
        p = mass(token.top, YES_NO)
        if p["yes"] + p["no"] > 0:
            return p["yes"] / (p["yes"] + p["no"]), "logprobs"
    if answer is None:
        m = _ANSWER.match(reply.text)
        if not m:
            raise FactalignError(f"the LLM answered neither Yes nor No: {_snippet(reply.text)!r}")
        answer = m.group(1)
    return (1.0 if answer.lower() == "yes" else 0.0), "text"


def rating(reply: Reply) -> tuple[float, dict[str, float] | None, str, str]:
    """(rating in [1, 5], the normalised probability of each rating or None, "logprobs" or "text",
    the text after the rating: the model's comment)."""
    m = _NUMBER.search(reply.text)
    comment = reply.text[m.end():].lstrip(" \t\n.:)").strip() if m else ""
    token = token_at(reply, m.start() if m else None, RATINGS)
    if token is not None:
        p = mass(token.top, RATINGS)
        total = sum(p.values())
        if total > 0:
            probs = {r: v / total for r, v in p.items()}
            return sum(int(r) * v for r, v in probs.items()), probs, "logprobs", comment
    if not m or not 1 <= float(m.group(1)) <= 5:
        raise FactalignError(f"the LLM gave no rating from 1 to 5: {_snippet(reply.text)!r}")
    return float(m.group(1)), None, "text", comment


def _snippet(text: str) -> str:
    return " ".join(text.split())[:80]

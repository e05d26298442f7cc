"""Which words of a claim its evidence does not support: a per-word probability from two logistic stages.

Stage 1 reads each word alone: whether its lemma (or its lower-cased form) occurs in the evidence, whether it is
a content word, a number, a name, its part of speech, whether the word pair it starts occurs in the evidence,
and the same "absent" reading of its neighbours, its dependency subtree and its head's subtree. Stage 2 reads
stage 1's probabilities around the word (neighbours, subtree, head, the whole claim) beside stage 1's features:
annotators mark phrases ("the only one dedicated"), not lone content words, and stage 2 learns how a flag
spreads to the phrase's function words.

The weights are data (`word_model.json`), fitted by `python benchmarks/unsupported_spans.py --fit` on WiCE's
non-supported-token annotations, train split only (Kamoi et al. 2023, CC BY-SA 4.0); the file names its source,
terms and dev figures. No NLI call is made: the word model reads the claim's words against its premise's.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from factalign.errors import FactalignError

MODEL_FILE = Path(__file__).with_name("word_model.json")
POS = ("NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM", "ADP", "DET", "AUX", "PRON", "CCONJ", "PUNCT", "PART", "SCONJ")
_WORD = re.compile(r"\w+")
SENSES = 3  # WordNet senses read for a word's relatives: the frequent ones


@lru_cache(maxsize=16)
def evidence_words(nlp, text: str) -> tuple[frozenset[str], str]:
    """The evidence's lemmas and lower-cased forms, and its lower-cased text (for word pairs); kept for the last
    few texts, as a batch scores several summaries of one document."""
    doc = nlp(text)
    return frozenset({t.lemma_.lower() for t in doc} | {t.lower_ for t in doc}), " ".join(t.lower_ for t in doc)


def absent_words(doc, evidence: frozenset[str]) -> np.ndarray:
    """1.0 for a content word (not a stop word, not punctuation, with a letter or digit) whose lemma and form are
    both missing from the evidence: the absent-word baseline, and stage 1's first feature."""
    return np.array([float(bool(_WORD.search(t.text)) and not t.is_stop and not t.is_punct
                           and t.lemma_.lower() not in evidence and t.lower_ not in evidence) for t in doc])


@lru_cache(maxsize=65536)
def relatives(lemma: str) -> frozenset[str]:
    """The one-word lemmas and derivations of the word's first SENSES WordNet senses (the shipped table)."""
    from factalign.text.wordnet_table import wordnet_table

    names = {lemma}
    for sense in wordnet_table().synsets(lemma)[:SENSES]:
        for lem in sense.lemmas:
            names.add(lem.name.lower())
            names.update(d.lower() for d, _ in lem.derivations)
    return frozenset(n for n in names if "_" not in n)


def around(doc):
    """Each token with the indices of its dependency subtree and of its head's: the phrases a flag spreads over."""
    return [(t, [s.i for s in t.subtree], [s.i for s in t.head.subtree]) for t in doc]


def word_features(doc, evidence: frozenset[str], evidence_text: str) -> np.ndarray:
    """Stage 1's features, one row per token of the parsed claim `doc`."""
    absent = absent_words(doc, evidence)
    unrelated = np.array([float(a and not (relatives(t.lemma_.lower()) & evidence)) for a, t in zip(absent, doc)])
    n = len(doc)
    rows = []
    for t, sub, head_sub in around(doc):
        i = t.i
        pair = f"{t.lower_} {doc[i + 1].lower_}" in evidence_text if i + 1 < n else False
        rows.append([absent[i], float(t.is_stop), float(t.is_punct), float(t.like_num), float(t.text[:1].isupper()),
                     absent[max(i - 1, 0)], absent[min(i + 1, n - 1)], absent[max(i - 2, 0):i + 3].max(),
                     absent[sub].mean(), absent[sub].max(), absent[head_sub].mean(), absent[head_sub].max(),
                     float(absent[:i].any() and absent[i + 1:].any()), i / n, absent.mean(), float(t.ent_type_ != ""),
                     float(t.lower_ in evidence), float(pair), unrelated[i], unrelated[max(i - 2, 0):i + 3].max(),
                     unrelated[sub].max(), *(float(t.pos_ == p) for p in POS)])
    return np.array(rows, dtype=np.float64).reshape(n, -1)


def context_features(doc, first: np.ndarray) -> np.ndarray:
    """Stage 2's own features: stage 1's probabilities `first` around each token."""
    n = len(doc)
    rows = []
    for t, sub, head_sub in around(doc):
        i = t.i
        left = first[:i].max() if i else 0.0
        right = first[i + 1:].max() if i + 1 < n else 0.0
        rows.append([first[i], first[max(i - 1, 0)], first[min(i + 1, n - 1)], first[max(i - 2, 0):i + 3].mean(),
                     first[sub].mean(), first[sub].max(), first[head_sub].mean(), first[t.head.i], min(left, right),
                     first.mean(), first.max()])
    return np.array(rows, dtype=np.float64).reshape(n, -1)


@dataclass(frozen=True)
class Logistic:
    weights: tuple[float, ...]
    bias: float

    def __call__(self, x: np.ndarray) -> np.ndarray:
        if x.shape[1] != len(self.weights):
            raise FactalignError(f"{MODEL_FILE}: a stage has {len(self.weights)} weights for {x.shape[1]} features; "
                                 "refit it with benchmarks/unsupported_spans.py --fit")
        return 1.0 / (1.0 + np.exp(-(x @ np.asarray(self.weights) + self.bias)))


@dataclass(frozen=True)
class WordModel:
    """The two stages and the probability from which a word counts as unsupported."""

    first: Logistic
    second: Logistic
    threshold: float
    sha256: str

    def probabilities(self, doc, evidence: frozenset[str], evidence_text: str) -> np.ndarray:
        """P(unsupported) for each token of `doc` against the evidence."""
        if not len(doc):
            return np.zeros(0)
        x = word_features(doc, evidence, evidence_text)
        return self.second(np.hstack([context_features(doc, self.first(x)), x]))


@lru_cache(maxsize=None)
def word_model(path: Path = MODEL_FILE) -> WordModel:
    try:
        raw = path.read_bytes()
        spec = json.loads(raw)
        stages = [Logistic(tuple(map(float, spec[k]["weights"])), float(spec[k]["bias"])) for k in ("first", "second")]
        return WordModel(*stages, float(spec["threshold"]), hashlib.sha256(raw).hexdigest()[:12])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise FactalignError(f"the unsupported-word model {path} cannot be read ({exc}); reinstall factalign") from None

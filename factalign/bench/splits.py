"""Where the threshold is tuned and where it is measured.

A split is a list of folds `(tune, evaluate)` of row indices: one fold for a validation/test
split, k folds for cross-validation (every row is evaluated once, with a threshold tuned on the
other folds).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from factalign.bench.data import Example
from factalign.errors import FactalignError

SPLITS = "auto | odd-even | half | kfold:K"


@dataclass
class Split:
    folds: list[tuple[np.ndarray, np.ndarray]]
    description: str


def make_split(examples: list[Example], how: str, seed: int, path: str, graded: bool = False) -> Split:
    n = len(examples)
    strata = [f"{e.dataset}|{e.origin}|{e.category}|{e.label}" for e in examples]
    if how == "auto":
        split = _by_column(examples, path)
    elif how == "odd-even":
        idx = np.arange(n)
        split = Split([(idx[0::2], idx[1::2])], "threshold tuned on even-indexed rows, measured on odd-indexed rows (AggreFact-style)")
    elif how == "half":
        tune = np.sort(np.concatenate([_shuffled(np.flatnonzero(np.array(strata) == s), seed)[::2] for s in sorted(set(strata))]))
        split = Split([(tune, np.setdiff1d(np.arange(n), tune))],
                      f"threshold tuned on a random half (seed {seed}, stratified by dataset, origin, category, label), measured on the other half")
    elif how.startswith("kfold:") and how[6:].isdigit() and int(how[6:]) >= 2:
        k = int(how[6:])
        from sklearn.model_selection import StratifiedKFold

        if n < k:
            raise FactalignError(f"{path}: --split {how} needs at least {k} examples, there are {n}")
        with warnings.catch_warnings():  # strata smaller than k are fine: their rows just spread over fewer folds
            warnings.simplefilter("ignore", UserWarning)
            try:
                folds = list(StratifiedKFold(k, shuffle=True, random_state=seed).split(np.zeros(n), strata))
            except ValueError as exc:
                raise FactalignError(f"{path}: --split {how} cannot be made ({exc}); use fewer folds or more examples") from None
        split = Split([(np.sort(t), np.sort(e)) for t, e in folds],
                      f"{k}-fold cross-validation (seed {seed}, stratified by dataset, origin, category, label): each row measured "
                      f"with the threshold tuned on the other {k - 1} folds")
    else:
        raise FactalignError(f"--split takes {SPLITS}; got {how!r}")
    _check(examples, split, path, graded)
    return split


def _shuffled(idx: np.ndarray, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).permutation(idx)


def _by_column(examples: list[Example], path: str) -> Split:
    parts = np.array([e.split or "" for e in examples])
    found = sorted(set(parts.tolist()) - {""})
    if found != ["test", "val"]:
        has = f"only the {found[0]!r} split" if found else "no split column (cut/split)"
        raise FactalignError(f"{path} has {has}, so the threshold cannot be tuned on one part and measured on another; "
                             f"choose --split odd-even, half or kfold:K")
    return Split([(np.flatnonzero(parts == "val"), np.flatnonzero(parts == "test"))],
                 "threshold tuned on the file's validation split, measured on its test split")


def _check(examples: list[Example], split: Split, path: str, graded: bool) -> None:
    labels = np.array([e.label for e in examples])
    for i, (tune, evaluate) in enumerate(split.folds):
        fold = f" (fold {i + 1})" if len(split.folds) > 1 else ""
        for name, idx in (("tuning", tune), ("evaluation", evaluate)):
            if len(idx) == 0:
                raise FactalignError(f"{path}: the {name} part{fold} is empty")
            classes = set(labels[idx].tolist())
            if not graded and len(classes) < 2:
                raise FactalignError(f"{path}: the {name} part{fold} has only label {classes.pop():g}; a threshold cannot be "
                                     "tuned and ROC-AUC is undefined with one class")

"""Readers that turn each source into NLI examples.

An example is a dict {"premise", "hypothesis", "label", "source"} with label one of LABELS.
Readers taking `part` return the "train" or the "dev" part of the source (see split.is_dev).
"""

from __future__ import annotations

import csv
import gzip
import json
import random
from collections import Counter
from pathlib import Path

from factalign.errors import FactalignError
from factalign.io import json_problem
from factalign.train.split import is_dev

LABELS = ("entailment", "neutral", "contradiction")
WICE_LABELS = {"supported": "entailment", "partially_supported": "neutral", "not_supported": "neutral"}


def fail(message: str) -> FactalignError:
    """The error to raise for bad user input: the CLI prints it as one line."""
    return FactalignError(message)


def example(premise: str, hypothesis: str, label: str, source: str) -> dict:
    return {"premise": premise, "hypothesis": hypothesis, "label": label, "source": source}


def read_lines(path: Path) -> list[str]:
    """The lines of a text file, gunzipped when its name ends in .gz."""
    try:
        if Path(path).suffix == ".gz":
            with gzip.open(path, "rt", encoding="utf-8-sig") as handle:
                return handle.read().splitlines()
        return Path(path).read_text(encoding="utf-8-sig").splitlines()
    except OSError as exc:
        raise fail(f"cannot read {path}: {exc.strerror or exc}") from None


def read_json_lines(path: Path) -> list[dict]:
    rows = []
    for number, line in enumerate(read_lines(path), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise fail(f"{path}:{number}: invalid JSON ({json_problem(exc)})") from None
    return rows


def read_user_jsonl(path: Path, source: str = "jsonl") -> list[dict]:
    """User data: one {"premise", "hypothesis", "label"} object per line (gzipped when named *.gz)."""
    examples = []
    for number, row in enumerate(read_json_lines(path), 1):
        if not isinstance(row, dict) or row.get("label") not in LABELS or not all(
            isinstance(row.get(k), str) for k in ("premise", "hypothesis")
        ):
            raise fail(f"{path}: row {number} needs string premise/hypothesis and a label in {LABELS}")
        examples.append(example(row["premise"], row["hypothesis"], row["label"], source))
    return examples


def read_sick(path: Path) -> list[dict]:
    """SICK pairs as given (sentence_A premise, sentence_B hypothesis)."""
    rows = csv.DictReader(read_lines(path), delimiter="\t", quoting=csv.QUOTE_NONE)
    try:
        return [example(r["sentence_A"], r["sentence_B"], r["entailment_judgment"].lower(), "sick")
                for r in rows]
    except (KeyError, AttributeError):
        raise fail(f"{path}: not a SICK file (need sentence_A, sentence_B, entailment_judgment)") from None


def read_msrp(path: Path, part: str, dev_fraction: float, seed: int) -> list[dict]:
    """Paraphrases entail each other both ways; non-paraphrases become neutral in one direction.

    MSRP negatives are mostly pairs with partial overlap or extra details, not contradictions.
    """
    rows = csv.reader(read_lines(path), delimiter="\t", quoting=csv.QUOTE_NONE)
    if next(rows, [""])[0] != "Quality":
        raise fail(f"{path}: not an MSRP file (first column must be Quality)")
    examples = []
    for row in rows:
        quality, id1, id2, s1, s2 = row
        if (part == "dev") != is_dev(f"msrp:{id1}:{id2}", dev_fraction, seed):
            continue
        if quality == "1":
            examples += [example(s1, s2, "entailment", "msrp"), example(s2, s1, "entailment", "msrp")]
        else:
            first, second = (s1, s2) if random.Random(f"{seed}:{id1}:{id2}").random() < 0.5 else (s2, s1)
            examples.append(example(first, second, "neutral", "msrp"))
    return examples


def read_wice(path: Path, part: str, dev_fraction: float, seed: int) -> list[dict]:
    """Claim vs each annotated evidence set, alone and inside a window of neighbouring sentences.

    Partially supported claims are neutral: part of the claim is missing from the evidence.
    """
    examples = []
    for row in read_json_lines(path):
        if (part == "dev") != is_dev(f"wice:{row['claim']}", dev_fraction, seed):
            continue
        label, evidence = WICE_LABELS[row["label"]], row["evidence"]
        for indices in row["supporting_sentences"]:
            indices = sorted(set(indices))
            if not indices:
                continue
            examples.append(example(" ".join(evidence[i] for i in indices), row["claim"], label, "wice"))
            low, high = indices[0] - 1, indices[-1] + 2
            if high - low <= 6:
                window = " ".join(evidence[max(low, 0):high])
                examples.append(example(window, row["claim"], label, "wice"))
    return examples


def counts(examples: list[dict]) -> dict[str, dict[str, int]]:
    table: dict[str, Counter] = {}
    for ex in examples:
        table.setdefault(ex["source"], Counter())[ex["label"]] += 1
    return {source: dict(sorted(c.items())) for source, c in sorted(table.items())}

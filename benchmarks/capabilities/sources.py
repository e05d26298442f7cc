"""Sentences of the shared corpora for the suite: WiCE evidence pages, FEVERFact articles, SICK and the
natural NLI sets (premises); never FRANK. Only documents in the suite's half (`suite_half`) are read,
so training data that leaves that half out never saw a suite sentence.
"""

from __future__ import annotations

import csv
import gzip
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

from capabilities.lexicon import PEOPLE, QUANTIFIERS
from capabilities.templates import MODAL_NEGATIONS

from factalign.train.split import suite_half

# natural/ sets whose premises are ordinary single sentences (dialogue, tokenized and long-passage sets left out)
NATURAL_SETS = ("snli_devtest_esnli", "fever_rte_dev", "fever_symmetric_v02", "glue_rte_en", "mnli_dev_textfooler",
                "climate_fever", "scifact_rte")
_ODD = re.compile(r"[\[\]{}|<>_=#@\\\"“”]|\s[,.]\s|\.\s+[A-Z]|https?:|\.\.")


_CUES = re.compile(r"\b(" + "|".join(sorted({*MODAL_NEGATIONS, *QUANTIFIERS, *PEOPLE})) + r")\b", re.IGNORECASE)


@dataclass(frozen=True)
class Sentence:
    text: str
    key: str      # the document key suite_half decides on
    corpus: str   # wice, feverfact, sick or natural


def usable(text: str) -> bool:
    """One plain declarative sentence of 5 to 30 words."""
    words = text.split()
    return (5 <= len(words) <= 30 and text[:1].isupper() and text.endswith(".") and not _ODD.search(text)
            and text.isascii() and text.count("(") == text.count(")") and not text.endswith(" .")
            and "?" not in text and "!" not in text and not text.isupper())


def read_sentences(shared: Path) -> list[Sentence]:
    """Every usable sentence of the suite's half, each once (first document wins)."""
    found: list[Sentence] = []
    for row in _json_lines(shared / "wice" / "claim_dev.jsonl"):
        key = f"wice:{row['evidence'][0]}"
        found += [Sentence(s.strip(), key, "wice") for s in row["evidence"]]
    for row in _json_lines(shared / "feverfact_val.jsonl"):
        key = f"feverfact:{row['source']}"
        found += [Sentence(s.strip(), key, "feverfact") for s in row["sentence_context"]]
    for name in ("SICK_train.txt", "SICK_trial.txt", "SICK_test_annotated.txt"):
        with open(shared / "sick" / name, encoding="utf-8") as handle:
            for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
                for sentence in (row["sentence_A"], row["sentence_B"]):
                    found.append(Sentence(sentence.strip() + ".", f"sick:{sentence.strip()}", "sick"))
    for name in NATURAL_SETS:
        for row in _json_lines(shared / "natural" / f"{name}.jsonl.gz"):
            found.append(Sentence(row["premise"].strip(), f"natural:{row['premise']}", "natural"))
    seen, kept = set(), []
    for sentence in found:
        if sentence.text not in seen and usable(sentence.text) and suite_half(sentence.key):
            seen.add(sentence.text)
            kept.append(sentence)
    return kept


def sample(sentences: list[Sentence], per_corpus: int, seed: int) -> list[Sentence]:
    """A seeded sample of `per_corpus` sentences of each corpus (parsing all would be slow), plus every
    sentence with a cue word of the rarer capabilities (a modal, a quantifier, a group of people)."""
    out = []
    for corpus in sorted({s.corpus for s in sentences}):
        group = sorted((s for s in sentences if s.corpus == corpus), key=lambda s: (s.key, s.text))
        random.Random(f"{seed}:{corpus}").shuffle(group)
        out += group[:per_corpus] + [s for s in group[per_corpus:] if _CUES.search(s.text)]
    return out


def _json_lines(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]

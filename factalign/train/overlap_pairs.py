"""`overlap:DIR`, `d2c:DIR` and `cg2c:FILE` training pairs for house model v5.

- `overlap:DIR`: minimal pairs from real sentences (WiCE evidence pages, FEVERFact articles and the
  documents of FactCG's CG2C-Doc, never FRANK): each edit of overlap_edits.py gives a hypothesis that
  shares almost every word with its premise, set beside an entailed control of equal overlap (the
  sentence's passive where it has one, else the sentence itself), so that overlap alone predicts nothing.
- `d2c:DIR`: evidence removal in the manner of MiniCheck's D2C. A sentence of a window of 3-5 sentences is
  the claim: the window entails it, the window less that sentence does not, provided no other sentence
  of the window carries most of the claim's content words (then the pair is skipped, not mislabelled).
- `cg2c:FILE`: FactCG's CG2C-Doc rows as they are (supported -> entailment, not_supported -> neutral).

Documents of the capability suite's half are skipped, as in capability_pairs, and the split into train
and dev is by document.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from factalign.train import data
from factalign.train import overlap_edits as edits
from factalign.train.capability_pairs import _window
from factalign.train.split import is_dev, suite_half
from factalign.train.synthetic import is_clean

SENTENCES_PER_DOCUMENT = 40
CG2C_FILE = "factcg/cg2c_doc.jsonl"
CG2C_LABELS = {"supported": "entailment", "not_supported": "neutral"}
D2C_MAX_SHARE = 0.6   # a claim whose content words another sentence holds at this share is not removable
_WORD = re.compile(r"[A-Za-z0-9]+")
STOPWORDS = frozenset("a an the of in on at to for by with and or but is was were are be been has have had "
                      "it its he she they their his her this that from as which who also said".split())

# family -> (edit, label); `passive` is the control of the families that have one
FAMILIES = {
    "passive-swap": (lambda s, rng: edits.passive_swap(s), "contradiction"),
    "factuality": (lambda s, rng: edits.factuality(s), "neutral"),
    "opposite": (edits.opposite, "contradiction"),
    "ordinal": (edits.ordinal, "contradiction"),
}


def content_words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text) if w.lower() not in STOPWORDS}


def cg2c_documents(path: Path, part: str, dev_fraction: float, seed: int, nlp) -> dict[tuple[str, str], list[str]]:
    """CG2C-Doc's distinct documents of this part, split into sentences by the spaCy pipeline `nlp`."""
    texts = sorted({row["document"] for row in data.read_json_lines(path) if row.get("label") == "supported"
                    and (part == "dev") == is_dev(f"cg2c:{row['claim']}", dev_fraction, seed)})
    return {("cg2c", text[:80]): [s.text.strip() for s in doc.sents if s.text.strip()]
            for text, doc in zip(texts, nlp.pipe(texts, disable=["ner"]))}


def sentence_pairs(premise: str, sent, rng: random.Random) -> dict[str, list[dict]]:
    """family -> [edited pair, its control] for one parsed sentence of `premise`."""
    control = edits.passive(sent) or sent.text
    groups = {}
    for family, (edit, label) in FAMILIES.items():
        text = edit(sent, rng)
        if not text or text.strip(" .").lower() == sent.text.strip(" .").lower() or text.lower() in premise.lower():
            continue
        groups[family] = [data.example(premise, text, label, f"ov-{family}"),
                          data.example(premise, control, "entailment", f"ov-{family}")]
    return groups


def overlap_pairs(documents: dict[tuple[str, str], list[str]], nlp, seed: int) -> list[dict]:
    """The overlap families' pairs of every document outside the suite's half, each family capped at
    twice the median family size so that the frequent edits do not drown the rare ones."""
    keys = sorted(k for k in documents if not suite_half(f"{k[0]}:{k[1]}"))
    rng = random.Random(f"{seed}:overlap")
    flat = []
    for key in keys:
        clean = [i for i, s in enumerate(documents[key]) if is_clean(s)]
        rng.shuffle(clean)
        flat += [(key, i) for i in sorted(clean[:SENTENCES_PER_DOCUMENT])]
    by_family: dict[str, list[list[dict]]] = {name: [] for name in FAMILIES}
    for (key, i), doc in zip(flat, nlp.pipe(documents[key][i] for key, i in flat)):
        start, end = _window(i, len(documents[key]), rng)
        premise = " ".join(documents[key][start:end])
        for family, pairs in sentence_pairs(premise, doc[:], rng).items():
            by_family[family].append(pairs)
    sizes = sorted(len(g) for g in by_family.values() if g)
    cap = 2 * sizes[len(sizes) // 2] if sizes else 0
    return [p for family in FAMILIES
            for group in (rng.sample(by_family[family], cap) if len(by_family[family]) > cap else by_family[family])
            for p in group]


def d2c_pairs(documents: dict[tuple[str, str], list[str]], seed: int, per_document: int = 3) -> list[dict]:
    """Evidence removal: (window -> sentence, entailment) beside (window less it -> sentence, neutral)."""
    pairs = []
    for key in sorted(k for k in documents if not suite_half(f"{k[0]}:{k[1]}")):
        sentences = documents[key]
        rng = random.Random(f"{seed}:d2c:{key}")
        chosen = [i for i, s in enumerate(sentences) if is_clean(s)]
        rng.shuffle(chosen)
        for i in chosen[:per_document]:
            start, end = _window(i, len(sentences), rng, sizes=(3, 4, 5))
            if end - start < 3:
                continue
            claim, others = sentences[i], [s for k, s in enumerate(sentences[start:end], start) if k != i]
            words = content_words(claim)
            if not words or any(len(words & content_words(o)) / len(words) >= D2C_MAX_SHARE for o in others):
                continue
            pairs += [data.example(" ".join(sentences[start:end]), claim, "entailment", "d2c"),
                      data.example(" ".join(others), claim, "neutral", "d2c")]
    return pairs


def cg2c_pairs(path: Path, part: str, dev_fraction: float, seed: int) -> list[dict]:
    """CG2C-Doc's claims against their documents; a claim's supported and unsupported twins share a split."""
    return [data.example(row["document"], row["claim"], CG2C_LABELS[row["label"]], "cg2c")
            for row in data.read_json_lines(path) if row.get("label") in CG2C_LABELS
            and (part == "dev") == is_dev(f"cg2c:{row['claim']}", dev_fraction, seed)]

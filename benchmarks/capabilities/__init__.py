"""The capability suite's data: minimal pairs per capability (CheckList-style, Ribeiro et al. 2020), built
from sentences of the suite's half of the shared corpora. Each item is two rows with the same premise:
the test hypothesis (the capability's edit) and its entailed control, both from the same shortened
sentence. Deterministic for a seed, the sentences and the lexicon.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from itertools import zip_longest

from capabilities.lexicon import Antonyms
from capabilities.render import render
from capabilities.sources import Sentence
from capabilities.templates import PREFERRED, TEMPLATES, TEST_LABEL, Context, entity_key, shorten

from factalign.train.split import suite_half

CAPABILITIES = tuple(TEMPLATES)
__all__ = ["CAPABILITIES", "TEST_LABEL", "generate", "suite_digest", "suite_half", "item_rows"]


def item_rows(doc, capability: str, ctx: Context, sentence: Sentence, item: str) -> list[dict] | None:
    """The test and control rows of one sentence for one capability, or None when the template does not
    apply or the control would repeat the premise."""
    edit = TEMPLATES[capability](doc, ctx)
    if edit is None:
        return None
    base = shorten(doc, edit.protect, ctx.rng)
    if not base and not edit.control_ops:
        return None
    test, control = render(doc, base + edit.ops), render(doc, base + (edit.control_ops or []))
    if len({test, control, doc.text}) < 3:
        return None
    common = {"item": item, "capability": capability, "premise": doc.text, "corpus": sentence.corpus,
              "key": sentence.key, "detail": edit.detail}
    return [common | {"role": "test", "hypothesis": test, "label": TEST_LABEL[capability], "kind": edit.kind or capability},
            common | {"role": "control", "hypothesis": control, "label": "entailment", "kind": edit.control}]


def generate(sentences: list[Sentence], nlp, seed: int, size: int, antonyms: Antonyms | None) -> list[dict]:
    """Up to `size` items per capability, drawn in turn from each corpus (so that no corpus dominates)."""
    docs = list(nlp.pipe([s.text for s in sentences], batch_size=256))
    pool: dict[tuple[str, bool], set[str]] = {}
    for doc in docs:
        for ent in doc.ents:
            span, article = entity_key(ent)
            if 1 <= len(span) <= 4 and all(t.is_alpha or t.text in ".-'&" for t in span) and (
                    ent.label_ == "ORG" or not any(t.is_upper and len(t) > 1 for t in span)):  # "IAHHM" is no people
                pool.setdefault((ent.label_, article), set()).add(span.text)
    entities = {k: sorted(v) for k, v in pool.items()}
    rows = []
    for capability in CAPABILITIES:
        streams = [_stream(capability, corpus, sentences, docs, seed, entities, antonyms)
                   for corpus in sorted({s.corpus for s in sentences})]
        count = 0
        while streams and count < size:
            for stream in list(streams):
                found = next(stream, None)
                if found is None:
                    streams.remove(stream)
                    continue
                rows += [r | {"item": f"{capability}-{count:04d}"} for r in found]
                count += 1
                if count == size:
                    break
    return rows


def _stream(capability, corpus, sentences, docs, seed, entities, antonyms) -> Iterator[list[dict]]:
    order = [i for i, s in enumerate(sentences) if s.corpus == corpus]
    random.Random(f"{seed}:{capability}:{corpus}").shuffle(order)
    if capability in PREFERRED:  # alternate: a preferred sentence, another, ...
        first = [i for i in order if PREFERRED[capability].search(sentences[i].text)]
        rest = [i for i in order if not PREFERRED[capability].search(sentences[i].text)]
        order = [i for pair in zip_longest(first, rest) for i in pair if i is not None]
    for i in order:
        ctx = Context(random.Random(f"{seed}:{capability}:{sentences[i].text}"), entities, antonyms)
        found = item_rows(docs[i], capability, ctx, sentences[i], "")
        if found:
            yield found


def suite_digest(rows: list[dict]) -> str:
    """sha256 of the pairs (premise, hypothesis, label, capability, role), in order."""
    text = json.dumps([[r["capability"], r["role"], r["premise"], r["hypothesis"], r["label"]] for r in rows])
    return hashlib.sha256(text.encode()).hexdigest()

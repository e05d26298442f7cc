"""A sentence that is only a quotation ('"Screening saves lives."') after a sentence that names its speaker
('"The data are clear," said Dr. Osei, who led the trial.'): the quotation is the speaker's, so its claim says
so ('Dr. Osei said "Screening saves lives."') instead of stating the quoted words as the writer's own."""

from __future__ import annotations

import re

from spacy.tokens import Doc

from factalign.claims.wellformed import SAYING_VERBS

WHOLE_QUOTATION = re.compile(r'^\s*(["\u201c])[^"\u201c\u201d]+(["\u201d])\s*$')
LEFT_OUT = {"relcl", "appos", "acl", "punct", "advcl"}  # "Dr. Osei, who led the trial": the speaker is Dr. Osei


def quotation_only(sentence: str) -> bool:
    return WHOLE_QUOTATION.match(sentence) is not None


def speaker(sents: list[Doc], names: list[dict[int, str]]) -> str | None:
    """Who speaks in a sentence: the subject of its last verb of saying ("said Dr. Osei", "the minister added"),
    with its names resolved (`names`: per piece, token index -> name, as the splitter uses them), else None."""
    for sent, resolved in zip(reversed(sents), reversed(names)):
        verbs = [t for t in sent if t.lemma_ in SAYING_VERBS and t.pos_ == "VERB"]
        for verb in reversed(verbs):
            subject = next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
            if subject is None or subject.tag_ in {"WP", "WDT"}:
                continue
            keep, stack = [], [subject]
            while stack:
                t = stack.pop()
                keep.append(t)
                stack += [c for c in t.children if c.dep_ not in LEFT_OUT]
            start = sent[:].start
            words = [resolved.get(t.i - start, t.text) for t in sorted(keep, key=lambda t: t.i)]
            text = " ".join(w for w in words if w)
            return text[:1].upper() + text[1:] if text else None
    return None


def attributed(quotation: str, who: str) -> str:
    return f"{who} said {quotation.strip()}"

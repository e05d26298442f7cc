"""`capabilities:DIR` pairs for house model v4: one source per capability family.

From the clean sentences of the train part's WiCE evidence pages and FEVERFact articles, with a premise
window of 1-3 consecutive sentences holding the sentence s, each family's edits of s (capabilities.py)
give hypotheses of a known label, and beside each contradiction or neutral one an entailed control
with the same premise (an entailed edit of the same family when there is one, else s or s shortened):

  cap-role        subject and object swapped                         contradiction
  cap-antonym     main verb / adjective / comparison word reversed   contradiction
  cap-negation    a modal or the finding negated                     contradiction
  cap-quantifier  "some X" -> "all X", a restriction dropped          neutral; "some" -> "no" contradiction;
                  "all X" -> "some X"                                 entailment
  cap-number      month/day, million/billion, "about N" changed,      contradiction;
                  "more than" a larger count                         contradiction;
                  "fifteen" <-> "15", "2.4 billion" spelled out,      entailment
                  "more than" a smaller count
  cap-entity      an entity of another document, same spaCy type     contradiction
  cap-paraphrase  synonyms                                           entailment
  cap-detail      a detail the premise lacks added                   neutral
  cap-fusion      two neighbouring sentences about one entity fused  entailment with both, neutral
                  into one claim (MiniCheck's idea)                  with either left out

Documents of the capability suite's half (`split.suite_half`) are skipped, so the suite's sentences
never feed training. Every family is capped at FAMILY_CAP_FACTOR x the median family size (seeded),
so that the frequent edits (entity, detail) do not drown the rare ones (role swap).
"""

from __future__ import annotations

import random
import re
import statistics
from collections.abc import Callable

from spacy.tokens import Span

from factalign.train import capabilities as cap
from factalign.train import capability_amounts as amt
from factalign.train import capability_details as det
from factalign.train.data import example
from factalign.train.perturb import negate, shorten
from factalign.train.split import suite_half
from factalign.train.synthetic import is_clean

SENTENCES_PER_DOCUMENT = 60
FAMILY_CAP_FACTOR = 1.5
ENTITY_TYPES = frozenset({"PERSON", "ORG", "GPE", "NORP", "FAC", "LOC", "EVENT", "WORK_OF_ART", "PRODUCT"})
PRONOUN_SUBJECTS = frozenset({"he", "she", "it"})
SCOPED_NEGATION = frozenset({"until", "only", "just", "all", "every", "always", "yet", "even", "least"})


class Context:
    """What an edit may need besides the sentence: its premise, a seeded rng, another document's text."""

    def __init__(self, sent: Span, premise: str, rng: random.Random, foreign: list[Span]):
        self.sent, self.premise, self.rng, self.foreign = sent, premise, rng, foreign

    @property
    def foreign_pool(self) -> list[tuple[str, str]]:
        return [(e.text, e.label_) for span in self.foreign for e in span.ents]


Edit = Callable[[Context], "str | None"]
# family -> (edit, label); entailed edits of a family are the controls of its other edits
FAMILIES: dict[str, list[tuple[Edit, str]]] = {
    "role": [(lambda c: cap.swap_roles(c.sent), "contradiction")],
    "antonym": [(lambda c: cap.swap_antonym(c.sent), "contradiction")],
    "negation": [(lambda c: cap.negate_modal(c.sent), "contradiction"),
                 (lambda c: cap.negate_finding(c.sent), "contradiction"),
                 (lambda c: negate(c.sent) if _plain_negation(c.sent) else None, "contradiction")],
    "quantifier": [(lambda c: amt.generalise_quantifier(c.sent), "neutral"),
                   (lambda c: amt.widen_scope(c.sent, c.rng), "neutral"),
                   (lambda c: amt.some_to_no(c.sent), "contradiction"),
                   (lambda c: amt.all_to_some(c.sent), "entailment")],
    "number": [(lambda c: amt.change_date(c.sent, c.rng), "contradiction"),
               (lambda c: amt.swap_scale(c.sent), "contradiction"),
               (lambda c: amt.change_approximate(c.sent, c.rng), "contradiction"),
               (lambda c: amt.bound_number(c.sent, c.rng, looser=False), "contradiction"),
               (lambda c: amt.number_words(c.sent), "entailment"),
               (lambda c: amt.spell_out_scale(c.sent), "entailment"),
               (lambda c: amt.bound_number(c.sent, c.rng, looser=True), "entailment")],
    "entity": [(lambda c: det.foreign_entity(c.sent, c.foreign_pool, c.premise, c.rng), "contradiction")],
    "paraphrase": [(lambda c: det.paraphrase(c.sent), "entailment")],
    "detail": [(lambda c: c.foreign and det.add_detail(c.sent, c.rng.choice(c.foreign), c.rng), "neutral")],
}
FAMILY_NAMES = (*FAMILIES, "fusion")


def _plain_negation(sent: Span) -> bool:
    """The main verb negated, and not as "not ... until", "not only" (removing those garbles the sentence)."""
    negations = [t for t in sent.root.children if t.dep_ == "neg"]
    return bool(negations) and not any(t.lower_ in SCOPED_NEGATION for t in sent.doc[negations[0].i + 1:sent.end])


def short_text(sent: Span) -> str:
    """`sent` shortened (perturb.shorten), mended where the cut leaves a leading comma or half a quote."""
    text = re.sub(r"\s*[-–—,;:]+\s*\.$", ".", (shorten(sent) or sent.text).lstrip(",;:- "))
    if text.count('"') % 2 or len(text.split()) < 4:
        return sent.text
    return text[:1].upper() + text[1:]


def _window(i: int, count: int, rng: random.Random, sizes=(1, 1, 2, 3)) -> tuple[int, int]:
    size = min(rng.choice(sizes), count)
    start = rng.randint(max(0, i - size + 1), min(i, count - size))
    return start, start + size


def _apply(edit: Edit, context: Context) -> str | None:
    text = edit(context)
    sent = context.sent.text
    return text if text and text != sent and text.strip(" .") != sent.strip(" .") else None


def sentence_groups(sentences: list[str], i: int, sent: Span, foreign: list[Span],
                    rng: random.Random) -> dict[str, list[dict]]:
    """family -> the pairs of sentence i (each non-entailed hypothesis with its entailed control)."""
    start, end = _window(i, len(sentences), rng)
    premise = " ".join(sentences[start:end])
    context = Context(sent, premise, rng, foreign)
    groups = {}
    for family, edits in FAMILIES.items():
        made = [(text, label) for edit, label in edits if (text := _apply(edit, context))]
        made = [(t, label) for t, label in made if label == "entailment" or t.lower() not in premise.lower()]
        if not made:
            continue
        edited = [m for m in made if m[1] != "entailment"]
        entailed = [m for m in made if m[1] == "entailment"]
        source = f"cap-{family}"
        pairs = []
        if edited:
            text, label = rng.choice(edited)
            pairs.append(example(premise, text, label, source))
            control = rng.choice(entailed)[0] if entailed else (
                short_text(sent) if rng.random() < 0.3 else sent.text)
            pairs.append(example(premise, control, "entailment", source))
        else:
            pairs.append(example(premise, rng.choice(entailed)[0], "entailment", source))
        groups[family] = pairs
    return groups


def _subject_pronoun(sent: Span):
    first = sent[0]
    return first if first.lower_ in PRONOUN_SUBJECTS and first.dep_ == "nsubj" and first.head == sent.root else None


def _subject(sent: Span):
    return next((c for c in sent.root.children if c.dep_ in ("nsubj", "nsubjpass")), None)


def _opening_subject(first: Span, second: Span) -> int | None:
    """Where `second`'s predicate starts when it opens with its subject, and that subject is `first`'s:
    "he"/"she" after a person, "it" after another named entity, the same name again, or the same
    pronoun as `first` opens with."""
    subject, other = _subject(first), _subject(second)
    if subject is None or other is None:
        return None
    pronoun = _subject_pronoun(second)
    earlier = _subject_pronoun(first)
    if pronoun is not None and pronoun.i + 1 < second.end and second.doc[pronoun.i + 1].text.startswith("'"):
        return None  # "It's ..."
    if pronoun is not None and earlier is not None:  # "He did X. He did Y." -> "He did X and did Y."
        return pronoun.i + 1 if pronoun.lower_ == earlier.lower_ else None
    if subject.ent_type_ not in ENTITY_TYPES:
        return None
    if pronoun is not None:
        return pronoun.i + 1 if (subject.ent_type_ == "PERSON") == (pronoun.lower_ in ("he", "she")) else None
    phrase = list(other.subtree)
    name = next((e for e in first.ents if e.start <= subject.i < e.end), None)
    if name is None or phrase[0].i != second.start or phrase[-1].i != other.i:
        return None
    said = second.doc[phrase[0].i:other.i + 1].text
    return other.i + 1 if said in (name.text, subject.text) else None


def fused_claim(first: Span, second: Span) -> str | None:
    """One claim stating a fact of each sentence about the entity both have as subject, or None:
    "Lopez was elected mayor. She had served eight years." -> "Lopez was elected mayor and had served
    eight years." ("they" is skipped: too often another group than the first subject)."""
    start = _opening_subject(first, second)
    if start is None or start >= second.end - 1:
        return None
    head = short_text(first).rstrip(".!? ")
    rest = second.doc[start:second.end].text.strip(" ,;").rstrip(".!? ")
    if (head + rest).count('"') % 2:
        return None
    return f"{head} and {rest}."


def fusion_pairs(sentences: list[str], parsed: dict[int, Span], rng: random.Random) -> list[list[dict]]:
    """Groups of three pairs per fused claim: both sentences -> entailment, either alone -> neutral."""
    groups = []
    for i in sorted(parsed):
        if i + 1 not in parsed:
            continue
        claim = fused_claim(parsed[i], parsed[i + 1])
        if not claim:
            continue
        before = rng.choice([0, 0, 1]) if i > 0 else 0
        start, end = i - before, i + 2
        both = " ".join(sentences[start:end])
        without = [" ".join(s for k, s in enumerate(sentences[start:end], start) if k != skip) for skip in (i, i + 1)]
        groups.append([example(both, claim, "entailment", "cap-fusion")]
                      + [example(p, claim, "neutral", "cap-fusion") for p in without])
    return groups


def capability_pairs(documents: dict[tuple[str, str], list[str]], nlp, seed: int) -> list[dict]:
    """The capability pairs of every document outside the suite's half, balanced across families."""
    keys = sorted(k for k in documents if not suite_half(f"{k[0]}:{k[1]}"))
    rng = random.Random(f"{seed}:capabilities")
    chosen = {}
    for key in keys:
        clean = [i for i, s in enumerate(documents[key]) if is_clean(s)]
        rng.shuffle(clean)
        picked = set(clean[:SENTENCES_PER_DOCUMENT // 2])
        picked |= {i + 1 for i in picked if i + 1 < len(documents[key]) and is_clean(documents[key][i + 1])}
        chosen[key] = sorted(picked)
    flat = [(key, i) for key in keys for i in chosen[key]]
    docs = nlp.pipe(documents[key][i] for key, i in flat)
    parsed: dict[tuple[str, str], dict[int, Span]] = {key: {} for key in keys}
    for (key, i), doc in zip(flat, docs):
        parsed[key][i] = doc[:]
    by_family: dict[str, list[list[dict]]] = {name: [] for name in FAMILY_NAMES}
    for n, key in enumerate(keys):
        doc_rng = random.Random(f"{seed}:capabilities:{key}")
        others = [parsed[keys[(n + d) % len(keys)]] for d in (1, 2, 3)] if len(keys) > 1 else []
        foreign = [doc_rng.choice(list(o.values())) for o in others if o]
        for i, sent in sorted(parsed[key].items()):
            for family, pairs in sentence_groups(documents[key], i, sent, foreign, doc_rng).items():
                by_family[family].append(pairs)
        by_family["fusion"] += fusion_pairs(documents[key], parsed[key], doc_rng)
    return balance(by_family, rng)


def balance(by_family: dict[str, list[list[dict]]], rng: random.Random) -> list[dict]:
    """Every family capped at FAMILY_CAP_FACTOR x the median family size (in groups, kept whole)."""
    sizes = [len(groups) for groups in by_family.values() if groups]
    if not sizes:
        return []
    cap_size = max(1, int(FAMILY_CAP_FACTOR * statistics.median(sizes)))
    pairs = []
    for family in FAMILY_NAMES:
        groups = by_family[family]
        kept = rng.sample(groups, cap_size) if len(groups) > cap_size else groups
        pairs += [p for group in kept for p in group]
    return pairs

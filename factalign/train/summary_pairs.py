"""Summary-like pairs for house model v2: long premises and the FRANK error taxonomy, from news-like text.

v1 learnt from single sentences and short windows, so it lost entailment as the premise grew (FullDoc
and SENTLI below sentence-level SummaC on FRANK) and missed errors of summaries rather than of
sentences. For each sampled sentence s of a document (WiCE evidence pages and FEVERFact articles of
the train part; FRANK is never read), the premise is a window of 1-8 consecutive sentences holding s
(at most 120 words, s anywhere in it; `LONG`: 4-16 sentences, at most 230 words), and the hypothesis one of:

  entailment     s; s shortened; a fusion of s with another sentence of the window, both shortened
                 ("A. B." -> "A, and B."); s with a pronoun replaced by its antecedent's name
  contradiction  (FRANK EntE/CircE/RelE) an entity, a time/place, or a number swapped; the main verb
                 negated
  neutral        (CorefE) a pronoun replaced by a wrong name from the document; (LinkE) two sentences
                 of the window joined by a cause or order link; (OutE) s with a detail from another
                 document added; a fusion with a sentence outside the window; the window without s
                 (the hypothesis is nearby, same-topic text that is not in the premise)

A wrong name bound to a pronoun, a made-up link and an added detail are not stated false by the
source, so they are neutral, not contradiction: the model must learn "not in the premise" apart
from "against the premise". WiCE's partially supported train claims with their unsupported tokens
marked (`wice_token_pairs`) give real examples of both: the claim without the marked words is
entailed by the evidence, the full claim is neutral.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from spacy.tokens import Span

from factalign.train import perturb
from factalign.train.data import example, read_json_lines
from factalign.train.split import is_dev
from factalign.train.synthetic import is_clean


@dataclass(frozen=True)
class Context:
    """How much document text surrounds the sentence a hypothesis comes from."""
    premise_words: int = 120
    window_sizes: tuple[int, ...] = (1, 2, 3, 3, 4, 5, 6, 8)
    name: str = ""


SHORT = Context()
# FullDoc, SENTLI and FENICE's passages give the model 200+ words; v1 lost entailment there.
LONG = Context(premise_words=230, window_sizes=(4, 6, 8, 10, 12, 16), name="long")
SENTENCES_PER_DOCUMENT = 14
CIRCUMSTANCE_TYPES = frozenset({"DATE", "TIME", "GPE", "LOC", "FAC"})
PERSONAL_SUBJECTS = {"he", "she"}
_FUNCTION_WORDS = {"the", "a", "an", "he", "she", "it", "they", "this", "that", "these", "those", "in", "on",
                   "at", "after", "before", "during", "his", "her", "its", "their", "there", "we", "but"}
LINKS = ("because", "after", "so", "in order to ensure that")  # LinkE: a cause or order the source never states


def _window(sentences: list[str], i: int, rng: random.Random, context: Context = SHORT) -> tuple[int, int]:
    """[start, end): a random number of consecutive sentences holding i, within context.premise_words."""
    size = rng.choice(context.window_sizes)
    start = max(0, i - rng.randint(0, size - 1))
    end = min(len(sentences), start + size)
    while end - start > 1 and sum(len(s.split()) for s in sentences[start:end]) > context.premise_words:
        if end - 1 > i:
            end -= 1
        else:
            start += 1
    return start, end


def _premise(sentences: list[str], start: int, end: int, skip: int | None = None) -> str:
    return " ".join(s for k, s in enumerate(sentences[start:end], start) if k != skip)


def _lower_first(text: str) -> str:
    """Lower a sentence-initial function word ("The" -> "the"), keep names and acronyms."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first.lower() in _FUNCTION_WORDS else text


def fuse(first: str, second: str, link: str = "and") -> str:
    """"A." + "B." -> "A, and B." (or another link word)."""
    return f"{first.rstrip('.!? ')}, {link} {_lower_first(second.rstrip('.!? '))}."


def _pronoun_subject(sent: Span):
    """A "he"/"she" that opens the sentence as the main verb's subject (the unambiguous case)."""
    first = sent[0]
    return first if first.lower_ in PERSONAL_SUBJECTS and first.dep_ == "nsubj" and first.head == sent.root else None


def _antecedent(parsed: dict[int, Span], i: int) -> str | None:
    """The last PERSON named in the two sentences before i (a crude but usually right resolution)."""
    for j in (i - 1, i - 2):
        people = [e.text for e in parsed[j].ents if e.label_ == "PERSON"] if j in parsed else []
        if people:
            return people[-1]
    return None


def _with_subject(sent: Span, token, name: str) -> str:
    start = token.idx - sent.start_char
    return sent.text[:start] + name + sent.text[start + len(token.text):]


def _circumstance(sent: Span, pool: list[tuple[str, str]], rng: random.Random) -> str | None:
    return perturb.swap_entity(sent, [(t, label) for t, label in pool if label in CIRCUMSTANCE_TYPES], rng)


def _added_detail(sent: Span, foreign: Span, rng: random.Random) -> str | None:
    """OutE: s plus a date, place or organisation phrase taken from another document."""
    details = [e for e in foreign.ents if e.label_ in ("DATE", "GPE", "ORG", "NORP") and e.text not in sent.text]
    if not details:
        return None
    ent = rng.choice(details)
    phrase = {"DATE": f"in {ent.text}", "GPE": f"in {ent.text}", "ORG": f"with {ent.text}",
              "NORP": f"with {ent.text} support"}[ent.label_]
    return f"{sent.text.rstrip('.!? ')} {phrase}."


def document_pairs(sentences: list[str], parsed: dict[int, Span], anchors: list[int], foreign: list[Span],
                   rng: random.Random, source: str, context: Context = SHORT) -> list[dict]:
    """Pairs for the anchor sentences of one document; `parsed` (index -> spaCy span) holds the anchors
    and the two sentences before each, where pronoun antecedents are looked up."""
    pool = [(e.text, e.label_) for span in parsed.values() for e in span.ents]
    people = sorted({e.text for span in parsed.values() for e in span.ents if e.label_ == "PERSON"})
    pairs = []

    def add(premise: str, hypothesis: str | None, label: str, kind: str) -> None:
        if hypothesis and (label == "entailment" or hypothesis not in premise):
            pairs.append(example(premise, hypothesis, label, f"{source}-{kind}"))

    for i in anchors:
        sent = parsed[i]
        start, end = _window(sentences, i, rng, context)
        premise = _premise(sentences, start, end)
        short = perturb.shorten(sent) or sent.text
        add(premise, rng.choice([sent.text, short]), "entailment", "sentence")
        partners = [j for j in anchors if start <= j < end and j != i]
        if partners:
            j = rng.choice(partners)
            first, second = (i, j) if i < j else (j, i)
            texts = {k: perturb.shorten(parsed[k]) or parsed[k].text for k in (first, second)}
            add(premise, fuse(texts[first], texts[second]), "entailment", "fusion")
            if rng.random() < 0.5:
                add(premise, fuse(texts[first], texts[second], rng.choice(LINKS)), "neutral", "link")
        outside = [j for j in anchors if j < start or j >= end]
        if outside and rng.random() < 0.5:
            far = parsed[rng.choice(outside)]
            other = perturb.shorten(far) or far.text
            add(premise, fuse(short, other), "neutral", "fusion-outside")
        subject = _pronoun_subject(sent)
        right = _antecedent(parsed, i) if subject is not None else None
        if right:
            coref_premise = _premise(sentences, min(start, max(i - 2, 0)), end)
            add(coref_premise, _with_subject(sent, subject, right), "entailment", "coref")
            wrong = [p for p in people if perturb._distinct(p, right)]
            if wrong:
                add(coref_premise, _with_subject(sent, subject, rng.choice(wrong)), "neutral", "coref-wrong")
        edits = [(kind, edited) for kind, edited in [
            ("entity", perturb.swap_entity(sent, pool, rng)), ("circumstance", _circumstance(sent, pool, rng)),
            ("number", perturb.change_number(sent, rng)), ("predicate", perturb.negate(sent))]
            if edited and edited != sent.text]
        for kind, edited in rng.sample(edits, k=min(2, len(edits))):
            add(premise, edited, "contradiction", kind)
        if foreign and rng.random() < 0.5:
            add(premise, _added_detail(sent, rng.choice(foreign), rng), "neutral", "added-detail")
        if end - start > 1 and rng.random() < 0.3:
            add(_premise(sentences, start, end, skip=i), sent.text, "neutral", "missing")
    return pairs


def wice_token_pairs(path, part: str, dev_fraction: float, seed: int) -> list[dict]:
    """WiCE partially supported claims: without the unsupported tokens -> entailment, as is -> neutral."""
    pairs = []
    for row in read_json_lines(path):
        if (part == "dev") != is_dev(f"wice:{row['claim']}", dev_fraction, seed):
            continue
        evidence = row["evidence"]
        indices = sorted({i for group in row["supporting_sentences"] for i in group if 0 <= i < len(evidence)})
        if not indices:
            continue
        premise = " ".join(evidence[i] for i in indices)
        kept = [t for t, unsupported in zip(row["claim_tokens"], row["non_supported_spans"]) if not unsupported]
        if len(kept) < 4 or len(kept) == len(row["claim_tokens"]):
            continue
        reduced = " ".join(kept).replace(" ,", ",").replace(" .", ".").replace(" - ", "-").replace(" 's", "'s")
        pairs.append(example(premise, reduced, "entailment", "wice-tokens"))
        pairs.append(example(premise, row["claim"], "neutral", "wice-tokens"))
    return pairs


def summary_pairs(documents: dict[tuple[str, str], list[str]], nlp, seed: int, context: Context = SHORT) -> list[dict]:
    """Summary-like pairs for every document (key -> sentences)."""
    rng = random.Random(f"{seed}:summary-pairs{context.name}")
    chosen_by_doc = {}
    for key, sentences in sorted(documents.items()):
        clean = [i for i, s in enumerate(sentences) if is_clean(s)]
        rng.shuffle(clean)
        chosen_by_doc[key] = sorted(clean[:SENTENCES_PER_DOCUMENT])
    parsed_by_doc = {}
    for key, chosen in chosen_by_doc.items():
        # the two sentences before each chosen one are parsed too, for pronoun antecedents
        wanted = sorted({k for i in chosen for k in (i - 2, i - 1, i) if k >= 0})
        parsed_by_doc[key] = {k: doc[:] for k, doc in zip(wanted, nlp.pipe(documents[key][k] for k in wanted))}
    keys = sorted(parsed_by_doc)
    pairs = []
    for n, key in enumerate(keys):
        others = [keys[(n + d) % len(keys)] for d in (1, 2, 3)] if len(keys) > 1 else []
        foreign = [rng.choice(list(parsed_by_doc[k].values())) for k in others if parsed_by_doc[k]]
        doc_rng = random.Random(f"{seed}:summary{context.name}:{key}")
        source = "-".join(filter(None, (key[0], context.name)))
        pairs += document_pairs(documents[key], parsed_by_doc[key], chosen_by_doc[key], foreign, doc_rng, source, context)
    return pairs

"""The stated bound on the work one input can cause (docs/guarantees.md, "Bounds on work").

An output of a few kilobytes could otherwise fan out without end: a 1,000-item list or a sentence of 400 names
joined by "and" makes the extractor write claim after claim, and coreference write a variant of a document
sentence for every pair of mentions in a cluster, each variant then parsed and scored against every claim
(minutes for such inputs: benchmarks/fan_out_bounds.py). Each cap below stops one of those fan-outs; where one
cuts, the result says so in `notes`, so a figure is never quietly computed on less than the input.
"""

from __future__ import annotations

from factalign.data import Claim, Document

# a sentence that gives more claims than this is a list or a chain the extractor cannot split faithfully:
# it stands whole, as one claim (fail safe: fewer, fuller claims rather than many broken ones)
MAX_CLAIMS_PER_SENTENCE = 12
# past this many claims in one output, each further sentence is checked whole, as one claim
MAX_CLAIMS_PER_OUTPUT = 256
# a sentence longer than this (no FRANK or realistic-suite output sentence passes 430 characters) is a run-on the
# parser reads in seconds per clause and the rules cannot split faithfully: it is checked whole, never parsed by the
# claim extractor (heuristic coreference still reads its words)
MAX_SPLIT_SENTENCE_CHARS = 1_000
# FENICE's coreference variants of one document sentence (one per mention and other name of its cluster) kept
MAX_VARIANTS_PER_SENTENCE = 16


def bounded_claims(claims: list[Claim], summary: Document) -> tuple[list[Claim], list[str]]:
    """`claims` with the caps applied, and a note per cap that cut."""
    by_sentence: dict[int, list[Claim]] = {}
    for claim in claims:
        by_sentence.setdefault(claim.sentence_index, []).append(claim)
    notes: list[str] = []
    out: list[Claim] = []
    whole = [i for i, group in by_sentence.items() if len(group) > MAX_CLAIMS_PER_SENTENCE]
    run_ons = [i for i in by_sentence if run_on(summary, i)]
    for i, group in sorted(by_sentence.items()):
        fits = i not in whole and i not in run_ons and len(out) + len(group) <= MAX_CLAIMS_PER_OUTPUT
        out += group if fits else [_whole(summary, i)]
    if whole:
        notes.append(f"{len(whole)} sentence(s) gave more than {MAX_CLAIMS_PER_SENTENCE} claims and are checked whole "
                     f"(factalign.bounds.MAX_CLAIMS_PER_SENTENCE)")
    if run_ons:
        notes.append(f"{len(run_ons)} sentence(s) over {MAX_SPLIT_SENTENCE_CHARS:,} characters are checked whole "
                     f"(factalign.bounds.MAX_SPLIT_SENTENCE_CHARS)")
    if len(claims) > MAX_CLAIMS_PER_OUTPUT:
        notes.append(f"past {MAX_CLAIMS_PER_OUTPUT} claims, sentences are checked whole "
                     f"(factalign.bounds.MAX_CLAIMS_PER_OUTPUT)")
    return out, notes


def run_on(summary: Document, i: int) -> bool:
    """Sentence i is longer than MAX_SPLIT_SENTENCE_CHARS: an extractor should not split it (see bounded_claims)."""
    start, end = summary.sentences[i]
    return end - start > MAX_SPLIT_SENTENCE_CHARS


def _whole(summary: Document, i: int) -> Claim:
    return Claim(summary.sentence(i), i, summary.sentences[i])


def bounded_variants(variants: list[str]) -> tuple[list[str], str | None]:
    """The first MAX_VARIANTS_PER_SENTENCE variants (their order is deterministic), and a note when some were cut."""
    if len(variants) <= MAX_VARIANTS_PER_SENTENCE:
        return variants, None
    return variants[:MAX_VARIANTS_PER_SENTENCE], (  # one note however many sentences it cut
        f"document sentences with more than {MAX_VARIANTS_PER_SENTENCE} coreference variants use their first "
        f"{MAX_VARIANTS_PER_SENTENCE} (factalign.bounds.MAX_VARIANTS_PER_SENTENCE)")

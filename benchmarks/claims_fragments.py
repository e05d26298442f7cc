"""Fragment rate of claim extractors on real texts: FRANK validation, WiCE or FEVERFact.

FRANK validation summaries (CNN/DM and XSum systems), WiCE claims or FEVERFact focus sentences:

    python benchmarks/claims_fragments.py [--data frank|wice|feverfact] [--extractor rules] [--limit N]
        [--show K] [--show-ok K] [--dump claims.jsonl]

Every distinct text is given to the extractor with its source document (`frank`: the summary and its
article, `../shared/data/frank_val.jsonl`; `wice`: each claim of `../shared/data/wice/claim_dev.jsonl`
with its evidence sentences joined by newlines; `feverfact`: each focus sentence of
`../shared/data/feverfact_val.jsonl` with its `source_text`); each claim is checked by
`factalign.claims.wellformed` against its sentence (finite verb, subject, nothing dangling or cut).
Prints the share of malformed claims per part (FRANK: cnndm and xsum), and of those that are not a
whole input sentence (a whole sentence kept as it is, a fallback, is malformed only when the input
sentence itself is: "Click here for all the latest boxing news."; a whole sentence is one with the
sentence's letters and digits in order, however it is detokenized, cased or rejoined), the share of whole-sentence claims,
claims per sentence, the share of sentences fully covered (every content word in one of its claims,
`factalign.claims.coverage`; a sentence the segmenter cut inside a name or an aside is read whole, as
the extractor reads it), examples, and the extractor's CPU time (models loaded before the clock starts).
`--show-uncovered K` prints sentences with words in no claim.
`--show-ok` prints a sample of the claims the check accepts (to read what it misses), `--dump` writes
every text's claims as JSON lines. A data file that is absent is skipped with a message.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

from shared_data import SHARED, given_file

from factalign.claims import load_extractor
from factalign.claims.base import extract_claims
from factalign.claims.coverage import uncovered
from factalign.claims.rules import sentence_groups
from factalign.claims.wellformed import problems
from factalign.data import Document

DATA = SHARED / "frank_val.jsonl"
SETS = {  # name: (file, title, row -> (text, source document, part))
    "frank": (DATA, "FRANK validation", lambda row: (row["summary"], row["doc"], row["origin"])),
    "wice": (SHARED / "wice" / "claim_dev.jsonl", "WiCE claim dev",
             lambda row: (row["claim"], "\n".join(row["evidence"]), "wice")),
    "feverfact": (SHARED / "feverfact_val.jsonl", "FEVERFact validation",
                  lambda row: (row["sentence"], row["source_text"], "feverfact")),
}


def load_rows(path: Path, fields) -> list[tuple[str, str, str]]:
    """(text, source, part) of each distinct non-empty text, in file order."""
    rows, seen = [], set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        text, source, part = fields(json.loads(line))
        if text.strip() and text not in seen:
            seen.add(text)
            rows.append((text, source, part))
    return rows


def same_words(claim: str, sentence: str) -> bool:
    """Whether a claim is its sentence as the extractor reads it: the same letters and digits, in order
    (detokenized, truecased, with the pieces of a sentence the segmenter cut joined again)."""
    return re.sub(r"[\W_]+", "", claim.lower()) == re.sub(r"[\W_]+", "", sentence.lower())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", choices=sorted(SETS), default="frank", help="which texts (default: frank)")
    parser.add_argument("--extractor", default="rules")
    parser.add_argument("--limit", type=int, help="only the first N distinct texts")
    parser.add_argument("--show", type=int, default=15, help="malformed claims to print")
    parser.add_argument("--show-ok", type=int, default=0, help="a random sample of K well-formed claims to print")
    parser.add_argument("--show-uncovered", type=int, default=0, help="sentences with content words in no claim to print")
    parser.add_argument("--seed", type=int, default=0, help="seed of the --show-ok sample")
    parser.add_argument("--dump", type=Path, help="write each text's claims (text, claims, problems) as JSON lines")
    parser.add_argument("--no-guard", action="store_true", help="rules without its well-formedness guard (the raw splitter)")
    parser.add_argument("--no-source", action="store_true", help="do not give the extractor the document")
    args = parser.parse_args()
    path, title, fields = SETS[args.data]
    given_file(path, f"{title} data")
    rows = load_rows(path, fields)[: args.limit]
    extractor = load_extractor(args.extractor)
    if args.no_guard:
        extractor.guard = False
    extract_claims(extractor, Document.from_text("A cat sat. It ran."))  # loads spaCy and the coref model
    counts, bad, whole, shown, good = Counter(), Counter(), Counter(), [], []
    sentences, full, own = Counter(), Counter(), Counter()
    missed = []
    cpu = 0.0
    dump = args.dump.open("w", encoding="utf-8") if args.dump else None
    for text, source, part in rows:
        summary = Document.from_text(text)
        sentences[part] += len(summary.sentences)
        start = time.process_time()
        claims = extract_claims(extractor, summary, None if args.no_source else source)
        cpu += time.process_time() - start
        found = []
        joined, groups = sentence_groups(summary, None if args.no_source else source)
        read_as = {i: joined.sentence(k) for k, group in enumerate(groups) for i in group}
        for claim in claims:
            counts[part] += 1
            is_whole = same_words(claim.text, summary.sentence(claim.sentence_index)) or same_words(
                claim.text, read_as[claim.sentence_index])
            whole[part] += is_whole
            issues = problems(claim.text, summary.sentence(claim.sentence_index))
            found.append({"text": claim.text, "sentence_index": claim.sentence_index, "problems": issues})
            if issues:
                bad[part] += 1
                own[part] += not is_whole
                if len(shown) < args.show:
                    shown.append(f"  {claim.text!r}: {', '.join(issues)}")
            elif not is_whole:
                good.append(f"  {claim.text!r}  <- {summary.sentence(claim.sentence_index)!r}")
        for k, group in enumerate(groups):  # a sentence the segmenter cut inside a name or an aside is read whole
            lost = uncovered(joined.sentence(k), [c.text for c in claims if c.sentence_index in group])
            full[part] += 0 if lost else len(group)
            if lost and len(missed) < args.show_uncovered:
                missed.append(f"  {lost} <- {joined.sentence(k)!r}")
        if dump:
            dump.write(json.dumps({"text": text, "claims": found}, ensure_ascii=False) + "\n")
    if dump:
        dump.close()
    noun = "summaries" if args.data == "frank" else "texts"
    print(f"{title}, extractor {extractor.name}: {len(rows)} distinct {noun}, {sum(sentences.values())} sentences")
    for part in sorted(counts) + ["all"]:
        n = sum(counts.values()) if part == "all" else counts[part]
        b = sum(bad.values()) if part == "all" else bad[part]
        w = sum(whole.values()) if part == "all" else whole[part]
        s = sum(sentences.values()) if part == "all" else sentences[part]
        f = sum(full.values()) if part == "all" else full[part]
        o = sum(own.values()) if part == "all" else own[part]
        print(f"{part:>6}: {n} claims, malformed {b} ({100 * b / max(n, 1):.1f}%; not whole sentences {o}, {100 * o / max(n, 1):.1f}%), "
              f"whole-sentence claims {w} ({100 * w / max(n, 1):.1f}%); "
              f"{n / max(s, 1):.2f} claims per sentence, sentences fully covered {f} of {s} ({100 * f / max(s, 1):.1f}%)")
    print(f"extraction: {cpu:.1f} s CPU, {1000 * cpu / max(len(rows), 1):.0f} ms per summary")
    print("examples of malformed claims:")
    print("\n".join(shown))
    if args.show_uncovered:
        print("sentences with content words in no claim (the words, then the sentence):")
        print("\n".join(missed))
    if args.show_ok:
        print("a sample of well-formed claims (whole sentences left out):")
        print("\n".join(random.Random(args.seed).sample(good, min(args.show_ok, len(good)))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

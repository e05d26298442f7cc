"""Claim fidelity: does each claim say only what its sentence says? Fault rates on a hand-written suite.

    python benchmarks/claim_fidelity.py [--suite benchmarks/claim_fidelity/suite.jsonl] [--extractor rules]
        [--show K] [--kind KIND]

The suite (`benchmarks/claim_fidelity/FORMAT.md`) holds one sentence a line, written by hand, with the
rules its claims must keep and the facts they must cover. Each sentence is extracted alone (no source
document). A claim counts once for each fault kind it shows:

- negation, hedge, condition, attribution, subject: a rule of the sentence ("KIND: WORDS => NEEDED" or
  "KIND: !PHRASE") that the claim breaks;
- quote: a rule of that kind, or, for every sentence, quotation marks that do not pair up in the claim or
  a quotation of the sentence whose first or last two words the claim has without the whole of it;
- sentence: a rule of that kind, or the well-formedness check (`factalign.claims.wellformed`) rejects it
  (not held against the whole sentence kept as it is, which the extractor did not write).

Prints the claims, the rate of each fault kind over all claims, the sentences with at least one fault,
and the share of sentences fully covered (every "cover" item's words together in one claim).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

from shared_data import ROOT

from factalign.claims import load_extractor
from factalign.claims.base import extract_claims
from factalign.claims.wellformed import problems
from factalign.data import Document

SUITE = ROOT / "benchmarks" / "claim_fidelity" / "suite.jsonl"
KINDS = ["negation", "hedge", "condition", "attribution", "subject", "quote", "sentence"]
QUOTED = re.compile(r'"([^"]+)"|\u201c([^\u201c\u201d]+)\u201d')


def words(text: str) -> list[str]:
    """Lower-cased words; "n't" is a word of its own, curly apostrophes are straight."""
    text = text.replace("\u2019", "'").lower().replace("n't", " n't")
    return re.findall(r"n't|[\w$%]+(?:[.,'][\w]+)*", text)


def has(claim: list[str], phrase: str) -> bool:
    """Whether the claim's words hold the phrase's words in a row."""
    want = words(phrase)
    return any(claim[k:k + len(want)] == want for k in range(len(claim) - len(want) + 1)) if want else False


def parse_rule(rule: str) -> tuple[str, list[str], list[str], str | None]:
    """"KIND: A B => C|D" -> (kind, [A, B], [C, D], None); "KIND: !PHRASE" -> (kind, [], [], PHRASE).
    Left of "=>", terms are separated by " & " (each a word or phrase the claim holds)."""
    kind, _, body = rule.partition(":")
    kind, body = kind.strip(), body.strip()
    if kind not in KINDS:
        raise ValueError(f"unknown fault kind in rule {rule!r}")
    if body.startswith("!"):
        return kind, [], [], body[1:].strip()
    left, arrow, right = body.partition("=>")
    if not arrow:
        raise ValueError(f"rule without '=>' or '!': {rule!r}")
    return kind, [t.strip() for t in left.split("&") if t.strip()], [t.strip() for t in right.split("|") if t.strip()], None


def holds_phrase(claim: list[str], phrase: str) -> bool:
    """`has`, where a leading "^" ties the phrase to the claim's start and a final "." to its end."""
    start, end = phrase.startswith("^"), phrase.endswith(".")
    want = words(phrase.lstrip("^"))
    if start and end:
        return claim == want
    if start:
        return claim[:len(want)] == want
    if end:
        return claim[len(claim) - len(want):] == want
    return has(claim, phrase)


def broken(rule: tuple, claim: list[str]) -> bool:
    kind, when, needed, never = rule
    if never is not None:
        return holds_phrase(claim, never)
    return all(has(claim, w) for w in when) and not any(has(claim, n) for n in needed)


def broken_quote(claim: str, sentence: str) -> bool:
    """Unpaired quotation marks, or a quotation of the sentence cut: its first or last two words in the
    claim without the whole quotation."""
    straight = claim.count('"')
    if straight % 2 or claim.count("\u201c") != claim.count("\u201d"):
        return True
    w = words(claim)
    for m in QUOTED.finditer(sentence):
        inner = words(m.group(1) or m.group(2))
        if len(inner) < 3:
            continue
        ends = [" ".join(inner[:2]), " ".join(inner[-2:])]
        if any(has(w, e) for e in ends) and not has(w, " ".join(inner)):
            return True
    return False


def faults(claim: str, sentence: str, rules: list[tuple]) -> set[str]:
    w = words(claim)
    doc = Document.from_text(sentence)
    whole = any(w == words(doc.sentence(k)) for k in range(len(doc.sentences)))
    out = {r[0] for r in rules if broken(r, w)}
    if broken_quote(claim, sentence):
        out.add("quote")
    if not whole and (problems(claim, sentence) or not re.search(r"[.!?]['\"\u201d)]*$", claim)):
        out.add("sentence")  # the whole sentence kept as it is was not written by the extractor
    return out


def covered(claims: list[str], items: list[str]) -> list[str]:
    """The cover items no single claim holds all the words of (an item: words, each anywhere in the claim)."""
    held = [words(c) for c in claims]
    return [item for item in items if not any(all(has(h, x) for x in item.split("&")) for h in held)]


def load_suite(path: Path) -> list[dict]:
    """The suite's rows; a rule that the whole sentence breaks is an error of the suite (the sentence
    itself, as a claim, says exactly what it says)."""
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            row = json.loads(line)
            row["_rules"] = [parse_rule(r) for r in row.get("rules", [])]
            row["_line"] = n
            whole = words(row["s"])
            wrong = [raw for rule, raw in zip(row["_rules"], row.get("rules", [])) if broken(rule, whole)]
            if wrong or covered([row["s"]], row.get("cover", [])):
                raise ValueError(f"{path.name}:{n}: the sentence itself breaks {wrong} or misses its cover items")
            rows.append(row)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", type=Path, default=SUITE)
    ap.add_argument("--extractor", default="rules")
    ap.add_argument("--show", type=int, default=20, help="sentences with faults or gaps to print")
    ap.add_argument("--kind", choices=KINDS, help="show only sentences with this fault")
    ap.add_argument("--all", action="store_true", help="print every sentence's claims")
    args = ap.parse_args()
    rows = load_suite(args.suite)
    extractor = load_extractor(args.extractor)
    total, counts, full, shown = 0, Counter(), 0, 0
    tags = Counter()
    for row in rows:
        sentence = row["s"]
        claims = [c.text for c in extract_claims(extractor, Document.from_text(sentence))]
        found = [(c, faults(c, sentence, row["_rules"])) for c in claims]
        missing = covered(claims, row.get("cover", []))
        total += len(claims)
        for _, f in found:
            counts.update(f)
        full += not missing
        bad = any(f for _, f in found) or missing
        if bad:
            tags.update(row.get("tags", []))
        if args.all or (bad and shown < args.show and (args.kind is None or any(args.kind in f for _, f in found))):
            shown += not args.all
            print(f"[{row['_line']}] {sentence}")
            for c, f in found:
                print(f"    {'!' + ','.join(sorted(f)) if f else ' '} {c}")
            if missing:
                print(f"    not covered: {missing}")
    print(f"\nsuite {args.suite.name}: {len(rows)} sentences, {total} claims ({total / max(len(rows), 1):.2f} per sentence), "
          f"extractor {args.extractor}")
    print(f"{'fault':<12} {'claims':>6} {'rate':>7}")
    for kind in KINDS:
        print(f"{kind:<12} {counts[kind]:>6} {100 * counts[kind] / max(total, 1):>6.1f}%")
    print(f"sentences fully covered: {full} of {len(rows)} ({100 * full / max(len(rows), 1):.1f}%)")
    if tags:
        print("sentences with a fault or gap, by tag: " + ", ".join(f"{t} {n}" for t, n in tags.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

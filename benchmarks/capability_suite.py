"""Capability suite: does an NLI model catch the everyday errors of generated text, one capability at a time?

For each capability (role swap, antonym/converse, negation of the finding, negation of a modal,
quantifier, number/date/unit, entity, paraphrase, added detail), minimal pairs built by
benchmarks/capabilities/ from sentences of the suite's half of the shared corpora (never FRANK): a
test hypothesis (contradiction; entailed for paraphrase; neutral for an added detail) and its
entailed control. A hypothesis counts as supported when p_ent - p_con > 0, and again when p_ent -
p_con is at least the claim threshold of fenice's shipped calibration (for one premise sentence
fenice's claim score is p_ent - p_con). The test is right when a contradiction or a neutral
hypothesis is not supported (and a paraphrase is); the control is right when it is supported.
The model answers through the role check as the scorer's does (factalign/details/roles.py; `--role-check off`:
the bare model).

    python benchmarks/capability_suite.py [--nli SPEC ...] [--size 250] [--seed 37] [--write FILE | --suite FILE]
        [--role-check on|off]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from nli_common import require_shared

from capabilities import CAPABILITIES, TEST_LABEL, generate, suite_digest
from capabilities.lexicon import Antonyms
from capabilities.sources import read_sentences, sample
from factalign.calibration.decision import CLAIM_LABELS, DecisionRule
from factalign.calibration.defaults import DEFAULTS_DIR
from factalign.calibration.model import Calibration
from factalign.errors import FactalignError
from factalign.details import MODES, DetailCheck, answered, parse_detail_check
from factalign.details.roles import RoleCheck, parse_role_check
from factalign.nli import ENT, CON, load_nli
from factalign.text.nlp import pipeline

PARSE = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner")
ROLES = ("test", "control")


def claim_rule(method: str = "fenice") -> DecisionRule:
    """The claim rule of the method's shipped default calibration."""
    rule = Calibration.load(DEFAULTS_DIR / "summary" / f"{method}.json").claim_rule()
    if rule is None:
        raise FactalignError(f"the default calibration of {method} has no claim part")
    return rule


def accuracies(rows: list[dict], scores: list[float], supported, by=("capability", "role")) -> dict[tuple, tuple[int, int]]:
    """(capability, role) -> (right, total): right when `supported(score)` is what the row's label asks."""
    right, total = Counter(), Counter()
    for row, score in zip(rows, scores, strict=True):
        key = tuple(row[k] for k in by)
        total[key] += 1
        right[key] += supported(score) == (row["label"] == "entailment")
    return {key: (right[key], total[key]) for key in total}


def nli_scores(spec: str, rows: list[dict], roles: RoleCheck | str | None = None,
               details: DetailCheck | str | None = None) -> tuple[list[float], str]:
    """p_ent - p_con per row, as the model answers through the role check (None: its default, on) and the detail
    check (None: its default; each pair's premise stands for the sources, as a one-sentence document would), and
    the model's signature."""
    model = parse_role_check(roles).wrap(load_nli(spec))
    check = parse_detail_check(details)
    pairs = sorted({(r["premise"], r["hypothesis"]) for r in rows})
    probs = model.predict(pairs)
    if check.on:
        probs = answered(probs, pairs, lambda premise, hypothesis: check.sources(premise).answer(premise, hypothesis))
    score = {pair: float(p[ENT] - p[CON]) for pair, p in zip(pairs, probs)}
    return [score[(r["premise"], r["hypothesis"])] for r in rows], model.signature


def table(rows: list[dict], results: dict[str, dict], title: str) -> str:
    """Markdown: a row per capability; per model, % right on the tests and on their controls."""
    items = Counter(r["capability"] for r in rows if r["role"] == "test")
    head = ["capability", "test label", "items"] + [f"{name}: {role} %" for name in results for role in ROLES]
    lines = [f"**{title}**", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for capability in CAPABILITIES:
        cells = [capability, TEST_LABEL[capability], str(items[capability])]
        for result in results.values():
            for role in ROLES:
                right, total = result.get((capability, role), (0, 0))
                cells.append(f"{100 * right / total:.1f}" if total else "-")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def breakdown(rows: list[dict], results: dict[str, dict], title: str) -> str:
    """Markdown: % right per capability, role and kind (number: date/unit/number; control: shortened/respelled)."""
    keys = sorted({key for result in results.values() for key in result},
                  key=lambda k: (CAPABILITIES.index(k[0]), ROLES.index(k[1]), k[2]))
    head = ["capability", "role", "kind", "pairs"] + list(results)
    lines = [f"**{title}**", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for key in keys:
        total = next(result[key][1] for result in results.values() if key in result)
        cells = [*key, str(total)] + [f"{100 * r[key][0] / r[key][1]:.1f}" if key in r else "-" for r in results.values()]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def build_suite(seed: int, size: int, per_corpus: int) -> tuple[list[dict], str]:
    shared = require_shared()
    sentences = sample(read_sentences(shared), per_corpus, seed)
    antonyms = Antonyms()
    corpora = Counter(s.corpus for s in sentences)
    print(f"sentences parsed (suite half, at most {per_corpus} per corpus): "
          + ", ".join(f"{k} {v}" for k, v in sorted(corpora.items())), file=sys.stderr)
    return generate(sentences, pipeline(PARSE), seed, size, antonyms), antonyms.source


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nli", action="append", metavar="SPEC",
                        help="an NLI spec (house, onnx:DIR, hf:ID, ...); repeat for columns side by side (default: house)")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--size", type=int, default=250, help="items per capability (default 250)")
    parser.add_argument("--per-corpus", type=int, default=4000, help="sentences parsed per corpus (default 4000)")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--write", type=Path, metavar="FILE", help="generate the suite and save it as JSONL")
    source.add_argument("--suite", type=Path, metavar="FILE", help="read a suite saved with --write instead of generating")
    parser.add_argument("--method", default="fenice", help="whose shipped claim threshold to apply (default fenice)")
    parser.add_argument("--by-kind", action="store_true", help="also %% right per kind of edit and of control, at > 0")
    parser.add_argument("--role-check", choices=("on", "off"), help="as in `factalign score` (default: on)")
    parser.add_argument("--detail-check", choices=MODES,
                        help="as in `factalign score`, each pair's premise standing for the sources (default: counts); "
                             "with --role-check off and --detail-check off the model alone answers")
    args = parser.parse_args()
    try:
        run(args)
    except FactalignError as exc:
        sys.exit(f"error: {exc}")


def run(args) -> None:
    rule = claim_rule(args.method)
    if args.suite:
        try:
            rows = [json.loads(line) for line in args.suite.read_text(encoding="utf-8").splitlines() if line.strip()]
        except (OSError, ValueError) as exc:
            raise FactalignError(f"cannot read suite {args.suite}: {exc}") from None
        lexicon = "as saved"
    else:
        started = time.perf_counter()
        rows, lexicon = build_suite(args.seed, args.size, args.per_corpus)
        print(f"generated in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        if args.write:
            args.write.parent.mkdir(parents=True, exist_ok=True)
            args.write.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    items = Counter(r["capability"] for r in rows if r["role"] == "test")
    origin = f"read from {args.suite}" if args.suite else f"seed {args.seed}"
    print(f"suite: {origin}, {len(rows)} pairs, sha256 {suite_digest(rows)[:16]}, adjective antonyms: {lexicon}")
    print("items per capability: " + ", ".join(f"{c} {items[c]}" for c in CAPABILITIES))
    short = [c for c in CAPABILITIES if items[c] < 200]
    if short:
        print(f"note: fewer than 200 items for {', '.join(short)}")
    at_zero, at_threshold, by_kind, signatures = {}, {}, {}, []
    for spec in args.nli or ["house"]:
        roles, details = parse_role_check(args.role_check), parse_detail_check(args.detail_check)
        scores, signature = nli_scores(spec, rows, roles, details)
        signatures.append(f"{spec}: {signature}" + (f" + roles:{roles.signature}" if roles.on else "")
                          + (f" + details:{details.signature}" if details.on else ""))
        at_zero[spec] = accuracies(rows, scores, lambda s: s > 0)
        by_kind[spec] = accuracies(rows, scores, lambda s: s > 0, by=("capability", "role", "kind"))
        at_threshold[spec] = accuracies(rows, scores, lambda s: rule.decide(s).label == CLAIM_LABELS[0])
    print("models: " + "; ".join(signatures) + "\n")
    print(table(rows, at_zero, "supported when p_ent - p_con > 0"))
    print()
    print(table(rows, at_threshold, f"supported when p_ent - p_con >= {rule.threshold:.4f} "
                                    f"({args.method}'s shipped claim threshold)"))
    if args.by_kind:
        print()
        print(breakdown(rows, by_kind, "% right by kind, supported when p_ent - p_con > 0"))


if __name__ == "__main__":
    main()

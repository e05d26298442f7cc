"""FEVERFact validation: claim-extraction metrics of the offline extractors.

    python benchmarks/claims_feverfact.py [--extractor rules --extractor sentences] [--limit N] [--oracle]

Each row's context (page title, neighbouring sentences) is given to the extractor and only the
claims of the focus sentence are kept. Prints easiness P/R/F1 (ROUGE-1, stemmed and raw), heuristic
atomicity, claim statistics and, when the house NLI model is installed, Focus/Coverage/F_fact/Redundancy.
--oracle also prints the easiness F1 of the best subset of each input's predicted claims (inputs of
at most 12 claims; larger ones as predicted): what any filter over those claims could reach at most.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time

from shared_data import SHARED, data_file

from factalign.claimeval import evaluate, nli_faith, rouge1
from factalign.claimeval.easiness import easiness
from factalign.claimeval.inputs import context_document, extract, focus_index
from factalign.claimeval.scorers import HeuristicAtomicity
from factalign.claims import load_extractor
from factalign.nli import HOUSE_MODEL_DIR, load_nli

DATA = SHARED / "feverfact_val.jsonl"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extractor", action="append", help="extractor spec (repeatable; default: rules and sentences)")
    parser.add_argument("--limit", type=int, help="only the first N rows")
    parser.add_argument("--oracle", action="store_true", help="also the best-subset easiness F1 (a ceiling for filters)")
    args = parser.parse_args()
    data_file(DATA.name, "FEVERFact validation")
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()][: args.limit]
    gold = [r["claims"] for r in rows]
    house = (HOUSE_MODEL_DIR / "model.onnx").is_file()
    faith = nli_faith(load_nli("house")) if house else None
    print(f"FEVERFact validation: {len(rows)} inputs, {sum(map(len, gold))} gold claims")
    if not house:
        print(f"(house NLI model not installed at {HOUSE_MODEL_DIR}: Focus/Coverage/F_fact/Redundancy not computed)")
    for spec in args.extractor or ["rules", "sentences"]:
        extractor = load_extractor(spec)
        start = time.time()
        pred = [[c.text for c in extract(extractor, context_document(r["sentence_context"]),
                                         focus_index(r["sentence_context"], r["sentence"]))] for r in rows]
        seconds = time.time() - start
        stemmed = evaluate(pred, gold, rouge1(stem=True), faith, [HeuristicAtomicity()])["summary"]
        raw = evaluate(pred, gold, rouge1(stem=False))["summary"]
        print(f"\n== {extractor.name}  ({seconds:.0f} s)")
        print(f"easiness ROUGE-1 (stemmed)  P {stemmed['easiness_p']:.4f}  R {stemmed['easiness_r']:.4f}  F1 {stemmed['easiness_f1']:.4f}")
        print(f"easiness ROUGE-1 (raw)      P {raw['easiness_p']:.4f}  R {raw['easiness_r']:.4f}  F1 {raw['easiness_f1']:.4f}")
        if faith is not None:
            print(f"Focus {stemmed['focus']:.4f}  Coverage {stemmed['coverage']:.4f}  F_fact {stemmed['f_fact']:.4f}  "
                  f"Redundancy {stemmed['redundancy']:.4f}")
        print(f"atomicity (heuristic) {stemmed['atomicity']:.4f}")
        if args.oracle:
            print(f"best subset of the predicted claims: easiness F1 (stemmed) {oracle_f1(pred, gold):.4f}")
        for side in ("pred", "gold"):
            s = stemmed[side]
            print(f"{side:>4} claims/input mean {s['claims_mean']:.2f} median {s['claims_median']:g} "
                  f"range {s['claims_min']}-{s['claims_max']}; tokens/claim {s['tokens_per_claim']:.2f}")
    return 0


def oracle_f1(pred: list[list[str]], gold: list[list[str]]) -> float:
    sim, total = rouge1(stem=True), 0.0
    for p, g in zip(pred, gold):
        subsets = [list(c) for k in range(1, len(p) + 1) for c in itertools.combinations(p, k)] if len(p) <= 12 else [p]
        total += max((easiness(s, g, sim)[2] for s in subsets), default=0.0)
    return total / len(gold)


if __name__ == "__main__":
    sys.exit(main())

"""Claim-level verdicts on WiCE claim dev: each claim checked against its cited page, as `factalign
calibrate --claims-data` scores it (the weakest of the claim's extracted claims stands for it).

Prints ROC-AUC and cross-validated balanced accuracy (threshold tuned on the other folds) for every
claim and for the claims the house model's training split held out (15%, train/split.py; v1 and v3 were
trained on WiCE's other claims, so "all" is optimistic), and the decisions with default bands.

    python benchmarks/wice_claims.py --methods fenice,nli-sent [--nli house] [--out runs/wice-claims] [--detail-check off|on|numbers|conflict]
        [--compare-check on|off|KINDS]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from tqdm import tqdm

from shared_data import SHARED

from factalign import Scorer
from factalign.bench.data import load_benchmark
from factalign.details import MODES
from factalign.bench.fit import fit_claim_calibration
from factalign.bench.metrics import roc_auc
from factalign.errors import FactalignError
from factalign.io import default_cache_path

WICE = SHARED / "wice" / "claim_dev.jsonl"


def claim_scores(method: str, nli: str, examples, cache: str, detail_check: str | None = None,
                 compare_check: str | None = None) -> list[float | None]:
    scorer = Scorer(method, nli=nli, calibration=None, cache=cache, detail_check=detail_check, compare_check=compare_check)
    out = []
    for ex in tqdm(examples, desc=method, unit="claim", file=sys.stderr):
        try:
            result = scorer.score(ex.doc, ex.summary)
            out.append(min(c.score for c in result.claims if c.counted))
        except (FactalignError, ValueError):
            out.append(None)
    return out, scorer.signature


def sample(examples, limit: int | None, seed: int = 0):
    """The seeded sample of `limit` claims (file order kept) that `calibrate --claims-limit` takes too."""
    if limit and limit < len(examples):
        keep = np.random.default_rng(seed).choice(len(examples), limit, replace=False)
        examples = [examples[i] for i in sorted(keep)]
    return examples


def report(name: str, examples, scores) -> dict:
    keep = [i for i, s in enumerate(scores) if s is not None]
    ex = [examples[i] for i in keep]
    labels, values = np.array([e.label for e in ex]), np.array([scores[i] for i in keep])
    cal = fit_claim_calibration(labels, values, ex)
    f = cal.figures
    return {"part": name, "n": len(ex), "supported": int(labels.sum()), "roc_auc": roc_auc(labels, values),
            "balanced_accuracy_cv": f.get("balanced_accuracy_cv"), "threshold": cal.threshold,
            "unsupported_passed_cv": (f.get("inconsistent_passed_cv") or {}).get("share"),
            "supported_passed_cv": (f.get("consistent_passed_cv") or {}).get("share")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--methods", default="fenice")
    parser.add_argument("--nli", default="house")
    parser.add_argument("--data", type=Path, default=WICE)
    parser.add_argument("--cache", default=str(default_cache_path()))
    parser.add_argument("--out", type=Path, help="save the scores here (JSON per method)")
    parser.add_argument("--limit", type=int, help="a seeded sample of N claims, the one `calibrate --claims-limit N` takes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--detail-check", choices=tuple(MODES), help="as in `factalign score` (default: its default)")
    parser.add_argument("--compare-check", metavar="on|off|KINDS", help="as in `factalign score` (default: its default)")
    args = parser.parse_args()
    if not args.data.is_file():
        sys.exit(f"skip: {args.data} is absent (WiCE claim dev lives in ../shared/data/wice/)")
    examples = sample(load_benchmark(f"wice:{args.data}").examples, args.limit, args.seed)
    print("| method | part | n | supported | ROC-AUC | balanced acc. (CV) | unsupported passed (CV) | supported passed (CV) |")
    print("|---|---|---|---|---|---|---|---|")
    for method in args.methods.split(","):
        scores, signature = claim_scores(method, args.nli, examples, args.cache, args.detail_check, args.compare_check)
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{method}.json").write_text(json.dumps({"signature": signature, "scores": scores}))
        held = [i for i, e in enumerate(examples) if e.category == "held-out"]
        for name, idx in (("all", range(len(examples))), ("held-out", held)):
            r = report(name, [examples[i] for i in idx], [scores[i] for i in idx])
            cells = [f"{100 * r[k]:.1f}" if r[k] is not None else "n/a"
                     for k in ("roc_auc", "balanced_accuracy_cv", "unsupported_passed_cv", "supported_passed_cv")]
            print(f"| {method} | {name} | {r['n']} | {r['supported']} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()

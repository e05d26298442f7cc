"""The realistic dev suite (benchmarks/realistic/, written by hand; format in FORMAT.md): per error kind, the
NLI model alone and the default verdict as `factalign score` gives it.

    python benchmarks/realistic_suite.py [--half open|sealed] [--nli SPEC] [--method fenice] [--json FILE]
                                         [--check OPTION=VALUE ...]

For each (source, output) pair:
- the model alone: the output as one hypothesis against the whole source; it catches an error when its top
  label is not entailment, and reads a faithful output right when its top label is entailment;
- the verdict: `Scorer(method, nli=...).score(source, output)`; an error is caught by the label when the label
  is not "consistent", and by the decision when it is not "pass"; a faithful output is right when it is
  labelled consistent (and, for the decision, passes).

Nothing in the suite is ever trained or calibrated on: it measures. Prints one row per kind.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from shared_data import stop

SUITE = Path(__file__).resolve().parent / "realistic"


HALVES = ("all", "open", "sealed")


def load_suite(directory: Path = SUITE, half: str = "all") -> list[dict]:
    """The (source, output) pairs of the suite, or of one half of its sources (realistic/split.json):
    {"id", "kind", "source", "text", "note", "half"}."""
    sealed = set(json.loads((directory / "split.json").read_text(encoding="utf-8"))["sealed"])
    pairs = []
    for path in sorted(directory.glob("suite-*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                side = "sealed" if row["id"] in sealed else "open"
                if half in ("all", side):
                    pairs += [{**o, "source": row["source"], "domain": row["domain"], "half": side} for o in row["outputs"]]
    return pairs


def _share(values: list[bool]) -> str:
    return f"{100 * sum(values) / len(values):5.1f}" if values else "    -"


def measure(pairs: list[dict], nli_spec: str, method: str, options: dict, model_only: bool = False) -> list[dict]:
    from factalign import Scorer
    from factalign.nli import load_nli

    model = load_nli(nli_spec)
    probs = model.predict([(p["source"], p["text"]) for p in pairs])
    results = [None] * len(pairs)
    if not model_only:
        scorer = Scorer(method, nli=model, **options)
        print(f"signature: {scorer.signature}", file=sys.stderr)
        results = scorer.score_batch([p["source"] for p in pairs], [p["text"] for p in pairs])
    rows = []
    for p, prob, r in zip(pairs, probs, results):
        rows.append({"id": p["id"], "kind": p["kind"], "p_ent": round(float(prob[0]), 4),
                     "p_con": round(float(prob[2]), 4), "model_entails": bool(prob.argmax() == 0),
                     "score": r and r.score, "label": r and r.label, "decision": r and r.decision})
    return rows


def auc(faithful: list[float], wrong: list[float]) -> float:
    """P(a faithful output scores above an erroneous one), ties counting half (ROC-AUC)."""
    pairs = [(f > w) + 0.5 * (f == w) for f in faithful for w in wrong]
    return 100 * sum(pairs) / len(pairs) if pairs else float("nan")


def table(rows: list[dict]) -> list[tuple]:
    """(kind, n, model alone right %, label right %, decision right %) per kind, faithful first, then all errors."""
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_kind[row["kind"]].append(row)
    out = []
    for kind in ["faithful", *sorted(k for k in by_kind if k != "faithful")]:
        group = by_kind[kind]
        if kind == "faithful":
            right = ([r["model_entails"] for r in group], [r["label"] == "consistent" for r in group],
                     [r["decision"] == "pass" for r in group])
        else:
            right = ([not r["model_entails"] for r in group], [r["label"] != "consistent" for r in group],
                     [r["decision"] != "pass" for r in group])
        out.append((kind, len(group), *right))
    errors = [r for r in rows if r["kind"] != "faithful"]
    out.append(("all errors", len(errors), [not r["model_entails"] for r in errors],
                [r["label"] != "consistent" for r in errors], [r["decision"] != "pass" for r in errors]))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nli", default="house", help="NLI spec, as --nli everywhere (default: house)")
    ap.add_argument("--method", default="fenice")
    ap.add_argument("--check", action="append", default=[], metavar="OPTION=VALUE",
                    help="a Scorer option, e.g. role_check=off or detail_check=on (default: the defaults)")
    ap.add_argument("--json", type=Path, help="write each pair's figures here")
    ap.add_argument("--model-only", action="store_true", help="the model alone, no verdict (a model without a calibration)")
    ap.add_argument("--half", choices=HALVES, default="all",
                    help="the suite's open or sealed half (realistic/split.json; default: all)")
    args = ap.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.check)
    pairs = load_suite(half=args.half)
    if not pairs:
        stop(f"no suite-*.jsonl in {SUITE}")
    rows = measure(pairs, args.nli, args.method, options, args.model_only)
    if args.json:
        args.json.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    faithful = [r["p_ent"] - r["p_con"] for r in rows if r["kind"] == "faithful"]
    print("| kind | n | model alone right % | model alone AUC | label right % | decision right % |\n|---|---|---|---|---|---|")
    for kind, n, model, label, decision in table(rows):
        wrong = [r["p_ent"] - r["p_con"] for r in rows if r["kind"] == kind or (kind == "all errors" and r["kind"] != "faithful")]
        model_auc = "-" if kind == "faithful" else f"{auc(faithful, wrong):.1f}"
        verdict = ("-", "-") if args.model_only else (_share(label), _share(decision))
        print(f"| {kind} | {n} | {_share(model)} | {model_auc} | {verdict[0]} | {verdict[1]} |")
    print("\n(faithful: right = entailment / consistent / pass; an error kind: right = caught, i.e. not entailment /"
          " not consistent / not pass; AUC: p_ent - p_con of the faithful outputs against that kind's)")


if __name__ == "__main__":
    main()

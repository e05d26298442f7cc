"""What the default gate does with faithful outputs and with outputs that carry one error: the score's ROC-AUC,
the label's balanced accuracy, and the share of each group passed, sent to review and blocked.

    python benchmarks/gate_outcomes.py realistic:open realistic:sealed fresh:benchmarks/realistic/fresh/FILE.jsonl

A set is `realistic:open|sealed|all` (benchmarks/realistic/, its halves in split.json) or `fresh:PATH` (rows
{"id", "document", "summary", "gold": "supported"/"not_supported", "kind"}, written after the code they measure:
benchmarks/realistic/fresh/). Nothing here is fitted on them: the scorer is `Scorer(--method)` with the shipped
defaults. The README's promise is checked on the "faithful blocked" column (at most 10% of consistent summaries
blocked) and the "errors passed" column (at most 10% of inconsistent summaries passed).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from realistic_suite import auc, load_suite
from shared_data import stop


def load(spec: str) -> list[dict]:
    """(document, summary, faithful) rows of a set spec."""
    kind, _, where = spec.partition(":")
    if kind == "realistic":
        return [{"document": p["source"], "summary": p["text"], "faithful": p["kind"] == "faithful", "kind": p["kind"]}
                for p in load_suite(half=where or "all")]
    if kind == "fresh":
        rows = [json.loads(line) for line in Path(where).read_text(encoding="utf-8").splitlines() if line.strip()]
        return [{"document": r["document"], "summary": r["summary"], "faithful": r["gold"] == "supported",
                 "kind": r["kind"]} for r in rows]
    stop(f"a set is realistic:open|sealed|all or fresh:PATH, not {spec!r}")


def share(rows: list[dict], outcome: str) -> str:
    return f"{100 * sum(r['decision'] == outcome for r in rows) / len(rows):.1f}" if rows else "-"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="+", metavar="SET")
    ap.add_argument("--method", default="fenice")
    ap.add_argument("--nli", default="house", help="the NLI backend (a model without a shipped calibration needs --threshold)")
    ap.add_argument("--threshold", type=float, help="label by this score threshold instead of the shipped calibration")
    ap.add_argument("--json", type=Path, help="write each row's score, label and decision here")
    args = ap.parse_args(argv)
    from factalign import Scorer

    scorer = Scorer(args.method, nli=args.nli, **({"threshold": args.threshold} if args.threshold is not None else {}))
    print(f"signature: {scorer.signature}\n")
    print("| set | faithful / errors | score ROC-AUC | label BA | faithful passed / review / blocked % "
          "| errors passed / review / blocked % | errors labelled inconsistent % |\n|---|---|---|---|---|---|---|")
    dump = []
    for spec in args.sets:
        rows = load(spec)
        for row, result in zip(rows, scorer.score_batch([r["document"] for r in rows], [r["summary"] for r in rows])):
            row.update(score=result.score, label=result.label, decision=result.decision)
            dump.append({"set": spec, **{k: row[k] for k in ("kind", "faithful", "score", "label", "decision")}})
        good, bad = [r for r in rows if r["faithful"]], [r for r in rows if not r["faithful"]]
        right_good = sum(r["label"] == "consistent" for r in good) / max(len(good), 1)
        right_bad = sum(r["label"] != "consistent" for r in bad) / max(len(bad), 1)
        print(f"| {spec} | {len(good)} / {len(bad)} | {auc([r['score'] for r in good], [r['score'] for r in bad]):.1f} "
              f"| {50 * (right_good + right_bad):.1f} | {share(good, 'pass')} / {share(good, 'review')} / "
              f"{share(good, 'block')} | {share(bad, 'pass')} / {share(bad, 'review')} / {share(bad, 'block')} "
              f"| {100 * right_bad:.1f} |", flush=True)
    if args.json:
        args.json.write_text("".join(json.dumps(d) + "\n" for d in dump), encoding="utf-8")


if __name__ == "__main__":
    main()

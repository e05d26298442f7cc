"""How often each kind of the comparison stage (factalign/details/compare) fires: on FRANK validation summaries by
label, on WiCE claim dev by label, and on the realistic dev suite (benchmarks/realistic/suite-*.jsonl) by kind of
output; then, from bench runs of `fenice[compare_check=off]` and `fenice[compare_check=KINDS]`, ROC-AUC on and off.

    PYTHONPATH=. python benchmarks/compare_check.py fires [--limit N] [--suite DIR] [--examples]
    python -m factalign bench --data frank:../shared/data/frank_val.jsonl --split kfold:5 --seed 0 \\
        --methods 'fenice[compare_check=off],fenice[compare_check=on]' --out runs/compare-frank --no-plots
    for m in off on; do
        PYTHONPATH=. python benchmarks/wice_claims.py --methods fenice --limit 150 --compare-check $m --out runs/compare-wice/$m
    done
    PYTHONPATH=. python benchmarks/compare_check.py auc --frank runs/compare-frank --wice runs/compare-wice
    PYTHONPATH=. python benchmarks/compare_check.py suite-auc [--suite DIR] [--cache FILE]

A summary sentence (a WiCE claim, an output sentence) counts for a kind in two ways: `pair`, some single source
sentence gives that finding (an NLI pair the stage would cap; the claim's score falls only if every premise that
supported it is capped), and `document`, the whole source gives it (no frame anywhere in it says what the claim
says). On a consistent FRANK summary, a supported WiCE claim or a faithful suite output either is a false alarm.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from shared_data import ROOT, SHARED as DATA

from factalign.data import Document  # noqa: E402
from factalign.details.compare import KINDS, compare  # noqa: E402

SUITE = ROOT / "benchmarks" / "realistic"


def kinds_fired(summary: str, document: str, examples: list[str] | None = None) -> tuple[set[str], set[str]]:
    """The kinds some summary sentence gets from some source sentence (pair) and from the whole source (document)."""
    sources = Document.from_text(document).sentence_texts
    pair, whole = set(), set()
    for s in Document.from_text(summary).sentence_texts:
        hit = next((f for f in (compare(s, d) for d in sources) if f), None)
        if hit:
            pair.add(hit.kind)
            if examples is not None:
                examples.append(f"{hit.kind}: {s!r} <- {hit.sentence!r} ({hit.claim_says} / {hit.sources_say})")
        found = compare(s, document)
        if found:
            whole.add(found.kind)
    return pair, whole


def table(title: str, groups: dict[str, list[tuple[set[str], set[str]]]]) -> None:
    print(f"\n| {title} | n | any kind: pair / document | " + " | ".join(KINDS) + " |")
    print("|---|---|---|" + "---|" * len(KINDS))
    for name, rows in groups.items():
        n = max(len(rows), 1)

        def cell(test) -> str:
            pair, doc = sum(test(r[0]) for r in rows), sum(test(r[1]) for r in rows)
            return f"{100 * pair / n:.1f}% / {100 * doc / n:.1f}%"
        cells = [cell(lambda s, k=k: k in s) for k in KINDS]
        print(f"| {name} | {len(rows)} | {cell(bool)} | " + " | ".join(cells) + " |")


def frank(limit: int | None, show: bool) -> None:
    path = DATA / "frank_val.jsonl"
    rows = [json.loads(line) for line in path.open()][:limit]
    groups: dict[str, list] = {"consistent": [], "inconsistent": []}
    examples: list[str] = []
    for r in rows:
        label = "consistent" if r["label"] == 1 else "inconsistent"
        groups[label].append(kinds_fired(r["summary"], r["doc"], examples if label == "consistent" else None))
    table("FRANK validation (pair / document)", groups)
    if show:
        print("\n".join(f"    [FRANK consistent] {e}" for e in examples))


def wice(limit: int | None, show: bool) -> None:
    rows = [json.loads(line) for line in (DATA / "wice" / "claim_dev.jsonl").open()][:limit]
    groups: dict[str, list] = {}
    examples: list[str] = []
    for r in rows:
        evidence = " ".join(r["evidence"]) if isinstance(r["evidence"], list) else r["evidence"]
        groups.setdefault(r["label"], []).append(
            kinds_fired(r["claim"], evidence, examples if r["label"] == "supported" else None))
    table("WiCE claim dev (pair / document)", dict(sorted(groups.items())))
    if show:
        print("\n".join(f"    [WiCE supported] {e}" for e in examples))


def suite(directory: Path, show: bool) -> None:
    files = sorted(directory.glob("suite-*.jsonl"))
    if not files:
        print(f"\nno realistic suite in {directory} (suite-*.jsonl)")
        return
    groups: dict[str, list] = {}
    examples: list[str] = []
    for path in files:
        for line in path.open():
            if not line.strip():
                continue
            source = json.loads(line)
            for out in source["outputs"]:
                got = kinds_fired(out["text"], source["source"], examples if out["kind"] == "faithful" else None)
                groups.setdefault(out["kind"], []).append(got)
    print(f"\nrealistic suite: {', '.join(p.name for p in files)}")
    table("suite output kind (pair / document)", dict(sorted(groups.items(), key=lambda kv: kv[0] != "faithful")))
    if show:
        print("\n".join(f"    [suite faithful] {e}" for e in examples))


def auc(frank_runs: list[Path], wice_runs: Path | None) -> None:
    """ROC-AUC of each fenice[compare_check=MODE] run against off, with how often it lowers a score."""
    from detail_check_table import ORIGINS

    from factalign.bench.metrics import roc_auc
    print(f"| data | compare check | ROC-AUC | vs off | lowers consistent (false alarms): at all / by more than {FELT} |"
          f" lowers inconsistent: at all / by more than {FELT} |")
    print("|---|---|---|---|---|---|")
    examples = {r["id"]: r for run in frank_runs for r in map(json.loads, (run / "examples.jsonl").read_text().splitlines()) if r}
    modes = sorted({p.name.split("compare_check-")[1][:-6] for run in frank_runs for p in (run / "scores").glob("fenice__compare_check-*.jsonl")},
                   key=lambda m: m != "off")
    sets: dict[str, dict[str, tuple[np.ndarray, np.ndarray]]] = {}
    for mode in modes:
        rows = {}
        for run in frank_runs:
            for line in (run / "scores" / f"fenice__compare_check-{mode}.jsonl").read_text().splitlines():
                r = json.loads(line) if line.strip() else None
                if r and r["score"] is not None:
                    rows[r["id"]] = r["score"]
        for origin, name in ORIGINS.items():
            ids = sorted(i for i in rows if examples[i]["origin"] == origin)
            sets.setdefault(name, {})[mode] = (np.array([int(examples[i]["label"]) for i in ids]),
                                               np.array([rows[i] for i in ids], dtype=float))
        ids = sorted(rows)
        sets.setdefault("FRANK validation, all", {})[mode] = (np.array([int(examples[i]["label"]) for i in ids]),
                                                              np.array([rows[i] for i in ids], dtype=float))
    if wice_runs is not None:
        from detail_check_table import wice_set
        import detail_check_table
        detail_check_table.MODES = tuple(p.name for p in sorted(wice_runs.iterdir()) if (p / "fenice.json").exists())
        sets["WiCE claim dev, weakest claim"] = dict(sorted(wice_set(wice_runs).items(), key=lambda kv: kv[0] != "off"))
    for name, by_mode in sets.items():
        if "off" not in by_mode:
            continue
        labels, off = by_mode["off"]
        for mode, (y, scores) in by_mode.items():
            if len(y) != len(labels) or (y != labels).any():
                print(f"| {name} | {mode} | rows differ from off |")
                continue
            ok, bad = labels == 1, labels == 0
            print(f"| {name} ({len(labels)}) | {mode} | {100 * roc_auc(labels, scores):.1f} | "
                  f"{100 * (roc_auc(labels, scores) - roc_auc(labels, off)):+.1f} | "
                  f"{_lowered(off[ok], scores[ok])} | {_lowered(off[bad], scores[bad])} |")


# a score lowered by more than this is one the check decides (a capped premise became a claim's best); less is the
# best premise changing between near-equals (0.949 -> 0.946), which no threshold notices
FELT = 0.05


def _lowered(off: np.ndarray, on: np.ndarray) -> str:
    n = max(len(off), 1)
    at_all, felt = int((on < off - 1e-9).sum()), int((on < off - FELT).sum())
    return f"{at_all} ({100 * at_all / n:.1f}%) / {felt} ({100 * felt / n:.1f}%)"


def suite_auc(directory: Path, cache: str | None, mode: str = "on", nli: str = "house") -> None:
    """fenice off and on over the realistic suite: ROC-AUC of faithful outputs against each error kind's (and all),
    with how often the stage lowers a faithful output's score (a false alarm) and an erroneous one's."""
    from factalign import Scorer
    from factalign.bench.metrics import roc_auc
    rows = [(source["source"], out["text"], out["kind"]) for path in sorted(directory.glob("suite-*.jsonl"))
            for source in map(json.loads, filter(str.strip, path.open())) for out in source["outputs"]]
    scores = {}
    for name, check in (("off", "off"), ("on", mode)):
        scorer = Scorer("fenice", calibration=None, cache=cache, compare_check=check, nli=nli)
        scores[name] = np.array([r.score for r in scorer.score_batch([r[0] for r in rows], [r[1] for r in rows],
                                                                     progress=False)])
    kinds = np.array([r[2] for r in rows])
    ok = kinds == "faithful"
    print(f"\ncompare check on = {mode}")
    print(f"\n| realistic suite, fenice | n | ROC-AUC off | ROC-AUC on | lowered (on vs off): at all / by more than {FELT} |"
          "\n|---|---|---|---|---|")
    print(f"| faithful | {ok.sum()} | | | {_lowered(scores['off'][ok], scores['on'][ok])} |")
    for kind in ["all errors", *sorted(set(kinds) - {"faithful"})]:
        bad = ~ok if kind == "all errors" else kinds == kind
        keep = ok | bad
        y = ok[keep].astype(int)
        print(f"| {kind} | {bad.sum()} | {100 * roc_auc(y, scores['off'][keep]):.1f} | "
              f"{100 * roc_auc(y, scores['on'][keep]):.1f} | {_lowered(scores['off'][bad], scores['on'][bad])} |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    f = sub.add_parser("fires", help="per kind, how often it fires (no NLI model)")
    f.add_argument("--limit", type=int, help="rows per set (default: all)")
    f.add_argument("--suite", type=Path, default=SUITE, help="directory of suite-*.jsonl (default: %(default)s)")
    f.add_argument("--only", choices=("frank", "wice", "suite"), action="append", help="only these sets")
    f.add_argument("--examples", action="store_true", help="print each firing on consistent/supported/faithful items")
    a = sub.add_parser("auc", help="ROC-AUC on and off from bench runs")
    a.add_argument("--frank", type=Path, nargs="+", required=True, help="bench run directories (FRANK validation)")
    a.add_argument("--wice", type=Path, help="holds MODE/fenice.json from wice_claims.py --out")
    s = sub.add_parser("suite-auc", help="fenice off and on over the realistic suite (runs the NLI model)")
    s.add_argument("--suite", type=Path, default=SUITE, help="directory of suite-*.jsonl (default: %(default)s)")
    s.add_argument("--cache", help="NLI cache file (default: none, in memory)")
    s.add_argument("--mode", default="on", help="the check against off: on or KINDS (default: on)")
    s.add_argument("--nli", default="house", help="the NLI model, as --nli of factalign score (default: %(default)s)")
    args = ap.parse_args(argv)
    if args.what == "suite-auc":
        return suite_auc(args.suite, args.cache, args.mode, args.nli)
    if args.what == "auc":
        return auc(args.frank, args.wice)
    only = set(args.only or ("frank", "wice", "suite"))
    if "frank" in only:
        frank(args.limit, args.examples)
    if "wice" in only:
        wice(args.limit, args.examples)
    if "suite" in only:
        suite(args.suite, args.examples)


if __name__ == "__main__":
    sys.exit(main())

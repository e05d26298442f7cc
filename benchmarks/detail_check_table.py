"""The detail check's variants against off, with fenice: ROC-AUC per set and how often each variant fires (lowers
an item's score) on consistent items (false alarms) and on inconsistent ones. The table in docs/methods.md
("Detail check") is made by this command:

    python -m factalign bench --data frank:../shared/data/frank_val.jsonl --split kfold:5 --seed 0 \\
        --methods 'fenice[detail_check=off],fenice[detail_check=on],fenice[detail_check=numbers],fenice[detail_check=counts],fenice[detail_check=conflict]' \\
        --out runs/details-frank --no-plots
    for m in off on numbers counts conflict; do
        python benchmarks/wice_claims.py --methods fenice --limit 150 --detail-check $m --out runs/details-wice/$m
    done
    python benchmarks/detail_check_table.py --frank runs/details-frank --wice runs/details-wice

(--frank takes several run directories, e.g. one per origin, whose rows are taken together.)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

import shared_data  # noqa: F401  (the checkout's factalign first)
from wice_claims import WICE, sample  # noqa: E402

from factalign.bench.data import load_benchmark  # noqa: E402
from factalign.bench.metrics import roc_auc  # noqa: E402

MODES = ("off", "on", "numbers", "counts", "conflict")
ORIGINS = {"cnndm": "FRANK validation CNN/DM", "xsum": "FRANK validation XSum"}


def frank_sets(runs: list[Path]) -> dict[str, dict[str, tuple[np.ndarray, np.ndarray]]]:
    """{set: {mode: (labels, scores)}} from bench run directories with one fenice[detail_check=MODE] per mode."""
    examples = {r["id"]: r for run in runs for r in map(json.loads, (run / "examples.jsonl").read_text().splitlines()) if r}
    out: dict[str, dict] = {name: {} for name in ORIGINS.values()}
    for mode in MODES:
        paths = [run / "scores" / f"fenice__detail_check-{mode}.jsonl" for run in runs]
        if not all(p.exists() for p in paths):
            continue
        rows = sorted((json.loads(line) for p in paths for line in p.read_text().splitlines() if line.strip()),
                      key=lambda r: r["id"])
        for origin, name in ORIGINS.items():
            kept = [r for r in rows if examples[r["id"]]["origin"] == origin and r["score"] is not None]
            out[name][mode] = (np.array([int(examples[r["id"]]["label"]) for r in kept]),
                               np.array([r["score"] for r in kept], dtype=float))
    return out


def wice_set(runs: Path, limit: int = 150, seed: int = 0) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """{mode: (labels, scores)} from wice_claims.py --out runs/MODE (the same seeded sample)."""
    examples = sample(load_benchmark(f"wice:{WICE}").examples, limit, seed)
    out = {}
    for mode in MODES:
        path = runs / mode / "fenice.json"
        if path.exists():
            scores = json.loads(path.read_text())["scores"]
            kept = [i for i, s in enumerate(scores) if s is not None]
            out[mode] = (np.array([examples[i].label for i in kept]), np.array([scores[i] for i in kept], dtype=float))
    return out


def rows(name: str, by_mode: dict[str, tuple[np.ndarray, np.ndarray]]) -> list[str]:
    labels, off = by_mode["off"]
    out = []
    for mode, (y, scores) in by_mode.items():
        assert (y == labels).all(), f"{name}: {mode} holds other rows than off"
        fired = scores < off - 1e-9
        ok, bad = labels == 1, labels == 0
        out.append(f"| {name} ({len(labels)}) | {mode} | {100 * roc_auc(labels, scores):.1f} | "
                   f"{100 * (roc_auc(labels, scores) - roc_auc(labels, off)):+.1f} | "
                   f"{fired[ok].sum()} of {ok.sum()} ({100 * fired[ok].mean():.1f}%) | "
                   f"{fired[bad].sum()} of {bad.sum()} ({100 * fired[bad].mean():.1f}%) |")
    return out


def main(frank: list[Path], wice: Path) -> None:
    print("| data | detail check | ROC-AUC | vs off | fires on consistent (false alarms) | fires on inconsistent |")
    print("|---|---|---|---|---|---|")
    sets = {**frank_sets(frank), "WiCE claim dev, weakest claim": wice_set(wice)}
    for name, by_mode in sets.items():
        if "off" in by_mode and len(by_mode["off"][0]):
            print("\n".join(rows(name, by_mode)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frank", type=Path, nargs="+", required=True, help="bench run directories (FRANK validation)")
    parser.add_argument("--wice", type=Path, required=True, help="holds MODE/fenice.json from wice_claims.py --out")
    args = parser.parse_args()
    main(args.frank, args.wice)

"""From a run directory's saved scores to the results: every number in the table, as a dict.

All methods are measured on the same rows (those every variant scored without error), with the
same bootstrap resamples, so their intervals and paired differences are comparable.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from factalign.bench import metrics
from factalign.bench.data import ERROR_TYPES, Example
from factalign.bench.default_labels import default_labels
from factalign.bench.leaderboard import leaderboard
from factalign.bench.runner import read_scores
from factalign.bench.splits import make_split
from factalign.errors import FactalignError

ORIGINS = {"cnndm": "CNN/DM", "xsum": "XSum"}
CATEGORY_ORDER = {"SOTA": "0", "EXF": "1", "OLD": "2"}  # newest systems first, as AggreFact lists them
LEVEL = 0.95


@dataclass
class Run:
    manifest: dict
    examples: list[Example]
    scores: dict[str, np.ndarray]   # variant name -> score per example (nan: error or not scored)
    errors: dict[str, int]
    missing: dict[str, int]
    verdicts: dict[str, list] = field(default_factory=dict)  # variant name -> (label, decision, task) per example, or None

    @property
    def labels(self) -> np.ndarray:
        return np.array([e.label for e in self.examples], dtype=float)


def saved_rows(run_dir: Path, variant: dict) -> list[dict]:
    """The rows of a run's variant (its entry in run.json) made with its signature, failed ones (with "error") too."""
    return [row for row in read_scores(run_dir / "scores" / variant["file"]) if row.get("signature") == variant["signature"]]


def run_data(manifest: dict) -> dict:
    """What a run was scored on, as a calibration records it: the data file's name and digest."""
    return {"file": Path(manifest["data"].partition(":")[2]).name, "sha256": manifest["data_sha256"]}


def load_run(run_dir: Path) -> Run:
    try:
        manifest = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
        meta = [json.loads(line) for line in (run_dir / "examples.jsonl").read_text(encoding="utf-8").splitlines() if line]
    except FileNotFoundError as exc:
        raise FactalignError(f"{run_dir} is not a bench run directory (no {Path(exc.filename).name})") from None
    except ValueError as exc:
        raise FactalignError(f"{run_dir}: run.json or examples.jsonl is damaged ({exc})") from None
    examples = [Example(doc="", summary="", **m) for m in meta]
    position = {e.id: i for i, e in enumerate(examples)}
    scores, errors, missing, verdicts = {}, {}, {}, {}
    for v in manifest["variants"]:
        values = np.full(len(examples), np.nan)
        given: list = [None] * len(examples)
        failed = 0
        for row in saved_rows(run_dir, v):
            if row["id"] not in position:
                continue
            if "error" in row:
                failed += 1
            else:
                values[position[row["id"]]] = row["score"]
                if row.get("label"):
                    given[position[row["id"]]] = (row["label"], row.get("decision"), row.get("task"))
        scores[v["name"]], errors[v["name"]], verdicts[v["name"]] = values, failed, given
        missing[v["name"]] = int(np.isnan(values).sum()) - failed
    return Run(manifest, examples, scores, errors, missing, verdicts)


def evaluate(run: Run, split: str, seed: int, n_boot: int, baseline: str | None = None,
             test: str = "bootstrap") -> tuple[dict, dict[str, np.ndarray]]:
    """The results, and each group's measured rows (positions in `run.examples`)."""
    names = list(run.scores)
    baseline = baseline or names[0]
    if baseline not in run.scores:
        raise FactalignError(f"--baseline {baseline!r} is not a variant of this run; variants: {', '.join(names)}")
    common = np.flatnonzero(~np.any(np.isnan(np.array([run.scores[n] for n in names])), axis=0))
    if len(common) == 0:
        raise FactalignError("no example was scored by every variant; nothing to report")
    ex = [run.examples[i] for i in common]
    labels = run.labels[common]
    scores = {n: run.scores[n][common] for n in names}
    out = {"data": run.manifest["data"], "data_sha256": run.manifest["data_sha256"], "rows": len(run.examples),
           "rows_scored_by_all": len(common), "bootstrap": n_boot, "seed": seed, "level": LEVEL,
           "variants": [{"name": v["name"], "signature": v["signature"], "errors": run.errors[v["name"]],
                         "missing": run.missing[v["name"]]} for v in run.manifest["variants"]]}
    overview = _overview_groups(ex, range(len(ex)))
    if run.manifest["graded"]:
        out["correlations"] = {n: {g: metrics.correlations(labels[rows], scores[n][rows]) for g, rows in overview.items()}
                               for n in names}
        return out, {g: common[rows] for g, rows in overview.items()}

    chosen = make_split(ex, split, seed, run.manifest["data"])
    folds = chosen.folds
    evaluated = np.unique(np.concatenate([e for _, e in folds]))
    out["split"] = {"how": split, "description": chosen.description, "rows_evaluated": len(evaluated)}
    groups = _overview_groups(ex, evaluated)
    boot = {g: metrics.resamples(labels[rows], n_boot, seed) for g, rows in groups.items() if metrics.two_classes(labels[rows])}
    auc_draws = {n: {g: metrics.bootstrap_roc_auc(labels[groups[g]], scores[n][groups[g]], idx) for g, idx in boot.items()}
                 for n in names}
    out["roc_auc"] = {n: {g: _estimate(metrics.roc_auc(labels[rows], scores[n][rows]), auc_draws[n].get(g), len(rows))
                          for g, rows in groups.items()} for n in names}
    out["balanced_accuracy"] = {
        "per_dataset": _balanced_accuracy(ex, labels, scores, folds, n_boot, seed, lambda e: (e.dataset, e.origin)),
        "per_split": _balanced_accuracy(ex, labels, scores, folds, n_boot, seed, lambda e: (e.origin, e.category)),
    }
    out["versus_baseline"] = _versus(baseline, test, labels, scores, auc_draws, out["roc_auc"],
                                     {g: r for g, r in groups.items() if g == "all" or g in ORIGINS.values()}, n_boot, seed)
    if str(run.manifest["data"]).startswith("llm-aggrefact:"):
        out["leaderboard"] = leaderboard(ex, labels, scores, folds)
    labelled = default_labels({n: [v[i] for i in common] for n, v in run.verdicts.items()}, labels, scores, groups)
    if labelled:
        out["default_labels"] = labelled
    if any(e.error_types for e in ex):
        out["error_types"] = _error_types(ex, labels, scores, evaluated)
    return out, {g: common[rows] for g, rows in groups.items()}


def _overview_groups(ex: list[Example], rows) -> dict[str, np.ndarray]:
    """all; each dataset (if several); each origin; each origin x category."""
    rows = np.asarray(list(rows))
    keys = {"all": lambda e: "all"}
    if len({e.dataset for e in ex}) > 1:
        keys["dataset"] = lambda e: f"{e.dataset} {_origin(e.origin)}".strip()
    keys["origin"] = lambda e: _origin(e.origin)
    keys["category"] = lambda e: f"{_origin(e.origin)} {e.category}".strip()
    groups: dict[str, np.ndarray] = {}
    for key in keys.values():
        for label in dict.fromkeys(sorted((key(ex[i]) for i in rows), key=_order)):
            if label and label not in groups:
                groups[label] = np.array([i for i in rows if key(ex[i]) == label])
    return groups


def _balanced_accuracy(ex, labels, scores, folds, n_boot, seed, key) -> dict:
    """Balanced accuracy with one threshold per group (AggreFact's per-dataset and per-split settings)."""
    group_of = [key(e) for e in ex]
    out = {}
    for name, values in scores.items():
        pred, thresholds = metrics.tuned_predictions(labels, values, group_of, folds)
        cells = {}
        for group in sorted(set(group_of), key=lambda g: _order(" ".join(g))):
            rows = np.array([i for i, g in enumerate(group_of) if g == group and not np.isnan(pred[i])], dtype=int)
            label = " ".join(_origin(part) for part in group if part)
            if not metrics.two_classes(labels[rows]):
                cells[label] = {"value": None, "n": len(rows), "note": "one class or nothing to tune on"}
                continue
            draws = metrics.bootstrap_balanced_accuracy(labels[rows], pred[rows], metrics.resamples(labels[rows], n_boot, seed))
            cells[label] = {**_estimate(metrics.balanced_accuracy(labels[rows], pred[rows]), draws, len(rows)),
                            "thresholds": thresholds.get(group, [])}
        out[name] = cells
    return out


def _versus(baseline, test, labels, scores, auc_draws, auc, groups, n_boot, seed) -> dict:
    out = {"baseline": baseline, "test": test, "metric": "roc_auc", "rows": {}}
    for name in scores:
        if name == baseline:
            continue
        cells = {}
        for g, rows in groups.items():
            if test == "resample70":
                cells[g] = metrics.resampled_ttest(labels[rows], scores[name][rows], scores[baseline][rows], n=n_boot, seed=seed)
            elif auc[name][g]["value"] is None or auc[baseline][g]["value"] is None:
                cells[g] = {"diff": None, "note": "one class"}
            else:
                point = auc[name][g]["value"] - auc[baseline][g]["value"]
                cells[g] = metrics.paired_difference(auc_draws[name][g], auc_draws[baseline][g], point, LEVEL)
        out["rows"][name] = cells
    return out


def _error_types(ex, labels, scores, evaluated) -> dict:
    """ROC-AUC of consistent summaries (positives) against the summaries with each error type."""
    consistent = [i for i in evaluated if labels[i] == 1]
    found = {t for i in evaluated if labels[i] == 0 for t in ex[i].error_types}
    present = [t for t in ERROR_TYPES if t in found] + sorted(found - set(ERROR_TYPES))
    out = {}
    for name, values in scores.items():
        cells = {}
        for t in present:
            wrong = [i for i in evaluated if labels[i] == 0 and t in ex[i].error_types]
            rows = np.array(consistent + wrong, dtype=int)
            cells[t] = {"roc_auc": metrics.roc_auc(labels[rows], values[rows]), "n": len(wrong),
                        "mean_score": float(np.mean(values[wrong]))}
        cells["consistent"] = {"n": len(consistent), "mean_score": float(np.mean(values[consistent])) if consistent else None}
        out[name] = cells
    return out


def _estimate(value: float, draws: np.ndarray | None, n: int) -> dict:
    if draws is None:
        return {"value": None, "n": n, "note": "one class: undefined"}
    lo, hi = metrics.interval(draws, LEVEL)
    return {"value": value, "lo": lo, "hi": hi, "n": n}


def _origin(origin: str) -> str:
    return ORIGINS.get(origin, origin)


def _order(label: str) -> list[str]:
    return [CATEGORY_ORDER.get(word, word) for word in label.split()]

"""Writing a report into one directory: results.md and the PNG plots, then every registered report writer
(built in: `json`, results.json). Another package adds a writer with `@REPORT_WRITERS.register(NAME)` or an
entry point in the group `factalign.reports`: a function `writer(results, out_dir) -> list of file names`,
where `results` is the dict that results.json holds."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np

from factalign.bench import plots
from factalign.bench.report import ORIGINS, Run, evaluate
from factalign.bench.tables import markdown
from factalign.outputs import write_whole
from factalign.registry import Registry

REPORT_WRITERS = Registry("report writer", "reports")
register_report = REPORT_WRITERS.register


@register_report("json", description="results.json: every figure of the report, undefined ones as null")
def json_report(results: dict, out_dir: Path) -> list[str]:
    write_whole(out_dir / "results.json", json.dumps(_finite(results), indent=1, ensure_ascii=False) + "\n")
    return ["results.json"]


def write_report(run: Run, out_dir: Path, split: str, seed: int, n_boot: int, baseline: str | None, test: str,
                 with_plots: bool = True, writers: list[str] | None = None) -> str:
    """Compute, write, and return the Markdown; `writers`: the report writers to run (default: all registered)."""
    results, groups = evaluate(run, split, seed, n_boot, baseline, test)
    out_dir.mkdir(parents=True, exist_ok=True)
    figures = _plots(run, results, groups, out_dir) if with_plots and "roc_auc" in results else []
    text = markdown(results, figures)
    write_whole(out_dir / "results.md", text)
    for name in REPORT_WRITERS.names() if writers is None else writers:
        REPORT_WRITERS.get(name).factory(results, out_dir)
    return text


def _plots(run: Run, results: dict, groups: dict[str, np.ndarray], out_dir: Path) -> list[str]:
    """ROC curves for all measured rows and each origin; error-type histograms per method."""
    labels = run.labels
    panels = {g: rows for g, rows in groups.items() if g == "all" or g in ORIGINS.values()}
    plots.roc_curves(out_dir / "roc.png", labels, run.scores, panels)
    names = ["roc.png"]
    if "error_types" in results:
        rows = groups["all"]
        types = [t for t in next(iter(results["error_types"].values())) if t != "consistent"]
        errors = [run.examples[i].error_types for i in rows]
        for v in run.manifest["variants"]:
            name = f"error-types-{Path(v['file']).stem}.png"
            plots.error_type_histograms(out_dir / name, v["name"], labels[rows], run.scores[v["name"]][rows], errors, types)
            names.append(name)
    return names


def _finite(value):
    """NaN is not JSON: undefined measures are written as null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    if isinstance(value, np.generic):
        return _finite(value.item())
    return value

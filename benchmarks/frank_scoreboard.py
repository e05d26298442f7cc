"""Write docs/scoreboard.md from a FRANK bench run: the command, published references beside our
numbers, the full results tables and the plots (copied into docs/figures/).

usage: python benchmarks/frank_scoreboard.py RUN_DIR DOC FIGURE_DIR SECONDS COMMAND...
"""

from __future__ import annotations

import json
import shlex
import shutil
import sys
from pathlib import Path

from factalign.bench.tables import markdown

# INFUSE paper, appendix D: ROC-AUC on the CNN/DM part of FRANK (as in AggreFact), ALBERT-xlarge NLI.
PUBLISHED = {"fulldoc": ("FullDoc", 65.3), "summac-zs": ("SummaC-ZS", 77.2), "sentli": ("SENTLI", 79.9),
             "infuse": ("INFUSE", 79.5), "infuse-sub": ("INFUSE_sub", 77.8)}
FIGURES = ["roc.png", "error-types-fenice.png", "error-types-infuse.png"]


POOLED_NOTE = (
    "How to read the ROC-AUC columns: **all** pools CNN/DM and XSum, and it is often above both parts (e.g. "
    "fenice). It is not an average of them: over the pooled rows ROC-AUC also ranks CNN/DM summaries against "
    "XSum ones, and the two datasets differ in base rate (CNN/DM 217 of 375 consistent, XSum 26 of 296) and in "
    "score level (XSum's abstractive summaries get lower NLI scores). Most cross-dataset pairs are then a consistent "
    "CNN/DM summary against an inconsistent XSum one with a lower score: easy pairs that lift the pooled figure. "
    "Compare methods on the per-dataset columns. A p below what 1000 resamples can resolve is printed p<0.001.")


def main(run_dir: str, doc: str, figure_dir: str, seconds: str, *command: str) -> None:
    run, figures = Path(run_dir), Path(figure_dir)
    results = json.loads((run / "results.json").read_text(encoding="utf-8"))
    figures.mkdir(parents=True, exist_ok=True)
    shown = []
    for name in FIGURES:
        if (run / name).is_file():
            shutil.copyfile(run / name, figures / f"frank-{name}")
            shown.append(f"{figures.name}/frank-{name}")
    lines = [
        "# Scoreboard: FRANK validation",
        "",
        ("Agreement of every method with FRANK's human labels (Pagnoni et al. 2021; validation split, "
         "CNN/DM and XSum summaries from 9 systems), house NLI model. Regenerate with "
         "`benchmarks/frank_scoreboard.sh`, which runs:"),
        "",
        "```sh",
        shlex.join(command),
        "```",
        "",
        f"Wall time: {int(seconds) / 60:.0f} min on this machine (the NLI cache makes reruns fast).",
        "",
        "## Published references beside ours (CNN/DM part of FRANK, ROC-AUC x100)",
        "",
        ("Published: INFUSE paper, appendix D, ALBERT-xlarge NLI, on FRANK's CNN/DM part as packaged in AggreFact. "
         "Ours: the house NLI model on FRANK's validation split (every row measured by cross-validation); a different "
         "model and different rows, so the comparison is indicative only."),
        "",
        "| method | published | ours [95% CI] |",
        "|---|---|---|",
    ]
    for name, (title, value) in PUBLISHED.items():
        ours = results["roc_auc"].get(name, {}).get("CNN/DM")
        cell = f"{ours['value'] * 100:.1f} [{ours['lo'] * 100:.1f}, {ours['hi'] * 100:.1f}]" if ours and ours["value"] is not None else "not run"
        lines.append(f"| {title} (`{name}`) | {value} | {cell} |")
    lines += ["", "## Results", "", POOLED_NOTE, "", markdown(results, shown)]
    Path(doc).write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:])

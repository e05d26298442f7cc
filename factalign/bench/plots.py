"""PNG plots: ROC curves of every method, and score histograms by FRANK error type (INFUSE Figure 3)."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
from sklearn.metrics import roc_curve

from factalign.bench.metrics import roc_auc

matplotlib.use("Agg")  # files only; no display needed


def roc_curves(path: Path, labels: np.ndarray, scores: dict[str, np.ndarray], groups: dict[str, np.ndarray]) -> None:
    """One panel per group, one curve per method, its ROC-AUC in the legend."""
    fig, axes = plt.subplots(1, len(groups), figsize=(5 * len(groups), 5), squeeze=False)
    colors = plt.get_cmap("tab10")
    for ax, (group, rows) in zip(axes[0], groups.items()):
        for k, (name, values) in enumerate(scores.items()):
            if len(set(labels[rows].tolist())) < 2:
                continue
            fpr, tpr, _ = roc_curve(labels[rows], values[rows])
            ax.plot(fpr, tpr, color=colors(k % 10), ls=("-", "--", "-.")[k // 10 % 3], lw=1.2, label=f"{name} ({roc_auc(labels[rows], values[rows]) * 100:.1f})")
        ax.plot([0, 1], [0, 1], color="grey", lw=0.8, ls=":")
        ax.set(title=f"{group} (n={len(rows)})", xlabel="false positive rate (inconsistent scored consistent)",
               ylabel="true positive rate", xlim=(0, 1), ylim=(0, 1.01))
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=110, bbox_inches="tight")  # keeps the legends under the panels
    plt.close(fig)


def error_type_histograms(path: Path, method: str, labels: np.ndarray, scores: np.ndarray,
                          error_types: list[list[str]], types: list[str]) -> None:
    """One panel per error type: the scores of consistent summaries against those with that error."""
    cols = min(4, len(types))
    rows = -(-len(types) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.6 * cols, 2.8 * rows), squeeze=False, sharex=True)
    bins = np.linspace(np.min(scores), np.max(scores) + 1e-9, 21)
    consistent = scores[labels == 1]
    for ax, t in zip(axes.flat, types):
        wrong = scores[[i for i, e in enumerate(error_types) if labels[i] == 0 and t in e]]
        ax.hist(consistent, bins=bins, density=True, alpha=0.45, color="tab:green", label=f"consistent ({len(consistent)})")
        ax.hist(wrong, bins=bins, density=True, histtype="step", lw=1.6, color="tab:red", label=f"{t} ({len(wrong)})")
        ax.set_title(t, fontsize=9)
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(types):]:
        ax.axis("off")
    fig.suptitle(f"{method}: score density, consistent vs each error type")
    fig.supxlabel("score")
    fig.supylabel("density")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)

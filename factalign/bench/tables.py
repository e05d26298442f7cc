"""The results dict as Markdown tables (numbers x100, one decimal, 95% intervals in brackets)."""

from __future__ import annotations

from factalign.bench.default_labels import markdown as default_labels_table
from factalign.bench.leaderboard import markdown as leaderboard_table

SMALL_SAMPLE = 100  # rows: an interval from fewer is flagged as too wide to read
WIDE_INTERVAL = 0.20  # an interval spanning more than this (20 points) is flagged too


def markdown(results: dict, plots: list[str] = ()) -> str:
    data = str(results["data"]).replace("`", "'")
    lines = [(f"Data: `{data}` (sha256 {results['data_sha256'][:12]}), {results['rows']} rows, "
              f"{results['rows_scored_by_all']} scored by every method.")]
    if "correlations" in results:
        lines += ["", "### Correlation with graded labels (Pearson / Spearman / Kendall)", ""]
        lines += _table(results["correlations"], lambda c: f"{c['pearson']:.3f} / {c['spearman']:.3f} / {c['kendall']:.3f}")
    else:
        split = results["split"]
        lines += [f"Threshold: {split['description']}; {split['rows_evaluated']} rows measured.",
                  (f"Intervals: {round(results['level'] * 100)}% bootstrap percentile, {results['bootstrap']} resamples, "
                   f"seed {results['seed']}; every method on the same resamples.")]
        lines += _small_sample_note(results) + [""]
        if "leaderboard" in results:
            lines += leaderboard_table(results["leaderboard"], _text) + [""]
        lines += ["### ROC-AUC (threshold-free), measured rows", ""] + _table(results["roc_auc"], _interval)
        lines += ["", "### Balanced accuracy, one threshold per dataset", ""]
        lines += _table(results["balanced_accuracy"]["per_dataset"], _interval)
        lines += ["", "### Balanced accuracy, one threshold per split (origin x category)", ""]
        lines += _table(results["balanced_accuracy"]["per_split"], _interval)
        lines += _versus(results["versus_baseline"], results["bootstrap"])
        lines += default_labels_table(results.get("default_labels", {}), _text)
        if "error_types" in results:
            lines += ["", "### Error types: ROC-AUC of consistent summaries vs summaries with the error (mean score)", ""]
            lines += _table(results["error_types"], _error_cell)
    lines += ["", "### Signatures", "", "| method | errors | not scored | signature |", "|---|---|---|---|"]
    lines += [f"| {_text(v['name'])} | {v['errors']} | {v['missing']} | {_code(v['signature'])} |" for v in results["variants"]]
    if plots:
        lines += ["", "### Plots", ""] + [f"![{p}]({p})" for p in plots]
    return "\n".join(lines) + "\n"


def _small_sample_note(results: dict) -> list[str]:
    """A line saying which intervals are too wide to read: from fewer than SMALL_SAMPLE rows, or wider than
    WIDE_INTERVAL; none when every interval is narrow and well sampled."""
    cells = [c for table in (results["roc_auc"], results["balanced_accuracy"]["per_dataset"],
                             results["balanced_accuracy"]["per_split"])
             for by_group in table.values() for c in by_group.values() if c.get("value") is not None]
    flagged = [c for c in cells if c.get("n", 0) < SMALL_SAMPLE or c["hi"] - c["lo"] > WIDE_INTERVAL]
    if not flagged:
        return []
    widest = max(c["hi"] - c["lo"] for c in flagged)
    return ["", f"**Note: {len(flagged)} of the {len(cells)} intervals below come from fewer than {SMALL_SAMPLE} rows or span "
            f"more than {WIDE_INTERVAL * 100:.0f} points (the widest {widest * 100:.1f}): too wide to read or to tell "
            "methods apart; measure on more rows (without --limit, or a larger file) before quoting them.**"]


def _table(by_method: dict[str, dict[str, dict]], cell) -> list[str]:
    groups = list(next(iter(by_method.values())))
    first = next(iter(by_method.values()))
    header = [_text(f"{g} (n={first[g]['n']})" if "n" in first[g] else g) for g in groups]
    rows = [f"| method | {' | '.join(header)} |", "|---" * (len(groups) + 1) + "|"]
    rows += [f"| {_text(name)} | {' | '.join(cell(cells[g]) for g in groups)} |" for name, cells in by_method.items()]
    return rows


def _versus(v: dict, n_boot: int) -> list[str]:
    if not v["rows"]:
        return []
    if v["test"] == "resample70":
        title = f"ROC-AUC versus {v['baseline']}: mean difference over 70% resamples, paired t-test p"
        cell = lambda c: f"{c['diff'] * 100:+.1f} ({p_value(c['p'])})"
    else:
        title = f"ROC-AUC versus {v['baseline']}: paired bootstrap difference [95% interval], p"
        cell = lambda c: "n/a" if c["diff"] is None else \
            f"{c['diff'] * 100:+.1f} [{c['lo'] * 100:+.1f}, {c['hi'] * 100:+.1f}] {p_value(c['p'], n_boot)}"
    return ["", f"### {title}", ""] + _table(v["rows"], cell)


def p_value(p: float, resamples: int | None = None) -> str:
    """`p=0.012`; below what the test can resolve, `p<0.001` (a bootstrap p of 0 from N resamples
    means p < 1/N, never p = 0)."""
    floor = max(1 / resamples, 0.001) if resamples else 0.001
    return f"p<{floor:g}" if p < floor else f"p={p:.3g}"


def _interval(c: dict) -> str:
    if c.get("value") is None:
        return "n/a"
    return f"{c['value'] * 100:.1f} [{c['lo'] * 100:.1f}, {c['hi'] * 100:.1f}]"


def _error_cell(c: dict) -> str:
    if "roc_auc" not in c:
        return f"({c['mean_score']:.2f})" if c["mean_score"] is not None else "n/a"
    auc = "n/a" if c["roc_auc"] != c["roc_auc"] else f"{c['roc_auc'] * 100:.1f}"
    return f"{auc} ({c['mean_score']:.2f})"


def _text(value) -> str:
    """Text from the data (dataset, origin, category, error type, variant names) as plain text in a
    table cell: HTML is shown, not interpreted, and a pipe or a line break cannot end the cell."""
    text = " ".join(str(value).split())
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("|", "&#124;"), ("`", "&#96;")):
        text = text.replace(char, entity)
    return text


def _code(text: str) -> str:
    """Inline code inside a table cell: its pipes must be escaped."""
    return "`" + text.replace("|", r"\|") + "`"

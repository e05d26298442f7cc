"""HTML reports: claims against their evidence, one self-contained file (`factalign report`, `--html`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from factalign.report.html import render, write
from factalign.report.load import Texts, read_results, texts_for
from factalign.report.payload import payload, row_view
from factalign.text.sources import joined_text


def build_report(rows: list[dict[str, Any]], texts: list[tuple[str, str]], threshold: float | None = None,
                 batch: bool | None = None, title: str | None = None, name: str = "result") -> str:
    """The HTML page for result rows (SummaryResult dicts, maybe with an `id`) and their (document, summary)."""
    batch = len(rows) != 1 if batch is None else batch
    views = [row_view(r, d, s, threshold, f"{name} row {n + 1}" if batch else name)
             for n, (r, (d, s)) in enumerate(zip(rows, texts))]
    title = title or (f"factalign report: {len(views)} rows" if batch else "factalign report")
    return render(payload(views, threshold, batch), title)


def report_file(result_path: str, output: str | Path, document: str | None = None, summary: str | None = None,
                inputs: Texts | None = None, threshold: float | None = None, title: str | None = None) -> int:
    """Read a result file (one JSON object or batch JSONL), write its report; returns the number of rows."""
    rows, batch = read_results(result_path)
    if inputs is not None and inputs.skipped:  # rows whose input line was malformed are left out, as `batch --html` does
        rows = [r for r in rows if isinstance(r.get("document"), str) or str(r.get("id")) in inputs]
    texts = [texts_for(r, n, document, summary, inputs, result_path) for n, r in enumerate(rows)]
    write(output, build_report(rows, texts, threshold, batch, title, name=result_path))
    return len(rows)


def html_report(path: str | Path, rows: list[dict[str, Any]], texts: list[tuple[str, str]],
                threshold: float | None = None, batch: bool = False) -> None:
    """`score --html`: the report of results already in memory."""
    write(path, build_report(rows, texts, threshold, batch))


def batch_html_report(output: str, path: str | Path, input_rows: list, threshold: float | None = None) -> None:
    """`batch --html`: every finished row of the batch output, with its texts from the input rows."""
    texts = {str(r["id"]): (r["document"], r["summary"]) for _, r in input_rows if isinstance(r, dict)}
    rows, _ = read_results(output)
    rows = [r for r in rows if str(r.get("id")) in texts]  # rows of an earlier input are left out
    texts = [texts[str(r["id"])] for r in rows]
    write(path, build_report(rows, [(joined_text(d), s) for d, s in texts], threshold, True, name=output))


__all__ = ["batch_html_report", "build_report", "html_report", "report_file", "write"]

"""Rows that share documents, and a table NLI knowing every pair nli-sent asks for."""

from __future__ import annotations

import json
from pathlib import Path

DOCS = [f"Town {d} opened a library in {1900 + d}. The mayor of town {d} is Ana {d}. It rained in town {d}." for d in range(12)]


def shared_doc_rows(n: int) -> list[dict]:
    """n rows over 12 documents, rows of a document scattered through the file; two-sentence summaries."""
    return [{"id": f"r{i}", "document": DOCS[(i * 5) % len(DOCS)],
             "summary": f"Town {(i * 5) % len(DOCS)} opened a library. Row {i % 9} is about the mayor."} for i in range(n)]


def sentences(text: str) -> list[str]:
    return [s if s.endswith(".") else s + "." for s in text.split(". ") if s]


def nli_table(path: Path, rows: list[dict], leave_out: str | None = None) -> str:
    """Every (document sentence, summary sentence) pair with probabilities that depend on both; pairs
    whose hypothesis is `leave_out` are missing (a row asking for them fails)."""
    table = {}
    for r in rows:
        for p in sentences(r["document"]):
            for h in sentences(r["summary"]):
                if h != leave_out:
                    ent = (len(p) * 7 + len(h) * 3) % 10 / 10
                    table[(p, h)] = [ent, round((1 - ent) / 2, 6), 1 - ent - round((1 - ent) / 2, 6)]
    path.write_text(json.dumps([{"premise": p, "hypothesis": h, "probs": v} for (p, h), v in table.items()]))
    return f"table:{path}"

"""Scoring a benchmark with each method variant, resumably.

Layout of a run directory:
  run.json          the data file, its digest, the variants and their signatures, split settings
  examples.jsonl    every example's metadata (no texts), so reports need no data file
  scores/NAME.jsonl one line per example per variant, appended as it is scored
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from tqdm import tqdm

from factalign.bench.data import Benchmark, Example
from factalign.bench.variants import Variant
from factalign.data import Document, SummaryResult
from factalign.errors import FactalignError
from factalign.jsonl_output import other_settings
from factalign.nli.gather import ROWS_IN_FLIGHT
from factalign.outputs import write_whole
from factalign.scorer import Scorer


def scores_path(run_dir: Path, variant_slug: str) -> Path:
    return run_dir / "scores" / f"{variant_slug}.jsonl"


def write_manifest(run_dir: Path, bench: Benchmark, examples: list[Example], settings: dict,
                   variants: list[Variant], scorers: list[Scorer]) -> None:
    (run_dir / "scores").mkdir(parents=True, exist_ok=True)
    manifest = {"data": settings["data"], "data_sha256": bench.sha256, "graded": bench.graded,
                "rows": len(examples), "settings": settings,
                "variants": [{"name": v.name, "method": v.method, "params": s.settings.params, "extractor": s.extractor_model.name,
                              "coref": s.coref_model.name, "file": scores_path(run_dir, v.slug).name,
                              "signature": s.signature} for v, s in zip(variants, scorers)]}
    write_whole(run_dir / "run.json", json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    write_whole(run_dir / "examples.jsonl", "".join(json.dumps(e.meta(), ensure_ascii=False) + "\n" for e in examples))


def score_variant(run_dir: Path, variant: Variant, scorer: Scorer, examples: list[Example],
                  documents: dict[str, Document | str], quiet: bool = False) -> dict:
    """Score the examples not yet in the variant's file; returns counts and seconds per scored example."""
    path = scores_path(run_dir, variant.slug)
    done = finished_ids(path, scorer.signature)
    todo = [e for e in examples if e.id not in done]
    failed, started = 0, time.perf_counter()
    with open(path, "a", encoding="utf-8") as out:
        if path.stat().st_size and not path.read_bytes().endswith(b"\n"):
            out.write("\n")  # an interrupted run left half a line; it is skipped when read
        with tqdm(total=len(todo), desc=variant.name, unit="ex", disable=quiet, file=sys.stderr) as bar:
            for group in by_document(todo):  # the summaries of a document share one NLI queue
                results = scorer.score_each([(_document(documents, ex, scorer), ex.summary) for ex in group])
                for ex, res in zip(group, results):  # each written when done: an interrupt keeps the finished ones
                    row = {"id": ex.id}
                    if isinstance(res, FactalignError):
                        failed += 1
                        row["error"] = str(res)
                    else:
                        row.update(_compact(res))
                    out.write(json.dumps({**row, "signature": scorer.signature}, ensure_ascii=False) + "\n")
                    out.flush()
                    bar.update()
    seconds = time.perf_counter() - started
    return {"scored": len(todo), "skipped": len(done), "failed": failed,
            "seconds_per_example": seconds / len(todo) if todo else None}


def by_document(examples: list[Example], size: int = ROWS_IN_FLIGHT) -> list[list[Example]]:
    """Examples grouped by document (groups in order of first appearance, at most `size` each)."""
    groups: dict[str, list[list[Example]]] = {}
    order = []
    for ex in examples:
        chunks = groups.setdefault(ex.doc, [])
        if not chunks or len(chunks[-1]) >= size:
            chunks.append([])
            order.append(chunks[-1])
        chunks[-1].append(ex)
    return order


def finished_ids(path: Path, signature: str) -> set[str]:
    """Ids already in a scores file; scores made with other settings are refused, not mixed."""
    ids = set()
    for row in read_scores(path):
        if row.get("signature") != signature:
            raise FactalignError(other_settings(path, row.get("signature"), signature,
                                                "use another --out directory or delete the file"))
        ids.add(row["id"])
    return ids


def read_scores(path: Path) -> list[dict]:
    """The rows of a scores file; a line cut short by an interruption is skipped (it is scored again)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    rows = []
    for line in lines:
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict) and "id" in row:
            rows.append(row)
    return rows


def _document(cache: dict, ex: Example, scorer: Scorer) -> Document | str | list:
    """Segment each document once for all variants; text the scorer would refuse is passed on as is,
    so its error is recorded. A row's sources are segmented by the scorer (their joined text is `ex.doc`)."""
    if ex.sources is not None:
        key = (ex.doc, *(s.id for s in ex.sources))
        if key not in cache:
            cache[key] = Document.from_sources(ex.sources) if len(ex.doc) <= scorer.settings.max_document_chars else ex.sources
        return cache[key]
    text = ex.doc
    if text not in cache:
        doc = Document.from_text(text) if text.strip() and len(text) <= scorer.settings.max_document_chars else None
        cache[text] = doc if doc and doc.sentences else text
    return cache[text]


def _compact(result: SummaryResult) -> dict:
    """The score and each claim's alignment, without premise texts (they can be whole documents), and the label the
    scorer gives by default (bench/default_labels.py)."""
    return {"score": result.score,
            "claims": [{"text": c.claim.text, "score": c.score,
                        "granularity": c.premise.granularity if c.premise else None,
                        "spans": c.premise.spans if c.premise else [], **({} if c.counted else {"counted": False})}
                       for c in result.claims],
            **({"label": result.label, "decision": result.decision, "task": result.task} if result.label else {})}

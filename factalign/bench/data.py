"""Benchmark loaders: AggreFact CSV, LLM-AggreFact rows, FRANK JSONL, any CSV/JSONL with a column mapping.

Every loader yields `Example`s with the same fields; a missing column, a bad label or a duplicate id
is a FactalignError naming the file (and line).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import Any

from factalign.columns import column_for, missing_error, parse_columns as parse_any_columns, row_sources
from factalign.errors import FactalignError, quoted, type_name
from factalign.io import csv_settings, file_kind, read_jsonl, read_text
from factalign.registry import Registry
from factalign.text.sources import Source, as_sources, join

FIELDS = ("id", "doc", "summary", "label", "dataset", "origin", "category", "split", "error_types", "model_name", "sources")
ERROR_TYPES = ("RelE", "EntE", "CircE", "OutE", "GramE", "CorefE", "LinkE", "Other")
SPLIT_NAMES = {"val": "val", "valid": "val", "validation": "val", "dev": "val", "test": "test"}

# AggreFact groups its systems by era (Tang et al. 2023, section 3); keys are lower-cased model names.
AGGREFACT_CATEGORIES = {
    **dict.fromkeys(["bart", "pegasus", "pegasusdynamic", "t5"], "SOTA"),
    **dict.fromkeys(["bert_sum", "bertsum", "bertsumabs", "bertsumextabs", "berts2s", "trans2s", "transs2s",
                     "transformerabs", "unilm", "bertsumext"], "EXF"),
    **dict.fromkeys(["pgn", "ptgen", "pointergenerator", "pointer-generator", "bus", "bottomup", "s2s", "tconvs2s",
                     "fastabsrl", "fast_abs_rl", "pgn_cov"], "OLD"),
}


@dataclass(frozen=True)
class Format:
    """A benchmark file format, registered in FORMATS (others through the `factalign.formats` entry points)."""

    name: str
    kind: str                 # "csv", "jsonl", "parquet" or "auto" (by the file's extension)
    columns: dict[str, str]   # our field -> the file's column
    required: tuple[str, ...]
    dataset: str | None = None
    convert: Callable[[dict], dict] | None = None  # a row of the file -> a row of our fields


def wice_row(row: dict) -> dict:
    """A WiCE claim row: the cited page's sentences as the document, the claim as the text to check,
    supported = 1 (partially and not supported = 0); category says whether the house model's training
    mix held the claim out (train/split.py, fraction 0.15, seed 13) or trained on it."""
    from factalign.train.split import is_dev

    claim, evidence = row.get("claim"), row.get("evidence")
    if not isinstance(claim, str) or not isinstance(evidence, list) or row.get("label") not in WICE_LABELS:
        raise ValueError(f"a WiCE row needs claim, evidence (a list) and label in {', '.join(WICE_LABELS)}")
    return {"doc": "\n".join(map(str, evidence)), "summary": claim, "label": WICE_LABELS[row["label"]],
            "category": "held-out" if is_dev(f"wice:{claim}", 0.15, 13) else "in-training", "dataset": "WiCE"}


WICE_LABELS = {"supported": 1, "partially_supported": 0, "not_supported": 0}


FORMATS = Registry("data format", "formats")
for _format in (
    Format("frank", "jsonl", {}, ("id", "doc", "summary", "label", "origin"), "FRANK"),
    Format("aggrefact", "csv", {"split": "cut"}, ("dataset", "origin", "doc", "summary", "model_name", "label", "split")),
    Format("llm-aggrefact", "auto", {"summary": "claim"}, ("doc", "summary", "label")),
    Format("jsonl", "jsonl", {}, ("doc", "summary", "label")),
    Format("csv", "csv", {}, ("doc", "summary", "label")),
    Format("parquet", "parquet", {}, ("doc", "summary", "label")),
    Format("wice", "jsonl", {}, ("doc", "summary", "label"), "WiCE", wice_row),
):
    FORMATS.add(_format)


@dataclass
class Example:
    id: str
    doc: str
    summary: str
    label: float
    dataset: str = ""
    origin: str = ""
    category: str = ""
    split: str | None = None
    error_types: list[str] = field(default_factory=list)
    model_name: str = ""
    sources: list[Source] | None = None  # a row with sources: they are what is scored, `doc` is their joined text

    @property
    def document(self) -> str | list[Source]:
        """What the Scorer is given: the sources, else the document."""
        return self.sources if self.sources is not None else self.doc

    def meta(self) -> dict[str, Any]:
        """Everything but the texts: what a report needs."""
        d = asdict(self)
        del d["doc"], d["summary"], d["sources"]
        return d


@dataclass
class Benchmark:
    path: str
    examples: list[Example]
    sha256: str
    graded: bool = False


def parse_columns(items: list[str] | str | None) -> dict[str, str]:
    """`doc=article,summary=highlights` (or a list of such) -> {"doc": "article", "summary": "highlights"}
    (factalign.columns: the one --columns parser, `document` naming `doc` here)."""
    return parse_any_columns(items, FIELDS)


def load_benchmark(spec: str, columns: dict[str, str] | None = None, graded: bool = False) -> Benchmark:
    """`KIND:PATH` with KIND one of FORMATS; `columns` maps our field names to the file's."""
    kind, sep, path = spec.partition(":")
    if not sep or kind not in FORMATS or not path:
        raise FactalignError(f"--data takes KIND:PATH with KIND one of {FORMATS.help()}; got {spec!r}")
    fmt = FORMATS.get(kind)
    mapping = {**fmt.columns, **(columns or {})}
    if kind == "llm-aggrefact" and path == "hub":
        path = hub_snapshot(LLM_AGGREFACT_HUB)
    rows, digest = directory_rows(path, fmt.kind) if Path(path).is_dir() else file_rows(path, fmt.kind)
    examples = [_example(path, lineno, _converted(path, lineno, row, fmt), fmt, mapping, graded) for lineno, row in rows]
    if not examples:
        raise FactalignError(f"{path}: no rows")
    seen = set()
    for ex in examples:
        if ex.id in seen:
            raise FactalignError(f"{path}: duplicate id {quoted(ex.id)} (ids must be unique; map another column with --columns id=...)")
        seen.add(ex.id)
    return Benchmark(path, examples, digest, graded)


def _converted(path: str, lineno: int, row: dict, fmt: Format) -> dict:
    if fmt.convert is None:
        return row
    try:
        return fmt.convert(row)
    except (ValueError, TypeError, AttributeError) as exc:
        raise FactalignError(f"{path}:{lineno}: not a {fmt.name} row ({exc})") from None


LLM_AGGREFACT_HUB = "lytang/LLM-AggreFact"
DATA_SUFFIXES = (".parquet", ".csv", ".jsonl")


def hub_snapshot(repo: str) -> str:
    """The local directory of a hub dataset's data files (downloaded when the hub is reachable, else from the
    local cache); one line when neither has it."""
    from factalign.hub import load_failure, local_files_only

    try:
        from huggingface_hub import snapshot_download
    except ImportError:
        raise FactalignError(f"reading {repo} from the hub needs huggingface_hub: pip install 'factalign[hf]'") from None
    local_only = local_files_only(repo)
    try:
        return snapshot_download(repo, repo_type="dataset", allow_patterns=[f"*{s}" for s in DATA_SUFFIXES],
                                 local_files_only=local_only)
    except Exception as exc:  # huggingface_hub raises its own errors (offline, missing, gated)
        raise FactalignError(load_failure("the dataset", repo, exc, local_only, "--data llm-aggrefact:DIR")) from None


def directory_rows(path: str, kind: str = "auto"):
    """The rows of every data file in a directory (a hub dataset's snapshot: data/dev-00000-of-00001.parquet,
    data/test-...), each file's split named by its file name (dev-..., test-...) where a row names none; line
    numbers become FILE:N."""
    files = sorted(p for p in Path(path).rglob("*") if p.is_file() and p.name.endswith(DATA_SUFFIXES))
    if not files:
        raise FactalignError(f"{path}: no {', '.join(DATA_SUFFIXES)} file in this directory")
    rows, digests = [], []
    for f in files:
        split = re.split(r"[-_.]", f.name, maxsplit=1)[0].lower()
        found, digest = file_rows(str(f), kind)
        digests.append(digest)
        for n, row in found:
            if split in SPLIT_NAMES and row.get("split") in (None, ""):
                row = {**row, "split": split}
            rows.append((f"{f.relative_to(path)}:{n}", row))
    return iter(rows), hashlib.sha256("".join(digests).encode()).hexdigest()


def file_rows(path: str, kind: str = "auto"):
    """(line number or row number, row dict) pairs of a CSV, JSONL or Parquet file, and the file's sha256."""
    kind = file_kind(path, kind)
    if kind == "parquet":
        return _parquet_rows(path)
    text = read_text(path)
    digest = hashlib.sha256(text.encode()).hexdigest()
    return (_csv_rows(path, text) if kind == "csv" else _jsonl_rows(path)), digest


def _parquet_rows(path: str):
    try:
        import pandas as pd
    except ImportError:
        raise FactalignError("reading Parquet needs pandas and pyarrow: pip install 'factalign[frames]'") from None
    try:
        frame = pd.read_parquet(path)
        data = Path(path).read_bytes()
    except (OSError, ValueError, ImportError) as exc:
        raise FactalignError(f"{path}: cannot read Parquet ({exc})") from None
    rows = [(i + 1, {k: _plain(v) for k, v in row.items()}) for i, row in enumerate(frame.to_dict(orient="records"))]
    return iter(rows), hashlib.sha256(data).hexdigest()


def _plain(value):
    """A Parquet cell as JSON would hold it (numpy scalars and arrays to Python values, NaN to None)."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    return None if isinstance(value, float) and value != value else value


def _csv_rows(path: str, text: str):
    reader = csv.DictReader(io.StringIO(text), **csv_settings(path))
    try:
        for row in reader:
            if None in row or None in row.values():  # DictReader's filler for cells past or short of the header
                cells = len(row) - (None in row) + len(row.get(None) or ()) - list(row.values()).count(None)
                raise FactalignError(f"{path}:{reader.line_num}: a row of {cells} cell{'s' if cells != 1 else ''} under a header of "
                                     f"{len(reader.fieldnames)} columns ({', '.join(reader.fieldnames)})")
            yield reader.line_num, row
    except csv.Error as exc:
        raise FactalignError(f"{path}:{reader.line_num}: not valid CSV ({exc})") from None


def _jsonl_rows(path: str):
    for lineno, row in read_jsonl(path):
        if isinstance(row, FactalignError):
            raise row
        yield lineno, row


def _example(path: str, lineno: int, row: dict, fmt: Format, mapping: dict[str, str], graded: bool) -> Example:
    where = f"{path}:{lineno}"

    def get(name: str, default: Any = None, required: bool = True) -> Any:
        column = column_for(name, mapping.get(name, name), row) or mapping.get(name, name)
        if column in row and row[column] is not None:
            return row[column]
        if required and name in fmt.required:
            raise missing_error(where, [name], mapping, list(row))
        return default

    model_name = str(get("model_name", ""))
    category = get("category") or AGGREFACT_CATEGORIES.get(model_name.lower(), "")
    sources = _sources(where, get("sources"), get)
    return Example(
        id=str(get("id", f"{Path(path).stem}-{lineno}")),
        doc=_text(where, "doc", get("doc")) if sources is None else join(sources)[0],
        sources=sources,
        summary=_text(where, "summary", get("summary")),
        label=_label(where, get("label"), graded),
        dataset=str(get("dataset", fmt.dataset or Path(path).stem)),
        origin=str(get("origin", "")).lower(),
        category=str(category),
        split=_split(where, get("split")),
        error_types=_error_types(get("error_types", [])),
        model_name=model_name,
    )


def _text(where: str, name: str, value: Any) -> str:
    """A row's document or summary: a string; a list or object would be scored as its Python repr."""
    if not isinstance(value, str):
        raise FactalignError(f"{where}: {name} must be a string, not {type_name(value)}")
    return value


def _sources(where: str, value: Any, get: Callable) -> list[Source] | None:
    """A row's `sources` (a list, or in CSV its JSON text), checked; None when the row has a document instead."""
    value = row_sources(value, get("doc", "", required=False) != "", where, "a document", "sources")
    if value is None:
        return None
    try:
        return as_sources(value)
    except FactalignError as exc:
        raise FactalignError(f"{where}: {exc}") from None


def _label(where: str, value: Any, graded: bool) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = None
    if graded:
        if number is None:
            raise FactalignError(f"{where}: label {quoted(value)} is not a number")
        return number
    if number not in (0.0, 1.0):
        raise FactalignError(f"{where}: label {quoted(value)} is not 0 or 1 (1 = consistent); pass --graded for graded labels")
    return int(number)


def _split(where: str, value: Any) -> str | None:
    if value in (None, ""):
        return None
    name = SPLIT_NAMES.get(str(value).strip().lower())
    if name is None:
        raise FactalignError(f"{where}: split {quoted(value)} is neither a validation ({', '.join(k for k, v in SPLIT_NAMES.items() if v == 'val')}) "
                             "nor a test split")
    return name


def _error_types(value: Any) -> list[str]:
    """A list, a JSON list, or a string separated by , ; or |."""
    if isinstance(value, list):
        return [str(v) for v in value]
    text = str(value).strip()
    if text.startswith("["):
        try:
            return [str(v) for v in json.loads(text.replace("'", '"'))]
        except ValueError:
            pass
    return [t for t in re.split(r"[,;|\[\]'\"\s]+", text) if t]

"""`factalign claims extract` and `factalign claims eval`."""

from __future__ import annotations

import argparse
import sys

from tqdm import tqdm

from factalign.errors import FactalignError, json_text, quoted, shown
from factalign.interrupts import thread_pool
from factalign.claimeval.scorers import CLAIM_SCORERS
from factalign.outputs import replacing
from factalign.options import (add_cache_options, add_llm_options, add_model_options, llm_from_args, nli_from_args,
                               specs)
from factalign.registry import parse_spec


def register(subparsers) -> None:
    parser = subparsers.add_parser("claims", help="extract claims from text, or evaluate extracted claims against gold ones")
    sub = parser.add_subparsers(dest="claims_command", required=True)

    p = sub.add_parser("extract", help="extract claims from --text or from the rows of a JSONL --input")
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--input", help="JSONL rows with a text (or a context and a focus, with --focus-sentence)")
    source.add_argument("--text", help="one text to extract claims from")
    add_model_options(p, coref=False)
    p.add_argument("--filter", action="store_true", help="keep only claims the text entails (FIZZ's filter, via --nli)")
    p.add_argument("--output", help="output JSONL (default: standard output)")
    p.add_argument("--text-field", default="text", help="input field holding the text (default: text)")
    p.add_argument("--focus-sentence", action="store_true",
                   help="rows give a context list and a focus; keep only the focus sentence's claims")
    p.add_argument("--context-field", default="context", help="with --focus-sentence: the context list field (default: context)")
    p.add_argument("--focus-field", default="focus", help="with --focus-sentence: the focus index or sentence field (default: focus)")
    p.add_argument("--id-field", default="id", help="input field copied to the output's id (default: id; else the line number)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_llm_options(p)
    p.set_defaults(func=run_extract)

    p = sub.add_parser("eval", help="compare predicted claims with gold claims, input by input")
    for side, claims, file_help in (("pred", "predicted", "as `claims extract` writes them"), ("gold", "gold", "e.g. FEVERFact's file")):
        p.add_argument(f"--{side}", required=True, help=f"JSONL of {claims} claims, {file_help}")
        p.add_argument(f"--{side}-field", default="claims", help=f"field with the {claims} claims (default: claims)")
    p.add_argument("--id-field", default="id", help="field matching pred rows to gold rows (default: id)")
    p.add_argument("--gold-id-field", help="the gold file's id field, if named differently (e.g. sentence_id)")
    p.add_argument("--by-order", action="store_true", help="match rows by their order instead of an id")
    p.add_argument("--no-stem", action="store_true", help="ROUGE-1 without Porter stemming")
    p.add_argument("--faith", default="nli", help="nli | alignscore:CHECKPOINT | none (default: nli)")
    add_model_options(p, extractor=False, coref=False)
    add_cache_options(p)
    p.add_argument("--scorer", action="append", default=[], help=f"claim scorer: {specs(CLAIM_SCORERS)} (repeatable)")
    p.add_argument("--json", action="store_true", help="print the summary and per-input rows as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run_eval)


def build_extractor(args: argparse.Namespace):
    from factalign.claims import extractor_uses, load_extractor, with_filter

    spec = args.extractor
    llm = llm_from_args(args) if "llm" in extractor_uses(spec) else None
    nli = nli_from_args(args) if "nli" in extractor_uses(spec) or args.filter else None
    extractor = load_extractor(spec, nli=nli, llm=llm)
    return with_filter(extractor, nli) if args.filter and not spec.endswith("+filter") else extractor


def rows_in_parallel(extractor, args: argparse.Namespace) -> int:
    """How many rows to extract from at once: an LLM extractor's concurrency (its calls wait on the
    network), else 1 (local models, the NLI filter and its cache run in one thread)."""
    client = getattr(extractor, "client", None)
    return client.concurrency if client is not None and not args.filter else 1


def run_extract(args: argparse.Namespace) -> int:
    from factalign.data import Document

    if args.text is not None and not args.text.strip():
        raise FactalignError("--text is empty")
    if args.text is not None:
        extractor = build_extractor(args)
        for claim in extractor.extract(Document.from_text(args.text)):
            print(shown(claim.text))
        return 0
    if not args.output:
        return _extract_rows(args, build_extractor(args), sys.stdout)
    with replacing(args.output) as out:  # opened before any model loads; renamed into place only at the end
        status = _extract_rows(args, build_extractor(args), out.file)
        if status == ALL_FAILED:  # nothing extracted: an existing --output is left as it was
            out.discard()
    return 1 if status else 0


ALL_FAILED = 2


def _extract_rows(args: argparse.Namespace, extractor, out) -> int:
    """Claims of every row of --input written to `out`; 0, 1 when some rows failed, ALL_FAILED when every one did."""
    from factalign.claimeval.inputs import extract, row_document
    from factalign.io import read_jsonl

    context_field = args.context_field if args.focus_sentence else None

    def prepare(item):  # in this thread: row checks and sentence splitting
        lineno, row = item
        try:
            if isinstance(row, FactalignError):
                raise row
            row_id = row.get(args.id_field, lineno)
            if isinstance(row_id, float) and row_id != row_id or row_id in (float("inf"), float("-inf")):
                raise FactalignError(f"id must be a string or a number, not {quoted(row_id)}")
            return lineno, (row_id, *row_document(row, args.text_field, context_field, args.focus_field))
        except FactalignError as exc:
            return lineno, exc

    def run(job):  # in up to rows_in_parallel threads
        lineno, prepared = job
        if isinstance(prepared, FactalignError):
            return lineno, prepared
        row_id, document, focus = prepared
        try:
            return lineno, (row_id, extract(extractor, document, focus))
        except FactalignError as exc:
            return lineno, exc

    rows = [prepare(item) for item in read_jsonl(args.input)]
    failed, total = 0, len(rows)
    with thread_pool(rows_in_parallel(extractor, args)) as pool:
        for lineno, done in tqdm(pool.map(run, rows), total=total, desc="extracting claims", unit="row",
                                 disable=args.quiet or total < 2):
            if isinstance(done, FactalignError):
                failed += 1
                msg = str(done) if str(done).startswith(f"{args.input}:") else f"{args.input}:{lineno}: {done}"
                tqdm.write(f"factalign: error: {msg}", file=sys.stderr)
                continue
            row_id, claims = done
            record = {"id": row_id, "extractor": extractor.name,
                      "claims": [{"text": c.text, "sentence_index": c.sentence_index, "span": c.span} for c in claims]}
            out.write(json_text(record) + "\n")
            out.flush()
    if failed:
        print(f"factalign: {failed} of {total} rows failed", file=sys.stderr)
    return ALL_FAILED if failed == total else 1 if failed else 0


def run_eval(args: argparse.Namespace) -> int:
    from factalign.claimeval.easiness import rouge1
    from factalign.claimeval.evaluate import evaluate
    from factalign.claimeval.inputs import read_claims
    from factalign.claimeval.scorers import load_scorer

    pred = read_claims(args.pred, args.pred_field, None if args.by_order else args.id_field)
    gold = read_claims(args.gold, args.gold_field, None if args.by_order else (args.gold_id_field or args.id_field),
                       "--gold-id-field")
    missing = [k for k in gold if k not in pred]
    if missing:
        raise FactalignError(f"{len(missing)} gold inputs have no predicted row (first: id {quoted(missing[0])})")
    keys = list(gold)
    report = evaluate([pred[k] for k in keys], [gold[k] for k in keys], rouge1(stem=not args.no_stem),
                      faith_from_args(args), [load_scorer(s) for s in args.scorer], progress=not args.quiet)
    for key, row in zip(keys, report["rows"]):
        row["id"] = key
    if args.json:
        print(json_text(report))
        return 0
    print_summary(report["summary"])
    return 0


def faith_from_args(args: argparse.Namespace):
    from factalign.claimeval.faith import alignscore_faith, nli_faith

    kind, arg, _ = parse_spec(args.faith)
    if kind == "none":
        return None
    if kind == "nli":
        return nli_faith(nli_from_args(args))
    if kind == "alignscore":
        if not arg:
            raise FactalignError("--faith alignscore needs its checkpoint: --faith alignscore:PATH.ckpt")
        return alignscore_faith(arg)
    raise FactalignError(f"unknown --faith {args.faith!r}; choose nli, alignscore:CHECKPOINT or none")


HIGHER, LOWER = "higher is better", "lower is better"
METRIC_HINTS = {  # what each figure of `claims eval` measures, and which way is better (see docs/claims.md)
    "easiness_p": f"precision: predicted claims close to some gold claim (best ROUGE-1 F1), averaged; {HIGHER}",
    "easiness_r": f"recall: gold claims close to some predicted claim (best ROUGE-1 F1), averaged; {HIGHER}",
    "easiness_f1": f"harmonic mean of easiness P and R; {HIGHER}",
    "focus": f"predicted claims entailed by the gold claims (nothing made up); {HIGHER}",
    "coverage": f"gold claims entailed by the predicted claims (nothing missed); {HIGHER}",
    "f_fact": f"harmonic mean of Focus and Coverage; {HIGHER}",
    "redundancy": f"predicted claims entailed by the other predicted claims (repeats); {LOWER}",
    "atomicity": f"share of claims stating one relation (dependency parse); {HIGHER}",
    "atomicity-rebel": f"share of claims with at most one REBEL triplet; {HIGHER}",
    "decontext": f"share of claims with no pronoun or demonstrative left to resolve; {HIGHER}",
    "fluency-coedit": f"ROUGE-1 of each claim to CoEdIT's grammar fix of it (1: nothing to fix); {HIGHER}",
}


def metric_hint(key: str) -> str:
    """One line on what a summary figure means and which way is better; a plugin scorer's own description."""
    if key in METRIC_HINTS:
        return METRIC_HINTS[key]
    name = key.split(":")[0]
    return CLAIM_SCORERS.get(name).description if name in CLAIM_SCORERS.entries else ""


def print_summary(summary: dict) -> None:
    print(f"inputs: {summary['inputs']}")
    for key, value in summary.items():
        if isinstance(value, float):
            print(f"{key:<16} {value:.4f}  {metric_hint(key)}".rstrip())
    for side in ("pred", "gold"):
        s = summary[side]
        print(f"{side} claims/input: mean {s['claims_mean']:.2f}, median {s['claims_median']:g}, "
              f"range {s['claims_min']}-{s['claims_max']}; tokens/claim {s['tokens_per_claim']:.2f}")

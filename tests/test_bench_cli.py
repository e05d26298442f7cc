"""End to end through the CLI with a hand-made NLI table: scores, resume, and `bench report` from saved scores."""

import json
import re

import pytest

from factalign.cli import main
from factalign.data import Document

# (summary, label): 1 and 3 are where sentence-level and document-level premises disagree or the label
# disagrees with the words; 6 has an empty summary, which is recorded as an error.
ROWS = [
    ("Ann sat on the mat.", 1),
    ("Bob sat on the mat and went home.", 1),
    ("Cat flew to Mars.", 0),
    ("Dan sat on the mat.", 0),
    ("Eve went home.", 1),
    ("Fay ate the mat.", 0),
    ("", 0),
]
METHODS = "nli-sent,fenice,fenice[passages=false]"


def words(text):
    return set(re.findall(r"\w+", text.lower()))


@pytest.fixture
def bench_files(tmp_path):
    data, table = [], []
    for i, (summary, label) in enumerate(ROWS):
        name = summary.split(" ")[0] or "Gus"
        doc = f"{name} sat on the mat. Then {name} went home and slept."
        data.append({"id": f"ex{i}", "doc": doc, "highlights": summary, "label": label, "origin": "cnndm",
                     "category": "SOTA", "error_types": [] if label else ["EntE"]})
        document = Document.from_text(doc)
        for premise in [*document.sentence_texts, doc]:
            for hypothesis in Document.from_text(summary).sentence_texts if summary else []:
                entailed = words(hypothesis) <= words(premise)
                table.append({"premise": premise, "hypothesis": hypothesis, "probs": [0.9, 0.05, 0.05] if entailed else [0.2, 0.3, 0.5]})
    data_path, table_path = tmp_path / "bench.jsonl", tmp_path / "nli.json"
    data_path.write_text("".join(json.dumps(r) + "\n" for r in data))
    table_path.write_text(json.dumps(table))
    return data_path, table_path


def bench(data_path, table_path, out, *extra):
    return main(["bench", "--data", f"jsonl:{data_path}", "--columns", "summary=highlights", "--methods", METHODS,
                 "--nli", f"table:{table_path}", "--extractor", "sentences", "--coref", "none", "--split", "odd-even", "--out", str(out), "--quiet", *extra])


def test_bench_scores_reports_and_resumes(bench_files, tmp_path, capsys):
    out = tmp_path / "run"
    assert bench(*bench_files, out) == 0
    results = json.loads((out / "results.json").read_text())
    assert results["rows"] == 7 and results["rows_scored_by_all"] == 6
    assert [v["errors"] for v in results["variants"]] == [1, 1, 1]
    # measured rows 1, 3, 5 (labels 1, 0, 0); sentence premises miss row 1, the document premise finds it
    assert results["roc_auc"]["nli-sent"]["all"]["value"] == pytest.approx(0.25)
    assert results["roc_auc"]["fenice"]["all"]["value"] == pytest.approx(0.75)
    assert results["roc_auc"]["fenice[passages=false]"]["all"]["value"] == pytest.approx(0.25)
    per_dataset = results["balanced_accuracy"]["per_dataset"]
    assert per_dataset["fenice"]["bench CNN/DM"]["thresholds"] == [pytest.approx(0.275)]
    assert per_dataset["nli-sent"]["bench CNN/DM"]["value"] == pytest.approx(0.25)
    assert per_dataset["fenice"]["bench CNN/DM"]["value"] == pytest.approx(0.75)
    table = (out / "results.md").read_text()
    assert "| fenice[passages=false] | 25.0 [" in table and "the summary is empty" not in table
    assert {p.name for p in out.glob("*.png")} == {"roc.png", "error-types-nli-sent.png", "error-types-fenice.png",
                                                   "error-types-fenice__passages-false.png"}
    scores = [json.loads(line) for line in (out / "scores" / "fenice.jsonl").read_text().splitlines()]
    assert scores[6] == {"id": "ex6", "error": "the summary is empty", "signature": scores[0]["signature"]}
    assert scores[1]["claims"][0]["granularity"] == "document"

    # an interrupted run: four lines and half of the fifth survive; the rerun scores the rest only
    path = out / "scores" / "fenice.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:4]) + lines[4][:20])
    capsys.readouterr()
    assert bench(*bench_files, out) == 0
    err = capsys.readouterr().err
    assert "fenice: 3 scored (1 failed), 4 already done" in err and "nli-sent: 0 scored (0 failed), 7 already done" in err
    assert (out / "results.md").read_text() == table

    assert main(["bench", "report", "--scores", str(out), "--out", str(tmp_path / "again"), "--quiet"]) == 0
    assert (tmp_path / "again" / "results.md").read_text() == table
    assert json.loads((tmp_path / "again" / "results.json").read_text()) == results


def test_bench_refuses_to_mix_scores_from_other_settings_and_leaves_the_run_as_it_was(bench_files, tmp_path, capsys):
    out = tmp_path / "run"
    assert bench(*bench_files, out, "--no-plots") == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert bench(*bench_files, out, "--param", "fenice.T=0.5") == 2
    assert "fenice.jsonl holds scores made with other settings" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert main(["bench", "report", "--scores", str(out), "--out", str(tmp_path / "again"), "--quiet", "--no-plots"]) == 0


def test_a_quick_look_with_100_resamples_and_p_below_resolution(bench_files, tmp_path):
    from factalign.bench.tables import p_value

    out = tmp_path / "run"
    assert bench(*bench_files, out, "--no-plots", "--bootstrap", "100", "--baseline", "fenice") == 0
    assert json.loads((out / "results.json").read_text())["bootstrap"] == 100
    assert " p=0 " not in (out / "results.md").read_text().replace("|", " ")
    assert (p_value(0.0, 1000), p_value(0.0, 100), p_value(0.0123, 1000), p_value(2e-5)) == \
        ("p<0.001", "p<0.01", "p=0.0123", "p<0.001")


@pytest.mark.parametrize("args, message", [
    (["--methods", "nosuch"], "unknown method 'nosuch'"),
    (["--methods", "fenice[nosuch=1]"], "method 'fenice' has no parameter nosuch"),
    (["--split", "auto"], "has no split column"),
])
def test_bench_errors_before_scoring(bench_files, tmp_path, capsys, args, message):
    data_path, table_path = bench_files
    code = main(["bench", "--data", f"jsonl:{data_path}", "--columns", "summary=highlights", "--methods", "nli-sent",
                 "--nli", f"table:{table_path}", "--split", "odd-even", "--out", str(tmp_path / "run"), *args])
    assert code == 2 and message in capsys.readouterr().err
    assert not (tmp_path / "run" / "scores").exists()


def test_bench_report_needs_a_run_directory(tmp_path, capsys):
    assert main(["bench", "report", "--scores", str(tmp_path)]) == 2
    assert "is not a bench run directory (no run.json)" in capsys.readouterr().err
    assert main(["bench", "--data", "frank:x.jsonl"]) == 2
    assert "bench needs --methods, --out" in capsys.readouterr().err


def test_a_registered_report_writer_runs_with_every_report(bench_files, tmp_path):
    from factalign.bench.output import REPORT_WRITERS, register_report

    @register_report("rows-csv", description="a test writer")
    def rows_csv(results, out_dir):
        (out_dir / "rows.csv").write_text(f"rows,{results['rows']}\n")
        return ["rows.csv"]

    try:
        out = tmp_path / "run"
        assert bench(*bench_files, out, "--no-plots") == 0
        assert (out / "rows.csv").read_text() == "rows,7\n" and (out / "results.json").exists()
        assert main(["bench", "report", "--scores", str(out), "--out", str(tmp_path / "again"), "--quiet"]) == 0
        assert (tmp_path / "again" / "rows.csv").read_text() == "rows,7\n"
    finally:
        REPORT_WRITERS.unregister("rows-csv")


def test_quiet_hides_progress_only_the_table_is_printed_with_a_note_on_small_samples(bench_files, tmp_path, capsys):
    out = tmp_path / "run"
    assert bench(*bench_files, out, "--no-plots") == 0  # bench() passes --quiet
    printed, err = capsys.readouterr()
    assert printed.strip() == (out / "results.md").read_text().strip()
    assert "### ROC-AUC" in printed and "| fenice | " in printed
    assert "too wide to read" in printed and "fewer than 100 rows" in printed  # 7 rows
    assert "%|" not in err  # no progress bar
    assert main(["bench", "report", "--scores", str(out), "--no-plots", "--quiet"]) == 0
    assert "### ROC-AUC" in capsys.readouterr().out


def test_the_small_sample_note_counts_only_small_or_wide_intervals():
    from factalign.bench.tables import _small_sample_note

    def results(*cells):
        table = {"m": {f"g{i}": c for i, c in enumerate(cells)}}
        return {"roc_auc": table, "balanced_accuracy": {"per_dataset": table, "per_split": {"m": {}}}}

    narrow = {"value": 0.7, "lo": 0.65, "hi": 0.75, "n": 400}
    assert _small_sample_note(results(narrow, {"value": None, "n": 3})) == []  # undefined cells are not intervals
    note = " ".join(_small_sample_note(results(narrow, {"value": 0.7, "lo": 0.5, "hi": 0.9, "n": 400},
                                               {"value": 0.7, "lo": 0.69, "hi": 0.71, "n": 99})))
    assert "4 of the 6 intervals" in note and "the widest 40.0" in note

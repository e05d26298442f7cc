"""`--task`: which shipped default calibration labels a text, the same in the Python API, score, batch, bench and
the service's /v1/info; on a table NLI whose scores are chosen, with two default calibrations of chosen thresholds."""

import json

import pytest

from factalign import Scorer
from factalign.calibration import Calibration, ClaimCalibration, parse_task, task_for
from factalign.errors import FactalignError
from tests.test_cli import assert_one_line_error, run

DOC, SUMMARY = "The ferry left the harbour at noon.", "The ferry left at noon."
OTHER = "Gulls followed the boat."
SCORE = 0.5  # nli-sent's score of SUMMARY: p_ent 0.7 - p_con 0.2 against DOC, the best premise
THRESHOLDS = {"summary": 0.6, "answer": 0.4}  # the summary default labels it inconsistent, the answer default consistent


@pytest.fixture
def defaults(tmp_path, monkeypatch):
    """A table NLI taken for the house model, and a defaults folder with a summary and an answer calibration for
    nli-sent made for its signature."""
    table = [{"premise": DOC, "hypothesis": SUMMARY, "probs": [0.7, 0.1, 0.2]},
             {"premise": OTHER, "hypothesis": SUMMARY, "probs": [0.1, 0.8, 0.1]}]
    (tmp_path / "t.json").write_text(json.dumps(table))
    nli = f"table:{tmp_path / 't.json'}"
    monkeypatch.setattr("factalign.scorer.DEFAULT_NLI", nli)
    monkeypatch.setattr("factalign.calibration.defaults.DEFAULTS_DIR", tmp_path / "defaults")
    signature = Scorer("nli-sent", nli=nli, calibration=None).signature
    for task, threshold in THRESHOLDS.items():
        (tmp_path / "defaults" / task).mkdir(parents=True)
        Calibration("nli-sent", signature, threshold, {"kind": "platt", "a": 4.0, "b": -4.0 * threshold},
                    data={"file": f"{task}.jsonl", "rows": 10}).save(tmp_path / "defaults" / task / "nli-sent.json")
    return nli, tmp_path


def test_a_task_is_auto_or_one_of_the_kinds_and_auto_follows_the_sources():
    assert parse_task(None) == "auto" and parse_task("answer") == "answer"
    with pytest.raises(FactalignError, match="task must be one of auto, summary, answer, not 'news'"):
        parse_task("news")
    assert [task_for("auto", n).name for n in (0, 1, 2, 5)] == ["summary", "summary", "answer", "answer"]
    assert task_for("summary", 3).name == "summary" and task_for("answer", 1).name == "answer"


def test_the_input_picks_the_default_and_the_result_names_it(defaults):
    nli, _ = defaults
    scorer = Scorer("nli-sent", nli=nli)
    one = scorer.score(DOC, SUMMARY)
    several = scorer.score([DOC, OTHER], SUMMARY)
    assert one.score == several.score == pytest.approx(SCORE)
    assert (one.label, one.threshold, one.task, one.calibration) == ("inconsistent", 0.6, "summary", "default:nli-sent/summary")
    assert (several.label, several.threshold, several.task, several.calibration) == (
        "consistent", 0.4, "answer", "default:nli-sent/answer")
    assert json.loads(json.dumps(several.to_dict()))["task"] == "answer"


def test_a_given_task_labels_every_input_alike(defaults):
    nli, _ = defaults
    answer = Scorer("nli-sent", nli=nli, task="answer")
    assert [answer.score(d, SUMMARY).task for d in (DOC, [DOC, OTHER])] == ["answer", "answer"]
    summary = Scorer("nli-sent", nli=nli, task="summary")
    assert summary.score([DOC, OTHER], SUMMARY).label == "inconsistent"


def test_a_task_with_a_threshold_or_a_calibration_file_is_refused_before_models_load(tmp_path):
    with pytest.raises(FactalignError, match="task answer picks a shipped default calibration; with --threshold"):
        Scorer("nli-sent", nli="table:/nowhere.json", task="answer", threshold=0.5)
    with pytest.raises(FactalignError, match="with --calibration"):
        Scorer("nli-sent", nli="table:/nowhere.json", task="summary", calibration=tmp_path / "cal.json")
    labelled = Scorer("nli-sent", nli="house", threshold=0.5)
    assert labelled.calibrations.defaults is False and labelled.calibrations["answer"] is None


def test_score_and_batch_take_the_task(defaults, capsys):
    nli, tmp_path = defaults
    (tmp_path / "doc.txt").write_text(DOC)
    (tmp_path / "sum.txt").write_text(SUMMARY)
    pair = ("--document", tmp_path / "doc.txt", "--summary", tmp_path / "sum.txt", "--method", "nli-sent", "--nli", nli)
    code, out, _ = run(capsys, "score", *pair, "--json")
    assert code == 0 and (json.loads(out)["task"], json.loads(out)["label"]) == ("summary", "inconsistent")
    code, out, _ = run(capsys, "score", *pair, "--task", "answer")
    assert code == 0 and "[consistent," in out and "task answer: consistent when score >= 0.4000" in out
    code, _, err = run(capsys, "score", *pair, "--task", "answer", "--threshold", "0.1")
    assert_one_line_error(code, err, "task answer picks a shipped default calibration")
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "score", *pair, "--task", "news")
    assert exit_.value.code == 2 and "invalid choice: 'news'" in capsys.readouterr().err

    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"id": "a", "document": DOC, "summary": SUMMARY}) + "\n"
                    + json.dumps({"id": "b", "sources": [DOC, OTHER], "summary": SUMMARY}) + "\n")
    code, _, _ = run(capsys, "batch", rows, "--output", tmp_path / "out.jsonl", "--method", "nli-sent", "--nli", nli)
    written = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert code == 0 and [(r["id"], r["task"], r["label"]) for r in written] == [
        ("a", "summary", "inconsistent"), ("b", "answer", "consistent")]


def test_bench_measures_the_default_labels_of_the_task(defaults, capsys):
    nli, tmp_path = defaults
    rows = tmp_path / "bench.jsonl"
    rows.write_text("".join(json.dumps({"id": f"r{i}", "doc": DOC, "summary": SUMMARY, "label": label}) + "\n"
                            for i, label in enumerate([1, 0] * 4)))
    args = ("bench", "--data", f"jsonl:{rows}", "--methods", "nli-sent", "--nli", nli, "--split", "kfold:2",
            "--bootstrap", "100", "--no-plots", "--quiet")
    code, out, _ = run(capsys, *args, "--task", "answer", "--out", tmp_path / "answer")
    results = json.loads((tmp_path / "answer" / "results.json").read_text())["default_labels"]["nli-sent"]["all"]
    # every row labelled consistent by the answer default (0.5 >= 0.4): no better than chance
    assert code == 0 and results["tasks"] == {"answer": 8} and results["balanced_accuracy"] == 0.5
    assert results["inconsistent_labelled_consistent"] == 1.0 and "### Default labels" in out
    run(capsys, *args, "--out", tmp_path / "auto")
    results = json.loads((tmp_path / "auto" / "results.json").read_text())["default_labels"]["nli-sent"]["all"]
    assert results["tasks"] == {"summary": 8} and results["consistent_labelled_inconsistent"] == 1.0


def test_calibrate_takes_the_claim_part_from_a_bench_runs_saved_claims(defaults, capsys):
    nli, tmp_path = defaults
    rows = tmp_path / "claims.jsonl"
    table = json.loads((tmp_path / "t.json").read_text())
    lines = []
    for i, label in enumerate([0, 1] * 4):  # claim i scores 0.1 * i (p_ent - p_con against its one-sentence page)
        claim, page = f"Claim {i} holds.", f"Page {i} says so."
        table.append({"premise": page, "hypothesis": claim, "probs": [0.45 + 0.05 * i, 0.1, 0.45 - 0.05 * i]})
        lines.append(json.dumps({"id": f"c{i}", "doc": page, "summary": claim, "label": label}) + "\n")
    (tmp_path / "t.json").write_text(json.dumps(table))
    rows.write_text("".join(lines))
    run(capsys, "bench", "--data", f"jsonl:{rows}", "--methods", "nli-sent", "--nli", nli, "--split", "kfold:2",
        "--bootstrap", "100", "--no-plots", "--quiet", "--out", tmp_path / "run")
    code, out, _ = run(capsys, "calibrate", "--scores", tmp_path / "run", "--method", "nli-sent", "--output",
                       tmp_path / "cal.json", "--claims-scores", tmp_path / "run", "--quiet")
    claims = Calibration.load(tmp_path / "cal.json").claims
    assert code == 0 and claims is not None and (claims.data["rows"], claims.data["supported"]) == (8, 4)
    assert claims.data["unit"] == "the weakest claim of each row"
    code, _, err = run(capsys, "calibrate", "--scores", tmp_path / "run", "--method", "nli-sent", "--output",
                       tmp_path / "cal.json", "--claims-scores", tmp_path / "run", "--claims-data", f"jsonl:{rows}")
    assert_one_line_error(code, err, "not both")


def test_a_one_sentence_answer_is_a_claim_and_a_one_sentence_summary_is_a_summary(defaults):
    """Each default gets a claim part at 0.45 (SUMMARY's one claim scores 0.5: supported): the answer task judges the
    one-sentence text by it, the summary task by its summary rule (0.6: inconsistent), as FRANK's were fitted."""
    nli, tmp_path = defaults
    for task in THRESHOLDS:
        path = tmp_path / "defaults" / task / "nli-sent.json"
        cal = Calibration.load(path)
        cal.claims = ClaimCalibration(0.45, {"kind": "platt", "a": 4.0, "b": -1.8})
        cal.save(path)
    scorer = Scorer("nli-sent", nli=nli)
    summary, answer = scorer.score(DOC, SUMMARY), scorer.score([DOC, OTHER], SUMMARY)
    assert summary.claims[0].label == answer.claims[0].label == "supported"
    assert (summary.label, summary.threshold) == ("inconsistent", 0.6)
    assert (answer.label, answer.threshold) == ("consistent", 0.45)

"""Calibrated labels on hand-computable cases: threshold, probability maps, files, CLI and Scorer."""

import json
import math
import warnings

import numpy as np
import pytest

from factalign import Scorer
from factalign.bench.data import Example
from factalign.calibration import Calibration
from factalign.bench.fit import fit_calibration, fit_probability
from factalign.errors import FactalignError, FactalignWarning
from tests.test_cli import assert_one_line_error, run

# nli-sent on one-sentence documents and summaries scores p_ent - p_con of the single pair
SCORES = [-0.8, -0.4, -0.2, 0.1, 0.3, 0.5, 0.7, 0.9]
LABELS = [0, 0, 0, 1, 1, 0, 1, 1]
# balanced accuracy: 0.875 at -0.05 (only 0.5 is wrong), 0.75 at -0.3 and 0.2, 0.625 at 0.4, 0.75 at 0.6


def examples(labels):
    return [Example(f"ex{i}", "", "", label) for i, label in enumerate(labels)]


def write_rows(tmp_path, scores=SCORES, labels=LABELS, name="t.json"):
    """Labelled rows {id, document, summary, label} and a table whose nli-sent score for row i is scores[i]."""
    rows, table = [], []
    for i, (s, label) in enumerate(zip(scores, labels)):
        doc, summary = f"Source {i} reports an event.", f"Claim {i} holds."
        rows.append({"id": f"r{i}", "document": doc, "summary": summary, "label": label})
        table.append({"premise": doc, "hypothesis": summary, "probs": [(0.9 + s) / 2, 0.1, (0.9 - s) / 2]})
    (tmp_path / "rows.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (tmp_path / name).write_text(json.dumps(table))
    return tmp_path / "rows.jsonl", f"table:{tmp_path / name}"


def calibrate(capsys, rows, nli, output, *extra):
    return run(capsys, "calibrate", "--data", rows, "--method", "nli-sent", "--nli", nli, "--coref", "none",
               "--no-cache", "--quiet", "--output", output, *extra)


def test_threshold_maximises_balanced_accuracy():
    cal = fit_calibration(np.array(LABELS), np.array(SCORES), examples(LABELS), "nli-sent", "sig")
    assert cal.threshold == pytest.approx(-0.05)
    assert cal.figures["balanced_accuracy"] == pytest.approx(0.875)
    assert cal.figures["roc_auc"] == pytest.approx(14 / 16)  # 14 of the 16 positive-negative pairs are ordered
    f = cal.figures
    assert f["balanced_accuracy_cv"] == pytest.approx(1 - (f["inconsistent_labelled_consistent_cv"]
                                                           + f["consistent_labelled_inconsistent_cv"]) / 2)


def test_threshold_ties_go_to_the_lowest():
    labels, scores = [0, 0, 1, 0, 1, 1], [-0.8, -0.2, 0.1, 0.3, 0.5, 0.9]  # 5/6 at -0.05 and at 0.4
    cal = fit_calibration(np.array(labels), np.array(scores), examples(labels), "m", "sig")
    assert cal.threshold == pytest.approx(-0.05)


def test_one_class_is_refused():
    with pytest.raises(FactalignError, match="both labels"):
        fit_calibration(np.array([1, 1]), np.array([0.1, 0.2]), examples([1, 1]), "m", "sig")


def test_platt_on_two_symmetric_groups():
    # smoothed targets (2+1)/(2+2) = 3/4 and 1/(2+2) = 1/4 are fitted exactly: a * 0.5 = ln 3, b = 0
    p = fit_probability(np.array([0, 0, 1, 1]), np.array([-0.5, -0.5, 0.5, 0.5]), "platt", 0.0)
    assert p["a"] == pytest.approx(2 * math.log(3), abs=1e-3) and p["b"] == pytest.approx(0, abs=1e-3)
    cal = Calibration("m", "sig", 0.0, p)
    assert cal.probability_of(0.5) == pytest.approx(0.75, abs=1e-3) and cal.probability_of(0.0) == pytest.approx(0.5, abs=1e-3)


def test_isotonic_pools_adjacent_violators():
    cal = Calibration("m", "sig", 0.0, fit_probability(np.array([0, 1, 0, 1]), np.array([0.1, 0.2, 0.3, 0.4]), "isotonic", 0.0))
    assert [cal.probability_of(s) for s in (-1, 0.15, 0.25, 0.35, 2)] == pytest.approx([0, 0.25, 0.5, 0.75, 1])


@pytest.mark.parametrize("kind", ["platt", "isotonic"])
def test_probability_is_monotone(kind):
    rng = np.random.default_rng(0)
    scores = rng.uniform(-1, 1, 200)
    labels = (rng.uniform(size=200) < 1 / (1 + np.exp(-3 * scores))).astype(int)
    cal = Calibration("m", "sig", 0.0, fit_probability(labels, scores, kind, 0.0))
    p = np.array([cal.probability_of(s) for s in np.linspace(-1.5, 1.5, 301)])
    assert np.all(np.diff(p) >= 0) and p.min() >= 0 and p.max() <= 1 and p[-1] > p[0]
    if kind == "platt":
        assert np.all(np.diff(p) > 0)


def test_json_round_trip(tmp_path):
    cal = fit_calibration(np.array(LABELS), np.array(SCORES), examples(LABELS), "nli-sent", "method:nli-sent|x:1",
                          "isotonic", {"file": "rows.jsonl", "rows": 8})
    cal.save(tmp_path / "c.json")
    again = Calibration.load(tmp_path / "c.json")
    assert again.to_dict() == cal.to_dict() and again.source == str(tmp_path / "c.json")
    assert [again.probability_of(s) for s in SCORES] == [cal.probability_of(s) for s in SCORES]


def test_calibrate_then_score_and_batch(tmp_path, capsys):
    rows, nli = write_rows(tmp_path)
    code, out, _ = calibrate(capsys, rows, nli, tmp_path / "cal.json")
    assert code == 0 and "consistent when score >= -0.0500" in out
    saved = json.loads((tmp_path / "cal.json").read_text())
    assert saved["signature"].startswith("method:nli-sent|nli:table:t.json#sha256=")
    assert saved["data"] == {"file": "rows.jsonl", "sha256": saved["data"]["sha256"], "rows": 8, "consistent": 4}

    (tmp_path / "doc.txt").write_text("Source 3 reports an event.")
    (tmp_path / "sum.txt").write_text("Claim 3 holds.")
    code, out, _ = run(capsys, "score", "--document", tmp_path / "doc.txt", "--summary", tmp_path / "sum.txt", "--method",
                       "nli-sent", "--nli", nli, "--coref", "none", "--no-cache", "--calibration", tmp_path / "cal.json", "--json")
    result = json.loads(out)
    assert code == 0 and result["score"] == pytest.approx(0.1) and result["label"] == "consistent"
    assert result["threshold"] == pytest.approx(-0.05) and result["calibration"] == str(tmp_path / "cal.json")
    # a summary calibration says nothing about single claims: they get no label without a claim part
    assert [c["label"] for c in result["claims"]] == [None]
    assert result["probability"] == pytest.approx(Calibration.load(tmp_path / "cal.json").probability_of(result["score"]))

    code, _, _ = run(capsys, "batch", rows, "--output", tmp_path / "out.jsonl", "--method", "nli-sent", "--nli", nli,
                     "--coref", "none", "--no-cache", "--quiet", "--calibration", tmp_path / "cal.json")
    results = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert code == 0 and [r["label"] == "consistent" for r in results] == [s >= -0.05 for s in SCORES]
    assert all(0 < r["probability"] < 1 for r in results)


def test_calibrate_from_bench_scores_matches_scoring(tmp_path, capsys):
    rows, nli = write_rows(tmp_path)
    assert calibrate(capsys, rows, nli, tmp_path / "scored.json")[0] == 0
    code, _, _ = run(capsys, "bench", "--data", f"jsonl:{rows}", "--methods", "nli-sent,fenice[passages=false]", "--nli", nli, "--coref", "none",
                     "--no-cache", "--split", "odd-even", "--out", tmp_path / "run", "--quiet", "--no-plots")
    assert code == 0
    code, _, _ = run(capsys, "calibrate", "--scores", tmp_path / "run", "--method", "nli-sent", "--output", tmp_path / "saved.json")
    assert code == 0
    assert json.loads((tmp_path / "saved.json").read_text()) == json.loads((tmp_path / "scored.json").read_text())
    code, _, _ = run(capsys, "calibrate", "--scores", tmp_path / "run", "--method", "fenice[passages=false]", "--output", tmp_path / "v.json")
    variant = Calibration.load(tmp_path / "v.json")
    assert code == 0 and variant.method == "fenice" and "|passages:no|" in variant.signature
    code, _, err = run(capsys, "calibrate", "--scores", tmp_path / "run", "--method", "fenice", "--output", tmp_path / "x.json")
    assert_one_line_error(code, err, "no variant 'fenice'", "nli-sent")


def test_signature_mismatch_is_refused(tmp_path, capsys):
    rows, nli = write_rows(tmp_path)
    assert calibrate(capsys, rows, nli, tmp_path / "cal.json")[0] == 0
    _, other = write_rows(tmp_path, scores=[s / 2 for s in SCORES], name="other.json")
    code, out, err = run(capsys, "batch", rows, "--output", tmp_path / "out.jsonl", "--method", "nli-sent", "--nli", other,
                         "--coref", "none", "--calibration", tmp_path / "cal.json")
    assert code == 2 and out == ""
    assert not (tmp_path / "out.jsonl").is_file() or (tmp_path / "out.jsonl").read_text() == ""  # no row written
    assert_one_line_error(code, err, "was made for another scorer", "nli: made for table:t.json#sha256=", "this is table:other.json")
    code, _, err = run(capsys, "score", "--document", rows, "--summary", rows, "--method", "nli-claim", "--nli", nli,
                       "--calibration", tmp_path / "cal.json")
    assert_one_line_error(code, err, "method: made for nli-sent, this is nli-claim")


@pytest.mark.parametrize("content, message", [(None, "calibration file not found"), ("{}", "is not a factalign calibration"),
                                              ('{"format": "factalign-calibration/1"}', "is damaged")])
def test_bad_calibration_files(tmp_path, capsys, content, message):
    rows, nli = write_rows(tmp_path)
    if content is not None:
        (tmp_path / "cal.json").write_text(content)
    code, _, err = run(capsys, "score", "--document", rows, "--summary", rows, "--method", "nli-sent", "--nli", nli,
                       "--calibration", tmp_path / "cal.json")
    assert_one_line_error(code, err, message)


def test_scorer_with_calibration_object_file_or_threshold(tmp_path, capsys):
    rows, nli = write_rows(tmp_path)
    assert calibrate(capsys, rows, nli, tmp_path / "cal.json")[0] == 0
    cal = Calibration.load(tmp_path / "cal.json")
    for given in (cal, tmp_path / "cal.json"):
        result = Scorer("nli-sent", nli=nli, calibration=given).score("Source 2 reports an event.", "Claim 2 holds.")
        assert result.label == "inconsistent" and result.threshold == pytest.approx(-0.05)
        assert result.probability == pytest.approx(cal.probability_of(-0.2))
    result = Scorer("nli-sent", nli=nli, threshold=-0.3).score("Source 2 reports an event.", "Claim 2 holds.")
    assert (result.label, result.threshold, result.probability, result.calibration) == ("consistent", -0.3, None, None)
    with pytest.raises(FactalignError, match="not both"):
        Scorer("nli-sent", nli=nli, threshold=0.1, calibration=cal)


@pytest.fixture
def house_is_table(tmp_path, monkeypatch):
    """Treat a table as the house model and an empty folder as the shipped defaults."""
    rows, nli = write_rows(tmp_path)
    monkeypatch.setattr("factalign.scorer.DEFAULT_NLI", nli)
    monkeypatch.setattr("factalign.calibration.defaults.DEFAULTS_DIR", tmp_path / "defaults")
    return rows, nli


def test_default_calibration_is_used_for_its_signature_only(tmp_path, capsys, house_is_table):
    rows, nli = house_is_table
    assert calibrate(capsys, rows, nli, tmp_path / "defaults" / "summary" / "nli-sent.json")[0] == 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = Scorer("nli-sent", nli=nli).score("Source 6 reports an event.", "Claim 6 holds.")
    assert (result.label, result.calibration) == ("consistent", "default:nli-sent/summary")

    stale = json.loads((tmp_path / "defaults" / "summary" / "nli-sent.json").read_text())
    stale["signature"] = stale["signature"].replace("#sha256=", "#sha256=0")
    (tmp_path / "defaults" / "summary" / "nli-sent.json").write_text(json.dumps(stale))
    (tmp_path / "doc.txt").write_text("Source 6 reports an event.")
    (tmp_path / "sum.txt").write_text("Claim 6 holds.")
    pair = ("--document", tmp_path / "doc.txt", "--summary", tmp_path / "sum.txt")
    code, out, err = run(capsys, "score", *pair, "--method", "nli-sent", "--nli", nli, "--json")
    lines = err.strip().splitlines()
    assert code == 0 and json.loads(out)["label"] is None and len(lines) == 1
    assert lines[0].startswith("factalign: warning: the default calibration for nli-sent/summary was made for another scorer (nli: ")
    code, out, err = run(capsys, "score", *pair, "--method", "nli-sent", "--nli", nli, "--threshold", "0.8", "--json")
    assert code == 0 and err == "" and json.loads(out)["label"] == "inconsistent"


def test_a_default_is_carried_to_another_check_mode_with_a_note(tmp_path, capsys, house_is_table):
    rows, nli = house_is_table
    assert calibrate(capsys, rows, nli, tmp_path / "defaults" / "summary" / "nli-sent.json")[0] == 0
    with pytest.warns(FactalignWarning, match=r"fitted with details:counts/cap0; its thresholds are carried to details:exact/cap0"):
        result = Scorer("nli-sent", nli=nli, detail_check="on").score("Source 6 reports an event.", "Claim 6 holds.")
    assert result.label == "consistent"
    assert result.calibration == "default:nli-sent/summary, fitted with details:counts/cap0, carried to details:exact/cap0"
    # another model is not a check: no label, as before
    stale = json.loads((tmp_path / "defaults" / "summary" / "nli-sent.json").read_text())
    stale["signature"] = stale["signature"].replace("#sha256=", "#sha256=0")
    (tmp_path / "defaults" / "summary" / "nli-sent.json").write_text(json.dumps(stale))
    with pytest.warns(FactalignWarning, match="made for another scorer"):
        assert Scorer("nli-sent", nli=nli, detail_check="on").score("Source 6 reports an event.", "Claim 6 holds.").label is None


def test_missing_default_warns_for_the_house_model_only(tmp_path, house_is_table):
    _, nli = house_is_table
    with pytest.warns(FactalignWarning, match="no default calibration for method nli-sent"):
        assert Scorer("nli-sent", nli=nli).calibrations["summary"] is None
    _, other = write_rows(tmp_path, name="other.json")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Scorer("nli-sent", nli=other).calibrations["summary"] is None


def test_log_loss_by_hand():
    from factalign.bench.fit import log_loss

    assert log_loss(np.array([1, 0]), np.array([0.8, 0.4])) == pytest.approx(-(math.log(0.8) + math.log(0.6)) / 2)
    assert log_loss(np.array([1]), np.array([0.0])) == pytest.approx(-math.log(1e-15))


def test_shipped_defaults_are_made_for_the_shipped_house_model():
    from factalign.calibration import DEFAULTS_DIR
    from factalign.nli import HOUSE_MODEL_DIR

    files = sorted(DEFAULTS_DIR.glob("*/*.json"))
    if not files or not (HOUSE_MODEL_DIR / "model.onnx").is_file():
        pytest.skip("no shipped default calibration or no house model")
    for path in files:
        cal = Calibration.load(path)
        current = Scorer(path.stem, calibration=None).signature
        assert cal.method == path.stem and cal.signature == current, (
            f"{path.name} is stale ({cal.signature} vs {current}): rerun benchmarks/make_default_calibration.sh")


def test_platt_is_anchored_at_the_threshold_with_classes_weighted_equally():
    # 6 inconsistent rows at -0.5 and 2 consistent at 0.5, threshold 0: equal class weights make the fit
    # the symmetric one above (a = 2 ln 3), and P(threshold) = 0.5 exactly whatever the class mix
    labels, scores = np.array([0] * 6 + [1] * 2), np.array([-0.5] * 6 + [0.5] * 2)
    p = fit_probability(labels, scores, "platt", 0.0)
    assert p["b"] == pytest.approx(0.0, abs=1e-9) and p["a"] > 0
    cal = fit_calibration(np.array(LABELS), np.array(SCORES), examples(LABELS), "nli-sent", "sig")
    assert cal.probability_of(cal.threshold) == pytest.approx(0.5)


@pytest.mark.parametrize("kind", ["platt", "isotonic"])
def test_label_and_probability_never_disagree(kind):
    rng = np.random.default_rng(1)
    scores = rng.uniform(-1, 1, 300)
    labels = (rng.uniform(size=300) < 1 / (1 + np.exp(-4 * scores))).astype(int)
    rule = fit_calibration(labels, scores, examples(labels.tolist()), "m", "sig", kind).summary_rule()
    for s in np.linspace(-1, 1, 401):
        d = rule.decide(s)
        assert (d.label == "consistent") == (d.probability >= 0.5), (s, d)


def test_conformal_thresholds_by_hand():
    from factalign.calibration.conformal import allowed_losses, block_threshold, pass_threshold

    bad = np.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])  # n = 9 inconsistent scores
    # (k + 1) / 10 <= 0.2 -> k = 1 may pass: just above the second highest, 0.8, so only 0.9 passes
    assert allowed_losses(9, 0.2) == 1 and pass_threshold(bad, 0.2) == pytest.approx(0.8) and pass_threshold(bad, 0.2) > 0.8
    assert allowed_losses(9, 0.05) == -1 and pass_threshold(bad, 0.05) == math.inf  # below 1/(n+1): nothing passes
    good = np.array([0.15, 0.35, 0.55, 0.75])  # n = 4 consistent scores
    # (k + 1) / 5 <= 0.4 -> k = 1 may be blocked: block below the second lowest, 0.35
    assert block_threshold(good, 0.4) == pytest.approx(0.35)
    assert block_threshold(good, 0.1) == -math.inf  # below 1/(n+1): nothing is blocked


def test_bands_decide_pass_review_block_and_cross_safely():
    from factalign.calibration.conformal import fit_bands

    labels = np.array([0] * 9 + [1] * 4)
    scores = np.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.15, 0.35, 0.55, 0.75])
    bands = fit_bands(labels, scores, 0.2, 0.4)
    assert [bands.outcome(s) for s in (0.95, 0.5, 0.3)] == ["pass", "review", "block"]
    crossed = fit_bands(np.array([0, 0, 0, 1, 1, 1]), np.array([0.1, 0.2, 0.3, 0.7, 0.8, 0.9]), 0.5, 0.5)
    assert crossed.block_at <= crossed.pass_at  # where the thresholds would cross, passing wins
    with pytest.raises(FactalignError, match="strictly between 0 and 1"):
        fit_bands(labels, scores, 0.0, 0.1)


def test_cross_validated_pass_risk_and_claim_part_round_trip(tmp_path):
    from factalign.bench.fit import fit_claim_calibration
    from factalign.calibration import ClaimCalibration

    rng = np.random.default_rng(2)
    labels = np.array([0, 1] * 100)
    scores = np.where(labels == 1, rng.normal(0.5, 0.3, 200), rng.normal(-0.2, 0.3, 200))
    cal = fit_calibration(labels, scores, examples(labels.tolist()), "m", "sig", max_passed=0.1, max_blocked=0.1)
    passed = cal.figures["inconsistent_passed_cv"]
    assert passed["n"] == 100 and passed["ci95"][0] <= 0.1 + 0.05 and cal.figures["consistent_passed_cv"]["share"] > 0.4
    cal.claims = fit_claim_calibration(labels, scores, examples(labels.tolist()))
    cal.save(tmp_path / "c.json")
    again = Calibration.load(tmp_path / "c.json")
    assert isinstance(again.claims, ClaimCalibration) and again.to_dict() == cal.to_dict()
    rule = again.claim_rule()
    assert rule.decide(0.9).label == "supported" and rule.decide(-0.9).outcome == "block"


def test_fail_on_gates_on_the_decision(tmp_path, capsys):
    rows, nli = write_rows(tmp_path)
    assert calibrate(capsys, rows, nli, tmp_path / "cal.json", "--max-passed-inconsistent", "0.3",
                     "--max-blocked-consistent", "0.3")[0] == 0
    cal = Calibration.load(tmp_path / "cal.json")
    (tmp_path / "doc.txt").write_text("Source 0 reports an event.")
    (tmp_path / "sum.txt").write_text("Claim 0 holds.")  # score -0.8: below every band
    args = ("score", "--document", tmp_path / "doc.txt", "--summary", tmp_path / "sum.txt", "--method", "nli-sent",
            "--nli", nli, "--coref", "none", "--no-cache", "--calibration", tmp_path / "cal.json")
    assert cal.bands.outcome(-0.8) == "block"
    code, out, err = run(capsys, *args, "--fail-on", "block")
    assert code == 1 and "decision: BLOCK" in out and "decided block or worse" in err
    code, _, err = run(capsys, *args, "--threshold", "0.0", "--fail-on", "review")
    assert code == 2 and "not both" in err


@pytest.mark.parametrize("bad", ['"NaN"', '1e999', '"inf"'])
def test_a_calibration_with_a_non_finite_threshold_is_refused(tmp_path, capsys, bad):
    rows, nli = write_rows(tmp_path)
    assert calibrate(capsys, rows, nli, tmp_path / "cal.json")[0] == 0
    text = (tmp_path / "cal.json").read_text()
    saved = json.loads(text)
    (tmp_path / "cal.json").write_text(text.replace(f'"threshold": {json.dumps(saved["threshold"])}', f'"threshold": {bad}'))
    code, _, err = run(capsys, "score", "--document", rows, "--summary", rows, "--method", "nli-sent", "--nli", nli,
                       "--calibration", tmp_path / "cal.json")
    assert_one_line_error(code, err, "is damaged", "finite")


def test_the_shipped_model_named_by_its_directory_gets_the_default_label():
    from factalign.nli import HOUSE_MODEL_DIR

    if not (HOUSE_MODEL_DIR / "model.onnx").is_file():
        pytest.skip("no house model installed")
    doc, summary = "Natalia Moon moved to Manila in 2012.", "Natalia Moon moved to Manila."
    by_name = Scorer("nli-sent", nli="house").score(doc, summary)
    by_dir = Scorer("nli-sent", nli=f"onnx:{HOUSE_MODEL_DIR},threads=1").score(doc, summary)
    assert by_name.label is not None and by_name.calibration == "default:nli-sent/summary"
    assert (by_dir.label, by_dir.threshold, by_dir.calibration, by_dir.signature) == (
        by_name.label, by_name.threshold, by_name.calibration, by_name.signature)


def test_calibrate_refuses_scores_that_rank_consistent_rows_below_inconsistent_ones(tmp_path, capsys):
    """Issue 60: a fit on scores with ROC-AUC under 50 would slope backwards and print "consistent" at P 0.09."""
    rows, nli = write_rows(tmp_path, labels=[1 - y for y in LABELS])  # the labels flipped: ROC-AUC 12.5
    (tmp_path / "cal.json").write_text("kept")
    code, _, err = calibrate(capsys, rows, nli, tmp_path / "cal.json")
    assert_one_line_error(code, err, "ROC-AUC 12.5, under 50", "label 1 means consistent")
    assert (tmp_path / "cal.json").read_text() == "kept"


@pytest.mark.parametrize("probability", [{"kind": "platt", "a": -2.0, "b": 1.0},
                                         {"kind": "isotonic", "x": [0.1, 0.5, 0.9], "y": [0.8, 0.5, 0.2]}])
def test_a_calibration_whose_probability_falls_with_the_score_is_refused(tmp_path, probability):
    cal = fit_calibration(np.array(LABELS), np.array(SCORES), examples(LABELS), "nli-sent", "sig").to_dict()
    (tmp_path / "cal.json").write_text(json.dumps({**cal, "probability": probability}))
    with pytest.raises(FactalignError, match="damaged"):
        Calibration.load(tmp_path / "cal.json")

"""Claim-extraction metrics on hand-computed cases (table NLI), the heuristic scorers, and the CLI."""

import json

import pytest

from factalign.claimeval import easiness, evaluate, f_fact, nli_faith, redundancy, rouge1
from factalign.claimeval.scorers import HeuristicAtomicity, HeuristicDecontext, load_scorer
from factalign.cli import main
from factalign.errors import FactalignError
from factalign.nli import TableNLI

EXACT = lambda a, b: 1.0 if a == b else 0.0  # noqa: E731


def test_easiness_precision_recall_f1_by_hand():
    p, r, f1 = easiness(["a", "b", "c"], ["a", "d"], EXACT)
    assert (p, r) == pytest.approx((1 / 3, 1 / 2))
    assert f1 == pytest.approx(0.4)


def test_easiness_rouge1():
    # overlap {paris, is}: P = 2/3, R = 2/4, F = 4/7
    assert easiness(["Paris is big."], ["Paris is the capital."], rouge1())[2] == pytest.approx(4 / 7)
    assert rouge1(stem=True)("He married.", "He marries.") > rouge1(stem=False)("He married.", "He marries.")


def test_easiness_empty_side_scores_zero():
    assert easiness([], ["a"], EXACT) == (0.0, 0.0, 0.0)


TABLE = {("G1. G2.", "C1."): (0.9, 0.1, 0.0), ("G1. G2.", "C2."): (0.5, 0.3, 0.2),
         ("C1. C2.", "G1."): (0.8, 0.2, 0.0), ("C1. C2.", "G2."): (0.2, 0.2, 0.6),
         ("C2.", "C1."): (0.4, 0.6, 0.0), ("C1.", "C2."): (0.1, 0.1, 0.8)}


def test_focus_coverage_f_fact_redundancy_by_hand():
    faith = nli_faith(TableNLI(TABLE))
    focus, cov, ff = f_fact(["G1.", "G2."], ["C1.", "C2."], faith)
    assert (focus, cov) == pytest.approx((0.7, 0.5))
    assert ff == pytest.approx(2 * 0.7 * 0.5 / 1.2)
    assert redundancy(["C1.", "C2."], faith) == pytest.approx(0.25)
    assert redundancy(["C1."], faith) == 0.0


def test_evaluate_aggregates_and_counts():
    report = evaluate([["a", "b"], ["x"]], [["a"], ["y", "z"]], EXACT)
    assert report["summary"]["easiness_p"] == pytest.approx((0.5 + 0.0) / 2)
    assert report["summary"]["pred"]["claims_mean"] == 1.5
    assert report["summary"]["gold"]["claims_max"] == 2
    assert report["rows"][0]["easiness_f1"] == pytest.approx(2 / 3)


@pytest.mark.parametrize("claim, relations", [
    ("Tom Hanks is an actor.", 1),
    ("Tom Hanks joined the club in 2011.", 1),
    ("Tom Hanks is an actor and a filmmaker.", 2),
    ("The museum, which opened in 1990, houses paintings.", 2),
    ("Maria founded the company and led it.", 2),
])
def test_atomicity_counts_relations(claim, relations):
    assert HeuristicAtomicity().counts([claim]) == [relations]
    assert HeuristicAtomicity().score([claim]) == [1.0 if relations <= 1 else 0.0]


def test_decontext_heuristic_and_unknown_scorer():
    assert HeuristicDecontext().score(["He won.", "Ann won."]) == [0.0, 1.0]
    with pytest.raises(FactalignError, match="unknown claim scorer"):
        load_scorer("nope")


def write_jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def test_cli_extract_focus_then_eval(tmp_path, capsys):
    inp = write_jsonl(tmp_path / "in.jsonl", [
        {"sid": 7, "ctx": ["Lyon", "It is a city.", "It hosts a festival in December."], "s": "It hosts a festival in December."},
        {"sid": 8, "ctx": ["Lyon"], "s": "Paris"},
        {"sid": 9, "ctx": ["Rome", "It is old."], "s": 1},
    ])
    pred = str(tmp_path / "pred.jsonl")
    code = main(["claims", "extract", "--input", inp, "--extractor", "rules:none", "--focus-sentence",
                 "--context-field", "ctx", "--focus-field", "s", "--id-field", "sid", "--output", pred])
    assert code == 1
    assert "in.jsonl:2: the focus sentence is not one of the context sentences" in capsys.readouterr().err
    rows = [json.loads(line) for line in open(pred)]
    assert [r["id"] for r in rows] == [7, 9]
    assert [c["text"] for c in rows[0]["claims"]] == ["Lyon hosts a festival.", "Lyon hosts a festival in December."]
    assert {c["sentence_index"] for c in rows[0]["claims"]} == {2}

    gold = write_jsonl(tmp_path / "gold.jsonl", [{"sentence_id": 7, "claims": ["Lyon hosts a festival."]},
                                                 {"sentence_id": 9, "claims": ["Rome is old."]}])
    table = tmp_path / "table.json"
    table.write_text(json.dumps([
        {"premise": "Lyon hosts a festival.", "hypothesis": "Lyon hosts a festival.", "probs": [1, 0, 0]},
        {"premise": "Lyon hosts a festival.", "hypothesis": "Lyon hosts a festival in December.", "probs": [0.2, 0.8, 0]},
        {"premise": "Lyon hosts a festival. Lyon hosts a festival in December.", "hypothesis": "Lyon hosts a festival.", "probs": [1, 0, 0]},
        {"premise": "Lyon hosts a festival in December.", "hypothesis": "Lyon hosts a festival.", "probs": [0.9, 0.1, 0]},
        {"premise": "Rome is old.", "hypothesis": "Rome is old.", "probs": [1, 0, 0]},
    ]))
    code = main(["claims", "eval", "--pred", pred, "--gold", gold, "--gold-id-field", "sentence_id",
                 "--nli", f"table:{table}", "--scorer", "atomicity", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    summary = report["summary"]
    assert summary["inputs"] == 2
    assert summary["focus"] == pytest.approx(((1 + 0.2) / 2 + 1) / 2)
    assert summary["coverage"] == pytest.approx(1.0)
    assert summary["redundancy"] == pytest.approx(((0.9 + 0.2) / 2 + 0) / 2)
    assert summary["easiness_r"] == pytest.approx(1.0)
    assert summary["atomicity"] == pytest.approx(1.0)


def test_cli_eval_missing_prediction_is_one_line_error(tmp_path, capsys):
    pred = write_jsonl(tmp_path / "p.jsonl", [{"id": 1, "claims": ["a"]}])
    gold = write_jsonl(tmp_path / "g.jsonl", [{"id": 1, "claims": ["a"]}, {"id": 2, "claims": ["b"]}])
    assert main(["claims", "eval", "--pred", pred, "--gold", gold, "--faith", "none"]) == 2
    assert "1 gold inputs have no predicted row (first: id '2')" in capsys.readouterr().err
    bad = write_jsonl(tmp_path / "b.jsonl", [{"id": 1, "claims": "a"}])
    assert main(["claims", "eval", "--pred", bad, "--gold", pred, "--faith", "none"]) == 2
    assert "b.jsonl:1: claims must be a list" in capsys.readouterr().err


def test_cli_eval_names_the_option_for_a_gold_file_without_id(tmp_path, capsys):
    pred = write_jsonl(tmp_path / "p.jsonl", [{"id": 7, "claims": ["a"]}])
    gold = write_jsonl(tmp_path / "g.jsonl", [{"sentence_id": 7, "claims": ["a"]}])
    assert main(["claims", "eval", "--pred", pred, "--gold", gold, "--faith", "none"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "g.jsonl:1: missing field 'id' (its fields: sentence_id, claims)" in err
    assert "--gold-id-field" in err and "--by-order" in err


def test_cli_eval_shows_progress_unless_quiet(tmp_path, capsys):
    rows = [{"id": i, "claims": ["a b"]} for i in range(3)]
    pred, gold = write_jsonl(tmp_path / "p.jsonl", rows), write_jsonl(tmp_path / "g.jsonl", rows)
    assert main(["claims", "eval", "--pred", pred, "--gold", gold, "--faith", "none"]) == 0
    assert "evaluating claims: 100%" in capsys.readouterr().err
    assert main(["claims", "eval", "--pred", pred, "--gold", gold, "--faith", "none", "--quiet"]) == 0
    assert "evaluating claims" not in capsys.readouterr().err


def test_cli_eval_says_what_each_figure_means_and_which_way_is_better(tmp_path, capsys):
    pred = write_jsonl(tmp_path / "p.jsonl", [{"id": 1, "claims": ["Rome is old.", "It is big."]}])
    gold = write_jsonl(tmp_path / "g.jsonl", [{"id": 1, "claims": ["Rome is old."]}])
    table = tmp_path / "table.json"
    table.write_text(json.dumps([{"premise": p, "hypothesis": h, "probs": [0.5, 0.5, 0]}
                                 for p in ("Rome is old.", "It is big.", "Rome is old. It is big.")
                                 for h in ("Rome is old.", "It is big.")]))
    assert main(["claims", "eval", "--pred", pred, "--gold", gold, "--nli", f"table:{table}", "--scorer", "decontext",
                 "--quiet"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines() if line[:1].islower()}
    for key in ("easiness_p", "easiness_r", "easiness_f1", "focus", "coverage", "f_fact", "decontext"):
        assert lines[key].endswith("higher is better"), lines[key]
    assert lines["redundancy"].endswith("lower is better")
    assert "nothing made up" in lines["focus"] and "nothing missed" in lines["coverage"]
    assert lines["decontext"].split()[1] == "0.5000"  # "It is big." has a pronoun left

"""`--param` read once for score, batch, calibrate and bench, and one constructor for their Scorers."""

import json
from pathlib import Path

import pytest

from factalign.cli import build_parser, main
from factalign.errors import FactalignError
from factalign.options import MethodParams, scorer_for, scorer_from_args

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_common_params_go_to_the_methods_that_take_them_and_method_params_to_their_method():
    params = MethodParams.parse(["T=0.7", "k=2", "fenice.j=3", "fenice.T=0.9"])
    assert params.for_methods(["fenice", "sentli", "nli-sent"]) == [{"T": "0.9", "j": "3"}, {"k": "2"}, {}]


@pytest.mark.parametrize("items, methods, message", [
    (["fizz.gran=2"], ["nli-sent"], r"--param fizz\.gran: method 'fizz' does not run in this command \(it runs: nli-sent\)"),
    (["fizz.nosuch=1"], ["fizz"], "--param: method 'fizz' has no parameter nosuch; it takes: gran, expand, filter"),
    (["T=0.7"], ["nli-sent", "sentli"], r"--param T: no method in this command has that parameter \(nli-sent takes: none; sentli takes: k\)"),
])
def test_params_no_running_method_takes_are_refused(items, methods, message):
    with pytest.raises(FactalignError, match=message):
        MethodParams.parse(items).for_methods(methods)


def test_an_unknown_method_is_refused_with_the_list():
    with pytest.raises(FactalignError, match=r"--param nosuch\.T=1: unknown method 'nosuch'; choose one of: fenice, nli-sent"):
        MethodParams.parse(["nosuch.T=1"])


def score(*extra):
    return main(["score", "--document", str(EXAMPLES / "document.txt"), "--summary", str(EXAMPLES / "summary.txt"),
                 "--nli", "table:/nonexistent.json", "--no-cache", *extra])


@pytest.fixture
def bench_data(tmp_path):
    rows = [{"id": f"ex{i}", "doc": "Ann sat on the mat.", "summary": "Ann sat.", "label": i // 2} for i in range(4)]
    path = tmp_path / "bench.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def bench(data, out, *extra):
    return main(["bench", "--data", f"jsonl:{data}", "--nli", "table:/nonexistent.json", "--split", "odd-even",
                 "--out", str(out), "--quiet", "--no-plots", *extra])


@pytest.mark.parametrize("methods, param, message", [
    ("nli-sent", "fizz.gran=2", "factalign: error: --param fizz.gran: method 'fizz' does not run in this command"),
    ("fizz", "fizz.nosuch=1", "factalign: error: --param: method 'fizz' has no parameter nosuch; it takes: gran, expand, filter"),
    ("fizz", "nosuch.T=1", "factalign: error: --param nosuch.T=1: unknown method 'nosuch'; choose one of: "),
])
def test_score_and_bench_refuse_the_same_params(bench_data, tmp_path, capsys, methods, param, message):
    assert score("--method", methods, "--param", param) == 2
    assert message in capsys.readouterr().err
    assert bench(bench_data, tmp_path / "run", "--methods", methods, "--param", param) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "run" / "scores").exists()


def test_bench_builds_the_scorer_score_builds(tmp_path):
    table = tmp_path / "nli.json"
    table.write_text("[]")
    common = ["--nli", f"table:{table}", "--extractor", "sentences+filter", "--prefilter", "2", "--max-chars", "900"]
    scored = build_parser().parse_args(["score", "--document", "d", "--summary", "s", "--method", "fenice", "--param", "j=2",
                                        *common])
    benched = build_parser().parse_args(["bench", "--methods", "fenice", *common])
    one, other = scorer_from_args(scored), scorer_for(benched, "fenice", {"j": "2"})
    assert one.signature == other.signature and one.params["j"] == 2
    assert (one.max_document_chars, one.prefilter_model, one.extractor_model.name) == \
           (other.max_document_chars, other.prefilter_model, other.extractor_model.name)


def _numeric_actions(parser, prog="factalign"):
    """(subcommand, option, action) of every option of every subcommand that takes a number."""
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _numeric_actions(sub, f"{prog} {name}")
        elif action.option_strings and action.type is not None and getattr(action.type, "__name__", "") in (
                "int", "float", "whole number", "number"):
            yield prog, action.option_strings[-1], action


def test_every_numeric_option_is_range_checked_where_argparse_parses_it():
    found = list(_numeric_actions(build_parser()))
    unchecked = [f"{prog} {option}" for prog, option, action in found if action.type in (int, float)
                 and prog != "factalign serve"]  # serve's are checked in run_serve, before a model loads or a port is bound
    assert len(found) > 30 and unchecked == []


@pytest.mark.parametrize("argv, says", [
    (["score", "--max-chars", "-5"], "argument --max-chars: must be a whole number of at least 1, not -5"),
    (["score", "--llm-timeout", "nan"], "argument --llm-timeout: must be a number above 0, not nan"),
    (["score", "--threshold", "inf"], "argument --threshold: must be a number from -1 to 1, not inf"),
    (["batch", "in.jsonl", "--fail-under", "nan"], "argument --fail-under: must be a finite number, not nan"),
    (["batch", "in.jsonl", "--output", "o.jsonl", "--shard-rows", "0"], "argument --shard-rows: must be a whole number"),
    (["revise", "--rounds", "x"], "argument --rounds: must be a whole number of at least 1, not 'x'"),
    (["bench", "--bootstrap", "5"], "argument --bootstrap: must be a whole number of at least 100, not 5"),
    (["calibrate", "--max-passed-inconsistent", "1.5"], "argument --max-passed-inconsistent: must be a number from 0 to 1"),
    (["train-nli", "--dev-fraction", "0"], "argument --dev-fraction: must be a number above 0"),
    (["train-nli", "--max-length", "2"], "argument --max-length: must be a whole number of at least 8, not 2"),
])
def test_a_number_out_of_range_is_one_line_naming_its_option(argv, says, capsys):
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and says in err, err


def test_a_param_of_the_wrong_type_names_the_parameter(capsys):
    assert score("--param", "T=abc") == 2
    assert "--param: method 'fenice': T='abc' is not a valid float" in capsys.readouterr().err

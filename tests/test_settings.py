"""ScorerSettings: what a Scorer is built from, decided once from the command line or from keyword arguments,
frozen and picklable; the Scorer loads the models they name and scores exactly as one built from keywords."""

from __future__ import annotations

import ast
import dataclasses
import json
import pickle
from pathlib import Path

import pytest

import factalign
from factalign import FactalignError, LLMSettings, Scorer, ScorerSettings
from factalign.cli import build_parser
from factalign.details import DetailCheck
from factalign.evidence import Prefilter
from factalign.options import scorer_from_args, settings_from_args
from factalign.version import __version__

DOCUMENT = "The cat sat on the mat. The dog slept in the sun. Rain fell all day."
SUMMARY = "The cat sat on the mat. The dog slept."


@pytest.fixture
def table(tmp_path) -> str:
    """A table NLI file (a spec, so the settings pickle) with probabilities chosen per pair."""
    premises = ["The cat sat on the mat.", "The dog slept in the sun.", "Rain fell all day.", DOCUMENT]
    hypotheses = ["The cat sat on the mat.", "The dog slept."]
    rows = []
    for i, p in enumerate(premises):
        for j, h in enumerate(hypotheses):
            ent = [[0.9, 0.1, 0.2, 0.6], [0.05, 0.7, 0.1, 0.5]][j][i]
            rows.append({"premise": p, "hypothesis": h, "probs": [ent, round(1 - ent - 0.05, 6), 0.05]})
    path = tmp_path / "nli.json"
    path.write_text(json.dumps(rows))
    return f"table:{path}"


def test_the_command_line_and_keywords_build_equal_settings(table, tmp_path):
    args = build_parser().parse_args(["score", "--document", "d", "--summary", "s", "--method", "fenice", "--nli", table,
                                      "--param", "T=0.7", "--prefilter", "2", "--detail-check", "on", "--threshold", "0.25",
                                      "--cache", str(tmp_path / "c.db"), "--max-chars", "5000"])
    from_args = settings_from_args(args)
    from_keywords = ScorerSettings("fenice", nli=table, params={"T": 0.7}, prefilter=2, detail_check="on", threshold=0.25,
                                   cache=str(tmp_path / "c.db"), max_document_chars=5000)
    assert from_args == from_keywords
    assert scorer_from_args(args).signature == Scorer("fenice", nli=table, params={"T": "0.7"}, prefilter="2",
                                                      detail_check=True, threshold=0.25, cache=str(tmp_path / "c.db"),
                                                      max_document_chars=5000).signature


def test_settings_are_decided_once(table):
    s = ScorerSettings("fenice", nli=table, params={"T": "0.7", "use_coref": "no"}, pair_budget="16")
    assert s.params == {"T": 0.7, "j": 5, "use_coref": False, "passages": True}  # every parameter, typed
    assert (s.prefilter, s.retriever, s.pair_budget, s.detail_check) == (32, "bm25", 16, DetailCheck("counts"))
    assert s.llm == LLMSettings()  # from the environment, where the client is built
    # a method that does not use the prefilter: off; one without NLI: no detail check
    assert ScorerSettings("fulldoc", prefilter=5).prefilter == 0
    assert ScorerSettings("geval", detail_check="on").detail_check == DetailCheck(False)
    # a Prefilter object gives its K, retriever and budget; replace() checks again and keeps what was decided
    given = ScorerSettings("nli-sent", prefilter=Prefilter(4, "bm25", 0))
    assert (given.prefilter, given.pair_budget) == (4, 0)
    assert dataclasses.replace(s, threshold=0.5) == ScorerSettings("fenice", nli=table, params={"T": 0.7, "use_coref": False},
                                                                    pair_budget=16, threshold=0.5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.threshold = 0.5


@pytest.mark.parametrize("options, message", [
    ({"params": {"j": "0"}}, "parameter j must be at least 1"),
    ({"params": {"k": "3"}}, "method 'fenice' has no parameter k"),
    ({"threshold": 1.5}, "the threshold must be between -1 and 1"),
    ({"prefilter": "many"}, "the prefilter K must be a whole number"),
    ({"prefilter": 0, "pair_budget": 16}, "the pair budget needs the prefilter on"),
    ({"detail_check": "sometimes"}, "the detail check is one of off, on, numbers, counts, conflict"),
])
def test_bad_settings_fail_before_any_model_loads(options, message):
    with pytest.raises(FactalignError, match=message):
        ScorerSettings("fenice", nli="table:/no/such/table.json", **options)
    assert ScorerSettings("fenice", nli="table:/no/such/table.json").nli == "table:/no/such/table.json"  # not loaded


def test_settings_pickle_and_a_scorer_from_them_scores_bit_for_bit(table):
    settings = ScorerSettings("fenice", nli=table, threshold=0.3, detail_check="on")
    again = pickle.loads(pickle.dumps(settings))
    assert again == settings
    one, other = Scorer(settings), Scorer.from_settings(again)
    built = Scorer("fenice", nli=table, threshold=0.3, detail_check="on")
    results = [s.score(DOCUMENT, SUMMARY).to_dict() for s in (one, other, built)]
    assert results[0] == results[1] == results[2]
    assert [c["score"] for c in results[0]["claims"]] == [0.9 - 0.05, 0.7 - 0.05]  # p_ent - p_con of the best premise
    assert one.settings is settings and other.signature == one.signature == built.signature


def test_the_signature_names_the_settings_then_the_models_then_the_version(table):
    scorer = Scorer("fenice", nli=table, params={"j": 3}, prefilter=4, detail_check="on", calibration=None)
    fields = [k for k, _ in scorer.settings.signature(scorer.nli_model, scorer.extractor_model, scorer.coref_model,
                                                      scorer.llm).fields]
    assert fields == ["method", "T", "j", "use_coref", "passages", "nli", "extractor", "coref", "prefilter", "details", "roles",
                      "compare", "version"]
    assert scorer.signature.endswith(f"|prefilter:bm25@4/pairs32|details:exact/cap0|roles:swap+direction"
                                     f"|compare:roles+negation+opposite+name+ordinal+quantifier+factuality@wordnet-3.0#sha256=e9d7819d3de9|version:{__version__}")
    assert factalign.__version__ == __version__


def test_a_scorer_reads_its_settings_and_takes_nothing_beside_them(table):
    scorer = Scorer("nli-sent", nli=table, threshold=0.5)
    assert (scorer.method, scorer.threshold, scorer.params, scorer.max_document_chars) == ("nli-sent", 0.5, {}, 1_000_000)
    with pytest.raises(AttributeError, match="no attribute 'thresold'"):
        scorer.thresold
    with pytest.raises(FactalignError, match=r"Scorer\(settings\) takes no other arguments"):
        Scorer(scorer.settings, threshold=0.4)
    doc = scorer.as_document([{"id": "a", "text": DOCUMENT}])
    assert doc.sources[0].id == "a" and scorer.score(doc, SUMMARY).score == Scorer(scorer.settings).score(DOCUMENT, SUMMARY).score
    with pytest.raises(FactalignError, match="the summary is empty"):
        scorer.as_document("  ", "summary")


def test_the_scorer_and_its_settings_do_not_import_the_package_root():
    for name in ("scorer.py", "settings.py"):
        tree = ast.parse((Path(factalign.__file__).parent / name).read_text(encoding="utf-8"))
        roots = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == "factalign"]
        assert not roots, f"factalign/{name} imports the package root"

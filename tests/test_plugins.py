"""Components from outside the package: a method, an NLI backend and a claim extractor, given as objects
and installed as a separate distribution whose entry points factalign finds, through Scorer and the CLI."""

import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from factalign import Scorer
from factalign.claims import EXTRACTORS
from factalign.cli import main
from factalign.methods import METHODS, Method
from factalign.nli import NLI_BACKENDS
from tests.faults.run import TREE, factalign

PLUGIN = Path(__file__).resolve().parent / "plugin_package" / "factalign_example_plugin.py"
DOCUMENT = "Anna sang in Paris. Bob danced in Rome."
HALF_WRONG = "Anna sang in Paris and Bob danced in Paris."
RIGHT = "Anna sang in Paris and Bob danced in Rome."
ENTRY_POINTS = """[factalign.nli]
overlap = factalign_example_plugin:OverlapNLI
keyword = factalign_example_plugin:KeywordNLI

[factalign.extractors]
and-split = factalign_example_plugin:AndExtractor

[factalign.methods]
weakest = factalign_example_plugin
"""


def forget_plugin():
    sys.modules.pop("factalign_example_plugin", None)
    for registry, name in ((METHODS, "weakest"), (NLI_BACKENDS, "overlap"), (NLI_BACKENDS, "keyword"),
                           (EXTRACTORS, "and-split")):
        registry.unregister(name)


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The plugin installed as a distribution (module + dist-info with entry points) on sys.path."""
    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(PLUGIN, site)
    info = site / "factalign_example_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: factalign-example-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    monkeypatch.syspath_prepend(str(site))
    forget_plugin()
    yield site
    forget_plugin()


@pytest.fixture
def plugin():
    """The plugin module imported by path, not installed: its objects are used directly."""
    forget_plugin()
    spec = importlib.util.spec_from_file_location("factalign_example_plugin", PLUGIN)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    forget_plugin()


def test_objects_from_outside_go_straight_into_a_scorer(plugin):
    method = Method.of("weakest-object", plugin.weakest, uses=("extractor",))
    scorer = Scorer(method, nli=plugin.OverlapNLI(0.8), extractor=plugin.AndExtractor(), calibration=None)
    result = scorer.score(DOCUMENT, HALF_WRONG)
    assert [c.claim.text for c in result.claims] == ["Anna sang in Paris.", "Bob danced in Paris."]
    assert result.score == 0.0 and [c.score for c in result.claims] == [0.8, 0.0]
    assert result.signature.startswith("method:weakest-object|floor:0.0|nli:overlap:0.8|extractor:and-split|")
    assert Scorer(method, nli=plugin.OverlapNLI(0.8), extractor=plugin.AndExtractor(), params={"floor": "0.25"},
                  calibration=None).score(DOCUMENT, HALF_WRONG).score == 0.25


def test_a_plain_function_is_a_method(plugin):
    def sentence_weakest(inputs, weight: float = 1.0):
        score, claims = plugin.weakest(inputs)
        return weight * score, claims

    result = Scorer(sentence_weakest, nli=plugin.OverlapNLI(), params={"weight": "0.5"},
                    calibration=None).score(DOCUMENT, "Bob danced in Rome.")
    assert result.method == "sentence-weakest" and result.signature.startswith("method:sentence-weakest|weight:0.5|")
    assert result.score == pytest.approx(0.45)  # no extractor declared: the summary sentence, entailed at 0.9, halved


def test_entry_points_are_found_by_name(installed):
    assert {"weakest"} <= set(METHODS.names()) and "overlap" in NLI_BACKENDS and "and-split" in EXTRACTORS
    scorer = Scorer("weakest", nli="overlap,entailed=0.7", extractor="and-split", calibration=None)
    assert scorer.score(DOCUMENT, RIGHT).score == pytest.approx(0.7)
    assert scorer.score(DOCUMENT, HALF_WRONG).score == 0.0
    assert "|nli:overlap:0.7|extractor:and-split|" in scorer.signature


def test_a_backend_option_it_does_not_take_is_named(installed):
    with pytest.raises(Exception, match="NLI backend 'overlap' has no parameter threads; it takes: entailed"):
        Scorer("weakest", nli="overlap,threads=2", extractor="and-split")


def test_entry_points_through_the_command_line(installed, tmp_path):
    (tmp_path / "doc.txt").write_text(DOCUMENT)
    (tmp_path / "sum.txt").write_text(HALF_WRONG)
    env = {"PYTHONPATH": os.pathsep.join([str(installed), str(TREE)])}  # in-process runs have it on sys.path already
    proc = factalign("score", "--document", tmp_path / "doc.txt", "--summary", tmp_path / "sum.txt", "--method", "weakest",
                     "--nli", "overlap", "--extractor", "and-split", "--param", "floor=0.1", "--json", "--no-cache", env=env)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["score"] == pytest.approx(0.1) and result["method"] == "weakest"
    assert [c["claim"]["text"] for c in result["claims"]] == ["Anna sang in Paris.", "Bob danced in Paris."]
    listed = factalign("models", env=env)
    assert listed.returncode == 0 and b"overlap" in listed.stdout and b"entailed=0.9" in listed.stdout


def test_registered_in_process_and_used_by_the_cli(tmp_path, capsys, plugin):
    EXTRACTORS.register("and-split-here", description="registered by a decorator in this process")(plugin.AndExtractor)
    NLI_BACKENDS.register("overlap-here")(plugin.OverlapNLI)
    try:
        (tmp_path / "doc.txt").write_text(DOCUMENT)
        (tmp_path / "sum.txt").write_text(RIGHT)
        code = main(["score", "--document", str(tmp_path / "doc.txt"), "--summary", str(tmp_path / "sum.txt"),
                     "--method", "weakest", "--nli", "overlap-here,entailed=0.6", "--extractor", "and-split-here",
                     "--json", "--no-cache"])
        out = capsys.readouterr().out
        assert code == 0 and json.loads(out)["score"] == pytest.approx(0.6)
    finally:
        EXTRACTORS.unregister("and-split-here")
        NLI_BACKENDS.unregister("overlap-here")


def test_an_unknown_plugin_name_is_a_one_line_error(capsys, tmp_path):
    (tmp_path / "doc.txt").write_text(DOCUMENT)
    code = main(["score", "--document", str(tmp_path / "doc.txt"), "--summary", str(tmp_path / "doc.txt"),
                 "--method", "weakest"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("factalign: error: unknown method 'weakest'; choose one of: fenice,")


def test_an_entry_point_backend_that_takes_an_argument(installed, capsys, tmp_path):
    scorer = Scorer("nli-sent", nli="keyword:Paris", coref="none", threshold=0.5)
    assert scorer.score(DOCUMENT, "Anna sang in Paris.").score == pytest.approx(0.9)
    (tmp_path / "d.txt").write_text(DOCUMENT)
    (tmp_path / "s.txt").write_text("Anna sang in Paris.")
    code = main(["score", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "s.txt"),
                 "--method", "nli-sent", "--nli", "keyword", "--no-cache"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "nli backend 'keyword' cannot be built from this spec" in err.lower() and "word" in err


def test_the_architecture_docs_method_example_runs_inside_the_package(tmp_path):
    """docs/architecture.md's `strictest`, saved as factalign/methods/strictest.py of a copy of the package
    and imported in methods/__init__.py as the doc says, registers and scores as written."""
    from tests.doc_examples import package_with_example, run_in

    env = package_with_example(tmp_path, "A method (`mypkg/strictest.py`", "methods", "strictest", "acueval, geval")
    table = tmp_path / "t.json"
    table.write_text(json.dumps([{"premise": "Anna sang in Paris.", "hypothesis": "Anna sang in Paris.", "probs": [0.8, 0.1, 0.1]},
                                 {"premise": "Bob danced in Rome.", "hypothesis": "Anna sang in Paris.", "probs": [0.1, 0.8, 0.1]}]))
    probe = (f"from factalign import Scorer; r = Scorer('strictest', nli='table:{table}', extractor='sentences', coref='none')"
             ".score('Anna sang in Paris. Bob danced in Rome.', 'Anna sang in Paris.'); print(r.score)")
    done = run_in(tmp_path, env, "-c", probe)
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) == pytest.approx(0.8)  # the best entailment of the one claim, floor 0

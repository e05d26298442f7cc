"""A check is one `Check` and one registration (factalign/checks): a tiny check registered here appears in the
command line's flags, ScorerSettings' keywords, the signature, the reasons, /v1/info's listing and a bench variant's
keys, with no other edit; the built-in checks keep their flags, their order and their signatures."""

from __future__ import annotations

import pickle

import pytest

from factalign import FactalignError, Scorer, ScorerSettings
from factalign.checks import CHECKS, Check, listing, register_check, registered
from factalign.cli import build_parser
from factalign.details import answered
from factalign.nli import TableNLI, Wrapper, token_budget
from factalign.nli.labels import BINARY, labels_of
from factalign.registry import switch
from factalign.text.wordnet_table import identity as wordnet_identity

DOCUMENT = "The cat sat on the mat. The dog slept in the sun."
SUMMARY = "The cat sat on the mat. The dog slept!"
PROBS = {("The cat sat on the mat.", "The cat sat on the mat."): (0.9, 0.05, 0.05),
         ("The dog slept in the sun.", "The cat sat on the mat."): (0.1, 0.8, 0.1),
         ("The cat sat on the mat.", "The dog slept!"): (0.1, 0.8, 0.1),
         ("The dog slept in the sun.", "The dog slept!"): (0.8, 0.1, 0.1)}


class Shouted(Wrapper):
    """The NLI model with every pair whose hypothesis ends in "!" contradicted."""

    def predict(self, pairs):
        return answered(self.model.predict(pairs), pairs, lambda p, h: "contradiction" if h.endswith("!") else None)


class Shout(Check):
    """A claim that shouts is not supported: the whole of a check, in one class."""

    name = "shout"
    option = "shout_check"
    default = "off"
    choices = ("on", "off")
    help = "a claim ending in ! is contradicted; named in the signature as shout:on"
    labels = ("shout",)
    finding = "shouted"

    def parse(self, value):
        on = switch(value) if isinstance(value, str) else bool(value)
        if on is None:
            raise FactalignError(f"the shout check is on or off, not {value!r}")
        return on

    def signature(self, spec):
        return "on" if spec else None

    def wrap(self, spec, text, nli):
        return Shouted(nli)

    def find(self, spec, claim, document):
        return {"kind": "shout", "claim_says": claim.claim.text} if claim.claim.text.endswith("!") else None

    def reason(self, found):
        return f"it shouts: {found['claim_says']}"


@pytest.fixture
def shout():
    register_check(Shout)
    yield CHECKS.get("shout")
    CHECKS.unregister("shout")


def scorer(**options) -> Scorer:
    return Scorer("nli-sent", nli=TableNLI(PROBS), threshold=0.5, **options)


def test_the_built_in_checks_in_signature_order_with_their_flags():
    assert [(c.name, c.option, c.flag, c.default) for c in registered()] == [
        ("details", "detail_check", "--detail-check", "counts"), ("roles", "role_check", "--role-check", "on"),
        ("compare", "compare_check", "--compare-check", "roles+negation+opposite+name+ordinal+quantifier+factuality")]
    settings = ScorerSettings("fenice", compare_check="negation")
    assert [(e["name"], e["signature"]) for e in listing(settings.checks)] == [
        ("details", "counts/cap0"), ("roles", "swap+direction"), ("compare", "negation@" + wordnet_identity())]


def test_a_registered_check_is_a_flag_a_keyword_a_signature_part_and_a_reason(shout, capsys):
    args = build_parser().parse_args(["score", "--document", "d", "--summary", "s", "--shout-check", "on"])
    assert args.shout_check == "on"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["batch", "--help"])
    assert "--shout-check {on,off}" in capsys.readouterr().out
    off, on = scorer(), scorer(shout_check="on")
    assert "shout" not in off.signature  # off: not named, so every other signature stays as it was
    assert on.signature.endswith("|compare:roles+negation+opposite+name+ordinal+quantifier+factuality@wordnet-3.0#sha256=e9d7819d3de9|shout:on|version:"
                                 + on.signature.rsplit(":", 1)[1])
    assert on.settings.shout_check is True and off.shout_check is False
    quiet, loud = off.score(DOCUMENT, SUMMARY), on.score(DOCUMENT, SUMMARY)
    assert quiet.claims[1].score == pytest.approx(0.7) and loud.claims[1].score == pytest.approx(-0.2)  # the best of (0, .8, .2) and (0, .1, .9)
    assert loud.claims[0].score == quiet.claims[0].score
    assert loud.claims[1].details["shouted"] == {"kind": "shout", "claim_says": "The dog slept!"}
    assert (loud.claims[1].label, loud.claims[1].reason) == ("unsupported", "it shouts: The dog slept!")
    assert quiet.claims[1].label == "supported" and "shouted" not in quiet.claims[1].details
    with pytest.raises(FactalignError, match="the shout check is on or off, not 'loud'"):
        ScorerSettings("nli-sent", shout_check="loud")
    settings = ScorerSettings("nli-sent", nli="table:x.json", shout_check="yes")
    assert pickle.loads(pickle.dumps(settings)) == settings and settings.checks["shout_check"] is True
    assert ScorerSettings("geval", shout_check="on").shout_check is False  # no NLI model: no check


def test_a_registered_check_is_a_bench_variant_key(shout):
    from factalign.bench.variants import parse_variants
    from factalign.options import settings_for

    variant = parse_variants("nli-sent[shout_check=on]")[0]
    assert (variant.method_params, variant.models) == ({}, {"shout_check": "on"})
    args = build_parser().parse_args(["bench", "--data", "frank:x.json", "--methods", "nli-sent"])
    assert settings_for(args, variant.method, variant.method_params, **variant.models).shout_check is True


def test_a_registered_check_is_listed_by_v1_info(shout):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from factalign.serve.app import create_app
    from factalign.serve.limits import ServeConfig
    from factalign.serve.metrics import Metrics
    from factalign.serve.worker import ScoringWorker

    settings = ScorerSettings("nli-sent", nli="table:x.json", shout_check="on")
    app = create_app(ServeConfig(settings), ScoringWorker(settings, 1, Metrics()), Metrics())
    info = TestClient(app).get("/v1/info").json()
    assert info["checks"][-1] == {"name": "shout", "option": "--shout-check", "on": True, "signature": "on",
                                  "labels": ["shout"]}
    assert [e["name"] for e in info["checks"]] == ["details", "roles", "compare", "shout"]


def test_a_wrapper_declares_its_models_labels_and_token_budget():
    class Budgeted(TableNLI):
        def count_tokens(self, texts):
            return [len(t.split()) for t in texts]

        def premise_budget(self, hypothesis):
            return 10

    model = Budgeted({}, labels="binary")
    wrapped = Shouted(Shouted(model))
    assert labels_of(wrapped) is BINARY and token_budget(wrapped) is model and wrapped.signature == model.signature
    assert token_budget(Shouted(TableNLI({}))) is None


def test_the_architecture_docs_check_example_is_one_file_and_one_registration(tmp_path):
    """docs/architecture.md's `Shout`, saved as factalign/checks/shout.py of a copy of the package and imported in
    checks/__init__.py as the doc says: a flag, a signature part after the built-in ones, and a score it caps."""
    import json

    from tests.doc_examples import package_with_example, run_in

    env = package_with_example(tmp_path, "A check (`factalign/checks/shout.py`", "checks", "shout", "role_check, compare_check")
    table = tmp_path / "t.json"
    table.write_text(json.dumps([{"premise": "Anna sang in Paris.", "hypothesis": "Anna sang!", "probs": [0.8, 0.1, 0.1]}]))
    probe = (f"from factalign import Scorer; s = Scorer('nli-sent', nli='table:{table}', shout_check='on', threshold=0.5, "
             "role_check='off', detail_check='off'); r = s.score('Anna sang in Paris.', 'Anna sang!'); "
             "print(s.signature.split('|')[-2], r.score, r.claims[0].reason)")
    done = run_in(tmp_path, env, "-c", probe)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(maxsplit=2) == ["shout:on", "-0.9", "it shouts\n"]
    helped = run_in(tmp_path, env, "-m", "factalign", "bench", "--help")
    assert "--shout-check {on,off}" in helped.stdout


def test_the_calibration_defaults_carry_over_the_built_in_checks_parts():
    """calibration/defaults.py lies below factalign.checks (data imports calibration), so it names the parts a
    default may differ in by itself: they are the built-in checks' names."""
    from factalign.calibration.defaults import CHECK_PARTS

    assert CHECK_PARTS == {check.name for check in registered()}

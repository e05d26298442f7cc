"""Label sets (factalign/nli/labels.py): each method on a 3-way and on a binary table NLI, hand-computed."""

import hashlib
import json

import pytest

from factalign import Scorer
from factalign.data import SummaryResult
from factalign.errors import FactalignError
from factalign.nli import TableNLI, load_nli
from factalign.nli.cache import KEY_VERSION, pair_key
from factalign.nli.labels import BINARY, THREE_WAY, labels_of
from tests.helpers import doc_of

D = ["S0.", "S1.", "S2."]
H1, H2 = "H one.", "H two."
WHOLE = " ".join(D)
# 3-way rows; p_ent - p_con: H1 .3 .5 -.6 (whole document .7), H2 .1 -.2 .3 (whole document -.4)
THREE = {(D[0], H1): (0.6, 0.1, 0.3), (D[1], H1): (0.5, 0.5, 0.0), (D[2], H1): (0.2, 0.0, 0.8),
         (D[0], H2): (0.1, 0.9, 0.0), (D[1], H2): (0.4, 0.0, 0.6), (D[2], H2): (0.3, 0.7, 0.0),
         (WHOLE, H1): (0.7, 0.3, 0.0), (WHOLE, H2): (0.2, 0.2, 0.6)}
# binary p_sup: the entailment column of the rows above, whole document .9 and .3
SUP = {pair: row[0] for pair, row in THREE.items()} | {(WHOLE, H1): 0.9, (WHOLE, H2): 0.3}


def score(method, table, labels="3-way", **params):
    nli = TableNLI(table, labels=labels)
    scorer = Scorer(method, nli=nli, extractor="sentences", coref="none", pair_budget=0, params=params)
    return scorer.score(doc_of(*D), doc_of(H1, H2))


@pytest.mark.parametrize("method", ["nli-sent", "nli-claim"])
def test_fenice_ablations_read_p_sup_in_place_of_ent_minus_con(method):
    three = score(method, THREE)  # H1: .5 (S1), H2: .3 (S2)
    assert three.score == pytest.approx(0.4)
    assert [c.premise.sentences for c in three.claims] == [[1], [2]]
    binary = score(method, SUP, "binary")  # H1: .6 (S0), H2: .4 (S1)
    assert binary.score == pytest.approx(0.5)
    assert [c.premise.sentences for c in binary.claims] == [[0], [1]]
    assert [c.probs for c in binary.claims] == [pytest.approx((0.6,)), pytest.approx((0.4,))]


def test_fenice_passages_below_T_both_ways():
    # no coref; 3 sentences < j: the only passage is the whole document, tried for claims below T = 0.8
    three = score("fenice", THREE, use_coref=False)  # H1 max(.5, .7) = .7, H2 max(.3, -.4) = .3
    assert three.score == pytest.approx(0.5)
    assert three.claims[0].premise.granularity == "document"
    binary = score("fenice", SUP, "binary", use_coref=False)  # H1 max(.6, .9), H2 max(.4, .3)
    assert binary.score == pytest.approx(0.65)
    assert [c.premise.granularity for c in binary.claims] == ["document", "sentence"]


@pytest.mark.parametrize("use_con, three_way", [(False, 0.5), (True, 0.4)])
def test_summac_zs_both_ways(use_con, three_way):
    assert score("summac-zs", THREE, use_con=use_con).score == pytest.approx(three_way)
    # a binary checker gives no contradiction: max p_sup either way, H1 .6, H2 .4
    assert score("summac-zs", SUP, "binary", use_con=use_con).score == pytest.approx(0.5)


@pytest.mark.parametrize("method", ["infuse", "infuse-sub"])
def test_infuse_refuses_a_binary_checker_in_one_line_before_scoring(method):
    with pytest.raises(FactalignError, match=f"method '{method}' cannot use a binary checker") as err:
        Scorer(method, nli=TableNLI(SUP, labels="binary"), extractor="sentences", coref="none")
    assert "\n" not in str(err.value) and "neutral probability" in str(err.value)
    from factalign.claims import SentenceExtractor
    from factalign.methods import get_method
    from factalign.methods.base import Inputs

    inputs = Inputs(doc_of(*D), doc_of(H1, H2), TableNLI(SUP, labels="binary"), SentenceExtractor(), None)
    with pytest.raises(FactalignError, match="infuse cannot use a binary checker"):  # a run without a Scorer
        get_method(method).run(inputs, reverse=False)


def test_infuse_k_reads_p_sup():
    # reverse=False: sentences ranked by p_sup; k=1 keeps the best one, scored again alone
    res = score("infuse-k", SUP, "binary", k=1, reverse=False)
    assert res.score == pytest.approx((0.6 + 0.4) / 2)
    assert res.claims[0].probs == pytest.approx((0.6,))


def test_binary_claim_results_show_p_sup_in_json():
    res = score("nli-sent", SUP, "binary")
    d = json.loads(json.dumps(res.to_dict()))
    assert d["claims"][0]["probs"] == {"p_sup": pytest.approx(0.6)}
    back = SummaryResult.from_dict(d)
    assert back.claims[0].probs == pytest.approx((0.6,))
    three = score("nli-sent", THREE).to_dict()["claims"][1]["probs"]
    assert three == {"p_ent": pytest.approx(0.3), "p_neu": pytest.approx(0.7), "p_con": 0.0}


def test_the_cache_key_names_a_binary_label_set_and_keeps_3_way_keys():
    old = hashlib.sha256("\x1f".join((KEY_VERSION, "m", "p", "h")).encode()).hexdigest()
    assert pair_key("m", "p", "h") == pair_key("m", "p", "h", THREE_WAY) == old
    assert pair_key("m", "p", "h", BINARY) != old


def test_wrappers_pass_the_declaration_on(tmp_path):
    table = tmp_path / "t.jsonl"
    table.write_text(json.dumps({"premise": "p", "hypothesis": "h", "probs": 0.25}) + "\n")
    cached = load_nli(f"table:{table},labels=binary")
    assert labels_of(cached) is BINARY
    assert cached.predict([("p", "h")]).tolist() == [[0.25, 0.75, 0.0]]
    assert labels_of(load_nli(TableNLI({("p", "h"): (1.0, 0.0, 0.0)}))) is THREE_WAY
    with pytest.raises(FactalignError, match="one probability"):
        TableNLI({("p", "h"): (0.5, 0.5, 0.0)}, labels="binary")
    with pytest.raises(FactalignError, match="unknown label set"):
        load_nli(f"table:{table},labels=two")


def test_sentli_with_a_binary_checker_takes_the_top_k_by_p_sup_alone():
    # k=1: H1's premise is S0 alone (a 3-way checker adds the top sentence by p_con, S2)
    res = score("sentli", SUP, "binary", k=1)
    assert [c.premise.sentences for c in res.claims] == [[0], [1]]
    assert res.score == pytest.approx(0.5)
    three = score("sentli", THREE | {("S0. S2.", H1): (0.5, 0.5, 0.0), ("S1.", H2): (0.4, 0.0, 0.6)}, k=1)
    assert [c.premise.sentences for c in three.claims] == [[0, 2], [1]]
    assert three.score == pytest.approx((0.5 + 0.4) / 2)

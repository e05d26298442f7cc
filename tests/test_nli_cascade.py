"""`--nli cascade` (factalign/nli/cascade.py): which pairs the large model reads, on table models whose
probabilities are chosen here."""

from __future__ import annotations

import json

import numpy as np
import pytest

from factalign import Scorer
from factalign.errors import FactalignError
from factalign.nli import load_nli
from factalign.nli.cascade import CascadeNLI
from factalign.nli.table import TableNLI

PAIRS = [("The bridge opened in 1990.", "The bridge opened in 1990."),   # small: sure of entailment
         ("The bridge opened in 1990.", "It has been open since 1990."),  # small: unsure, mostly neutral
         ("The bridge opened in 1990.", "Rain fell for days."),           # small: clearly neutral
         ("The bridge opened in 1990.", "The bridge opened in 1991.")]    # small: contradiction
SMALL = {PAIRS[0]: [0.90, 0.08, 0.02], PAIRS[1]: [0.20, 0.75, 0.05], PAIRS[2]: [0.01, 0.97, 0.02],
         PAIRS[3]: [0.10, 0.30, 0.60]}
LARGE = {PAIRS[0]: [0.95, 0.04, 0.01], PAIRS[1]: [0.85, 0.10, 0.05], PAIRS[2]: [0.02, 0.96, 0.02],
         PAIRS[3]: [0.02, 0.03, 0.95]}


def cascade(neutral: float = 0.9) -> CascadeNLI:
    return CascadeNLI(TableNLI(SMALL, name="small"), TableNLI(LARGE, name="large"), neutral)


def test_pairs_the_small_model_calls_clearly_neutral_keep_its_probabilities_the_others_take_the_large_ones():
    nli = cascade(0.9)
    rows = nli.predict(PAIRS)
    assert rows.tolist() == [LARGE[PAIRS[0]], LARGE[PAIRS[1]], SMALL[PAIRS[2]], LARGE[PAIRS[3]]]
    assert (nli.seen, nli.sent) == (4, 3) and nli.large.calls == 3


def test_the_cut_decides_how_many_pairs_reach_the_large_model():
    assert cascade(0.7).predict(PAIRS).tolist() == [LARGE[PAIRS[0]], SMALL[PAIRS[1]], SMALL[PAIRS[2]], LARGE[PAIRS[3]]]
    assert cascade(1.0).predict(PAIRS).tolist() == [LARGE[p] for p in PAIRS]


def test_a_pairs_result_does_not_depend_on_the_pairs_called_with_it():
    one_by_one = np.concatenate([cascade().predict([p]) for p in PAIRS])
    together = cascade().predict(list(reversed(PAIRS)))[::-1]
    assert one_by_one.tolist() == together.tolist()


def test_the_signature_names_both_models_and_the_cut():
    nli = cascade(0.9)
    assert nli.signature == f"cascade({nli.small.signature}>{nli.large.signature},neutral=0.9)"
    assert cascade(0.8).signature != nli.signature


@pytest.mark.parametrize("neutral", [0.0, -0.1, 1.5])
def test_a_cut_outside_0_1_is_refused(neutral):
    with pytest.raises(FactalignError, match=r"^cascade: neutral must be in \(0, 1\]"):
        cascade(neutral)


def test_a_binary_checker_cannot_be_a_stage():
    binary = TableNLI({p: 0.5 for p in PAIRS}, name="bin", labels="binary")
    with pytest.raises(FactalignError, match=r"^cascade: the large model bin#sha256=\w+\+binary is binary"):
        CascadeNLI(TableNLI(SMALL, name="small"), binary, 0.9)


def table_file(tmp_path, name, table):
    path = tmp_path / f"{name}.jsonl"
    path.write_text("".join(json.dumps({"premise": p, "hypothesis": h, "probs": v}) + "\n" for (p, h), v in table.items()))
    return path


def test_the_spec_builds_both_stages_and_a_scorer_reads_through_it(tmp_path):
    small, large = table_file(tmp_path, "small", SMALL), table_file(tmp_path, "large", LARGE)
    nli = load_nli(f"cascade,small=table:{small},large=table:{large},neutral=0.9")
    assert nli.predict(PAIRS).tolist() == cascade(0.9).predict(PAIRS).tolist()
    res = Scorer("nli-sent", nli=nli, coref="none", threshold=0.5).score(PAIRS[0][0], PAIRS[1][1])
    assert res.score == pytest.approx(LARGE[PAIRS[1]][0] - LARGE[PAIRS[1]][2])  # nli-sent: P(ent) - P(con), the large one's


def test_a_cascade_inside_a_cascade_is_refused():
    with pytest.raises(FactalignError, match=r"^cascade: large= names a backend, not another cascade"):
        load_nli("cascade,large=cascade")

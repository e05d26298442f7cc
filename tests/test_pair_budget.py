"""The per-claim NLI pair budget (`--pair-budget N`, `Scorer(pair_budget=N)`), on table NLI probabilities.

A TableNLI with hand-chosen rows for the supporting pairs and, for every other pair, fixed probabilities
derived from the pair's text (so rankings and INFUSE's neutral scores vary); it records every pair the
method sends, and each pair is counted for the claim it checks (as hypothesis, or as premise for INFUSE's
reverse pairs).
"""

import hashlib

import numpy as np
import pytest

from factalign import Scorer
from factalign.cli import main
from factalign.errors import FactalignError
from factalign.evidence import parse_prefilter
from factalign.nli import TableNLI
from tests.helpers import doc_of

LONG = ["Natalia Moon was born in Wellington."] + [
    f"Moon visited city{i} in spring and met the mayor of town{i % 7}." for i in range(1, 80)]
CLAIMS = ["Moon visited city3 in spring.", "Moon met the mayor of town2.", "Natalia Moon was born in Wellington.",
          "Zebras sing loudly."]  # the last shares no word: without a budget it keeps every sentence
SHORT = ["Natalia Moon was born in Wellington.", "Moon visited Lyon in spring.", "Moon met the mayor of Lyon.",
         "Markets closed early.", "Rain fell in Paris."]
SHORT_CLAIMS = ["Moon visited Lyon in spring.", "Moon was born in Paris."]
METHODS = ["fenice", "nli-claim", "nli-sent", "fizz", "infuse", "infuse-sub", "infuse-k", "summac-zs"]


class TableWithDefault(TableNLI):
    """Table rows where given; else probabilities fixed by the pair's text. Records the pairs sent."""

    def __init__(self, table):
        super().__init__(table, name="table-default")
        self.sent = []

    def predict(self, pairs):
        self.sent += list(pairs)
        rows = []
        for pair in pairs:
            if pair in self.table:
                rows.append(self.table[pair])
                continue
            h = int(hashlib.sha256("\x1f".join(pair).encode()).hexdigest()[:8], 16)
            ent, con = (h % 97) / 97 * 0.6, (h // 97 % 89) / 89 * 0.3
            rows.append((ent, 1 - ent - con, con))
        return np.array(rows, dtype=np.float64).reshape(len(rows), 3)

    def per_claim(self, claims):
        counts = dict.fromkeys(claims, 0)
        for p, h in self.sent:
            counts[h if h in counts else p] += 1
        return counts


class DocumentCoref:
    """Clusters for one text only (the document): every 'Moon' with 'Natalia Moon', so FENICE has coref variants."""

    name = "fixed-doc"

    def __init__(self, text):
        self.text = text

    def clusters(self, text):
        if text != self.text:
            return []
        spans, start = [], 0
        while (i := text.find("Moon", start)) >= 0:
            spans.append((i - 8, i + 4) if text[max(i - 8, 0):i] == "Natalia " else (i, i + 4))
            start = i + 4
        return [spans]


def run(method, sentences, claims, budget, sources=0, prefilter=None):
    nli = TableWithDefault({(sentences[0], claims[2 if len(claims) > 2 else 1]): (0.9, 0.05, 0.05)})
    document = doc_of(*sentences)
    if sources:
        bounds = np.linspace(0, len(sentences), sources + 1).round().astype(int)
        document = [{"id": f"s{i}", "text": " ".join(sentences[a:b])} for i, (a, b) in enumerate(zip(bounds, bounds[1:]))]
    text = document.text if not sources else "\n\n".join(s["text"] for s in document)
    scorer = Scorer(method, nli=nli, extractor="sentences", coref=DocumentCoref(text), prefilter=prefilter,
                    pair_budget=budget, calibration=None)
    return scorer.score(document, " ".join(claims)), nli


@pytest.mark.parametrize("sources", [0, 8])
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("budget", [8, 16, 32])
def test_every_prefiltered_method_stays_within_the_budget_for_every_claim(method, budget, sources):
    res, nli = run(method, LONG, CLAIMS, budget, sources)
    counts = nli.per_claim(CLAIMS)
    assert max(counts.values()) <= budget, counts
    assert all(counts[c] > 0 for c in CLAIMS)
    assert f"|prefilter:bm25@32/pairs{budget}|" in res.signature
    assert len(res.claims) >= len(CLAIMS) and all(np.isfinite(c.score) for c in res.claims)


@pytest.mark.parametrize("method", ["fenice", "fizz", "infuse", "summac-zs"])
def test_without_the_budget_the_long_document_costs_more(method):
    _, nli = run(method, LONG, CLAIMS, 0)
    counts = nli.per_claim(CLAIMS)
    assert counts["Zebras sing loudly."] >= len(LONG)  # no retrieval signal: every sentence
    assert method in ("fizz", "summac-zs") or max(counts[c] for c in CLAIMS[:3]) > 32  # FENICE's passages, INFUSE's 2K


@pytest.mark.parametrize("method", METHODS)
def test_a_short_document_scores_exactly_as_without_the_budget(method):
    off, _ = run(method, SHORT, SHORT_CLAIMS, 0)
    on, nli = run(method, SHORT, SHORT_CLAIMS, 32)
    assert on.to_dict()["claims"] == off.to_dict()["claims"] and on.score == off.score
    assert on.signature == off.signature.replace("|prefilter:bm25@32|", "|prefilter:bm25@32/pairs32|")
    assert max(nli.per_claim(SHORT_CLAIMS).values()) <= 32


@pytest.mark.parametrize("method", ["fenice", "fizz", "infuse"])
def test_a_claim_whose_plan_fits_the_budget_is_unchanged_even_on_a_long_document(method):
    off, _ = run(method, LONG, CLAIMS, 0, prefilter=4)  # 4 kept sentences: every plan fits in 32 pairs ...
    on, _ = run(method, LONG, CLAIMS, 32, prefilter=4)
    # ... but the claim without retrieval signal, which keeps all 80 sentences and is cut
    assert on.to_dict()["claims"][:3] == off.to_dict()["claims"][:3]
    assert on.to_dict()["claims"][3] != off.to_dict()["claims"][3]


def test_off_leaves_the_signature_alone():
    for budget in (None, 0):
        res, _ = run("fenice", LONG, CLAIMS, budget)
        assert "pairs" not in res.signature and "|prefilter:bm25@32|" in res.signature


@pytest.mark.parametrize("k, budget, message", [(32, 4, "0 \\(off\\) or a whole number >= 8"),
                                                (32, "x", "0 \\(off\\) or a whole number >= 8"),
                                                (0, 32, "needs the prefilter on")])
def test_bad_budgets_are_one_clear_error(k, budget, message):
    with pytest.raises(FactalignError, match=message):
        parse_prefilter(k, None, budget)


def test_the_cli_option_reaches_the_signature(tmp_path, capsys):
    import json

    (tmp_path / "d.txt").write_text(" ".join(SHORT))
    (tmp_path / "s.txt").write_text(SHORT_CLAIMS[0])
    rows = [{"premise": p, "hypothesis": SHORT_CLAIMS[0], "probs": [0.5, 0.3, 0.2]} for p in SHORT]
    (tmp_path / "t.json").write_text(json.dumps(rows))
    code = main(["score", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "s.txt"), "--method",
                 "nli-sent", "--nli", f"table:{tmp_path / 't.json'}", "--pair-budget", "16", "--json", "--no-cache"])
    assert code == 0
    assert "prefilter:bm25@32/pairs16" in json.loads(capsys.readouterr().out)["signature"]

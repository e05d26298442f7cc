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
from factalign.claims import SentenceExtractor
from factalign.cli import main
from factalign.data import Document
from factalign.errors import FactalignError
from factalign.evidence import parse_prefilter
from factalign.methods.base import Inputs
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
    """Every 'Moon' of a text with its 'Natalia Moon', so FENICE has coref variants; records the texts parsed."""

    name = "fixed-doc"

    def __init__(self):
        self.parsed = []

    def clusters(self, text):
        self.parsed.append(text)
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
    scorer = Scorer(method, nli=nli, extractor="sentences", coref=DocumentCoref(), prefilter=prefilter,
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


def test_off_leaves_the_signature_alone_and_the_default_is_32():
    res, _ = run("fenice", LONG, CLAIMS, 0)
    assert "pairs" not in res.signature and "|prefilter:bm25@32|" in res.signature
    res, nli = run("fenice", LONG, CLAIMS, None)
    assert "|prefilter:bm25@32/pairs32|" in res.signature and max(nli.per_claim(CLAIMS).values()) <= 32
    assert "pairs" not in Scorer("fenice", nli=nli, prefilter=0, calibration=None).signature  # no prefilter, no budget


@pytest.mark.parametrize("method", ["fenice", "fizz", "infuse", "summac-zs"])
def test_only_a_document_of_more_than_2k_sentences_is_budgeted(method):
    """K = 32: 64 sentences score as without the budget (the claim with no retrieval signal checks all 64),
    65 are cut to the budget."""
    for n, budgeted in ((64, False), (65, True)):
        off, _ = run(method, LONG[:n], CLAIMS, 0)
        on, nli = run(method, LONG[:n], CLAIMS, 32)
        same = on.to_dict()["claims"] == off.to_dict()["claims"]
        assert same is not budgeted
        assert (nli.per_claim(CLAIMS)["Zebras sing loudly."] <= 32) is budgeted


def test_on_a_long_document_fenice_reads_coref_from_the_sentences_before_the_one_it_varies():
    from factalign.coref.windows import WINDOW, window_clusters

    doc = doc_of(*LONG)
    coref = DocumentCoref()
    # sentence 3's window (sentences 0-3) holds "Natalia Moon": its "Moon" gets that name
    clusters = window_clusters(coref, doc, 3)
    assert coref.parsed == [doc.text[doc.sentences[0][0]:doc.sentences[3][1]]]
    assert {doc.text[a:b] for a, b in clusters[0]} == {"Natalia Moon", "Moon"}
    # sentence 10's window (5-10) names only "Moon": one text, so no variant
    assert {doc.text[a:b] for c in window_clusters(coref, doc, 10) for a, b in c} == {"Moon"}
    assert WINDOW == 5
    # what FENICE varies: with the budget (a long document) the window's clusters, without it the whole text's
    variants = {}
    for budget in (32, 0):
        coref = DocumentCoref()
        inputs = Inputs(doc, doc_of(CLAIMS[0]), TableNLI({}), SentenceExtractor(), coref,
                        prefilter=parse_prefilter(32, None, budget))
        variants[budget] = (inputs.sentence_variants(3), inputs.sentence_variants(10))
        assert coref.parsed == ([doc.text[doc.sentences[0][0]:doc.sentences[3][1]],
                                 doc.text[doc.sentences[5][0]:doc.sentences[10][1]]] if budget else [doc.text])
    assert variants[32] == (["Natalia Moon visited city3 in spring and met the mayor of town3."], [])
    assert variants[0] == (["Natalia Moon visited city3 in spring and met the mayor of town3."],
                           ["Natalia Moon visited city10 in spring and met the mayor of town3."])


def test_a_window_stays_inside_its_source():
    from factalign.coref.windows import window_clusters

    coref = DocumentCoref()
    doc = Document.from_sources([{"id": "a", "text": " ".join(LONG[:2])}, {"id": "b", "text": " ".join(LONG[2:6])}])
    window_clusters(coref, doc, 3)  # sentence 3 is the second of source b: its window starts at b's first
    assert coref.parsed == [" ".join(LONG[2:4])]


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

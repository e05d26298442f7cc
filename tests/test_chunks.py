"""The chunks method: sentences packed into chunks of N checker tokens (never across sources), max over chunks,
min (or mean) over claims; exact on table NLIs."""

import numpy as np
import pytest

from factalign import Scorer
from factalign.errors import FactalignError
from factalign.nli import TableNLI
from tests.helpers import doc_of

A, B, C, E = "a b c.", "d e.", "f g h i.", "j."  # 3, 2, 4, 1 words; 6, 4, 8, 2 characters
H1, H2 = "H one.", "H two."
AB, CE = f"{A} {B}", f"{C} {E}"  # chunk_tokens=5 (words): [A, B], [C, E]
SUP = {(AB, H1): 0.3, (CE, H1): 0.8, (AB, H2): 0.6, (CE, H2): 0.2}


def run(table, labels="binary", sources=None, nli=None, **params):
    nli = nli or TableNLI(table, labels=labels)
    scorer = Scorer("chunks", nli=nli, params={"chunk_tokens": 5, **params})
    return scorer.score(sources or doc_of(A, B, C, E), doc_of(H1, H2))


@pytest.mark.parametrize("aggregate, want", [("min", 0.6), ("mean", 0.7)])
def test_max_over_chunks_then_min_or_mean_over_sentences(aggregate, want):
    res = run(SUP, aggregate=aggregate)
    assert res.score == pytest.approx(want)
    assert [c.score for c in res.claims] == pytest.approx([0.8, 0.6])
    assert [c.premise.sentences for c in res.claims] == [[2, 3], [0, 1]]
    assert [c.premise.granularity for c in res.claims] == ["chunk", "chunk"]
    assert res.claims[0].details == {"chunk": 1, "chunks": 2}
    assert res.claims[0].probs == pytest.approx((0.8,))


def test_a_3_way_model_is_scored_by_p_ent():
    three = {pair: (p, 0.0, 1.0 - p) for pair, p in SUP.items()}
    res = run(three, labels="3-way")
    assert res.score == pytest.approx(0.6) and res.claims[0].probs == pytest.approx((0.8, 0.0, 0.2))


def test_chunks_never_cross_a_source():
    table = {(A, H1): 0.1, (B, H1): 0.9, (A, H2): 0.4, (B, H2): 0.3}
    res = run(table, sources=[A, B], chunk_tokens=50)  # both would fit in one chunk
    assert res.score == pytest.approx(0.4)
    assert [c.premise.locations[0].source for c in res.claims] == ["2", "1"]


class CharNLI(TableNLI):
    """A table NLI with a tokenizer: one token per character."""

    def count_tokens(self, texts):
        return [len(t) for t in texts]

    def premise_budget(self, hypothesis):
        return 100


def test_chunks_count_the_checkers_own_tokens():
    # 6, 4, 8, 2 characters against 5: every sentence its own chunk
    table = {(s, h): p for h in (H1, H2) for s, p in zip((A, B, C, E), (0.1, 0.2, 0.3, 0.4) if h == H1 else (0.5, 0.1, 0.1, 0.1))}
    res = run(None, nli=CharNLI(table, labels="binary"))
    assert [c.details["chunks"] for c in res.claims] == [4, 4]
    assert res.score == pytest.approx(0.4) and [c.premise.sentences for c in res.claims] == [[3], [0]]


@pytest.mark.parametrize("params, message", [({"chunk_tokens": 0}, "chunk_tokens"), ({"aggregate": "max"}, "aggregate")])
def test_bad_options_are_one_line(params, message):
    with pytest.raises(FactalignError, match=message):
        Scorer("chunks", nli=TableNLI(SUP, labels="binary"), params=params)


def test_the_signature_names_no_extractor_unless_used():
    nli = TableNLI(SUP, labels="binary")
    assert "|extractor:" not in Scorer("chunks", nli=nli).signature
    assert "extractor:rules" in Scorer("chunks", nli=nli, params={"use_extractor": True}).signature


def test_with_the_house_model():
    doc = "The cat sat on the mat. It was a sunny day in Paris. The dog barked at the postman."
    res = Scorer("chunks", params={"chunk_tokens": 12}).score(doc, "A cat sat on a mat. It rained in Paris.")
    assert len(res.claims) == 2 and all(c.premise.granularity == "chunk" for c in res.claims)
    assert res.score == pytest.approx(min(c.score for c in res.claims))
    assert all(len(c.probs) == 3 and c.score == pytest.approx(c.probs[0]) for c in res.claims)
    assert res.claims[0].details["chunks"] > 1 and np.isfinite(res.score)


def test_score_on_the_command_line_with_a_binary_checker(tmp_path, capsys):
    import json

    from factalign.cli import main

    # 4, 3, 6 and 2 words against 7: chunks [0, 1], [2], [3]
    sentences = ["The cat sat down.", "It was warm.", "A dog barked loudly at noon.", "Rain fell."]
    chunks = [" ".join(sentences[:2]), sentences[2], sentences[3]]
    claims = {"A cat sat.": (0.8, 0.1, 0.2), "It snowed.": (0.3, 0.6, 0.1)}
    (tmp_path / "doc.txt").write_text(" ".join(sentences))
    (tmp_path / "summary.txt").write_text(" ".join(claims))
    (tmp_path / "nli.jsonl").write_text("".join(json.dumps({"premise": p, "hypothesis": h, "probs": v}) + "\n"
                                                for h, row in claims.items() for p, v in zip(chunks, row)))
    code = main(["score", "--document", str(tmp_path / "doc.txt"), "--summary", str(tmp_path / "summary.txt"),
                 "--nli", f"table:{tmp_path / 'nli.jsonl'},labels=binary", "--method", "chunks", "--param", "chunk_tokens=7",
                 "--threshold", "0.7", "--json", "--html", str(tmp_path / "r.html")])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["score"] == pytest.approx(0.6) and out["label"] == "inconsistent"
    assert [c["probs"] for c in out["claims"]] == [{"p_sup": 0.8}, {"p_sup": 0.6}]
    assert [c["label"] for c in out["claims"]] == ["supported", "unsupported"]
    assert [c["premise"]["sentences"] for c in out["claims"]] == [[0, 1], [2]]
    # p_sup 0.6 leans supported, below the 0.7 threshold: the reason says the chunk may say the same in other words
    assert out["claims"][1]["reason"] == ("below the threshold, but the closest sentence may say the same in other words: "
                                          "A dog barked loudly at noon.")
    assert (tmp_path / "r.html").stat().st_size > 0

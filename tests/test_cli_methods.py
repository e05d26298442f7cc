"""Every registered method end to end through the CLI on the bundled example.

The NLI model here is a deterministic stand-in (probabilities from a hash of the pair), so any
pair a method asks for has an answer; the values carry no meaning, only the plumbing is checked.
"""

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from factalign.nli import NLI_BACKENDS
from factalign.cli import main
from factalign.data import Document
from factalign.methods import METHODS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


class HashNLI:
    signature = "hash-nli"

    def predict(self, pairs):
        rows = []
        for premise, hypothesis in pairs:
            digest = hashlib.sha256(f"{premise}\x1f{hypothesis}".encode()).digest()
            row = np.array([digest[0], digest[1], digest[2]], dtype=float) + 1.0
            rows.append(row / row.sum())
        return np.array(rows).reshape(len(pairs), 3)


@pytest.fixture
def hash_nli():
    NLI_BACKENDS.register("hash")(HashNLI)
    yield
    NLI_BACKENDS.unregister("hash")


def run(capsys, method, *extra):
    code = main(["score", "--document", str(EXAMPLES / "document.txt"), "--summary", str(EXAMPLES / "summary.txt"),
                 "--method", method, "--nli", "hash", "--no-cache", "--json", "--threshold", "0.5", *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("method", [name for name, m in METHODS.items() if m.needs_nli is True])  # acueval, geval: tests/test_acueval.py
def test_every_method_scores_the_example_with_exact_alignments(capsys, hash_nli, method):
    text = (EXAMPLES / "document.txt").read_text(encoding="utf-8")
    sentences = Document.from_text(text).sentences
    res = run(capsys, method)
    assert res["method"] == method and res["signature"].startswith(f"method:{method}|")
    assert -1.0 <= res["score"] <= 1.0 and res["label"] in ("consistent", "inconsistent")
    assert res["claims"]
    for c in res["claims"]:
        p = c["premise"]
        assert p is not None and p["spans"], f"{method}: a unit without its premise"
        assert c["label"] in ("supported", "unsupported", "filtered")
        assert (c["label"] == "filtered") == (c["details"].get("kept") is False)
        for start, end in p["spans"]:
            assert 0 <= start < end <= len(text)
            assert [start, end] in [list(s) for s in sentences] or (start, end) == (0, len(text))
        if p["sentences"] == "document":
            assert p["text"] == text
        else:
            assert [list(sentences[i]) for i in p["sentences"]] == [list(s) for s in p["spans"]]
            if p["granularity"] != "coref" and method != "fizz":  # fizz and coref variants show resolved text
                assert p["text"] == " ".join(text[a:b] for a, b in p["spans"])


@pytest.mark.parametrize("method, param", [("infuse-k", "k=2"), ("fizz", "filter=false"), ("summac-zs", "use_con=true"),
                                           ("sentli", "k=1"), ("fulldoc", "chunk_tokens=30"), ("infuse", "reverse=no")])
def test_method_parameters_from_the_command_line(capsys, hash_nli, method, param):
    res = run(capsys, method, "--param", param)
    key, value = param.split("=")
    assert f"|{key}:" in res["signature"]
    assert -1.0 <= res["score"] <= 1.0


def test_fulldoc_chunks_follow_the_param(capsys, hash_nli):
    res = run(capsys, "fulldoc", "--param", "chunk_tokens=30")
    chunks = res["claims"][0]["details"]["chunks"]
    assert len(chunks) > 1 and sorted(i for ch in chunks for i in ch["sentences"]) == list(range(len(
        Document.from_text((EXAMPLES / "document.txt").read_text(encoding="utf-8")).sentences)))
    assert res["score"] == pytest.approx(np.mean([ch["entailment"] for ch in chunks]))


def test_unknown_parameter_is_one_line_error(capsys, hash_nli):
    code = main(["score", "--document", str(EXAMPLES / "document.txt"), "--summary", str(EXAMPLES / "summary.txt"),
                 "--method", "infuse", "--nli", "hash", "--no-cache", "--param", "gran=2"])
    assert code == 2 and "--param gran: no method in this command has that parameter (infuse takes: reverse)" in capsys.readouterr().err

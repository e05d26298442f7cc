"""Every input is read and checked once, at the boundary (factalign/inputs.py), into the Document the rest of the
code takes: the command line checks a text once and the scorer does not check it again."""

import json

import pytest

from factalign import inputs
from factalign.cli import main
from factalign.data import Document
from factalign.errors import FactalignError

DOC = "Ada Lindqvist opened a bakery in Umea in 2019. It sells rye bread."
SUMMARY = "Ada Lindqvist opened a bakery in Umea."


def table(path):
    rows = [{"premise": p, "hypothesis": SUMMARY, "probs": [0.8, 0.15, 0.05]}
            for p in ("Ada Lindqvist opened a bakery in Umea in 2019.", "It sells rye bread.")]
    path.write_text(json.dumps(rows))
    return f"table:{path}"


@pytest.mark.parametrize("form", ["document", "sources"])
def test_the_command_line_checks_each_text_once(tmp_path, capsys, monkeypatch, form):
    checked = []
    real = inputs.check_text
    monkeypatch.setattr(inputs, "check_text", lambda text, what, *a: (checked.append(what), real(text, what, *a)))
    (tmp_path / "d.txt").write_text(DOC)
    (tmp_path / "s.txt").write_text(SUMMARY)
    given = ["--document", tmp_path / "d.txt"] if form == "document" else ["--source", tmp_path / "d.txt"]
    code = main([str(a) for a in ["score", *given, "--summary", tmp_path / "s.txt", "--method", "nli-sent",
                                  "--nli", table(tmp_path / "t.json"), "--threshold", "0.5", "--no-cache"]])
    out = capsys.readouterr().out
    assert code == 0 and "Ada Lindqvist opened a bakery in Umea." in out
    assert checked == (["document", "summary"] if form == "document" else ["source 'd.txt'", "summary"])


def test_to_document_takes_a_text_a_source_list_or_a_document():
    doc = inputs.to_document(DOC)
    assert isinstance(doc, Document) and len(doc.sentences) == 2
    assert inputs.to_document(doc) is doc  # a Document is not checked again
    sources = inputs.to_document([{"id": "a", "text": "First source.", "title": "A"}, "Second source."])
    assert [s.id for s in inputs.source_list(sources)][0] == "a" and inputs.source_list(sources)[0].title == "A"
    assert inputs.source_list(doc) == DOC
    with pytest.raises(FactalignError, match="the summary is empty"):
        inputs.to_document("  ", "summary")

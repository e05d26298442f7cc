import pytest

from factalign.data import Document
from factalign.text import passages, split_sentences, windows_containing

TEXTS = [
    "Hello world. This is Dr. Smith's house! Is it?",
    "  Leading space.\n\n\nAfter blank lines.   Trailing.  \n",
    "Intro line:\n- first item is here\n- second item\nA closing remark.",
    "Windows\r\nline endings. Ünïcödé text — with dashes… And emoji 🎉 here.",
    "1. Numbered item one.\n2. Numbered item two.",
]


@pytest.mark.parametrize("text", TEXTS)
def test_offsets_round_trip(text):
    doc = Document.from_text(text)
    assert doc.sentences
    last_end = 0
    for i, (s, e) in enumerate(doc.sentences):
        assert s >= last_end and e > s
        assert doc.sentence(i) == text[s:e] == text[s:e].strip()
        last_end = e


def test_bullets_and_blank_lines_are_hard_breaks():
    text = "Intro line:\n- first item is here\n- second item\nA closing remark."
    assert [text[s:e] for s, e in split_sentences(text)] == [
        "Intro line:", "- first item is here", "- second item", "A closing remark."]


def test_whitespace_only_text_has_no_sentences():
    assert split_sentences(" \n\t\n") == []


def test_long_paragraph_is_streamed_in_blocks():
    text = "The cat sat on the mat and looked at the bird. " * 1000  # one 47k-char paragraph
    spans = split_sentences(text)
    assert len(spans) == 1000
    assert all(text[s:e] == "The cat sat on the mat and looked at the bird." for s, e in spans)


def test_passage_windows():
    assert passages(7, 5) == [[0, 1, 2, 3, 4], [1, 2, 3, 4, 5], [2, 3, 4, 5, 6]]
    assert passages(3, 5) == [[0, 1, 2]]
    assert passages(0, 5) == []


def test_windows_containing_at_edges():
    assert windows_containing(0, 5, 3) == [[0, 1], [0, 1, 2]]
    assert windows_containing(4, 5, 3) == [[3, 4], [2, 3, 4]]
    assert windows_containing(2, 5, 3) == [[1, 2], [2, 3], [0, 1, 2], [1, 2, 3], [2, 3, 4]]


def test_glued_sentence_ends_are_split_without_moving_offsets():
    text = 'A wreath was laid at the Cenotaph.Anzac Day marks the landings. He said "Hello."Then he left. The U.S. Army met.'
    sentences = [text[s:e] for s, e in split_sentences(text)]
    assert sentences == ["A wreath was laid at the Cenotaph.", "Anzac Day marks the landings.",
                         'He said "Hello."', "Then he left.", "The U.S. Army met."]

"""The shipped WordNet table (factalign/text/wordnet_table.py): what scoring reads of WordNet, from package data.

Without Debian's database the table still answers (the lexicon's WordNet questions have fixed answers); with it and
NLTK, the table is checked word for word against NLTK's reader and re-derived to the same bytes' content."""

import gzip
import json

import pytest

from factalign.details.compare import CompareCheck
from factalign.details.compare import lexicon
from factalign.errors import FactalignError
from factalign.text import wordnet, wordnet_table
from factalign.text.wordnet_table import WordNetTable, identity

needs_nltk_reader = pytest.mark.skipif(not wordnet.available(), reason=(
    f"WordNet database not found in {wordnet.database_dir()}: apt-get install wordnet-base"))


@pytest.mark.parametrize("question, answer", [
    (lambda: lexicon.synonymous("purchase", "buy"), True),
    (lambda: lexicon.synonymous("hear", "learn"), False),
    (lambda: lexicon.opposite("win", "lose"), True),
    (lambda: lexicon.opposite("win", "play"), False),
    (lambda: lexicon.person_noun("comedian"), True),
    (lambda: lexicon.person_noun("midwives"), True),  # through morphy's rules (ves -> f)
    (lambda: lexicon.person_noun("bridge"), False),
    (lambda: lexicon.time_noun("week"), True),
    (lambda: lexicon.common_noun("university"), True),
    (lambda: lexicon.common_noun("Paris"), False),  # a named city: an instance
    (lambda: lexicon.event_verb("resignation"), "resign"),
    (lambda: lexicon.event_verb("bank"), None),
    (lambda: lexicon.related("decision", "decide"), True),
    (lambda: lexicon.related("carbon", "card"), False),
])
def test_the_lexicon_answers_from_the_shipped_table(question, answer):
    assert question() == answer


def test_morphy_reads_exceptions_and_rules_as_nltk_does():
    table = wordnet_table.wordnet_table()
    assert table.morphy("geese", "n") == ["goose"]
    assert table.morphy("ran", "v") == ["run"]
    assert table.morphy("boxes", "n") == ["box"]
    assert table.morphy("zzqx", "n") == []
    assert [s.lexname for s in table.synsets("dogs", "n")][:1] == ["noun.animal"]


def test_the_table_is_named_in_the_compare_checks_signature():
    assert identity().startswith("wordnet-3.0#sha256=") and len(identity().split("=")[1]) == 12
    assert CompareCheck().signature.endswith("@" + identity())
    assert CompareCheck(frozenset()).signature is None


def test_a_missing_table_is_a_one_line_error(tmp_path, monkeypatch):
    monkeypatch.setattr(wordnet_table, "WORDNET_TABLE", tmp_path / "gone.json.gz")
    with pytest.raises(FactalignError, match="WordNet table .* cannot be read.*reinstall factalign"):
        wordnet_table._table_bytes()


def test_a_table_of_one_sense_answers_synsets():
    table = WordNetTable({"index": {"n": {"cat": [0]}, "v": {}, "a": {}, "r": {}},
                          "exceptions": {"n": {}, "v": {}, "a": {}, "r": {}},
                          "substitutions": {"n": [["s", ""]], "v": [], "a": [], "r": []},
                          "lexnames": ["noun.animal"], "senses": [["n", 0, 0, [["cat", [], [["catty", "a"]]]]]]})
    [sense] = table.synsets("cats")
    assert (sense.pos, sense.lexname, sense.instance, sense.lemmas[0].derivations) == ("n", "noun.animal", False,
                                                                                     (("catty", "a"),))
    assert table.synsets("cats", "v") == []


def _words(reader) -> list[str]:
    """Every 25th lemma, inflected forms the detachment rules undo, and irregular forms of each exception list."""
    lemmas = sorted(reader._lemma_pos_offset_map)[::25]
    inflected = [w + ending for w, ending in zip(lemmas[:3000], ["s", "es", "ed", "ing", "er", "est"] * 500)]
    irregular = [form for pos in "nvar" for form in sorted(reader._exception_map[pos])[::10]]
    return lemmas + inflected + irregular + ["midwives", "geese", "better", "Michigan", "take_off"]


def _as_nltk(synset) -> tuple:
    return (synset.name(), synset.pos(), synset.lexname(), bool(synset.instance_hypernyms()),
            [(lemma.name(), tuple(a.name() for a in lemma.antonyms()),
              tuple((d.name(), d.synset().pos()) for d in lemma.derivationally_related_forms()))
             for lemma in synset.lemmas()])


@needs_nltk_reader
def test_the_table_answers_synsets_word_for_word_as_nltk_over_the_debian_database():
    reader = wordnet.wordnet()
    table = wordnet_table.wordnet_table()
    differing = []
    for word in _words(reader):
        for pos in (None, "n", "v", "a", "r"):
            ours = [(s.pos, s.lexname, s.instance, [(lemma.name, lemma.antonyms, lemma.derivations)
                                                    for lemma in s.lemmas]) for s in table.synsets(word, pos)]
            theirs = [_as_nltk(s)[1:] for s in reader.synsets(word, pos)]
            if ours != theirs:
                differing.append((word, pos))
    assert differing == []


@needs_nltk_reader
def test_the_shipped_table_is_what_the_debian_database_derives():
    shipped = json.loads(gzip.decompress(wordnet_table.WORDNET_TABLE.read_bytes()))
    assert json.loads(json.dumps(wordnet_table.derive(wordnet.wordnet()))) == shipped

"""WordNet 3.0 as shipped package data: the part of it that scoring reads, with NLTK's lookup rules.

The comparison stage (details/compare/lexicon.py) asks WordNet five things: a word's senses in frequency order
(NLTK's `synsets(word, pos)`, morphy included), each sense's lexicographer file, whether a noun sense is an
instance (a name), and each sense's lemmas with their antonyms and derivations. Reading Debian's database through
NLTK took about 5 s per process and answered nothing where either was missing, so a plain `pip install` scored
without it, quietly. This module answers the same questions from `WORDNET_TABLE`, a table derived once from that
database (`python -m factalign.text.wordnet_table --write`, which needs nltk and Debian's `wordnet-base`):
loaded once per process in about a second (11 MB of JSON), identical on every machine, and named in the signature by
IDENTITY. Its answers are checked word for word against NLTK's reader (tests/test_wordnet_table.py, where both are installed).

WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. (The WordNet 3.0 licence permits use,
copying and distribution with this notice: factalign/text/WORDNET-LICENSE.)
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from factalign.errors import FactalignError as fail

WORDNET_TABLE = Path(__file__).with_name("wordnet-3.0.json.gz")
POS_LIST = ("n", "v", "a", "r")  # NLTK's order for synsets(word) without a part of speech


@dataclass(frozen=True)
class Lemma:
    name: str  # as WordNet writes it ("Michigan", "take_off")
    antonyms: tuple[str, ...]
    derivations: tuple[tuple[str, str], ...]  # (lemma name, the part of speech of its synset)


@dataclass(frozen=True)
class Sense:
    id: int  # one synset, whatever word it was reached by
    pos: str  # n, v, a, s (satellite adjective), r
    lexname: str  # "noun.person"
    instance: bool  # a noun sense with an instance hypernym: a named thing ("Michigan", the state)
    lemmas: tuple[Lemma, ...]


class WordNetTable:
    """synsets(word, pos=None) as NLTK answers it, from the shipped table."""

    def __init__(self, table: dict):
        self._index = table["index"]  # pos -> lemma -> [sense id, ...] in frequency order
        self._exceptions = table["exceptions"]  # pos -> irregular form -> [base form, ...]
        self._rules = {pos: [tuple(rule) for rule in rules] for pos, rules in table["substitutions"].items()}
        self._lexnames = table["lexnames"]
        self._senses = table["senses"]  # id -> [pos, lexname number, instance, [[name, antonyms, derivations]]]
        self._built: dict[int, Sense] = {}

    def synsets(self, word: str, pos: str | None = None) -> list[Sense]:
        """NLTK's WordNetCorpusReader.synsets: for each part of speech, the senses of each morphy form in turn
        (not deduplicated, as NLTK does not)."""
        word = word.lower()
        return [self.sense(i) for p in (POS_LIST if pos is None else (pos,))
                for form in self.morphy(word, p) for i in self._index[p].get(form, ())]

    def morphy(self, form: str, pos: str) -> list[str]:
        """NLTK's _morphy: the exception list's base forms, or the detachment rules applied once, then the
        forms WordNet has (the word itself first)."""
        index = self._index[pos]
        exceptions = self._exceptions[pos]
        if form in exceptions:
            forms = exceptions[form]
        else:
            forms = [form[:-len(old)] + new for old, new in self._rules[pos] if form.endswith(old)]
        seen: list[str] = []
        for candidate in [form, *forms]:
            if candidate in index and candidate not in seen:
                seen.append(candidate)
        return seen

    def sense(self, i: int) -> Sense:
        if i not in self._built:
            pos, lexname, instance, lemmas = self._senses[i]
            self._built[i] = Sense(i, pos, self._lexnames[lexname], bool(instance), tuple(
                Lemma(name, tuple(antonyms), tuple((d, p) for d, p in derivations))
                for name, antonyms, derivations in lemmas))
        return self._built[i]


@cache
def identity() -> str:
    """The table's name in a signature: `wordnet-3.0#sha256=` and the first 12 hex digits of the file's hash."""
    return f"wordnet-3.0#sha256={hashlib.sha256(_table_bytes()).hexdigest()[:12]}"


@cache
def wordnet_table() -> WordNetTable:
    """The shipped table, read once per process."""
    return WordNetTable(json.loads(gzip.decompress(_table_bytes())))


def _table_bytes() -> bytes:
    try:
        return WORDNET_TABLE.read_bytes()
    except OSError as error:
        raise fail(f"the WordNet table {WORDNET_TABLE} cannot be read ({error.strerror}): reinstall factalign") from None


def derive(reader) -> dict:
    """The table from NLTK's reader over the Debian database (factalign/text/wordnet.py): every lemma of the four
    indexes, the exception lists, NLTK's detachment rules, and each sense the indexes reach."""
    ids: dict[str, int] = {}
    senses: list = []
    lexnames: list[str] = []

    def sense_id(synset) -> int:
        if synset.name() not in ids:
            ids[synset.name()] = len(senses)
            senses.append(None)  # filled below, once the id is taken (a lemma's antonym may point back)
            lexname = synset.lexname()
            if lexname not in lexnames:
                lexnames.append(lexname)
            lemmas = [[lemma.name(), [a.name() for a in lemma.antonyms()],
                       [[d.name(), d.synset().pos()] for d in lemma.derivationally_related_forms()]]
                      for lemma in synset.lemmas()]
            senses[ids[synset.name()]] = [synset.pos(), lexnames.index(lexname),
                                          int(bool(synset.instance_hypernyms())), lemmas]
        return ids[synset.name()]

    index: dict[str, dict[str, list[int]]] = {pos: {} for pos in POS_LIST}
    for lemma_name, by_pos in sorted(reader._lemma_pos_offset_map.items()):
        for pos in POS_LIST:
            if pos in by_pos:
                index[pos][lemma_name] = [sense_id(reader.synset_from_pos_and_offset(pos, offset))
                                          for offset in by_pos[pos]]
    return {"source": "WordNet 3.0 (Debian wordnet-base), read by NLTK's WordNetCorpusReader",
            "licence": "WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.",
            "index": index, "lexnames": lexnames, "senses": senses,
            "exceptions": {pos: dict(sorted(reader._exception_map[pos].items())) for pos in POS_LIST},
            "substitutions": {pos: [list(rule) for rule in reader.MORPHOLOGICAL_SUBSTITUTIONS[pos]]
                              for pos in POS_LIST}}


def write(path: Path = WORDNET_TABLE) -> None:
    """Derive the table and write it, gzipped with no timestamp so that the same database gives the same bytes."""
    from factalign.outputs import write_whole
    from factalign.text.wordnet import wordnet

    text = json.dumps(derive(wordnet()), separators=(",", ":"), ensure_ascii=False)
    write_whole(path, gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Derive the shipped WordNet table from Debian's database.")
    parser.add_argument("--write", action="store_true", help=f"write {WORDNET_TABLE}")
    if parser.parse_args().write:
        write()
        print(f"wrote {WORDNET_TABLE} ({WORDNET_TABLE.stat().st_size:,} bytes), {identity()}")

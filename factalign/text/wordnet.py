"""WordNet offline, from Debian's `wordnet-base` database files, through NLTK's reader.

Debian ships the database files but not the `lexnames` file NLTK's reader opens first, and NLTK only
opens directories on `nltk.data.path` (and refuses symbolic or hard links that lead out of the
reader's root, so a cache directory of links to the Debian files does not work): the reader below
reads the Debian directory in place, with `lexnames` served from LEXNAMES. The directory is
/usr/share/wordnet unless the environment variable FACTALIGN_WORDNET names another.
"""

from __future__ import annotations

import io
import os
import warnings
from functools import cache
from pathlib import Path

from factalign.errors import FactalignError as fail

DEFAULT_DIR = "/usr/share/wordnet"
DATABASE_FILES = ("data.noun", "data.verb", "data.adj", "data.adv",
                  "index.noun", "index.verb", "index.adj", "index.adv",
                  "noun.exc", "verb.exc", "adj.exc", "adv.exc")
# The 45 lexicographer files of WordNet 3.0 (wndb(5WN) "lexnames"): number, name, syntactic category
LEXNAMES = (
    ("adj.all", 3), ("adj.pert", 3), ("adv.all", 4), ("noun.Tops", 1), ("noun.act", 1),
    ("noun.animal", 1), ("noun.artifact", 1), ("noun.attribute", 1), ("noun.body", 1),
    ("noun.cognition", 1), ("noun.communication", 1), ("noun.event", 1), ("noun.feeling", 1),
    ("noun.food", 1), ("noun.group", 1), ("noun.location", 1), ("noun.motive", 1), ("noun.object", 1),
    ("noun.person", 1), ("noun.phenomenon", 1), ("noun.plant", 1), ("noun.possession", 1),
    ("noun.process", 1), ("noun.quantity", 1), ("noun.relation", 1), ("noun.shape", 1),
    ("noun.state", 1), ("noun.substance", 1), ("noun.time", 1), ("verb.body", 2), ("verb.change", 2),
    ("verb.cognition", 2), ("verb.communication", 2), ("verb.competition", 2), ("verb.consumption", 2),
    ("verb.contact", 2), ("verb.creation", 2), ("verb.emotion", 2), ("verb.motion", 2),
    ("verb.perception", 2), ("verb.possession", 2), ("verb.social", 2), ("verb.stative", 2),
    ("verb.weather", 2), ("adj.ppl", 3),
)


def database_dir() -> Path:
    return Path(os.environ.get("FACTALIGN_WORDNET") or DEFAULT_DIR)


def available() -> bool:
    directory = database_dir()
    return all((directory / name).is_file() for name in DATABASE_FILES)


def lexnames_file() -> str:
    """wndb(5WN)'s lexnames: "NN<TAB>name<TAB>syntactic category number" per line."""
    return "".join(f"{n:02d}\t{name}\t{pos}\n" for n, (name, pos) in enumerate(LEXNAMES))


@cache
def wordnet():
    """NLTK's WordNetCorpusReader over the Debian database (one reader per process)."""
    directory = database_dir()
    if not available():
        raise fail(f"WordNet database not found in {directory}: apt-get install wordnet-base "
                   "(or set FACTALIGN_WORDNET to a directory holding data.noun, index.noun, ...)")
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class DebianWordNet(WordNetCorpusReader):
        def open(self, fileid):
            return io.StringIO(lexnames_file()) if fileid == "lexnames" else super().open(fileid)

        def map_wn(self, version="wordnet"):
            return None  # the map to another WordNet version is for multilingual data, not used here

    root = str(directory.resolve())
    if root not in nltk.data.path:
        nltk.data.path.append(root)
    with warnings.catch_warnings():  # "multilingual functions are not available": only English is used
        warnings.simplefilter("ignore")
        return DebianWordNet(root, None)

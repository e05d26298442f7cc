"""Coreference for one sentence of a long document, read from the few sentences before it.

Parsing a whole long document for coreference costs time linear in its length (spaCy's parser and
entity recogniser: about 4 to 8 s for 558 sentences on 2 cores), while FENICE needs clusters only for
the sentences it varies. With the pair budget on a long document (`Prefilter.long`), a sentence's
clusters come from the text of its WINDOW preceding sentences and itself, inside its own source, so a
pronoun finds the names just before it. A name mentioned only further back (a surname whose full form
came 20 sentences earlier) gives no variant there: a cost traded for bounded time, on documents no
shipped calibration was fitted on (docs/long-documents.md).
"""

from __future__ import annotations

from factalign.coref.base import Cluster, CorefModel
from factalign.data import Document

WINDOW = 5  # sentences before the one whose clusters are read


def window_clusters(coref: CorefModel, doc: Document, i: int, window: int = WINDOW) -> list[Cluster]:
    """Clusters of the text from `window` sentences before sentence i (not crossing into another source)
    to the end of sentence i, in the document's char offsets."""
    first = max(i - window, 0)
    if doc.sources:
        own = doc.source_index(doc.sentences[i][0])
        while doc.source_index(doc.sentences[first][0]) != own:
            first += 1
    start, end = doc.sentences[first][0], doc.sentences[i][1]
    return [[(a + start, b + start) for a, b in cluster] for cluster in coref.clusters(doc.text[start:end])]

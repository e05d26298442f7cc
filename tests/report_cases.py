"""Scored results for the report tests, from the table NLI: every probability is chosen here."""

from __future__ import annotations

from factalign import Scorer
from factalign.nli import TableNLI
from tests.helpers import doc_of

NEUTRAL = (0.1, 0.8, 0.1)
INJECTION = '<script>window.__pwned = 1</script> "onmouseover="window.__pwned = 2" x=" </script><!--'


def scored(document: list[str], summary: list[str], best: dict[int, tuple[int, tuple[float, float, float]]],
           method: str = "nli-sent", threshold: float | None = 0.5, **params):
    """(result dict, document text, summary text): summary sentence h is one claim; best[h] = (document
    sentence, probs) for its aligned sentence, every other pair neutral."""
    doc, summ = doc_of(*document), doc_of(*summary)
    table = {(p, h): NEUTRAL for p in document for h in summary}
    table.update({(document[k], summary[h]): probs for h, (k, probs) in best.items()})
    scorer = Scorer(method, nli=TableNLI(table), extractor="sentences", coref="none", threshold=threshold, params=params,
                    detail_check="off")  # the probabilities as given: the report, not the detail check, is tested
    return scorer.score(doc, summ).to_dict(), doc.text, summ.text


def filler(n: int) -> list[str]:
    return [f"Filler sentence number {i} says nothing about anyone." for i in range(n)]


def long_case(n: int = 700):
    """A document of n sentences with the evidence far apart, and a summary that carries an injection."""
    document = filler(n)
    document[n // 2] = "Natalia Moon moved to the Philippines in 2012."
    document[n - 5] = "Moon was born Natalie Stewart in Darwin."
    document[20] = "Moon landed a role in the sitcom Ismol Family."
    summary = ["Moon moved to the Philippines in 2012.", "Moon was born in New Zealand.", f"Moon acted. {INJECTION}"]
    best = {0: (n // 2, (0.9, 0.05, 0.05)), 1: (n - 5, (0.3, 0.6, 0.1)), 2: (20, (0.8, 0.1, 0.1))}
    return scored(document, summary, best)

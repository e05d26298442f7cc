"""Text without sentence punctuation: every step stays linear in the input, and `batch --row-timeout`
gives up on a row that takes too long and goes on with the next."""

import re

from factalign import Scorer
from factalign.coref import sentence_variants
from factalign.data import Document
from factalign.text.segment import MAX_SENTENCE_CHARS, split_sentences
from tests.faults.run import batch_args, error_lines, factalign, one_sentence_rows, output_ids, table_for, write_rows
from tests.helpers import FixedClaims, FixedCoref

PHRASE = "Natalia Moon moved to the Philippines where she learned Tagalog and Moon became a star "
CLOSING = " Natalie Stewart known as Miss Stewart the actress"  # names that occur only at the end


def unpunctuated(chars: int) -> str:
    """No sentence punctuation; every sentence but the last can be rewritten with the closing's names."""
    return (PHRASE * (chars // len(PHRASE) + 1))[:chars - len(CLOSING)].rstrip() + CLOSING


def mention_clusters(text: str) -> list[list[tuple[int, int]]]:
    """One cluster of every name and "she": the first sentence (the best, on ties) has variants."""
    names = r"Natalie Stewart|Miss Stewart|the actress|Natalia Moon|(?<!Natalia )Moon|\bshe\b"
    return [[m.span() for m in re.finditer(names, text)]]


class CountingNLI:
    """Counts the premise characters it is asked to read; every pair is neutral-ish (below T)."""

    signature = "counting"

    def __init__(self):
        self.premise_chars = 0

    def predict(self, pairs):
        import numpy as np

        self.premise_chars += sum(len(p) for p, _ in pairs)
        return np.tile([0.2, 0.5, 0.3], (len(pairs), 1))


def fenice_premise_chars(chars: int) -> int:
    text = unpunctuated(chars)
    nli = CountingNLI()
    scorer = Scorer("fenice", nli=nli, extractor=FixedClaims("Moon moved to the Philippines."),
                    coref=FixedCoref(mention_clusters(text)), calibration=None)
    scorer.score(text, "Moon moved to the Philippines.")
    return nli.premise_chars


def test_no_sentence_is_longer_than_the_cap_and_spans_still_index_the_text():
    text = unpunctuated(50_000)
    spans = split_sentences(text)
    assert max(e - s for s, e in spans) <= MAX_SENTENCE_CHARS
    assert re.sub(r"\s", "", "".join(text[s:e] for s, e in spans)) == re.sub(r"\s", "", text)


def test_coref_variants_of_a_capped_sentence_stay_bounded():
    text = unpunctuated(50_000)
    doc = Document.from_text(text)
    variants = sentence_variants(text, doc.sentences[0], mention_clusters(text))
    assert variants and max(len(v) for v in variants) <= MAX_SENTENCE_CHARS + 20
    assert len(variants) <= (MAX_SENTENCE_CHARS // len(PHRASE) + 1) * 3 * 3  # 3 mentions per phrase x 3 names from elsewhere


def test_fenice_reads_a_linear_amount_of_premise_text():
    small, large = fenice_premise_chars(25_000), fenice_premise_chars(50_000)
    assert large <= 2.5 * small
    assert large <= 30 * 50_000  # sentences, one sentence's coref variants, passages of 5 sentences, the document


def test_a_row_over_the_timeout_is_reported_and_the_batch_goes_on(tmp_path):
    rows = one_sentence_rows(2)
    nli = table_for(tmp_path / "t.json", rows)
    # segmenting 1.9M chars takes about a second; a tiny row, milliseconds (models are loaded before the first row)
    slow = {"id": "slow", "document": unpunctuated(1_900_000), "summary": "Moon moved."}
    rows_path = write_rows(tmp_path / "rows.jsonl", [rows[0], slow, rows[1]])
    out = tmp_path / "out.jsonl"
    # the timeout is SIGALRM's, in the main thread: in-process runs put the handler and timer back
    proc = factalign(*batch_args(rows_path, out, nli, "--row-timeout", "0.5", "--max-chars", "2000000"))
    assert proc.returncode == 1
    assert error_lines(proc) == [f"factalign: error: {rows_path}:2: row timed out after 0.5 s (--row-timeout)"]
    assert output_ids(out) == ["r0", "r1"]

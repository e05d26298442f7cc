"""Several sources (issue 29): one Document of many sources, windows that never cross two, premises located in
their source, every input form and its errors, batch and bench rows, the JSON round trip and the report.

Numbers come from hand-made NLI tables: a table has no entry for a premise that straddles two sources, so a
method that asked for one would fail with "table NLI has no entry"."""

import json
import re

import numpy as np
import pytest

from factalign import Scorer, SummaryResult
from factalign.bench.data import load_benchmark
from factalign.cli import main
from factalign.result_table import source_parts, span_label
from factalign.data import Claim, ClaimResult, Document, Location, Premise, _within_sources
from factalign.errors import FactalignError
from factalign.nli import TableNLI
from factalign.report import build_report
from factalign.text import pack, passages, split_sentences, windows_containing
from factalign.text.sources import SEPARATOR, Source, SourceRange, as_sources, join
from tests.helpers import FixedClaims, FixedCoref

A = ["Alice lives in Paris.", "She runs a bakery.", "The bakery sells bread."]
B = ["The shop opened in 2010.", "It closes on Mondays."]
SOURCES = [{"id": "a", "text": " ".join(A), "title": "About Alice"}, {"id": "b", "text": " ".join(B), "url": "https://x.test/b"}]
ENTAILED, NEUTRAL, LOW = (0.95, 0.05, 0.0), (0.1, 0.8, 0.1), (0.3, 0.6, 0.1)


def sentence_texts(text):
    return [text[s:e] for s, e in split_sentences(text)]


# --- one Document of several sources ---------------------------------------------------------------------------

TRICKY = ["Ends without a full stop", "Windows line end.\r", "- a bullet item\n- another item", "1. Numbered.",
          "Trailing spaces.   ", "A paragraph.\n\nAnother paragraph after a blank line.", "Line\u2028separator here.",
          "x" * 2500, "Dr. Smith went home. He slept!", "Two\nlines without punctuation"]


def test_no_sentence_crosses_two_sources_and_each_source_splits_as_on_its_own():
    doc = Document.from_sources(TRICKY)
    assert doc.text == SEPARATOR.join(TRICKY) and [r.id for r in doc.sources] == [str(i) for i in range(1, len(TRICKY) + 1)]
    groups = doc.sentence_sources
    for (s, e), g in zip(doc.sentences, groups):
        r = doc.sources[g]
        assert r.start <= s < e <= r.end
    for g, (r, text) in enumerate(zip(doc.sources, TRICKY)):
        local = [(s - r.start, e - r.start) for (s, e), h in zip(doc.sentences, groups) if h == g]
        assert local == split_sentences(text)


def test_a_sentence_the_segmenter_ran_across_a_boundary_is_cut_there():
    text, ranges = join([Source("1", "one two"), Source("2", "three four")])
    assert _within_sources(text, [(0, len(text))], ranges) == [(0, 7), (9, 19)]


def test_locate_maps_global_spans_to_each_source_it_overlaps():
    doc = Document.from_sources(SOURCES)
    start_b = len(SOURCES[0]["text"]) + len(SEPARATOR)
    whole = [Location("a", 0, len(SOURCES[0]["text"])), Location("b", 0, len(SOURCES[1]["text"]))]
    assert doc.locate([(0, len(doc.text))]) == whole
    assert doc.locate([(start_b + 4, start_b + 8)]) == [Location("b", 4, 8)]
    assert doc.source_index(start_b - 1) == 0 and doc.source_index(start_b) == 1


def test_one_document_has_no_sources_and_no_groups():
    doc = Document.from_text(" ".join(A))
    assert doc.sources == [] and doc.sentence_sources is None
    assert Document.from_dict({"text": "x.", "sentences": [[0, 2]]}).sources == []


# --- windows never cross two sources -----------------------------------------------------------------------------

GROUPS = [0, 0, 0, 1, 1, 2]


def test_passages_stay_inside_a_group_and_a_short_group_is_one_window():
    assert passages(6, 2, groups=GROUPS) == [[0, 1], [1, 2], [3, 4], [5]]
    assert passages(6, 2) == [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5]]
    assert passages(6, 2, groups=[7] * 6) == passages(6, 2) and passages(3, 5, groups=[0] * 3) == passages(3, 5) == [[0, 1, 2]]


def test_windows_around_a_sentence_are_clipped_to_its_group():
    assert windows_containing(2, 6, 3, groups=GROUPS) == [[1, 2], [0, 1, 2]]
    assert windows_containing(3, 6, 3, groups=GROUPS) == [[3, 4]]
    assert windows_containing(5, 6, 3, groups=GROUPS) == []
    around = [[1, 2], [2, 3], [0, 1, 2], [1, 2, 3], [2, 3, 4]]
    assert windows_containing(2, 6, 3, groups=[0] * 6) == windows_containing(2, 6, 3) == around


def test_chunks_start_again_at_each_group():
    assert pack([1] * 6, 10, groups=GROUPS) == [[0, 1, 2], [3, 4], [5]]
    assert pack([1] * 6, 2, groups=GROUPS) == [[0, 1], [2], [3, 4], [5]]
    assert pack([1] * 6, 10) == pack([1] * 6, 10, groups=[0] * 6) == [list(range(6))]


def fenice(table, *claims, **params):
    nli = TableNLI(table)
    scorer = Scorer("fenice", nli=nli, extractor=FixedClaims(*claims), coref=FixedCoref([]), calibration=None,
                    params=params)
    return scorer.score(SOURCES, "Summary."), nli


def test_fenice_passages_stay_in_a_source_and_the_document_premise_combines_them():
    doc = Document.from_sources(SOURCES)
    both, alone = "Alice's shop opened in 2010.", "Alice lives in Paris."
    table = {(s, both): NEUTRAL for s in A + B} | {(s, alone): (ENTAILED if s == A[0] else NEUTRAL) for s in A + B}
    # windows of j = 2 inside each source; [A[2], B[0]] would straddle the two and is not in the table
    table |= {(" ".join(w), both): LOW for w in ([A[0], A[1]], [A[1], A[2]], B)}
    table[(doc.text, both)] = (0.9, 0.05, 0.05)
    result, nli = fenice(table, both, alone, j=2)
    combined, single = result.claims
    assert combined.score == pytest.approx(0.85) and combined.premise.granularity == "document"
    assert combined.premise.locations == [Location("a", 0, len(SOURCES[0]["text"])), Location("b", 0, len(SOURCES[1]["text"]))]
    assert single.score == pytest.approx(0.95) and single.premise.locations == [Location("a", 0, len(A[0]))]
    assert result.score == pytest.approx(0.9)
    assert nli.calls == 2 * 5 + 3 + 1  # both claims x 5 sentences, then 3 passages and the document for the low one


def test_every_premise_location_holds_the_premise_sentence_in_its_source():
    table = {(s, c): (0.5 + 0.1 * i, 0.5 - 0.1 * i, 0.0) for i, s in enumerate(A + B) for c in ("c1", "c2")}
    result, _ = fenice(table, "c1", "c2", passages=False)
    by_id = {s["id"]: s["text"] for s in SOURCES}
    for c in result.claims:
        (loc,) = c.premise.locations
        assert by_id[loc.source][loc.start:loc.end] == c.premise.text == B[1]


def test_runner_up_premises_are_located_in_their_sources_too():
    table = {(s, "c1"): (0.5 + 0.1 * i, 0.5 - 0.1 * i, 0.0) for i, s in enumerate(A + B)}
    result, _ = fenice(table, "c1", passages=False)
    by_id = {s["id"]: s["text"] for s in SOURCES}
    runners = result.claims[0].details["runners_up"]
    assert [[loc["source"] for loc in r["locations"]] for r in runners] == [["b"], ["a"], ["a"]]  # B[0], A[2], A[1]
    for r, text in zip(runners, (B[0], A[2], A[1])):
        (loc,) = r["locations"]
        assert by_id[loc["source"]][loc["start"]:loc["end"]] == text
    assert json.loads(json.dumps(result.to_dict()))["claims"][0]["details"]["runners_up"][0]["locations"] == runners[0]["locations"]


def test_fizz_expands_only_inside_the_best_sentences_source():
    fact = "Alice bakes bread."
    table = {(s, fact): (0.4 if s == A[2] else 0.1, 0.5, 0.1 if s == A[2] else 0.4) for s in A + B}
    table[(" ".join(A[1:]), fact)] = (0.7, 0.2, 0.1)
    table[(" ".join(A), fact)] = (0.6, 0.3, 0.1)  # windows of 2 and 3 ending at A[2]; none reaches into b
    scorer = Scorer("fizz", nli=TableNLI(table), extractor=FixedClaims(fact), coref="none", calibration=None,
                    params={"filter": False})
    (r,) = scorer.score(SOURCES, "Alice bakes bread.").claims
    assert r.score == pytest.approx(0.7) and r.premise.granularity == "expanded" and r.premise.sentences == [1, 2]
    assert [loc.source for loc in r.premise.locations] == ["a", "a"]


def test_fulldoc_chunks_one_source_each():
    summary = "Alice runs a bakery."
    table = {(" ".join(A), summary): (0.9, 0.1, 0.0), (" ".join(B), summary): (0.3, 0.6, 0.1)}
    scorer = Scorer("fulldoc", nli=TableNLI(table), calibration=None)
    (unit,) = scorer.score(SOURCES, summary).claims
    assert unit.score == pytest.approx(0.6) and [loc.source for loc in unit.premise.locations] == ["a"] * 3


# --- input forms and bad input ---------------------------------------------------------------------------------

def sent_table(sources, summary, hit=("Alice",)):
    """nli-sent: a summary sentence is entailed by a sentence sharing one of `hit`'s words with it, else neutral."""
    rows = {}
    for text in sources:
        for p in sentence_texts(text):
            for h in sentence_texts(summary):
                rows[(p, h)] = ENTAILED if any(w in p and w in h for w in hit) else NEUTRAL
    return rows


def test_every_input_form_gives_the_same_scores_with_its_ids():
    texts = [s["text"] for s in SOURCES]
    scorer = Scorer("nli-sent", nli=TableNLI(sent_table(texts, "Alice lives in Paris.")), calibration=None)
    results = {
        "str": scorer.score(texts, "Alice lives in Paris."),
        "tuple": scorer.score(tuple(texts), "Alice lives in Paris."),
        "dict": scorer.score(SOURCES, "Alice lives in Paris."),
        "Source": scorer.score([Source(**s) for s in SOURCES], "Alice lives in Paris."),
        "Document": scorer.score(Document.from_sources(SOURCES), "Alice lives in Paris."),
    }
    assert all(r.score == pytest.approx(0.95) for r in results.values())
    assert [r.id for r in results["str"].sources] == ["1", "2"]
    assert results["dict"].sources == [SourceRange("a", 0, len(texts[0]), "About Alice"),
                                       SourceRange("b", len(texts[0]) + 2, len(texts[0]) + 2 + len(texts[1]), url="https://x.test/b")]
    assert results["dict"] == results["Source"] == results["Document"]
    batch = scorer.score_batch([SOURCES, texts[0]], ["Alice lives in Paris.", "Alice lives in Paris."], progress=False)
    assert batch[0] == results["dict"] and batch[1].sources == [] and batch[1].score == pytest.approx(0.95)


@pytest.mark.parametrize("sources, fragment", [
    ([], "the source list is empty"),
    (["Fine.", "   "], "source '2' is empty"),
    ([{"id": "x", "text": "One."}, {"id": "x", "text": "Two."}], "duplicate source id 'x' (sources 1 and 2)"),
    ([{"id": 3, "text": "One."}], "source 1's id must be a non-empty string, not 3"),
    ([{"id": "a", "text": ["One."]}], "source 'a''s text must be a string, not list"),
    ([{"id": "a", "content": "One."}], "source 1 has the unknown key 'content'"),
    ([{"id": "a"}], "source 1 needs a text"),
    ([{"id": "a", "text": "One.", "title": 5}], "source 'a''s title must be a string, not int"),
    ([None], "source 1 is NoneType"),
    (["x" * 600, "y" * 600], "the sources have 1,202 characters in all (2 sources joined), over the document limit of 1,000"),
    (["ok", "bad \ud800 text"], "source '2' holds a lone surrogate"),
])
def test_bad_sources_are_one_line_errors_naming_the_problem(sources, fragment):
    scorer = Scorer("nli-sent", nli=TableNLI({}), calibration=None, max_document_chars=1000)
    with pytest.raises(FactalignError) as err:
        scorer.score(sources, "Alice lives in Paris.")
    assert fragment in str(err.value) and "\n" not in str(err.value)


def test_one_oversized_source_names_the_limit_and_many_sources_run_bounded():
    scorer = Scorer("nli-sent", nli=TableNLI({}), calibration=None)
    limit = r"5,000,000 characters in all \(1 source joined\), over the document limit of 1,000,000, .*--max-chars"
    with pytest.raises(FactalignError, match=limit):
        scorer.score(["x" * 5_000_000], "Alice lives in Paris.")

    class Constant:
        signature, pairs = "constant", 0

        def predict(self, pairs):
            self.pairs += len(pairs)
            return np.tile([0.2, 0.7, 0.1], (len(pairs), 1))

    nli = Constant()
    sources = [f"River {i} is {i} km long." for i in range(2000)]
    result = Scorer("nli-sent", nli=nli, calibration=None).score(sources, "River 7 is 7 km long.")
    assert len(result.sources) == 2000 and nli.pairs <= 32  # the prefilter keeps K = 32 of 2,000 sentences


def test_a_list_summary_is_still_refused_with_a_pointer_to_score_batch():
    with pytest.raises(FactalignError, match="score_batch"):
        Scorer("nli-sent", nli=TableNLI({}), calibration=None).score(["a."], ["b."])


# --- JSON -----------------------------------------------------------------------------------------------------

def test_json_round_trip_with_sources_and_old_json_without_them():
    table = {(s, c): (0.5 + 0.1 * i, 0.5 - 0.1 * i, 0.0) for i, s in enumerate(A + B) for c in ("c1",)}
    result, _ = fenice(table, "c1", passages=False)
    d = json.loads(json.dumps(result.to_dict()))
    assert d["sources"][0] == {"id": "a", "start": 0, "end": len(SOURCES[0]["text"]), "title": "About Alice", "url": None}
    assert d["claims"][0]["premise"]["locations"] == [{"source": "b", "start": len(B[0]) + 1, "end": len(SOURCES[1]["text"])}]
    assert SummaryResult.from_dict(d) == result
    old = {k: v for k, v in d.items() if k != "sources"}
    for c in old["claims"]:
        del c["premise"]["locations"]
    again = SummaryResult.from_dict(old)
    assert again.sources == [] and again.claims[0].premise.locations == []
    assert Premise.from_dict({"sentences": [0], "text": "x", "granularity": "sentence"}).locations == []


def test_one_documents_json_has_neither_sources_nor_locations():
    text = " ".join(A)
    scorer = Scorer("nli-sent", nli=TableNLI(sent_table([text], "Alice lives in Paris.")), calibration=None)
    d = scorer.score(text, "Alice lives in Paris.").to_dict()
    assert "sources" not in d and "locations" not in d["claims"][0]["premise"]
    assert list(d) == ["score", "claims", "method", "signature", "label", "probability", "threshold", "calibration", "decision",
                       "reason", "task", "unsupported_spans"]
    assert list(d["claims"][0]["premise"]) == ["sentences", "text", "granularity", "spans"]


# --- command line ------------------------------------------------------------------------------------------------

SUMMARY = "Alice lives in Paris. The shop sells fish."


@pytest.fixture
def files(tmp_path):
    folder = tmp_path / "passages"
    folder.mkdir()
    (folder / "2-shop.txt").write_text(SOURCES[1]["text"] + "\n")
    (folder / "1-alice.txt").write_text(SOURCES[0]["text"] + "\n")
    (folder / ".hidden").write_text("ignored")
    (tmp_path / "summary.txt").write_text(SUMMARY)
    table = [{"premise": p, "hypothesis": h, "probs": list(v)}
             for (p, h), v in sent_table([s["text"] for s in SOURCES], SUMMARY).items()]
    (tmp_path / "t.json").write_text(json.dumps(table))
    return tmp_path


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def score(files, capsys, *sources, extra=()):
    args = [a for s in sources for a in ("--source", s)]
    return run(capsys, "score", *args, "--summary", files / "summary.txt", "--method", "nli-sent",
               "--nli", f"table:{files / 't.json'}", "--no-cache", "--threshold", "0.5", *extra)


def test_score_with_source_files_and_a_directory_gives_ids_and_local_spans(files, capsys):
    code, out, _ = score(files, capsys, files / "passages" / "1-alice.txt", files / "passages" / "2-shop.txt", extra=["--json"])
    assert code == 0
    by_files = json.loads(out)
    code, out, _ = score(files, capsys, files / "passages", extra=["--json"])
    assert code == 0 and json.loads(out) == by_files
    assert [s["id"] for s in by_files["sources"]] == ["1-alice.txt", "2-shop.txt"]
    assert [c["premise"]["locations"][0]["source"] for c in by_files["claims"]] == ["1-alice.txt", "1-alice.txt"]
    code, out, _ = score(files, capsys, files / "passages")
    assert code == 0 and "1-alice.txt[0:21]" in out and "claim -> the sources at the span" in out


@pytest.mark.parametrize("argv, fragment", [
    (lambda f: ["--document", f / "summary.txt", "--source", f / "passages"], "not both"),
    (lambda f: [], "one of them"),
    (lambda f: ["--source", f / "passages" / "1-alice.txt"] * 2, "duplicate source id '1-alice.txt'"),
    (lambda f: ["--source", f / "empty"], "the directory holds no files"),
    (lambda f: ["--source", f / "passages" / "missing.txt"], "file not found"),
    (lambda f: ["--source", f / "blank.txt"], "source 'blank.txt' is empty"),
])
def test_score_source_errors_are_one_line(files, capsys, argv, fragment):
    (files / "empty").mkdir()
    (files / "blank.txt").write_text("  \n")
    code, _, err = run(capsys, "score", *argv(files), "--summary", files / "summary.txt", "--nli", "table:/nonexistent.json")
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("factalign: error: ") and fragment in lines[0], err


def test_html_lists_the_sources_and_what_each_supports(files, capsys):
    code, _, _ = score(files, capsys, files / "passages", extra=["--html", files / "r.html"])
    page = (files / "r.html").read_text()
    data = json.loads(re.search(r'id="report-data">(.*?)</script>', page, re.S).group(1))
    row = data["rows"][0]
    assert code == 0 and "function sourcesSection" in page
    sources = [(s["id"], s["supports"], s["contradicts"]) for s in row["sources"]]
    assert sources == [("1-alice.txt", [0], []), ("2-shop.txt", [], [])]
    verdicts = {c["text"]: c["verdict"] for c in row["claims"]}
    assert verdicts == {"Alice lives in Paris.": "supported", "The shop sells fish.": "unmentioned"}


def test_report_takes_the_sources_in_place_of_the_document(files, capsys):
    code, out, _ = score(files, capsys, files / "passages", extra=["--json"])
    (files / "r.json").write_text(out)
    code, out, err = run(capsys, "report", files / "r.json", "-o", files / "r.html", "--source", files / "passages",
                         "--summary", files / "summary.txt")
    row = json.loads(re.search(r'id="report-data">(.*?)</script>', (files / "r.html").read_text(), re.S).group(1))["rows"][0]
    assert code == 0, err
    assert row["document"] == SEPARATOR.join(s["text"] + "\n" for s in SOURCES) and [s["id"] for s in row["sources"]] == \
        ["1-alice.txt", "2-shop.txt"]


def test_the_report_calls_contradicted_claims_apart_from_unmentioned_ones():
    from factalign.data import Claim, ClaimResult

    doc = Document.from_sources(SOURCES)

    def claim(text, probs, sentence):
        premise = Premise.of_sentences(doc, [sentence], "sentence")
        premise.locations = doc.locate(premise.spans)
        return ClaimResult(Claim(text, 0), probs[0] - probs[2], probs, premise)

    claims = [claim("Alice lives in Rome.", (0.1, 0.2, 0.7), 0), claim("Alice has a dog.", (0.1, 0.8, 0.1), 0),
              claim("The shop opened in 2010.", (0.9, 0.05, 0.05), 3),
              claim("Alice's shop opened in 2010.", (0.9, 0.05, 0.05), 0)]
    claims[3].premise = Premise.whole(doc)
    claims[3].premise.locations = doc.locate(claims[3].premise.spans)
    result = SummaryResult(0.0, claims, "nli-sent", "method:nli-sent", sources=doc.sources)
    page = build_report([result.to_dict()], [(doc.text, "s")])
    view = json.loads(re.search(r'id="report-data">(.*?)</script>', page, re.S).group(1))["rows"][0]
    verdicts = [c["verdict"] for c in sorted(view["claims"], key=lambda c: c["n"])]
    assert verdicts == ["contradicted", "unmentioned", "supported", "supported"]
    assert [(s["id"], s["supports"], s["supports_jointly"], s["contradicts"]) for s in view["sources"]] == \
        [("a", [], [3], [0]), ("b", [2], [3], [])]


def test_the_terminal_span_names_each_source_or_counts_them():
    p = Premise([0], "x", "sentence", [(0, 5)], [Location("a.txt", 0, 5)])
    assert span_label(p) == "a.txt[0:5]"
    p.locations = [Location("a.txt", 0, 5), Location("a.txt", 6, 9), Location("b.txt", 0, 3)]
    assert span_label(p) == "a.txt[0:9] + b.txt[0:3]"
    p.locations = [Location(f"passage-{i}.txt", 0, 100) for i in range(3)]
    assert span_label(p) == "3 sources"
    assert span_label(Premise([0], "x", "sentence", [(3, 8)])) == "[3:8]"


def test_the_terminal_shows_each_sources_part_of_a_joined_premise_the_one_sharing_the_claims_words_first():
    doc = Document.from_sources([{"id": "history", "text": "The bridge opened in 1937. It links two cities."},
                                 {"id": "paint", "text": "The bridge is painted International Orange."}])
    premise = Premise("document", doc.text, "document", [(0, len(doc.text))], doc.locate([(0, len(doc.text))]))
    claim = ClaimResult(Claim("The bridge is painted orange.", 0, (0, 29)), 0.9, (0.9, 0.1, 0.0), premise)
    assert source_parts(claim, doc.text, doc.sources) == [
        "paint: The bridge is painted International Orange.", "history: The bridge opened in 1937. It links two cities."]
    more = Document.from_sources([f"Passage {i} says the bridge is {'painted orange' if i == 4 else 'long'}." for i in range(5)])
    whole = Premise("document", more.text, "document", [(0, len(more.text))], more.locate([(0, len(more.text))]))
    parts = source_parts(ClaimResult(claim.claim, 0.9, (0.9, 0.1, 0.0), whole), more.text, more.sources)
    assert parts == ["5: Passage 4 says the bridge is painted orange.", "1: Passage 0 says the bridge is long.",
                     "2: Passage 1 says the bridge is long.", "(and 2 more sources; --json lists them)"]
    one = Premise([0], "x", "sentence", [(0, 26)], doc.locate([(0, 26)]))
    assert source_parts(ClaimResult(claim.claim, 0.9, (0.9, 0.1, 0.0), one), doc.text, doc.sources) == []


# --- batch and bench rows --------------------------------------------------------------------------------------

def test_batch_rows_take_sources_beside_documents(files, capsys):
    rows = [{"id": "s", "sources": SOURCES, "summary": SUMMARY},
            {"id": "d", "document": SOURCES[0]["text"], "summary": "Alice lives in Paris."},
            {"id": "both", "document": "x", "sources": ["y"], "summary": SUMMARY},
            {"id": "dup", "sources": [{"id": "2", "text": "x"}, "y"], "summary": SUMMARY},
            {"id": "text", "sources": "not a list", "summary": SUMMARY},
            {"id": "map", "sources": {"id": "a"}, "summary": SUMMARY}]
    (files / "rows.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, _, err = run(capsys, "batch", files / "rows.jsonl", "--output", files / "out.jsonl", "--method", "nli-sent",
                       "--nli", f"table:{files / 't.json'}", "--no-cache", "--quiet", "--html", files / "b.html")
    out = {r["id"]: r for r in map(json.loads, (files / "out.jsonl").read_text().splitlines())}
    assert code == 1 and set(out) == {"s", "d"}
    assert [s["id"] for s in out["s"]["sources"]] == ["a", "b"] and "sources" not in out["d"]
    assert out["s"]["claims"][0]["premise"]["locations"] == [{"source": "a", "start": 0, "end": len(A[0])}]
    assert "rows.jsonl:3: a row takes document or sources, not both" in err
    assert "rows.jsonl:4: duplicate source id '2' (sources 1 and 2)" in err
    assert "rows.jsonl:5: sources is not a JSON list" in err
    assert "rows.jsonl:6: sources must be a list of sources, not dict" in err
    data = json.loads(re.search(r'id="report-data">(.*?)</script>', (files / "b.html").read_text(), re.S).group(1))
    assert [len(r["sources"]) for r in data["rows"]] == [2, 0]


def test_csv_rows_map_a_json_sources_column_with_columns(files, capsys):
    import csv

    with open(files / "rows.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "passages", "summary"])
        w.writerow(["r1", json.dumps([s["text"] for s in SOURCES]), SUMMARY])
    code, _, err = run(capsys, "batch", files / "rows.csv", "--output", files / "out.jsonl", "--columns", "sources=passages",
                       "--method", "nli-sent", "--nli", f"table:{files / 't.json'}", "--no-cache", "--quiet")
    (row,) = map(json.loads, (files / "out.jsonl").read_text().splitlines())
    assert code == 0, err
    assert [s["id"] for s in row["sources"]] == ["1", "2"] and row["score"] == pytest.approx((0.95 + 0.0) / 2)


def test_bench_rows_with_sources(tmp_path):
    rows = [{"id": "r1", "sources": SOURCES, "summary": SUMMARY, "label": 1},
            {"id": "r2", "doc": "Plain text.", "summary": "Plain.", "label": 0}]
    path = tmp_path / "b.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    first, second = load_benchmark(f"jsonl:{path}").examples
    assert first.sources == as_sources(SOURCES) and first.doc == join(first.sources)[0] and first.document == first.sources
    assert second.sources is None and second.document == "Plain text." and "sources" not in first.meta()
    path.write_text(json.dumps({"id": "r3", "sources": [], "summary": "s", "label": 1}) + "\n")
    with pytest.raises(FactalignError, match=r"b.jsonl:1: the source list is empty"):
        load_benchmark(f"jsonl:{path}")


def test_bench_scores_source_rows_end_to_end(files, capsys):
    rows = [{"id": f"r{i}", "sources": SOURCES, "summary": s, "label": label}
            for i, (s, label) in enumerate([(SUMMARY, 0), (A[0], 1), (A[0], 1), (SUMMARY, 0)])]
    (files / "b.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    code = main(["bench", "--data", f"jsonl:{files / 'b.jsonl'}", "--methods", "nli-sent", "--nli", f"table:{files / 't.json'}",
                 "--split", "odd-even", "--out", str(files / "run"), "--quiet", "--no-cache"])
    scores = [json.loads(line) for line in (files / "run" / "scores" / "nli-sent.jsonl").read_text().splitlines()]
    assert code == 0 and [round(s["score"], 3) for s in scores] == [0.475, 0.95, 0.95, 0.475]

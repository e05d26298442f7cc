"""The HTML report without a browser: payload order and offsets, safe embedding, the CLI and its errors."""

import json
import re
from pathlib import Path

import pytest

from factalign.cli import main
from factalign.report import build_report
from factalign.report.html import embed_json
from factalign.text import split_sentences
from tests.report_cases import INJECTION, long_case, scored

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
DOC = ["Moon moved in 2012.", "She learned Tagalog.", "Moon is 23.", "Fans love her."]


def embedded(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page, re.S)
    return json.loads(m.group(1))


def test_unsupported_claims_come_first_with_their_premise_spans():
    result, doc, summ = scored(DOC, ["Moon moved.", "Moon is 24.", "Moon speaks Tagalog."],
                               {0: (0, (0.9, 0.05, 0.05)), 1: (2, (0.3, 0.6, 0.1)), 2: (1, (0.7, 0.2, 0.1))})
    view = embedded(build_report([result], [(doc, summ)], batch=False))["rows"][0]
    assert [c["text"] for c in view["claims"]] == ["Moon is 24.", "Moon speaks Tagalog.", "Moon moved."]
    assert [c["label"] for c in view["claims"]] == ["unsupported", "supported", "supported"]
    first = view["claims"][0]
    (a, b), = first["spans"]
    assert doc[a:b] == "Moon is 23." and first["granularity"] == "sentence" and first["rewritten"] is None
    assert summ[slice(*first["sspan"])] == "Moon is 24."
    assert view["failing"] == 1 and view["range"] == [-1.0, 1.0] and view["threshold"] == 0.5


def test_fenice_runner_ups_are_the_next_best_sentences():
    result, doc, summ = scored(DOC, ["Moon moved in 2012."], {0: (0, (0.9, 0.05, 0.05))}, method="fenice",
                               use_coref=False, passages=False)
    runners = result["claims"][0]["details"]["runners_up"]
    assert [r["sentences"] for r in runners] == [[1], [2], [3]]  # all tie at 0.1 - 0.1 = 0: document order
    view = embedded(build_report([result], [(doc, summ)]))["rows"][0]
    assert [doc[slice(*r["spans"][0])] for r in view["claims"][0]["runners"]] == DOC[1:]


def test_a_rewritten_premise_is_shown_beside_the_documents_text():
    result, doc, summ = scored(DOC, ["Moon moved."], {0: (0, (0.9, 0.05, 0.05))})
    result["claims"][0]["premise"]["text"] = "Natalia Moon moved in 2012."  # as coref would rewrite it
    result["claims"][0]["premise"]["granularity"] = "coref"
    claim = embedded(build_report([result], [(doc, summ)]))["rows"][0]["claims"][0]
    assert claim["rewritten"] == "Natalia Moon moved in 2012." and doc[slice(*claim["spans"][0])] == DOC[0]


def test_a_results_own_decision_is_shown_and_a_report_threshold_labels_only_unlabelled_results():
    result, doc, summ = scored(DOC, ["Moon moved."], {0: (0, (0.4, 0.5, 0.1))}, threshold=0.2)
    result.update(calibration="default:nli-sent", probability=0.81, decision="review")
    data = embedded(build_report([result], [(doc, summ)]))
    view = data["rows"][0]
    assert view["threshold"] == data["threshold"] == 0.2 and view["calibration"] == "default:nli-sent"
    assert view["label"] == "consistent" and view["claims"][0]["label"] == "supported" and view["probability"] == 0.81
    assert view["decision"] == "review"
    # the report's threshold does not relabel a result that carries its own decision (it used to)
    assert embedded(build_report([result], [(doc, summ)], threshold=0.5))["rows"][0]["label"] == "consistent"
    bare, doc, summ = scored(DOC, ["Moon moved."], {0: (0, (0.4, 0.5, 0.1))}, threshold=None)
    view = embedded(build_report([bare], [(doc, summ)], threshold=0.5))["rows"][0]
    assert (view["label"], view["threshold"], view["claims"][0]["label"]) == ("inconsistent", 0.5, "unsupported")


def test_embedded_json_cannot_close_the_script_element():
    text = embed_json({"t": "</script><script>alert(1)</script><!-- ]]> & \u2028"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text)["t"].startswith("</script>")


def test_user_text_stays_text_in_the_page():
    result, doc, summ = long_case(40)
    result["signature"] += INJECTION
    page = build_report([result], [(doc, summ)], title=INJECTION)
    assert page.count("<script") == 2 and "</script><!--" not in page
    head, data = page.split('id="report-data">')
    assert '"onmouseover=' not in head and "&quot;onmouseover=&quot;" in head  # the title, escaped
    assert '\\"onmouseover=\\"' in data  # a quote inside a JSON string
    assert "&lt;script&gt;window.__pwned" in page  # the title, escaped
    assert INJECTION in embedded(page)["rows"][0]["summary"]


CONTROLS = "\x1b[31m\x00\x07\x7f\x85\x9b"  # C0, DEL and C1 controls, an ANSI colour among them


def test_control_characters_never_reach_the_page_raw():
    result, doc, summ = scored(["Moon moved in 2012.", f"She said {CONTROLS} hello."], [f"Moon moved {CONTROLS}."],
                               {0: (0, (0.9, 0.05, 0.05))})
    page = build_report([result], [(doc, summ)], title=f"run {CONTROLS} report")
    assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", page)
    assert "<title>run \\x1b[31m\\x00\\x07\\x7f\\x85\\x9b report</title>" in page  # as the terminal shows them
    assert embedded(page)["rows"][0]["document"] == doc  # the data keeps its text, and its offsets


def test_content_security_policy_allows_exactly_the_inline_script():
    import base64
    import hashlib

    page = build_report(*zip(*[((r := long_case(30))[0], r[1:])]))
    script = re.findall(r"<script>(.*?)</script>", page, re.S)[-1]
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in page and "default-src 'none'" in page


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, err, fragment):
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("factalign: error: ") and fragment in lines[0], err
    assert "Traceback" not in err


def test_report_command_from_a_result_and_its_texts(tmp_path, capsys):
    result, doc, summ = long_case(30)
    (tmp_path / "r.json").write_text(json.dumps(result))
    (tmp_path / "d.txt").write_text(doc)
    (tmp_path / "s.txt").write_text(summ)
    code, out, _ = run(capsys, "report", tmp_path / "r.json", "-o", tmp_path / "r.html",
                       "--document", tmp_path / "d.txt", "--summary", tmp_path / "s.txt")
    assert code == 0 and "(1 row)" in out
    data = embedded((tmp_path / "r.html").read_text())
    assert data["batch"] is False and data["rows"][0]["document"] == doc


def test_report_command_for_a_batch_takes_texts_from_its_rows(tmp_path, capsys):
    rows, inputs = [], []
    for i, probs in enumerate([(0.9, 0.05, 0.05), (0.1, 0.2, 0.7)]):
        result, doc, summ = scored(DOC, ["Moon moved."], {0: (0, probs)})
        rows.append(json.dumps({"id": f"r{i}", **result}))
        inputs.append(json.dumps({"id": f"r{i}", "document": doc, "summary": summ}))
    (tmp_path / "out.jsonl").write_text("\n".join(rows) + "\n")
    (tmp_path / "in.jsonl").write_text("\n".join(inputs) + "\n")
    code, out, _ = run(capsys, "report", tmp_path / "out.jsonl", "-o", tmp_path / "b.html", "--rows", tmp_path / "in.jsonl")
    data = embedded((tmp_path / "b.html").read_text())
    assert code == 0 and data["batch"] is True and [r["id"] for r in data["rows"]] == ["r0", "r1"]
    assert [r["label"] for r in data["rows"]] == ["consistent", "inconsistent"] and data["threshold"] == 0.5


def test_report_reads_frank_style_rows_and_maps_other_names_with_columns(tmp_path, capsys):
    """`report --rows` takes the same --columns as batch: a FRANK row's `doc` reads as is, other names
    get a one-line error naming the row's fields and the mapping, which then works."""
    result, doc, summ = scored(DOC, ["Moon moved."], {0: (0, (0.9, 0.05, 0.05))})
    (tmp_path / "out.jsonl").write_text(json.dumps({"id": "f0", **result}) + "\n")
    (tmp_path / "frank.jsonl").write_text(json.dumps({"id": "f0", "origin": "cnndm", "doc": doc, "summary": summ}) + "\n")
    code, out, _ = run(capsys, "report", tmp_path / "out.jsonl", "-o", tmp_path / "f.html", "--rows", tmp_path / "frank.jsonl")
    assert code == 0 and embedded((tmp_path / "f.html").read_text())["rows"][0]["document"] == doc
    (tmp_path / "cnn.jsonl").write_text(json.dumps({"key": "f0", "article": doc, "highlights": summ}) + "\n")
    code, _, err = run(capsys, "report", tmp_path / "out.jsonl", "-o", tmp_path / "c.html", "--rows", tmp_path / "cnn.jsonl")
    one_line_error(code, err, "cnn.jsonl:1: missing field id, document, summary; the row's fields: key, article, highlights; "
                              "map them with --columns id=key,document=article,summary=highlights")
    code, _, _ = run(capsys, "report", tmp_path / "out.jsonl", "-o", tmp_path / "c.html", "--rows", tmp_path / "cnn.jsonl",
                     "--columns", "id=key,document=article,summary=highlights")
    assert code == 0 and embedded((tmp_path / "c.html").read_text())["rows"][0]["summary"] == summ


def test_score_and_batch_write_html(tmp_path, capsys):
    table = tmp_path / "t.json"
    pairs = []
    for r in map(json.loads, (EXAMPLES / "batch.jsonl").read_text().splitlines()):
        for h in (r["summary"][a:b] for a, b in split_sentences(r["summary"])):
            for p in (r["document"][a:b] for a, b in split_sentences(r["document"])):
                pairs.append({"premise": p, "hypothesis": h, "probs": [0.8, 0.1, 0.1] if h.split()[0] in p else [0.1, 0.6, 0.3]})
    table.write_text(json.dumps(pairs))
    rows = [json.loads(line) for line in (EXAMPLES / "batch.jsonl").read_text().splitlines()]
    (tmp_path / "d.txt").write_text(rows[0]["document"])
    (tmp_path / "s.txt").write_text(rows[0]["summary"])
    code, _, _ = run(capsys, "score", "--document", tmp_path / "d.txt", "--summary", tmp_path / "s.txt", "--method", "nli-sent",
                     "--nli", f"table:{table}", "--threshold", "0.5", "--html", tmp_path / "one.html")
    assert code == 0 and embedded((tmp_path / "one.html").read_text())["rows"][0]["summary"] == rows[0]["summary"]
    code, _, _ = run(capsys, "batch", EXAMPLES / "batch.jsonl", "--output", tmp_path / "o.jsonl", "--method", "nli-sent",
                     "--nli", f"table:{table}", "--quiet", "--html", tmp_path / "all.html")
    data = embedded((tmp_path / "all.html").read_text())
    assert code == 0 and [r["id"] for r in data["rows"]] == [r["id"] for r in rows]
    assert [r["document"] for r in data["rows"]] == [r["document"] for r in rows]


@pytest.mark.parametrize("content, fragment", [
    (None, "file not found"),
    ("", "is empty"),
    ('{"score": ', "not valid JSON"),
    ('{"score": 1}', "is not a factalign result"),
    ("[1, 2]", "expected a list of JSON objects"),
    ("42", "expected a JSON object"),
])
def test_bad_result_files_get_one_line(tmp_path, capsys, content, fragment):
    path = tmp_path / "r.json"
    if content is not None:
        path.write_text(content)
    (tmp_path / "d.txt").write_text("A document.")
    code, _, err = run(capsys, "report", path, "-o", tmp_path / "r.html", "--document", tmp_path / "d.txt",
                       "--summary", tmp_path / "d.txt")
    one_line_error(code, err, fragment)
    assert not (tmp_path / "r.html").exists()


def test_missing_or_wrong_texts_get_one_line(tmp_path, capsys):
    result, doc, summ = long_case(30)
    (tmp_path / "r.json").write_text(json.dumps(result))
    (tmp_path / "short.txt").write_text("Too short.")
    code, _, err = run(capsys, "report", tmp_path / "r.json", "-o", tmp_path / "r.html")
    one_line_error(code, err, "give --document and --summary")
    code, _, err = run(capsys, "report", tmp_path / "r.json", "-o", tmp_path / "r.html",
                       "--document", tmp_path / "short.txt", "--summary", tmp_path / "short.txt")
    one_line_error(code, err, "lies outside its text")
    (tmp_path / "d.txt").write_text(doc)
    (tmp_path / "s.txt").write_text(summ)
    code, _, err = run(capsys, "report", tmp_path / "r.json", "-o", tmp_path / "no-such-dir" / "r.html",
                       "--document", tmp_path / "d.txt", "--summary", tmp_path / "s.txt")
    one_line_error(code, err, "cannot write the report")
    code, _, err = run(capsys, "report", tmp_path / "r.json", "-o", tmp_path / "r.html", "--document", tmp_path / "d.txt")
    one_line_error(code, err, "give both --document and --summary")


def test_the_score_range_comes_from_the_method_registration():
    from factalign.data import SummaryResult
    from factalign.report.payload import score_range

    def result(method, signature):
        return SummaryResult(0.5, [], method, f"method:{method}|{signature}|version:0")

    assert score_range(result("fenice", "T:0.8")) == [-1.0, 1.0]
    assert score_range(result("summac-zs", "use_con:no|original_constraints:no")) == [0.0, 1.0]
    assert score_range(result("summac-zs", "use_con:yes|original_constraints:no")) == [-1.0, 1.0]
    assert score_range(result("not-registered", "x:1")) == [0.0, 1.0]


def test_the_browser_tests_say_why_they_skip_without_chromium(tmp_path):
    """Without chromium on PATH the browser tests skip, and `python -m pytest -q` (the README's command)
    prints the reason and the packages to install, not only a count of skipped tests."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PATH": os.path.dirname(sys.executable)}  # python only: no chromium, no chromedriver
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
                           "tests/test_report_browser.py"], cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "SKIPPED" in proc.stdout and "no browser for the report tests" in proc.stdout
    assert "apt-get install chromium chromium-driver" in proc.stdout


def test_rows_labelled_at_different_thresholds_are_listed_not_reported_as_none():
    from factalign.report.payload import payload

    views = [{"threshold": t, "range": [0.0, 1.0]} for t in (0.8, 0.8, 0.25, None)]
    p = payload(views, None, True)
    assert p["threshold"] is None and p["thresholds"] == [{"threshold": 0.25, "rows": 1}, {"threshold": 0.8, "rows": 2}]
    same = payload(views[:2], None, True)
    assert same["threshold"] == 0.8 and same["thresholds"] == []
    assert payload(views, 0.5, True)["thresholds"] == []  # a threshold given to the report labels every row
    js = (Path(__file__).resolve().parents[1] / "factalign/report/js/main.js").read_text()
    assert "rows are labelled at" in js and "judged by the claim threshold" in js

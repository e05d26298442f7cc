import json

import numpy as np
import pytest

from factalign.bench.data import load_benchmark, parse_columns
from factalign.bench.splits import make_split
from factalign.errors import FactalignError

AGGREFACT_HEADER = "dataset,origin,doc,summary,model_name,label,cut\n"


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def frank_rows(labels):
    return "".join(json.dumps({"id": f"f{i}", "origin": "xsum", "doc": "D.", "summary": "S.", "model_name": "PtGen",
                               "category": "OLD", "label": y, "split": "val", "error_types": [] if y else ["EntE"]}) + "\n"
                   for i, y in enumerate(labels))


def test_frank_jsonl(tmp_path):
    bench = load_benchmark("frank:" + write(tmp_path, "frank.jsonl", frank_rows([1, 0])))
    first, second = bench.examples
    assert (first.id, first.dataset, first.origin, first.category, first.split, first.label) == ("f0", "FRANK", "xsum", "OLD", "val", 1)
    assert second.error_types == ["EntE"] and len(bench.sha256) == 64


def test_aggrefact_csv_reads_cut_and_derives_the_category(tmp_path):
    path = write(tmp_path, "aggre_fact_final.csv", AGGREFACT_HEADER +
                 'FRANK,cnndm,"A doc, with a comma.",A summary.,BART,1,val\nXSumFaith,xsum,Doc.,Sum.,BERTS2S,0,test\n')
    a, b = load_benchmark("aggrefact:" + path).examples
    assert (a.dataset, a.split, a.category, a.doc) == ("FRANK", "val", "SOTA", "A doc, with a comma.")
    assert (b.split, b.category, b.id) == ("test", "EXF", "aggre_fact_final-3")


def test_llm_aggrefact_rows_have_a_claim(tmp_path):
    path = write(tmp_path, "llm.csv", "doc,claim,label\nThe doc.,The claim.,1\n")
    (ex,) = load_benchmark("llm-aggrefact:" + path).examples
    assert (ex.doc, ex.summary, ex.label, ex.split) == ("The doc.", "The claim.", 1, None)


def test_any_file_with_a_column_mapping(tmp_path):
    path = write(tmp_path, "news.jsonl", json.dumps({"key": 7, "article": "A.", "highlights": "H.", "gold": 1.0}) + "\n")
    columns = parse_columns(["doc=article,summary=highlights", "label=gold,id=key"])
    (ex,) = load_benchmark("jsonl:" + path, columns).examples
    assert (ex.id, ex.doc, ex.summary, ex.label) == ("7", "A.", "H.", 1)


def test_graded_labels(tmp_path):
    path = write(tmp_path, "g.csv", "doc,summary,label\nD.,S.,3.5\n")
    assert load_benchmark("csv:" + path, graded=True).examples[0].label == 3.5


@pytest.mark.parametrize("kind, name, text, message", [
    ("aggrefact", "a.csv", "dataset,origin,doc,summary,model_name,label\nX,cnndm,D.,S.,BART,1\n", r"a\.csv:2: missing field cut \(for split\)"),
    ("csv", "b.csv", "doc,summary,label\nD.,S.,2\n", r"b\.csv:2: label '2' is not 0 or 1"),
    ("csv", "c.csv", "doc,summary,label\nD.,S.,yes\n", r"c\.csv:2: label 'yes' is not 0 or 1"),
    ("csv", "d.csv", "doc,summary,label\n", r"d\.csv: no rows"),
    ("csv", "e.csv", "id,doc,summary,label\n1,D.,S.,1\n1,D.,T.,0\n", r"e\.csv: duplicate id '1'"),
    ("csv", "f.csv", "doc,summary,label,split\nD.,S.,1,train\n", r"f\.csv:2: split 'train'"),
])
def test_bad_files_name_the_file_and_the_problem(tmp_path, kind, name, text, message):
    with pytest.raises(FactalignError, match=message):
        load_benchmark(f"{kind}:" + write(tmp_path, name, text))


def test_a_mapped_column_that_is_missing_is_named(tmp_path):
    path = write(tmp_path, "m.jsonl", json.dumps({"doc": "D.", "label": 1}) + "\n")
    with pytest.raises(FactalignError, match=r"m\.jsonl:1: missing field highlights \(for summary\); the row's fields: "
                                             r"doc, label; map it with --columns summary=COLUMN"):
        load_benchmark("jsonl:" + path, {"summary": "highlights"})


def test_bench_reads_a_batch_style_file_and_names_the_fields_of_one_it_cannot_map(tmp_path):
    """`document` is bench's `doc` under batch's name; other names get an error with the mapping to give."""
    path = write(tmp_path, "b.jsonl", json.dumps({"id": "x", "document": "D.", "summary": "S.", "label": 1}) + "\n")
    assert load_benchmark("jsonl:" + path).examples[0].doc == "D."
    path = write(tmp_path, "c.jsonl", json.dumps({"article": "D.", "highlights": "S.", "label": 1}) + "\n")
    with pytest.raises(FactalignError, match=r"c\.jsonl:1: missing field doc; the row's fields: article, highlights, label; "
                                             r"map it with --columns doc=article"):
        load_benchmark("jsonl:" + path)
    mapped = load_benchmark("jsonl:" + path, parse_columns("document=article,summary=highlights")).examples[0]
    assert (mapped.doc, mapped.summary) == ("D.", "S.")


def test_bad_data_spec():
    with pytest.raises(FactalignError, match="KIND:PATH"):
        load_benchmark("xml:x.xml")


def aggrefact(tmp_path, rows):
    bench = load_benchmark("aggrefact:" + write(tmp_path, "agg.csv", AGGREFACT_HEADER + "".join(
        f"FRANK,cnndm,Doc {i}.,Sum {i}.,BART,{y},{cut}\n" for i, (y, cut) in enumerate(rows))))
    return bench


def test_split_by_the_cut_column(tmp_path):
    bench = aggrefact(tmp_path, [(1, "val"), (0, "test"), (0, "val"), (1, "test")])
    (tune, evaluate), = make_split(bench.examples, "auto", 0, bench.path).folds
    assert tune.tolist() == [0, 2] and evaluate.tolist() == [1, 3]


def test_an_empty_split_is_refused(tmp_path):
    bench = aggrefact(tmp_path, [(1, "test"), (0, "test")])
    with pytest.raises(FactalignError, match=r"agg\.csv has only the 'test' split.*--split odd-even, half or kfold"):
        make_split(bench.examples, "auto", 0, bench.path)


def test_one_class_in_a_split_is_refused(tmp_path):
    bench = aggrefact(tmp_path, [(1, "val"), (1, "val"), (0, "test"), (1, "test")])
    with pytest.raises(FactalignError, match=r"agg\.csv: the tuning part has only label 1.*ROC-AUC is undefined with one class"):
        make_split(bench.examples, "auto", 0, bench.path)


def test_odd_even_half_and_kfold_splits(tmp_path):
    bench = load_benchmark("frank:" + write(tmp_path, "frank.jsonl", frank_rows([1, 1, 0, 0] * 5)))
    (tune, evaluate), = make_split(bench.examples, "odd-even", 0, bench.path).folds
    assert tune.tolist() == list(range(0, 20, 2)) and evaluate.tolist() == list(range(1, 20, 2))
    (tune, evaluate), = make_split(bench.examples, "half", 3, bench.path).folds
    again, _ = make_split(bench.examples, "half", 3, bench.path).folds[0]
    assert tune.tolist() == again.tolist() and sorted([*tune, *evaluate]) == list(range(20)) and len(tune) == 10
    folds = make_split(bench.examples, "kfold:4", 0, bench.path).folds
    assert sorted(np.concatenate([e for _, e in folds]).tolist()) == list(range(20))
    assert all(set(t).isdisjoint(e) and len(t) + len(e) == 20 for t, e in folds)
    with pytest.raises(FactalignError, match="--split takes"):
        make_split(bench.examples, "kfold:1", 0, bench.path)


def test_frank_validation_file_needs_an_explicit_split(shared_data):
    bench = load_benchmark(f"frank:{shared_data / 'frank_val.jsonl'}")
    assert len(bench.examples) == 671 and {e.origin for e in bench.examples} == {"cnndm", "xsum"}
    with pytest.raises(FactalignError, match="only the 'val' split"):
        make_split(bench.examples, "auto", 0, bench.path)
    assert len(make_split(bench.examples, "kfold:5", 0, bench.path).folds) == 5

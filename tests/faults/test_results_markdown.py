"""results.md shows names taken from the data as text: no HTML, no broken table cells."""

from factalign.bench.tables import markdown

HOSTILE = "<img src=x onerror=alert(1)>|x"


def results_with(name: str) -> dict:
    cell = {"value": 0.5, "lo": 0.4, "hi": 0.6, "n": 3}
    return {"data": "jsonl:`x`.jsonl", "data_sha256": "0" * 64, "rows": 3, "rows_scored_by_all": 3,
            "level": 0.95, "bootstrap": 1000, "seed": 0, "split": {"description": "d", "rows_evaluated": 3},
            "roc_auc": {name: {name: cell}},
            "balanced_accuracy": {"per_dataset": {name: {name: cell}}, "per_split": {name: {name: cell}}},
            "versus_baseline": {"rows": {}, "test": "bootstrap", "baseline": name},
            "error_types": {name: {name: {"roc_auc": 0.5, "mean_score": 0.1}}},
            "variants": [{"name": name, "errors": 0, "missing": 0, "signature": "a|b"}]}


def test_hostile_dataset_origin_category_and_error_type_names_are_escaped():
    text = markdown(results_with(HOSTILE))
    assert "<img" not in text and ">|x" not in text  # no tag, no pipe that would end the cell
    assert text.count("&lt;img src=x onerror=alert(1)&gt;&#124;x") == 9  # 4 tables: header and row; signatures
    assert "`x`.jsonl" not in text

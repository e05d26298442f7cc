"""`bench --data llm-aggrefact:` prints the LLM-AggreFact leaderboard table; examples/llm-aggrefact/rows.jsonl
holds 12 rows of two datasets whose scores the table NLI beside it gives (p_sup), so every cell is hand-computed."""

import json
from pathlib import Path

import numpy as np
import pytest

from factalign.bench.data import Example
from factalign.bench.leaderboard import leaderboard
from factalign.cli import main
from tests.helpers import needs

needs("sklearn", "scipy")

DATA = Path(__file__).resolve().parents[1] / "examples" / "llm-aggrefact"


def test_the_leaderboard_at_0_5_and_tuned_on_dev(tmp_path, capsys):
    code = main(["bench", "--data", f"llm-aggrefact:{DATA / 'rows.jsonl'}", "--methods", "chunks",
                 "--nli", f"table:{DATA / 'nli.jsonl'},labels=binary", "--out", str(tmp_path),
                 "--quiet", "--no-plots"])
    assert code == 0
    board = json.loads((tmp_path / "results.json").read_text())["leaderboard"]["chunks"]
    # X test: scores .4 .6 | .1 .2 (labels 1 1 | 0 0); at 0.5: TPR 1/2, TNR 1 -> 75; dev (.3: 1, .2: 0) tunes 0.25 -> 100
    # Y test: .9 .68 | .55 .62; at 0.5 every claim passes -> 50; dev (.7: 1, .6: 0) tunes 0.65 -> 100
    assert board["fixed"] == {"X": 0.75, "Y": 0.5, "average": 0.625, "datasets": 2}
    assert board["tuned"] == {"X": 1.0, "Y": 1.0, "average": 1.0, "datasets": 2}
    out = capsys.readouterr().out
    assert "| chunks | 0.5 | 75.0 | 50.0 | 62.5 |" in out and "| chunks | tuned on dev | 100.0 | 100.0 | 100.0 |" in out


def test_a_dataset_with_one_class_reads_n_a_and_the_average_says_so():
    ex = [Example(doc="", summary="", label=y, dataset=d, id=str(i)) for i, (d, y) in enumerate(
        [("A", 1), ("A", 0), ("A", 1), ("A", 0), ("B", 1), ("B", 1), ("B", 1), ("B", 1)])]
    labels = np.array([e.label for e in ex], dtype=float)
    scores = np.array([0.9, 0.1, 0.8, 0.6, 0.7, 0.2, 0.9, 0.9])
    folds = [(np.array([0, 1, 4, 5]), np.array([2, 3, 6, 7]))]
    board = leaderboard(ex, labels, {"m": scores}, folds)["m"]
    assert board["fixed"]["A"] == pytest.approx(0.5) and np.isnan(board["fixed"]["B"])
    assert board["fixed"]["average"] == pytest.approx(0.5) and board["fixed"]["datasets"] == 1


def test_a_directory_of_split_files_as_the_hub_snapshot_lays_them_out(tmp_path):
    from factalign.bench.data import load_benchmark

    rows = [json.loads(line) for line in (DATA / "rows.jsonl").read_text().splitlines()]
    (tmp_path / "data").mkdir()
    for split in ("dev", "test"):
        part = [{k: v for k, v in r.items() if k != "split"} for r in rows if r["split"] == split]
        (tmp_path / "data" / f"{split}-00000-of-00001.jsonl").write_text("".join(json.dumps(r) + "\n" for r in part))
    bench = load_benchmark(f"llm-aggrefact:{tmp_path}")
    assert [(e.split, e.summary) for e in bench.examples] == [("val" if r["split"] == "dev" else "test", r["claim"])
                                                              for r in sorted(rows, key=lambda r: r["split"])]
    assert len({e.id for e in bench.examples}) == len(rows)


def test_the_hub_dataset_unreachable_is_one_line(monkeypatch):
    from factalign.bench.data import load_benchmark
    from factalign.errors import FactalignError

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(FactalignError, match="lytang/LLM-AggreFact") as err:
        load_benchmark("llm-aggrefact:hub")
    assert "\n" not in str(err.value)

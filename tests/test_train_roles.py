"""`roles:N`: templated role-swap pairs for train-nli (factalign/train/roles.py)."""

import hashlib
import json
import random
from collections import Counter

import pytest

from factalign.details.roles import SYMMETRIC
from factalign.errors import FactalignError
from factalign.train.data import LABELS
from factalign.train.mix import load_part, parse_data_spec
from factalign.train.roles import FRAMES, premise_group, role_groups, role_pairs

FRAME = {f.name: f for f in FRAMES}


def test_same_seed_same_pairs_and_another_seed_others():
    digest = hashlib.sha256(json.dumps(role_pairs(50, 13)).encode()).hexdigest()[:16]
    assert digest == "e5d458e1499e5904"
    assert role_pairs(50, 13) == role_pairs(50, 13)
    assert role_pairs(50, 14) != role_pairs(50, 13)


def test_a_result_its_swap_and_its_passives():
    premise, hypotheses = premise_group(FRAME["beat"], random.Random(1))
    assert premise == "Marseille lost 3-2 to Valencia. Celtic beat Germany 2-0."  # with an aside about two others
    assert hypotheses == [
        ("paraphrase", "Celtic beat Germany.", "entailment"),
        ("detail", "Celtic beat Germany 2-0 in October.", "neutral"),
        ("other verb", "Germany has won more titles than Celtic.", "neutral"),
        ("swap", "Germany beat Celtic 2-0.", "contradiction"),
        ("passive", "Germany was defeated 2-0 by Celtic.", "entailment"),
        ("swapped passive", "Celtic was beaten 2-0 by Germany.", "contradiction"),
    ]


def test_plural_agents_take_were_and_a_swap_across_kinds_drops_the_detail():
    premise, hypotheses = premise_group(FRAME["arrest"], random.Random(3))
    assert premise.endswith("Detectives arrested Daniel Kowalski outside the stadium.")
    kinds = {kind: (text, label) for kind, text, label in hypotheses}
    assert kinds["swap"] == ("Daniel Kowalski arrested detectives.", "contradiction")
    assert kinds["passive"] == ("Daniel Kowalski was arrested outside the stadium by detectives.", "entailment")
    assert kinds["swapped passive"] == ("Detectives were detained by Daniel Kowalski.", "contradiction")


def test_a_draw_swapped_is_the_same_draw():
    premise, hypotheses = premise_group(FRAME["draw"], random.Random(2))
    assert premise == "Arsenal drew 0-0 with Everton."
    assert ("swap", "Everton drew 0-0 with Arsenal.", "entailment") in hypotheses
    assert ("negation", "Everton did not draw with Arsenal.", "contradiction") in hypotheses


def test_symmetric_verbs_never_contradict_by_swapping():
    symmetric = {f.name for f in FRAMES if f.symmetric}
    assert symmetric == {"draw", "play", "merge", "partner", "meet", "marry"}
    assert all(f.verb in SYMMETRIC for f in FRAMES if f.symmetric and f.name != "draw")
    assert not any(f.verb in SYMMETRIC for f in FRAMES if not f.symmetric)
    kinds = Counter()
    for frame, _, hypotheses in role_groups(600, 13):
        for kind, _, label in hypotheses:
            kinds[(frame.symmetric, kind, label)] += 1
            if frame.symmetric:
                assert kind not in ("passive", "swapped passive")
                assert (kind == "swap") <= (label == "entailment")
                assert (label == "contradiction") == (kind in ("negation", "clash"))
    assert kinds[(True, "swap", "contradiction")] == 0 and kinds[(True, "swap", "entailment")] > 0
    assert kinds[(False, "swap", "entailment")] == 0 and kinds[(False, "swap", "contradiction")] > 0


def test_labels_are_balanced_and_pairs_distinct():
    groups = role_pairs(300, 13)
    assert len(groups) == 300 and all(len(g) == 6 for g in groups)
    labels = Counter(ex["label"] for g in groups for ex in g)
    assert labels == {label: 600 for label in LABELS}
    assert len({(ex["premise"], ex["hypothesis"]) for g in groups for ex in g}) == 1800
    assert {ex["source"] for g in groups for ex in g} == {"roles"}


def test_spec_parses_and_splits_by_premise():
    assert parse_data_spec("roles:40") == ("roles", 40, None)
    assert parse_data_spec("roles:40@100") == ("roles", 40, 100)
    train, dev = (load_part("roles", 40, part, 0.25, 13) for part in ("train", "dev"))
    assert len(train) + len(dev) == 240 and dev
    assert not {ex["premise"] for ex in train} & {ex["premise"] for ex in dev}


@pytest.mark.parametrize("spec", ["roles:", "roles:many", "roles:0", "roles:-3", "roles:10@x"])
def test_a_bad_roles_spec_is_one_line(spec, capsys):
    with pytest.raises(FactalignError) as error:
        parse_data_spec(spec)
    assert "\n" not in str(error.value) and spec in str(error.value)


def test_prepare_only_holds_the_role_pairs_and_a_teacher_file_without_them_leaves_gold_labels(tmp_path, capsys):
    """A teacher file labelled before roles: existed matches the other pairs only; the role pairs keep no
    probabilities and train towards their one-hot gold label."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from factalign.cli import main
    from factalign.train.teacher import save
    from factalign.train.trainer import _targets

    rows = [{"premise": f"The cat sat on mat {i}.", "hypothesis": "A cat sat.", "label": "entailment"}
            for i in range(20)]
    user = tmp_path / "pairs.jsonl"
    user.write_text("".join(json.dumps(r) + "\n" for r in rows))
    teacher = tmp_path / "teacher.npz"
    save(teacher, rows, [[0.7, 0.2, 0.1]] * len(rows), {"model_id": "older"})
    work = tmp_path / "work"
    assert main(["train-nli", "--base", "unused", "--output", "unused", "--prepare-only", "--work-dir", str(work),
                 "--data", "roles:30", f"jsonl:{user}", "--dev-fraction", "0.2", "--teacher", str(teacher)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    train, dev, made_by = json.loads((work / "examples.json").read_text())
    roles_train = [ex for ex in train if ex["source"] == "roles"]
    jsonl_train = [ex for ex in train if ex["source"] == "jsonl"]
    assert made_by["data"] == ["roles:30", f"jsonl:{user}"]
    assert len(roles_train) + sum(ex["source"] == "roles" for ex in dev) == 180
    assert out[0]["teacher"]["matched"] == len(jsonl_train) and out[0]["teacher"]["pairs"] == 20
    assert out[1]["train"]["roles"] == dict(sorted(Counter(ex["label"] for ex in roles_train).items()))

    from factalign.train.teacher import attach

    taught, _ = attach(train, teacher)
    role, cat = (next(ex for ex in taught if ex["source"] == s) for s in ("roles", "jsonl"))
    assert "probs" not in role and cat["probs"] == pytest.approx([0.7, 0.2, 0.1], abs=1e-3)
    gold = [float(name == role["label"]) for name in LABELS]
    assert _targets([role], 0.5) == [gold]
    assert _targets([cat], 0.5)[0] == pytest.approx([0.85, 0.1, 0.05], abs=1e-3)


def test_cli_refuses_a_bad_roles_spec_in_one_line(tmp_path, capsys):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from factalign.cli import main

    assert main(["train-nli", "--base", "unused", "--output", "unused", "--prepare-only",
                 "--work-dir", str(tmp_path / "w"), "--data", "roles:lots"]) != 0
    err = capsys.readouterr().err
    assert "roles:N[@M] with N a whole number of premises" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1

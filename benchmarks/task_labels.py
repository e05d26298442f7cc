"""How the labels of given calibrations do on a saved `factalign bench` run: each row labelled and decided as
`factalign score` would (calibration.decision.judge_summary: a one-sentence text by the claim part on its weakest
claim where its task judges sentences as claims, every other by the summary rule), without scoring again. A
calibration named `summary` or `answer` is read as that task's; any other name as an answer's. Compares the shipped default of each task, or a
calibration of an earlier commit (`git show REV:factalign/calibration/defaults/summary/fenice.json > old.json`),
on the same rows, per category of the run (WiCE: the claims the house model held out of training, and the others).

    python benchmarks/task_labels.py RUN_DIR METHOD --data wice:../shared/data/wice/claim_dev.jsonl \\
        --calibration summary=factalign/calibration/defaults/summary/fenice.json \\
        --calibration answer=factalign/calibration/defaults/answer/fenice.json

Prints per calibration and category: balanced accuracy of the label beside the best single threshold's on the same
rows (on the score the labels read), the shares of unsupported texts labelled consistent and of supported ones labelled inconsistent, and the
decisions' shares (inconsistent passed, consistent blocked, review).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from decision_bounds import claims_of
from shared_data import given_file

from factalign.bench import metrics  # noqa: E402
from factalign.bench.data import load_benchmark  # noqa: E402
from factalign.calibration.decision import judge_summary  # noqa: E402
from factalign.calibration.model import Calibration  # noqa: E402
from factalign.calibration.tasks import TASKS  # noqa: E402
from factalign.data import Document  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("run", type=Path)
    p.add_argument("method")
    p.add_argument("--data", required=True, help="the run's data, KIND:PATH as for bench")
    p.add_argument("--calibration", action="append", required=True, metavar="NAME=FILE")
    args = p.parse_args()
    kind, _, path = args.data.partition(":")
    given_file(path, "--data")
    rows = {r["id"]: r for r in map(json.loads, (args.run / "scores" / f"{args.method}.jsonl").read_text().splitlines())
            if r.get("score") is not None}
    examples = [e for e in load_benchmark(args.data).examples if e.id in rows]
    labels = np.array([int(e.label) for e in examples])
    scores = np.array([rows[e.id]["score"] for e in examples])
    sentences = [len(Document.from_text(e.summary).sentences) for e in examples]
    print(f"{args.method}: {len(examples)} rows of {args.data} ({sum(n > 1 for n in sentences)} of more than one sentence)")
    print("| calibration | rows | claim threshold | balanced accuracy % | best threshold's % | unsupported labelled "
          "consistent % | supported labelled inconsistent % | inconsistent passed % | consistent blocked % | review % |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, file in (c.split("=", 1) for c in args.calibration):
        cal = Calibration.load(file)
        rule, claim_rule = cal.summary_rule(), cal.claim_rule()
        # a calibration named after a task judges one-sentence texts as that task does; any other as a claim
        as_claim = TASKS[name].sentence_is_claim if name in TASKS else True
        verdicts = [judge_summary(rule, scores[i], claims_of(rows[e.id], claim_rule), claim_rule,
                                  as_claim and sentences[i] == 1) for i, e in enumerate(examples)]
        for part in ("all", *sorted({e.category for e in examples if e.category})):
            idx = np.array([i for i, e in enumerate(examples) if part in ("all", e.category)])
            truth, said = labels[idx], np.array([verdicts[i].label == "consistent" for i in idx], dtype=int)
            outcome = np.array([verdicts[i].outcome for i in idx])
            # the best single threshold on the score the labels read: a one-sentence text's weakest claim where it is
            # judged as a claim, else the text's own score
            unit = np.array([min(c["score"] for c in rows[examples[i].id]["claims"]) if as_claim and sentences[i] == 1
                             else scores[i] for i in idx])
            best = metrics.balanced_accuracy_at(truth, unit, metrics.candidate_thresholds(unit)).max()
            cells = [metrics.balanced_accuracy(truth, said), best, said[truth == 0].mean(), 1 - said[truth == 1].mean(),
                     (outcome[truth == 0] == "pass").mean(), (outcome[truth == 1] == "block").mean(),
                     (outcome == "review").mean()]
            threshold = f"{claim_rule.threshold:.4f}" if claim_rule else "-"
            print(f"| {name} | {part} (n={len(idx)}) | {threshold} | " + " | ".join(f"{100 * c:.1f}" for c in cells) + " |")


if __name__ == "__main__":
    main()

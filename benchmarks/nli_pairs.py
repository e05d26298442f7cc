"""Write the NLI pairs a method asks for on a benchmark, without scoring them with a real model.

For methods whose pairs do not depend on the model's answers (nli-sent, summac-zs: every summary
sentence against every document sentence), the pairs can be labelled elsewhere (a GPU machine, a large
model; `factalign teacher-label`) and replayed with `--nli table:FILE`:

    python benchmarks/nli_pairs.py --data frank:../shared/data/frank_val.jsonl --methods nli-sent,summac-zs \
        --output runs/frank-pairs.jsonl
    factalign teacher-label --checkpoint TEACHER --examples runs/frank-pairs.jsonl --output runs/frank-teacher.npz
    python benchmarks/nli_pairs.py --table runs/frank-pairs.jsonl runs/frank-teacher.npz --output runs/frank-teacher.jsonl
    factalign bench --data frank:../shared/data/frank_val.jsonl --methods nli-sent,summac-zs --nli table:runs/frank-teacher.jsonl ...
"""

import argparse
import json

import numpy as np

import factalign
from factalign.bench.data import load_benchmark


class RecordingNLI:
    """Answers every pair with the same probabilities and remembers the pairs it was asked."""

    signature = "recording"

    def __init__(self):
        self.pairs: dict[tuple[str, str], None] = {}

    def predict(self, pairs):
        for pair in pairs:
            self.pairs[tuple(pair)] = None
        return np.full((len(pairs), 3), 1 / 3)


def write_table(pairs_file: str, probs_file: str, output: str) -> None:
    """The pairs with a teacher's probabilities, as a `table:` NLI file."""
    from factalign.train.data import read_json_lines
    from factalign.train.teacher import load, pair_key

    probs, _ = load(probs_file)
    with open(output, "w", encoding="utf-8") as out:
        for row in read_json_lines(pairs_file):
            p = np.array(probs[pair_key(row["premise"], row["hypothesis"])], dtype=float)
            out.write(json.dumps({"premise": row["premise"], "hypothesis": row["hypothesis"],
                                  "probs": (p / p.sum()).tolist()}) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="a bench data spec, e.g. frank:PATH")
    parser.add_argument("--table", nargs=2, metavar=("PAIRS", "PROBS"),
                        help="instead: write PAIRS with the probabilities of PROBS (teacher-label's .npz) as a table")
    parser.add_argument("--methods", default="nli-sent,summac-zs")
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    if args.table:
        return write_table(*args.table, args.output)
    nli = RecordingNLI()
    rows = load_benchmark(args.data).examples
    for method in args.methods.split(","):
        scorer = factalign.Scorer(method, nli=nli, calibration=None)
        for row in rows:
            scorer.score(row.sources or row.doc, row.summary)
    with open(args.output, "w", encoding="utf-8") as out:
        for premise, hypothesis in nli.pairs:
            out.write(json.dumps({"premise": premise, "hypothesis": hypothesis}) + "\n")
    print(f"{len(nli.pairs)} pairs -> {args.output}")


if __name__ == "__main__":
    main()

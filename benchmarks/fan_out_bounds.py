"""The worst inputs of a few kilobytes known to fan out (issue 61), scored with the shipped defaults: seconds,
claims, NLI pairs and the notes of the caps that cut (factalign/bounds.py, docs/guarantees.md "Bounds on work").

    python benchmarks/fan_out_bounds.py            # each input scored against itself and against a short document
"""

from __future__ import annotations

import argparse
import time

import factalign

SHORT_DOCUMENT = ("The shop sells many widgets and gadgets. Many people attended the council meeting in June, where the "
                  "budget for schools, roads and parks was approved after a long debate.")
WORDS = "the council approved a new budget for schools roads and parks after a long debate with residents".split()


def inputs() -> dict[str, str]:
    return {
        "1,000-item comma list": "The shop sells " + ", ".join(f"item{i} widget" for i in range(1000)) + ".",
        "400 names joined by 'and'": " and ".join(f"Person{i} Smith" for i in range(400)) + " attended the meeting.",
        "one 50,000-character sentence": " ".join(WORDS[(i * 7) % len(WORDS)] for i in range(9000))[:50_000] + ".",
    }


class Counted(factalign.nli.Wrapper):
    """The model as loaded, counting the pairs asked for."""

    def __init__(self, model):
        super().__init__(model)
        self.pairs = 0

    def predict(self, pairs):
        self.pairs += len(pairs)
        return self.model.predict(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--method", default="fenice")
    args = parser.parse_args()
    scorer = factalign.Scorer(args.method, cache=None)
    counted = scorer.nli_model = Counted(scorer.nli_model)
    print("| input | document | seconds | claims | NLI pairs | caps that cut |\n|---|---|---|---|---|---|")
    for name, text in inputs().items():
        for against, document in (("itself", text), ("short", SHORT_DOCUMENT)):
            counted.pairs, started = 0, time.perf_counter()
            result = scorer.score(document, text)
            seconds = time.perf_counter() - started
            caps = "; ".join(n.split("(factalign.bounds.")[-1].rstrip(")") for n in result.notes) or "none"
            print(f"| {name} | {against} | {seconds:.1f} | {len(result.claims)} | {counted.pairs} | {caps} |", flush=True)


if __name__ == "__main__":
    main()

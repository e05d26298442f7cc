"""Issue 37's table of everyday errors, rescored with the shipped default scorer, each beside a faithful paraphrase
of the same source: what a new user sees on short news-style texts.

    python benchmarks/everyday_errors.py [--method fenice] [--role-check on|off] [--detail-check MODE]

Prints one row per summary: the score, label and decision, and the reason of its weakest claim.
"""

from __future__ import annotations

import argparse

from factalign import Scorer
from factalign.details import MODES

CASES = [
    ("role swap",
     "Arsenal beat Chelsea 3-1 at the Emirates on Sunday. Bukayo Saka scored twice for the home side, and the win "
     "lifts Arsenal to second in the table.",
     "Chelsea beat Arsenal 3-1 on Sunday.",
     "Arsenal beat Chelsea 3-1 on Sunday."),
    ("antonym",
     "Orbis said third-quarter revenue was up 8 percent from a year earlier, helped by strong demand in Asia. The "
     "company also raised its forecast for the full year.",
     "Third-quarter revenue fell 8 percent, the company said.",
     "Third-quarter revenue rose 8 percent, the company said."),
    ("negated finding",
     "In the trial, 100 patients received the drug for six months. They did not observe serious side effects, the "
     "researchers reported, though mild headaches were common.",
     "The researchers found that the drug caused serious side effects in 62 of the 100 patients.",
     "The researchers observed no serious side effects in the 100 patients."),
    ("quantifier",
     "The museum reopens on Saturday after a two-year renovation. Entry will remain free for children under 12, "
     "while adults will pay 15 euros.",
     "The museum reopens on Saturday, and entry is free for everyone.",
     "The museum reopens on Saturday, and entry stays free for children under 12."),
    ("number",
     "Kilimanjaro is a dormant volcano in Tanzania whose summit reaches 5,895 metres. Today about 35,000 people "
     "attempt the climb each year.",
     "Around 50,000 climbers try to reach the top every year.",
     "Around 35,000 climbers try to reach the top every year."),
]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--method", default="fenice")
    ap.add_argument("--role-check", choices=("on", "off"), help="as in `factalign score` (default: on)")
    ap.add_argument("--detail-check", choices=tuple(MODES), help="as in `factalign score` (default: its default)")
    args = ap.parse_args(argv)
    scorer = Scorer(args.method, role_check=args.role_check, detail_check=args.detail_check)
    print(f"signature: {scorer.signature}\n")
    print("| error | summary | score | label | decision | weakest claim's reason |\n|---|---|---|---|---|---|")
    for name, document, wrong, faithful in CASES:
        for kind, summary in ((name, wrong), ("faithful", faithful)):
            r = scorer.score(document, summary)
            weakest = min((c for c in r.claims if c.counted), key=lambda c: c.score, default=None)
            reason = weakest.reason if weakest is not None and weakest.reason else ""
            print(f"| {kind} | {summary} | {r.score:.3f} | {r.label} | {r.decision} | {reason} |")


if __name__ == "__main__":
    main()

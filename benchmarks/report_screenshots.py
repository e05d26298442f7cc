"""Screenshots of the HTML report for the docs: the bundled example and batch, scored with the house model.

    python benchmarks/report_screenshots.py [--out docs/figures]

Needs Debian's chromium and chromium-driver and selenium (see .ci/run).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from shared_data import ROOT

from factalign import Scorer  # noqa: E402
from factalign.report import build_report, write  # noqa: E402
from tests.browser import chromium, file_url, missing  # noqa: E402

# more summaries of the batch example's document, right and wrong, so the index has a spread of scores
MORE = ["Natalia Moon became famous on Philippine television.", "Moon was born Natalie Stewart.",
        "Natalia Moon plays a catty maid in the sitcom Ismol Family.", "Moon moved to the Philippines in 2014.",
        "She is fluent in Spanish.", "Natalia Moon is a model who has appeared on magazine covers.",
        "Moon struggled to find acting work in the United States.", "Her fans call her the blonde Filipino.",
        "Natalia Moon starred in Modern Family."]


def size(driver, width: int, height: int) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "figures"))
    args = ap.parse_args()
    if why := missing():
        print(f"cannot take screenshots: {why}", file=sys.stderr)
        return 1
    scorer = Scorer("fenice", nli="house", cache=None)  # the shipped calibration: probabilities and decisions, as a user sees
    document = (ROOT / "examples" / "document.txt").read_text()
    summary = (ROOT / "examples" / "summary.txt").read_text()
    rows = [json.loads(line) for line in (ROOT / "examples" / "batch.jsonl").read_text().splitlines()]
    rows += [{"id": f"extra-{i + 1}", "document": rows[0]["document"], "summary": s} for i, s in enumerate(MORE)]
    results = [{"id": r["id"], **scorer.score(r["document"], r["summary"]).to_dict()} for r in rows]
    out = Path(args.out)
    with tempfile.TemporaryDirectory() as tmp, chromium() as driver:
        single = Path(tmp) / "single.html"
        write(single, build_report([scorer.score(document, summary).to_dict()], [(document, summary)]))
        batch = Path(tmp) / "batch.html"
        write(batch, build_report(results, [(r["document"], r["summary"]) for r in rows], batch=True))

        size(driver, 1280, 760)
        driver.get(file_url(single))
        driver.find_element("css selector", "button.claim").click()
        driver.save_screenshot(str(out / "report-single.png"))

        size(driver, 1000, 900)
        driver.get(file_url(batch))
        driver.save_screenshot(str(out / "report-batch.png"))
    print(f"wrote report-single.png and report-batch.png to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

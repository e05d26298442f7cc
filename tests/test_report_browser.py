"""The HTML report in headless Debian chromium: load time, click and keyboard selection, escaping, batch index."""

import pytest

from factalign.report import build_report, write
from tests.browser import chromium, file_url, missing, wait_until
from tests.report_cases import long_case, scored

WHY = missing()
pytestmark = pytest.mark.skipif(WHY is not None, reason=f"no browser for the report tests: {WHY}")


@pytest.fixture(scope="module")
def browser():
    with chromium(1280, 800) as driver:
        yield driver


@pytest.fixture(scope="module")
def single(tmp_path_factory):
    result, doc, summ = long_case(700)
    path = tmp_path_factory.mktemp("report") / "single.html"
    write(path, build_report([result], [(doc, summ)], batch=False))
    return path, doc


def js(driver, script, *args):
    return driver.execute_script(script, *args)


def highlighted(driver):
    return js(driver, "return [...document.querySelectorAll('#doc .seg.hl')].map(e => e.textContent).join('')")


def in_view(driver, selector):
    """Whether the element is inside both its scrolling document box and the window."""
    return js(driver, """
        const e = document.querySelector(arguments[0]), box = document.getElementById('doc');
        const r = e.getBoundingClientRect(), b = box.getBoundingClientRect();
        return r.top >= b.top && r.bottom <= b.bottom && r.top >= 0 && r.bottom <= window.innerHeight;""", selector)


def claim(driver, text):
    for button in driver.find_elements("css selector", "button.claim"):
        if text in button.find_element("css selector", ".claim-text").text:
            return button
    raise AssertionError(f"no claim {text!r}")


def test_a_700_sentence_document_opens_within_a_second(browser, single):
    path, doc = single
    browser.get(file_url(path))
    ready = float(browser.find_element("tag name", "body").get_attribute("data-ready"))
    loaded = js(browser, "return performance.getEntriesByType('navigation')[0].loadEventEnd")
    assert ready < 1000 and loaded < 1000, (ready, loaded)
    assert js(browser, "return document.getElementById('doc').textContent") == doc
    assert js(browser, "return performance.getEntriesByType('resource').length") == 0  # nothing fetched


def test_clicking_a_claim_highlights_its_premise_and_scrolls_to_it(browser, single):
    path, doc = single
    browser.get(file_url(path))
    first = browser.find_elements("css selector", "button.claim")[0]
    assert "born in New Zealand" in first.text and "unsupported" in first.text  # unsupported first, preselected
    assert highlighted(browser) == "Moon was born Natalie Stewart in Darwin."
    claim(browser, "moved to the Philippines").click()
    assert highlighted(browser) == "Natalia Moon moved to the Philippines in 2012."
    assert in_view(browser, "#doc .seg.hl")
    assert "sentence" in browser.find_element("id", "detail").text
    assert claim(browser, "moved to the Philippines").get_attribute("aria-pressed") == "true"
    claim(browser, "Moon acted").click()
    assert highlighted(browser) == "Moon landed a role in the sitcom Ismol Family." and in_view(browser, "#doc .seg.hl")
    browser.find_elements("css selector", ".summary-text .claim-span")[1].click()  # a summary sentence selects its claim
    assert claim(browser, "born in New Zealand").get_attribute("aria-pressed") == "true"
    assert highlighted(browser) == "Moon was born Natalie Stewart in Darwin." and in_view(browser, "#doc .seg.hl")


def test_keyboard_moves_between_claims(browser, single):
    from selenium.webdriver.common.keys import Keys

    path, _ = single
    browser.get(file_url(path))
    buttons = browser.find_elements("css selector", "button.claim")
    js(browser, "arguments[0].focus()", buttons[0])
    buttons[0].send_keys(Keys.ARROW_DOWN)
    active = browser.switch_to.active_element
    assert active == buttons[1] and active.get_attribute("aria-pressed") == "true"
    assert highlighted(browser) == "Moon landed a role in the sitcom Ismol Family." and in_view(browser, "#doc .seg.hl")
    active.send_keys(Keys.END)
    assert browser.switch_to.active_element == buttons[2]
    assert highlighted(browser) == "Natalia Moon moved to the Philippines in 2012." and in_view(browser, "#doc .seg.hl")
    browser.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)  # tab back to a claim, Enter selects it
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    assert browser.switch_to.active_element == buttons[1] and buttons[1].get_attribute("aria-pressed") == "true"
    assert buttons[2].get_attribute("aria-pressed") == "false"


def test_injected_markup_stays_text_and_never_runs(browser, single):
    from selenium.webdriver.common.action_chains import ActionChains

    path, _ = single
    browser.get(file_url(path))
    target = claim(browser, "Moon acted")
    ActionChains(browser).move_to_element(target).click(target).perform()
    assert js(browser, "return window.__pwned === undefined")
    assert js(browser, "return document.scripts.length") == 2
    assert js(browser, "return document.querySelectorAll('[onmouseover]').length") == 0
    assert '<script>window.__pwned = 1</script> "onmouseover="window.__pwned = 2"' in target.text
    assert "<script>" in browser.find_element("css selector", ".summary-text").text


def test_control_characters_in_texts_show_as_escapes(browser, tmp_path):
    result, doc, summ = scored(["Moon moved in 2012.", "She said \x1b[31m\x85 hello."], ["Moon moved \x1b[2J."],
                               {0: (0, (0.9, 0.05, 0.05))})
    path = tmp_path / "controls.html"
    write(path, build_report([result], [(doc, summ)], title="run \x1b[31m"))
    browser.get(file_url(path))
    wait_until(browser, lambda d: d.find_elements("css selector", "#doc .seg"))
    assert browser.title == "run \\x1b[31m"
    assert js(browser, "return document.getElementById('doc').textContent") == doc.replace("\x1b", "\\x1b").replace("\x85", "\\x85")
    assert "Moon moved \\x1b[2J." in browser.find_element("css selector", ".summary-text").text
    assert not js(browser, "return /[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f]/.test(document.body.textContent)")


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    doc = ["Moon moved in 2012.", "She learned Tagalog.", "Moon is 23."]
    rows, texts = [], []
    for i, e in enumerate([0.9, 0.2, 0.6, 0.05, 0.75]):
        result, d, s = scored(doc, ["Moon moved.", "Moon is 24."], {0: (0, (e, 1 - e, 0.0)), 1: (2, (e / 2, 1 - e / 2, 0.0))})
        rows.append({"id": f"row-{i}", **result, "calibration": "cal-fenice.json"})
        texts.append((d, s))
    path = tmp_path_factory.mktemp("report") / "batch.html"
    write(path, build_report(rows, texts, threshold=0.5, batch=True))
    return path, rows


def index_ids(driver):
    return [a.text for a in driver.find_elements("css selector", "#index-table a.row-link")]


def test_batch_index_sorts_links_to_rows_and_draws_the_threshold(browser, batch):
    path, rows = batch
    browser.get(file_url(path))
    assert index_ids(browser) == [r["id"] for r in rows]
    score_header = browser.find_element("css selector", "button.sort[data-col='2']")
    score_header.click()
    by_score = [r["id"] for r in sorted(rows, key=lambda r: r["score"])]
    assert index_ids(browser) == by_score
    score_header.click()
    assert index_ids(browser) == by_score[::-1]
    hist = browser.find_element("id", "histogram")
    lo, hi = float(hist.get_attribute("data-lo")), float(hist.get_attribute("data-hi"))
    scores = [r["score"] for r in rows]
    assert lo <= min(scores) and max(scores) <= hi and hi - lo < 1.5  # the scores' span, not all of [-1, 1]
    assert js(browser, "return [...document.querySelectorAll('#histogram rect.bar title')]"
                       ".reduce((n, t) => n + parseInt(t.textContent), 0)") == 5  # every summary in some bar
    line = browser.find_element("id", "threshold-line")
    x = float(line.get_attribute("x1"))  # threshold 0.5 where it lies on the axis's own span
    assert x == pytest.approx(40 + (0.5 - lo) / (hi - lo) * (640 - 40 - 10))
    browser.find_element("link text", "row-3").click()
    wait_until(browser, lambda b: "row-3" in b.find_element("id", "crumbs").text)
    assert browser.find_elements("css selector", "button.claim")[0].get_attribute("aria-pressed") == "true"
    footer = browser.find_element("id", "provenance").text
    assert "calibration cal-fenice.json" in footer and "signature method:nli-sent" in footer
    browser.find_element("id", "to-index").click()
    wait_until(browser, lambda b: b.find_element("id", "index-table").is_displayed())


def colours(driver):
    """Each claim's chip colour, by claim text."""
    return js(driver, """return Object.fromEntries([...document.querySelectorAll('button.claim')].map(b =>
        [b.querySelector('.claim-text').textContent, getComputedStyle(b.querySelector('.chip')).backgroundColor]))""")


def test_claims_are_coloured_by_decision_then_probability_then_score(browser, tmp_path):
    """0.70 and 0.95 sit close on the [-1, 1] score scale; a review and a pass must not look alike."""
    doc = ["Moon moved in 2012.", "Moon is 23.", "Moon acts."]
    summary = ["Moon moved.", "Moon is 23 years old.", "Moon acts well."]
    result, d, s = scored(doc, summary, {0: (0, (0.95, 0.05, 0.0)), 1: (1, (0.7, 0.3, 0.0)), 2: (2, (0.1, 0.2, 0.7))},
                          threshold=0.5)
    decided = {**result, "decision": "review", "probability": 0.6,
               "claims": [{**c, "decision": dec, "probability": p}
                          for c, dec, p in zip(result["claims"], ["pass", "review", "block"], [0.9, 0.55, 0.1])]}
    probable = {**result, "claims": [{**c, "probability": p} for c, p in zip(result["claims"], [0.9, 0.2, 0.1])]}
    seen = {}
    for name, row in (("decided", decided), ("probable", probable), ("scored", result)):
        path = tmp_path / f"{name}.html"
        write(path, build_report([row], [(d, s)], batch=False))
        browser.get(file_url(path))
        seen[name] = colours(browser)
        seen[name + " legend"] = browser.find_element("css selector", ".legend").text
    assert seen["decided"] == {"Moon moved.": "rgb(69, 117, 180)", "Moon is 23 years old.": "rgb(254, 224, 144)",
                               "Moon acts well.": "rgb(215, 48, 39)"}  # pass blue, review yellow, block red
    assert "block" in seen["decided legend"] and "review" in seen["decided legend"] and "pass" in seen["decided legend"]
    assert seen["probable"]["Moon is 23 years old."] != seen["probable"]["Moon moved."]  # P 0.2 against 0.9
    assert seen["probable"]["Moon is 23 years old."] == "rgb(245, 122, 79)"  # 0.8 of the way from red to orange
    assert "P(supported)" in seen["probable legend"]
    assert seen["scored"]["Moon moved."] != seen["scored"]["Moon is 23 years old."]  # the threshold 0.5 lies between


def test_the_histogram_spreads_scores_bunched_near_the_threshold_and_splits_bars_by_decision(browser, tmp_path):
    doc = ["Moon moved in 2012."]
    rows, texts = [], []
    for i, e in enumerate([0.86, 0.88, 0.9, 0.905, 0.915, 0.93, 0.95, 0.97]):
        result, d, s = scored(doc, ["Moon moved."], {0: (0, (e, 1 - e, 0.0))}, threshold=0.91)
        decision = "pass" if e >= 0.95 else "review" if e >= 0.9 else "block"
        rows.append({"id": f"r{i}", **result, "decision": decision})
        texts.append((d, s))
    path = tmp_path / "bunched.html"
    write(path, build_report(rows, texts, threshold=0.91, batch=True))
    browser.get(file_url(path))
    hist = browser.find_element("id", "histogram")
    lo, hi, bins = (float(hist.get_attribute(k)) for k in ("data-lo", "data-hi", "data-bins"))
    assert 0.8 < lo < 0.86 and 0.97 < hi < 1.0 and bins >= 20  # bins of under 0.01, not 0.1 over [-1, 1]
    tx = float(browser.find_element("id", "threshold-line").get_attribute("x1"))
    bars = browser.find_elements("css selector", "#histogram rect.bar")
    for b in bars:  # the threshold is a bin edge: no bar straddles it
        x, w = float(b.get_attribute("x")), float(b.get_attribute("width"))
        assert x + w <= tx + 1.01 or x >= tx - 1.01
    kinds = [b.get_attribute("data-kind") for b in bars]
    assert sorted(kinds) == sorted(r["decision"] for r in rows)
    assert "bars split by decision" in browser.find_element("css selector", ".hist figcaption").text

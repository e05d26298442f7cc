"""Each ACUEval prompt (factalign.llm.acueval_prompts) against the paper's text, Figures 5-11.

The paper's text extraction loses the figures' line layout (a blank line after every line, Markdown
hard breaks in Figure 11), so both sides are compared with every run of whitespace collapsed to one
space; words, punctuation and placeholders must match exactly.
"""

import re
from pathlib import Path

import pytest

from factalign.llm import acueval_prompts as prompts

PAPER = Path(__file__).resolve().parents[2] / "shared" / "papers" / "acueval.txt"


@pytest.fixture(scope="module")
def paper() -> str:
    if not PAPER.is_file():
        pytest.skip(f"the ACUEval paper's text is not at {PAPER} (expected ../shared/papers/acueval.txt beside the repo)")
    return PAPER.read_text(encoding="utf-8")


def squash(text: str) -> str:
    return " ".join(text.split())


def figure(paper: str, n: int) -> str:
    """Figure n's body: from the end of the previous figure's caption (Figure 5: from its first shot,
    after the appendix heading "I Refinement Examples") to "Figure n:"."""
    end = paper.index(f"\nFigure {n}:")
    if n == 5:
        start = paper.index("Please breakdown the following passage", paper.index("## I Refinement Examples"))
    else:
        caption = paper.index(f"\nFigure {n - 1}:")
        start = paper.index("\n", caption + 1)
    return squash(paper[start:end])


@pytest.mark.parametrize("n", [5, 6, 7, 8, 9, 10, 11])
def test_each_figure_is_the_papers(paper, n):
    ours = getattr(prompts, f"FIGURE_{n}")
    assert squash(ours) == figure(paper, n)
    assert "\n\n\n" not in ours and ours == ours.strip()


def test_figure_5_keeps_the_figures_spelling_not_the_releases_typos(paper):
    for typo in ("aggresive", "compeition", "provied", "leeatherback", "tutrtle", "  "):
        assert typo not in prompts.FIGURE_5
    assert prompts.FIGURE_5.count("Please breakdown the following passage into independent facts:") == 6


def test_placeholders_are_filled_once():
    doc = "A {{Summary}} in the document."
    text = prompts.verification(doc, "a unit")[0]["content"]
    assert "Passage: A {{Summary}} in the document.\n\nStatement: a unit\n\n" in text
    assert not re.search(r"\{\{(Document|ACU)\}\}", text)
    facts = prompts.refine_with_facts(doc, "S", ["x {{Facts}}", "y"])[0]["content"]
    assert "following facts:\n\n- x {{Facts}}\n- y\n\nThe summary should not include" in facts
    assert "{{Incorrect Atomic Fact" not in facts
    comment = prompts.refine_with_comment("D", "S", "The date is wrong.")[0]["content"]
    assert "Comment:\n\nThe date is wrong.\n\nThe summary should not include" in comment
    statements = prompts.verify_all_at_once("D", "S", ["u1", "u2"])[0]["content"]
    assert "Statements: \nStatement 1: u1\nStatement 2: u2\n\nFor each statement" in statements
    with pytest.raises(KeyError, match="Summary"):
        prompts.fill(prompts.FIGURE_7, Document="D")


def test_refinement_prompts_differ_only_in_the_comment():
    """Appendix H.2: Figures 10 and 11 are the same prompt but for the comment section."""
    head10, _, tail10 = prompts.FIGURE_10.partition("Comment:")
    head11, _, tail11 = prompts.FIGURE_11.partition("Comment:")
    assert head10 == head11
    assert tail10.split("\n\n")[-2:] == tail11.split("\n\n")[-2:]

"""The kinds of text the shipped default calibrations are fitted for, chosen by `--task` (one option with one
meaning in `score`, `batch`, `bench`, `serve`, the Python API and the service's requests).

A method's score ranks texts of every kind, but where its label's threshold belongs depends on the kind: a news
summary paraphrases one article that covers everything it says, while an answer or a claim checked against
retrieved passages or a cited page often says things those passages never address, and its scores spread
differently. So each task has its own default calibration per method (`calibration/defaults/TASK/METHOD.json`),
fitted by benchmarks/make_default_calibration.sh on shared dev data of that kind with the same risk bounds.
`auto`, the default, follows the input: several sources are an answer, one document is a summary.
"""

from __future__ import annotations

from dataclasses import dataclass

from factalign.errors import FactalignError


@dataclass(frozen=True)
class Task:
    name: str
    what: str   # the kind of text, for people
    data: str   # the dev data its default calibrations are fitted on (a bench --data spec under ../shared/data)
    # a one-sentence text is judged as a claim, by the calibration's claim part on its weakest claim: where single
    # claims are this task's texts (WiCE's), not where one-sentence summaries are part of what the summary rule
    # was fitted on (FRANK's XSum summaries: judged by the claim part, 25% of FRANK's inconsistent summaries passed)
    sentence_is_claim: bool


TASKS = {t.name: t for t in (
    Task("summary", "news summaries against their article", "frank:../shared/data/frank_val.jsonl", False),
    Task("answer", "answers and claims against retrieved passages or cited pages",
         "wice:../shared/data/wice/claim_dev.jsonl", True),
)}
AUTO = "auto"
CHOICES = (AUTO, *TASKS)
HELP = (f"which shipped default calibration labels the text: {', '.join(f'{t.name} ({t.what})' for t in TASKS.values())}; "
        f"{AUTO}: answer for several sources, summary for one document (default: {AUTO})")


def parse_task(value: str | None) -> str:
    """`auto` (also for None) or a task's name; anything else is a one-line error naming the choices."""
    if value is None:
        return AUTO
    if not isinstance(value, str) or value.strip() not in CHOICES:
        raise FactalignError(f"task must be one of {', '.join(CHOICES)}, not {value!r}")
    return value.strip()


def candidates(task: str) -> tuple[Task, ...]:
    """The tasks whose calibrations a scorer with this task setting may use."""
    return tuple(TASKS.values()) if task == AUTO else (TASKS[task],)


def task_for(task: str, sources: int) -> Task:
    """The task that labels one input: the one given, or under `auto` the input's own kind."""
    if task != AUTO:
        return TASKS[task]
    return TASKS["answer" if sources > 1 else "summary"]

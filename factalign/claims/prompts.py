"""Claim-extraction prompts of the papers, as chat messages for an OpenAI-compatible endpoint.

Each preset: `messages(text) -> list[dict]`, the unit it is applied to ("sentence" or "summary"),
and whether the summary is coreference-resolved first.

Checked against the papers' text (../shared/papers); every deviation:

* `fenice`: Appendix A, Figure 2 of the paper, verbatim, as one user message. The figure's line
  layout is lost in the text, so each paragraph is one line; the summary follows the final "INPUT:"
  on a new line.
* `fizz`: the 8 shots and system line of the paper's Table 10, in the chat layout of the authors'
  release (zephyr format: system message, user/assistant turns, "\n" before each answer and after
  the input). Where the release and Table 10 differ, the release is kept: the sixth answer reads
  "Collins served as the Command Module Pilot" (Table 10: "the back-up Command Module Pilot"),
  and the fifth shot writes "Sun's" and "Lee's" with a straight apostrophe in the input, the first
  answer and the last answer (Table 10: a curly one throughout). Table 10 shows the prompt as one
  block ("Input Prompt"), not as chat turns.
* `acueval`: the 5-shot prompt of the paper's Figure 5 (`factalign.llm.acueval_prompts.FIGURE_5`,
  whose docstring says how it differs from the authors' release: the figure's corrected spelling,
  the release's line layout).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from factalign.llm import acueval_prompts

# FIZZ (Yang et al., EMNLP 2024, "FIZZ: Factual Inconsistency Detection by Zoom-in Summary and
# Zoom-out Document"): 8-shot atomic-fact decomposition of one (coreference-resolved) sentence,
# in the chat layout of the authors' release (system message, then user/assistant turns).
FIZZ_SYSTEM = "You are a helpful assistant. Please give me a list of atomic facts of the following texts."
FIZZ_SHOTS = [
    ("lisa courtney, of hertfordshire, has spent most of her life collecting pokemon memorabilia.",
     "- Lisa Courtney is from Hertfordshire.\n- Lisa Courtney has spent most of her life collecting Pokémon memorabilia."),
    ("prince jan zylinski said he was fed up with discrimination against poles living in britain.",
     "- Prince Jan Zylinski made a statement.\n- The statement made by Prince Jan Zylinski was about discrimination.\n"
     "- The statement made by Prince Jan Zylinski was regarding Poles living in Britain.\n"
     "- Prince Jan Zylinski expressed feeling fed up with this type of discrimination."),
    ("no charges were filed, there will be no travel ban.",
     "- No charges were filed.\n- There will be no travel ban."),
    ("rudd has pleaded guilty to threatening to kill and possession of drugs in a court.",
     "- Rudd has pleaded guilty.\n- Rudd has pleaded guilty to threatening to kill.\n- Rudd has pleaded guilty to possession of drugs."),
    ("Lee made his acting debut in the film The Moon is the Sun's Dream (1992), and continued to appear in small "
     "and supporting roles throughout the 1990s.",
     "- Lee made his acting debut in The Moon is the Sun's Dream.\n- The Moon is the Sun’s Dream is a film.\n"
     "- The Moon is the Sun’s Dream was released in 1992.\n"
     "- After Lee's acting debut, he appeared in small and supporting roles throughout the 1990s."),
    ("In 1963, Collins became one of the third group of astronauts selected by NASA and he served as the back-up "
     "Command Module Pilot for the Gemini 7 mission.",
     "- Collins became an astronaut.\n- Collins became one of the third group of astronauts selected by NASA in 1963.\n"
     "- Collins served as the Command Module Pilot for the Gemini 7 mission."),
    ("In addition to his acting roles, Bateman has written and directed two short films and is currently in "
     "development on his feature debut.",
     "- Bateman has acting roles.\n- Bateman has written two short films.\n- Bateman has directed two short films.\n"
     "- Bateman is currently in development on his feature debut."),
    ("Michael Collins (born October 31, 1930) is a retired American astronaut and test pilot who was the Command "
     "Module Pilot for the Apollo 11 mission in 1969.",
     "- Michael Collins was born on October 31, 1930.\n- Michael Collins is retired.\n- Michael Collins is an American.\n"
     "- Michael Collins was an astronaut.\n- Michael Collins was a test pilot.\n"
     "- Michael Collins was the Command Module Pilot for the Apollo 11 mission in 1969."),
]


def fizz_messages(sentence: str) -> list[dict]:
    messages = [{"role": "system", "content": FIZZ_SYSTEM}]
    for user, assistant in FIZZ_SHOTS:
        messages += [{"role": "user", "content": user}, {"role": "assistant", "content": "\n" + assistant}]
    return messages + [{"role": "user", "content": sentence + "\n"}]


# ACUEval (Wan et al., 2024, "ACUEval: Fine-grained Hallucination Evaluation and Correction for
# Abstractive Summarization"): the 5-shot "independent facts" prompt of the paper's Figure 5, kept
# with ACUEval's other prompts in factalign.llm.acueval_prompts.
acueval_messages = acueval_prompts.generation


# FENICE (Scirè et al., Findings of ACL 2024), Appendix A, Figure 2: the prompt that produced the
# claims FENICE's T5 extractor was distilled from, verbatim from the paper's text, a single user
# message. Deviations: the figure's line layout is not recoverable from the text, so its paragraphs
# are joined by one newline each, and the summary follows the closing "INPUT:" after one newline.
# The stray closing quote after "space exploration" is the paper's. The reply asked for is
# {'claims': [...]}; the list reader takes the JSON list inside it.
FENICE_PROMPT = """We define a claim as an "elementary information unit in a sentence, which no longer needs to be further split."
For example, given the following sentence: INPUT:
NASA's Perseverance rover has discovered ancient microbial life on Mars according to a recent study published in the journal Science. It established a set of new paradigms for space exploration"
OUTPUT:
{'claims': ["NASA's Perseverance rover discovered ancient microbial life.",
"Ancient microbial life was discovered on Mars.",
"The discovery was made according to a recent study.",
"The study was published in the journal Science.",
"The study established a set of new paradigms for space exploration."]}
Please consider the following recommendations:
If possible, use a noun as the subject in the claim (try to avoid pronouns), such as "The study established a set of new paradigms for space exploration." in the previous example.
Do not generate any novel word, be faithful to the provided input.
Your response must be directly the json, do not add any other text, such as "Here is the output:" and similar. Note that, each fact expressed in the source text must be present in the output.
Now do this task for this input INPUT:
"""


def fenice_messages(text: str) -> list[dict]:
    return [{"role": "user", "content": FENICE_PROMPT + text}]


@dataclass(frozen=True)
class Preset:
    messages: Callable[[str], list[dict]]
    unit: str  # "sentence": one request per summary sentence; "summary": one for the whole summary
    resolve_coref: bool = False


PRESETS = {
    "fenice": Preset(fenice_messages, "summary"),
    "fizz": Preset(fizz_messages, "sentence", resolve_coref=True),
    "acueval": Preset(acueval_messages, "summary"),
}

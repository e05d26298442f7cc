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
* `acueval`: the 5-shot prompt of the paper's Figure 5, as in the authors' release, with its typos
  ("aggresive", "compeition", "provied", "leeatherback tutrtle") and two double spaces ("31,  took",
  "fit on  scales", "against  Whooping"), which the paper's figure has corrected; the figure's
  placeholder "{{Summary}}" is written "{passage}" here and filled with the summary.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable

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
# Abstractive Summarization"): the 5-shot "independent facts" prompt of the authors' release, verbatim
# (its typos included).
ACUEVAL_PROMPT = """Please breakdown the following passage into independent facts: Theme of film is children and features parents talking about their offspring . PM says what he wants for his own children, he wants for every child in UK . Broadcast is first of five to be released over course of election campaign .
- Theme of film is children and features parents talking about their offspring.
- PM says what he wants for his own children, he wants for every child in UK.
- Broadcast is first of five.
- Broadcasts will be released over course of election campaign.

Please breakdown the following passage into independent facts: Chelsea boss Jose Mourinho says Paris Saint-Germain are the most aggressive side his team have played this season . Blues host French giants in Champions League last-16 second leg . Laurent Blanc also claims Chelsea have 'dirty tricks' with Diego Costa . Chelsea have committed more fouls than PSG in the competition so far . David Luiz proved he had a ruthless streak in him in last leg in Paris . Thiago Silva, Marco Verratti and Zlatan Ibrahimovic are other danger men . CLICK HERE for all the latest Chelsea news .
- Jose Mourinho says Paris Saint-Germain are the most aggressive side they've played.
- Paris Saint-Germain are the most aggresive side his team has played this season.
- Jose Mourinho is the Chelsea boss.
- Chelsea are also called the Blues.
- Paris Saint-Germain are French giants.
- Chelsea hosts Paris Saint-Germain.
- The match is in the Champions League.
- The match is in the last-16 second leg.
- Laurent Blanc claims Chelsea have 'dirty tricks'
- The dirty tricks involve Diego Costa.
- Chelsea have committed more fouls than PSG in the compeition so far.
- David Luiz proved he had a ruthless streak in him.
- This ruthless streak was provied in the last leg.
- The last leg was in Paris.
- Thiago Silva is another danger man.
- Marco Verratti is another danger man.
- Zlatan Ibrahimovic is another danger man.
- CLICK HERE for all the latest Chelsea news .

Please breakdown the following passage into independent facts: Riley Hughes died in a Perth hospital at just 32 days old on March 17 . Parents Greg and Catherine Hughes have set up a Facebook page . They want to stop other parents from having to endure the same heartache . Urged parents to immunise kids to stop preventable childhood deaths . Whooping cough is 'highly infectious' and lethal in babies . Immunisation against it is available for children from two months old . In Australia it is the least well controlled of all vaccine-preventable diseases .
- Riley Hughes died
- Riley Hughes died in a Perth hospital
- Riley Hughes died at just 32 days old
- Riley Hughes died on March 17
- Parents Greg have set up a Facebook page
- Catherine Hughes have set up a Facebook page
- The parent want to stop other parents
- The parent want to stop other parents from having to endure the same heartache
- Urged parents to immunise kids
- Urged parents to stop preventable childhood deaths
- Whooping cough is 'highly infectious'
- Whooping cough is lethal
- Whooping cough is lethal in babies.
- Immunisation against  Whooping cough is available
- Immunisation is available for children from two months old
- Whooping cough is the least well controlled
- Whooping cough is the least well controlled of all vaccine-preventable diseases .
- Whooping cough is the least well controlled in Australia

Please breakdown the following passage into independent facts: Marcin Kostrzewa, 31,  took restricted files from flat next-door . Became 'infatuated' with Shane Spencer after finding out about his work . He contacted Polish embassy and tried to sell the papers for PS50,000 . Jailed for four-and-a-half years after jury finds him guilty of burglary .
- Marcin Kostrzewa is 31.
- Marcin Kostrzewa took restricted files.
- The files were from the flat next-door.
- Marcin Kostrzewa became 'infatuated' with Shane Spencer.
- Marcin Kostrzewa was infatuated after finding out about Shane Spencer's work.
- Marcin Kostrzewa contacted the Polish embassy.
- Marcin Kostrzewa tried to sell the papers.
- The price of the papers was £50,000.
- Marcin Kostrzewa was jailed.
- Marcin Kostrzewa was jailed for four-and-a-half years.
- The jury found Marcin Kostrzewa guilty.
- Marcin Kostrzewa was found guilty of burglary.

Please breakdown the following passage into independent facts: Rare leatherback sea turtle was found stranded on a South Carolina beach . Nicknamed Yawkey, the huge creature was so big he didn't fit on  scales . He is now being treated with fluids and antibiotics at a nearby aquarium . Veterinarians believe he may have become stranded after eating plastic . Sea turtles often mistake plastic debris for jellyfish, their favourite food .
- Sea turtle was found stranded on a beach.
- The turtle was a rare leeatherback tutrtle.
- The beach was in South Carolina.
- The turtle was nicknamed Yawkey.
- The huge creature was so big he didn't fit on scales.

Please breakdown the following passage into independent facts: {passage}
"""


def acueval_messages(passage: str) -> list[dict]:
    return [{"role": "user", "content": ACUEVAL_PROMPT.replace("{passage}", passage)}]


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

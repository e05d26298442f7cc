"""ACUEval's prompts (Wan et al., 2024, Findings of ACL), Figures 5-11 of the paper, verbatim.

Each figure is kept as the paper prints it, with its own placeholders ({{Document}}, {{Summary}},
{{ACU}}, {{Comment}}, and Figure 10's list of {{Incorrect Atomic Fact i}}), and filled by `fill`
in one pass (a document that itself contains "{{Summary}}" is not filled twice). Every prompt is
sent as one user message; the authors' release wraps it in StableBeluga's system prompt, which an
OpenAI-compatible server's chat template (or the local backend's) stands in for here.
`tests/test_acueval_prompts.py` pins each figure against ../shared/papers/acueval.txt.

What the text extraction of the paper cannot tell, and how it is read here:

* Line layout. The extraction puts a blank line between every line of a figure (and in Figure 11 a
  Markdown hard break after "Document:" and "Summary:"), so the figures' line breaks are lost. Here
  paragraphs are separated by a blank line, and the lines of a list or of a reply-format block
  (Figure 5's facts, "#####" / "Statement i" / "Fact i" / "...", Figure 10's facts) by one newline;
  Figure 5 has the layout of the authors' release (each passage's facts directly under it, a blank
  line between shots), the one layout the authors published as code. The pinning test compares with
  all whitespace runs collapsed to one space, so layout is the only freedom taken.
* Words. Figure 5 is the paper's figure, not the release's string: the release has the typos
  "aggresive", "compeition", "provied", "leeatherback tutrtle" and double spaces that the figure
  has corrected. Figures 6-11 have no counterpart in the release but Figure 6 (whose layout is the
  release's: a blank line between paragraphs).
* Figure 8's {{ACU}} is filled with the units as "Statement i: <unit>" lines (the paper does not
  show how the list was written; numbering them as the reply format numbers them is our reading).
* Figure 10's facts are listed as "- <fact>" lines, as the figure shows them.
"""

from __future__ import annotations

import re

# Figure 5: ACU generation, 5-shot
FIGURE_5 = """Please breakdown the following passage into independent facts: Theme of film is children and features parents talking about their offspring . PM says what he wants for his own children, he wants for every child in UK . Broadcast is first of five to be released over course of election campaign .
- Theme of film is children and features parents talking about their offspring.
- PM says what he wants for his own children, he wants for every child in UK.
- Broadcast is first of five.
- Broadcasts will be released over course of election campaign.

Please breakdown the following passage into independent facts: Chelsea boss Jose Mourinho says Paris Saint-Germain are the most aggressive side his team have played this season . Blues host French giants in Champions League last-16 second leg . Laurent Blanc also claims Chelsea have 'dirty tricks' with Diego Costa . Chelsea have committed more fouls than PSG in the competition so far . David Luiz proved he had a ruthless streak in him in last leg in Paris . Thiago Silva, Marco Verratti and Zlatan Ibrahimovic are other danger men . CLICK HERE for all the latest Chelsea news .
- Jose Mourinho says Paris Saint-Germain are the most aggressive side they've played.
- Paris Saint-Germain are the most aggressive side his team has played this season.
- Jose Mourinho is the Chelsea boss.
- Chelsea are also called the Blues.
- Paris Saint-Germain are French giants.
- Chelsea hosts Paris Saint-Germain.
- The match is in the Champions League.
- The match is in the last-16 second leg.
- Laurent Blanc claims Chelsea have 'dirty tricks'
- The dirty tricks involve Diego Costa.
- Chelsea have committed more fouls than PSG in the competition so far.
- David Luiz proved he had a ruthless streak in him.
- This ruthless streak was provided in the last leg.
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
- Immunisation against Whooping cough is available
- Immunisation is available for children from two months old
- Whooping cough is the least well controlled
- Whooping cough is the least well controlled of all vaccine-preventable diseases .
- Whooping cough is the least well controlled in Australia

Please breakdown the following passage into independent facts: Marcin Kostrzewa, 31, took restricted files from flat next-door . Became 'infatuated' with Shane Spencer after finding out about his work . He contacted Polish embassy and tried to sell the papers for PS50,000 . Jailed for four-and-a-half years after jury finds him guilty of burglary .
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

Please breakdown the following passage into independent facts: Rare leatherback sea turtle was found stranded on a South Carolina beach . Nicknamed Yawkey, the huge creature was so big he didn't fit on scales . He is now being treated with fluids and antibiotics at a nearby aquarium . Veterinarians believe he may have become stranded after eating plastic . Sea turtles often mistake plastic debris for jellyfish, their favourite food .
- Sea turtle was found stranded on a beach.
- The turtle was a rare leatherback turtle.
- The beach was in South Carolina.
- The turtle was nicknamed Yawkey.
- The huge creature was so big he didn't fit on scales.

Please breakdown the following passage into independent facts: {{Summary}}"""

# Figure 6: ACU verification, zero-shot (variant per-unit)
FIGURE_6 = """Read the passage and the statement. Then, answer whether all the information in the statement can be found in the passage.

Passage: {{Document}}

Statement: {{ACU}}

You are ONLY allowed to answer with Yes or No."""

# Figure 7: BelugaEval, the paper's G-Eval-style rating (method geval)
FIGURE_7 = """In this task you will evaluate the quality of summaries written for a news article.

To correctly solve this task, follow these steps:

1. Carefully read the news article, be aware of the information it contains.
2. Read the summary.
3. Rate each summary on a scale from 1 (worst) to 5 (best) by its consistency.

Definition:

The consistency rating measures how well the facts in the summary are consistent with the facts in the original article. Consider whether the summary does reproduce all facts accurately and does not make up untrue information.

Article:

{{Document}}

Summary:

{{Summary}}

Consistency Score:"""

# Figure 8: VERIFY ALL AT ONCE (variant all-at-once)
FIGURE_8 = """Read the passage and the statement(s). Then, for each statement, answer whether all the information in the statement can be found in the passage.

Passage: {{Document}}

Summary: {{Summary}}

Statements: {{ACU}}

For each statement, you are ONLY allowed to answer with Yes or No and you should reply with the following format:

#####
Statement 1: Yes / No
Statement 2: Yes / No
...
#####

Answer:"""

# Figure 9: ONE PASS (variant one-pass)
FIGURE_9 = """Read the document and the summary. First, break the summary into independent facts. Then, for each fact, answer whether all the information in the fact can be found in the document.

For each fact, you are ONLY allowed to answer with Yes or No and you should reply with the following format:

#####
Fact 1: ... | Yes / No
Fact 2: ... | Yes / No
...
#####

Example:

Document: David Jacques, from the University of Buckingham, made the discovery at Blick Mead in October, and said the carbon dating results had just been confirmed. But he also raised concerns about possible damage to the site over plans to build a road tunnel past Stonehenge. The Department of Transport said it would "consult before any building". The Blick Mead site is about 1.5 miles (2.4km) from Stonehenge and archaeologists said "scientifically tested charcoal" dug up from the site had "revealed that it dated from around 4000 BC". David Jacques said the dig had also found "evidence of feasting" including burnt flints, tools and remains of giant cattle, known as aurochs, which were eaten by early hunter gatherers. Mr Jacques said: "British pre-history may have to be rewritten. This is the latest dated Mesolithic encampment ever found in the UK. "Blick Mead site connects the early hunter gatherer groups returning to Britain after the Ice Age to the Stonehenge area, all the way through to the Neolithic in the late 5th Millennium BC. "But our only chance to find out about the earliest chapter of Britain's history could be wrecked if the tunnel goes ahead." Andy Rhind-Tutt, a former mayor and current chairman of Amesbury Museum, which part-funded the dig, said the discovery could "provide what archaeologists have been searching for centuries - the answer to the story of the pre-history of Stonehenge." Earlier this month, the government announced funding for a 1.8-mile (2.9km) tunnel to remove congestion from the main road past Stonehenge. A Department for Transport spokesman said: "As with any road scheme, we will consult with interested parties before any building begins on the A303. "English Heritage and National Trust are supportive of our plans, and we will ensure sites of cultural or historical significance are safeguarded as we progress with the upgrade."

Summary: Archaeologists have discovered evidence of Britain's earliest known human settlement, dating back 11,500 years, near Stonehenge.

Answer:

Fact 1: Archaeologists have discovered evidence of Britain's earliest known human settlement. | Yes
Fact 2: The settlement dates back 11,500 years. | No
Fact 3: The settlement is located near Stonehenge. | Yes

Input:

Document: {{Document}}

Summary: {{Summary}}

Answer:"""

# Figures 10 and 11 open alike: the document, the summary, then a comment
_REVISE_HEAD = """You will be given a document and a summary. You will then be given a comment on the summary.

Your task is to revise the summary given the comment.

Please make sure you address all the suggestions by only making the least amount of changes.

Document:

{{Document}}

Summary:

{{Summary}}

Comment:

"""

# Figure 10: refinement with the ACUEval-style comment
FIGURE_10 = _REVISE_HEAD + """The summary is not consistent with the source text. The source text does not mention the following facts:

- {{Incorrect Atomic Fact 1}}
- {{Incorrect Atomic Fact 2}}
...
- {{Incorrect Atomic Fact N}}

The summary should not include information that is not present in the article. Please check the document for the correct information and make appropriate edits.

Revised Summary:"""

# Figure 11: refinement with the G-Eval-style comment
FIGURE_11 = _REVISE_HEAD + """{{Comment}}

The summary should not include information that is not present in the article. Please check the document for the correct information and make appropriate edits.

Revised Summary:"""

_PLACEHOLDER = re.compile(r"\{\{(Document|Summary|ACU|Comment|Facts)\}\}")  # Facts: Figure 10's list
# Figure 10's list of incorrect facts, as the figure writes it
FACT_LIST = "- {{Incorrect Atomic Fact 1}}\n- {{Incorrect Atomic Fact 2}}\n...\n- {{Incorrect Atomic Fact N}}"
assert FACT_LIST in FIGURE_10


def fill(template: str, **values: str) -> str:
    """The template with each {{Name}} replaced by values[Name], in one pass."""
    missing = set(_PLACEHOLDER.findall(template)) - set(values)
    if missing:
        raise KeyError(f"no value for {', '.join(sorted(missing))}")
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


def _user(text: str) -> list[dict]:
    return [{"role": "user", "content": text}]


def generation(summary: str) -> list[dict]:
    """Figure 5: the summary -> its atomic content units, one "- " line each."""
    return _user(fill(FIGURE_5, Summary=summary))


def verification(document: str, unit: str) -> list[dict]:
    """Figure 6: is one unit supported by the document? Yes or No."""
    return _user(fill(FIGURE_6, Document=document, ACU=unit))


def verify_all_at_once(document: str, summary: str, units: list[str]) -> list[dict]:
    """Figure 8: all units in one request, answered as "Statement i: Yes/No" lines."""
    statements = "\n" + "\n".join(f"Statement {i}: {u}" for i, u in enumerate(units, 1))
    return _user(fill(FIGURE_8, Document=document, Summary=summary, ACU=statements))


def one_pass(document: str, summary: str) -> list[dict]:
    """Figure 9: units written and verified in one reply, as "Fact i: <unit> | Yes/No" lines."""
    return _user(fill(FIGURE_9, Document=document, Summary=summary))


def rating(document: str, summary: str) -> list[dict]:
    """Figure 7 (BelugaEval, the paper's G-Eval): a 1-5 consistency score, then any continuation."""
    return _user(fill(FIGURE_7, Document=document, Summary=summary))


def refine_with_facts(document: str, summary: str, facts: list[str]) -> list[dict]:
    """Figure 10: revise the summary given the units ACUEval found unsupported."""
    facts_block = "\n".join(f"- {fact}" for fact in facts)
    return _user(fill(FIGURE_10.replace(FACT_LIST, "{{Facts}}"), Document=document, Summary=summary, Facts=facts_block))


def facts_comment(facts: list[str]) -> str:
    """Figure 10's comment section for these facts (what `refine_with_facts` puts under "Comment:")."""
    section = FIGURE_10.split("Comment:\n\n", 1)[1].rsplit("\n\nRevised Summary:", 1)[0]
    return section.replace(FACT_LIST, "\n".join(f"- {fact}" for fact in facts))


def refine_with_comment(document: str, summary: str, comment: str) -> list[dict]:
    """Figure 11: revise the summary given a free-text comment (G-Eval's continuation)."""
    return _user(fill(FIGURE_11, Document=document, Summary=summary, Comment=comment))

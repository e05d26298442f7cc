"""Edits that keep almost every word of a sentence and change what it says (house model v5).

The house model v4 scored word overlap as entailment. Each edit here takes one parsed real sentence and
returns a hypothesis that shares nearly all its words, with a known label; `overlap_pairs` sets each beside
an entailed control of equal overlap (the passive of the same sentence, or the sentence itself):

  passive      "A acquired B" -> "B was acquired by A"                      entailment (the control)
  passive-swap "A acquired B" -> "A was acquired by B"                      contradiction
  factuality   "A plans to build B" / "A could build B" -> "A built B"      neutral
  opposite     a verb of change, outcome or decision reversed ("kept" -> "raised", "approved" -> "rejected")
                                                                            contradiction
  ordinal      "second" -> "third", "largest" -> "second-largest"          contradiction

The edits are written on dependency parses, never on a sentence list: they must apply to any sentence of
the kind. Readings: a plan turned into a deed is labelled neutral, not contradiction (the plan may have
been carried out since); "kept X" against "raised X" is contradiction, as the two cannot both hold of one
period.
"""

from __future__ import annotations

import random

from spacy.tokens import Span

from factalign.train.capabilities import _agent, _inflect, _phrase, _span_text, SYMMETRIC_VERBS
from factalign.train.perturb import _match_case, _render

# verbs of plan, promise, proposal and expectation: "A <verb> to V" does not say that A did V
PLAN_VERBS = frozenset({"plan", "intend", "hope", "aim", "agree", "propose", "seek", "want", "promise",
                        "threaten", "try", "attempt", "offer", "vow", "pledge", "expect", "prepare", "consider",
                        "wish", "decide", "schedule", "set"})
HEDGE_MODALS = frozenset({"could", "may", "might", "would", "can", "should"})
# opposite verbs of change, outcome and decision, by lemma; both directions are used
_OPPOSITES = [
    ("keep", "raise"), ("raise", "cut"), ("increase", "reduce"), ("increase", "cut"), ("rise", "fall"),
    ("grow", "shrink"), ("win", "lose"), ("approve", "reject"), ("accept", "reject"), ("accept", "decline"),
    ("open", "close"), ("hire", "fire"), ("gain", "lose"), ("pass", "fail"), ("succeed", "fail"),
    ("allow", "ban"), ("lift", "impose"), ("grant", "deny"), ("confirm", "deny"), ("expand", "reduce"),
    ("strengthen", "weaken"), ("support", "oppose"), ("join", "leave"), ("launch", "cancel"),
    ("start", "stop"), ("add", "remove"), ("acquit", "convict"), ("improve", "worsen"), ("extend", "shorten"),
    ("import", "export"), ("appoint", "dismiss"), ("include", "omit"), ("begin", "end"), ("enter", "exit"),
    ("buy", "sell"), ("borrow", "lend"), ("attack", "defend"), ("release", "arrest"), ("resume", "suspend"),
]
OPPOSITES: dict[str, list[str]] = {}
for _a, _b in _OPPOSITES:
    OPPOSITES.setdefault(_a, []).append(_b)
    OPPOSITES.setdefault(_b, []).append(_a)
ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
SUPERLATIVE_RANKS = ("second", "third")


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _simple_transitive(sent: Span):
    """(subject, object, verb) of a past-tense active main verb whose subject and object are agents,
    with the subject right before the verb and the object right after it; else None."""
    root = sent.root
    if root.pos_ != "VERB" or root.tag_ != "VBD" or root.lemma_.lower() in SYMMETRIC_VERBS:
        return None
    if any(c.dep_ in ("aux", "auxpass", "neg") for c in root.children):
        return None
    subject = next((c for c in root.children if c.dep_ == "nsubj"), None)
    obj = next((c for c in root.children if c.dep_ == "dobj"), None)
    if subject is None or obj is None or not (_agent(subject) and _agent(obj)):
        return None
    first, second = _phrase(subject), _phrase(obj)
    if not first or not second or first[-1].i + 1 != root.i or second[0].i != root.i + 1:
        return None
    if any(t.pos_ in ("VERB", "AUX", "PRON") for t in [*first, *second]):
        return None
    return first, second, root


def _passive(sent: Span, swap: bool) -> str | None:
    found = _simple_transitive(sent)
    if found is None:
        return None
    first, second, root = found
    participle = _form(root.lemma_.lower(), "VBN")
    if not participle:
        return None
    offset = sent.start_char
    a0, a1 = (x - offset for x in _span_text(first))
    b0, b1 = (x - offset for x in _span_text(second))
    body = sent.text
    agent, patient = body[a0:a1], body[b0:b1]
    if swap:
        agent, patient = patient, agent
    if not swap and first[0].pos_ != "PROPN" and a0 == 0:
        agent = agent[:1].lower() + agent[1:]  # "The council sued X" -> "X was sued by the council"
    # a name is singular even when it reads plural ("Bolt Systems was acquired")
    plural = (second if not swap else first)[-1].tag_ == "NNS"
    be = "were" if plural else "was"
    out = body[:a0] + _capitalised(patient) if a0 == 0 else body[:a0] + patient
    return f"{out} {be} {participle} by {agent}{body[b1:]}"


def _form(lemma: str, tag: str) -> str | None:
    """`lemma` inflected to the Penn tag `tag` ("VBN": acquired, "VBD": built), via lemminflect."""
    from lemminflect import getInflection

    forms = getInflection(lemma, tag=tag)
    return forms[0] if forms else None


def passive(sent: Span) -> str | None:
    return _passive(sent, swap=False)


def passive_swap(sent: Span) -> str | None:
    return _passive(sent, swap=True)


def _past(tok) -> str | None:
    return _form(tok.lemma_.lower(), "VBD")


def factuality(sent: Span) -> str | None:
    """A planned, promised, expected or possible event stated as done: "A plans to build B" -> "A built B",
    "A is expected to open B" -> "A opened B", "A could face B" -> "A faced B"; in the main clause or in
    the clause a reporting verb governs ("X said A could face B")."""
    clauses = [sent.root, *(t for t in sent.root.children if t.dep_ == "ccomp")]
    return next((edited for root in clauses if (edited := _factuality_of(sent, root))), None)


def _factuality_of(sent: Span, root) -> str | None:
    if root.pos_ not in ("VERB", "AUX") or any(c.dep_ == "neg" for c in root.children):
        return None
    if root.lemma_.lower() in PLAN_VERBS:
        action = next((c for c in root.children if c.dep_ == "xcomp" and c.pos_ == "VERB" and c.tag_ == "VB"), None)
        if action is None or any(c.dep_ == "neg" for c in action.children):
            return None
        past = _past(action)
        if not past:
            return None
        drop = {t.i for t in sent if root.i <= t.i < action.i or (t.head == root and t.dep_ in ("aux", "auxpass"))}
        drop |= {t.i for t in root.children if t.dep_ in ("aux", "auxpass", "advmod") and t.i < root.i}
        return _render(sent, {action.i: past}, frozenset(drop))
    modal = next((c for c in root.children if c.dep_ == "aux" and c.lower_ in HEDGE_MODALS), None)
    if modal is None or root.tag_ != "VB" or root.pos_ != "VERB":
        return None
    past = _past(root)
    if not past or any(c.dep_ in ("aux", "auxpass") and c.i != modal.i for c in root.children):
        return None
    return _render(sent, {root.i: past}, frozenset({modal.i}))


def opposite(sent: Span, rng: random.Random) -> str | None:
    """The main verb (or a verb it coordinates) replaced by its opposite of change, outcome or decision."""
    verbs = [sent.root, *(t for t in sent if t.dep_ == "conj" and t.head == sent.root and t.pos_ == "VERB")]
    for verb in verbs:
        choices = OPPOSITES.get(verb.lemma_.lower())
        if verb.pos_ != "VERB" or not choices:
            continue
        form = _inflect(rng.choice(choices), verb)
        if form:
            return _render(sent, {verb.i: _match_case(form, verb.text)})
    return None


def ordinal(sent: Span, rng: random.Random) -> str | None:
    """An ordinal replaced by another ("second" -> "fourth"), or a superlative given a rank
    ("the largest" -> "the second-largest") or losing it ("the third-largest" -> "the largest")."""
    for tok in sent:
        word = tok.lower_
        if word in ORDINALS and tok.i + 1 < sent.end and sent.doc[tok.i + 1].text == "-":
            following = sent.doc[tok.i + 2] if tok.i + 2 < sent.end else None
            if following is not None and following.tag_ == "JJS":  # "third-largest" -> "largest"
                return _render(sent, {tok.i: ""}, frozenset({tok.i, tok.i + 1}))
        if word in ORDINALS and (tok.ent_type_ == "ORDINAL" or tok.pos_ in ("ADJ", "NUM")):
            index = ORDINALS.index(word)
            others = [o for k, o in enumerate(ORDINALS[:6]) if k != index]
            return _render(sent, {tok.i: _match_case(rng.choice(others), tok.text)})
        if tok.tag_ == "JJS" and tok.i > sent.start and sent.doc[tok.i - 1].lower_ == "the" and tok.lower_.endswith("est"):
            return _render(sent, {tok.i: f"{rng.choice(SUPERLATIVE_RANKS)}-{tok.lower_}"})
    return None

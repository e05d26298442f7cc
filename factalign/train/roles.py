"""`roles:N` pairs for house model v4: N templated premises about who did what to whom, six
hypotheses each, two of every label.

The `capabilities:` family finds only ~160 role swaps in encyclopaedic text (two agents around one verb are
rare there), so these come from templates: sports results, business deals, news and everyday frames (`FRAMES`),
each with entity kinds that fit it (teams, companies, people, officials, police). For a premise "A beat B 3-1."
of an asymmetric frame:

  swap              "B beat A 3-1."                       contradiction
  passive           "B was beaten 3-1 by A."              entailment
  swapped passive   "A was beaten by B."                  contradiction
  paraphrase        "B lost to A." (same roles, shorter)  entailment
  detail            "A beat B 3-1 on Saturday."           neutral (a time the premise does not give)
  other verb        "A signed a striker from B."          neutral (the same two entities, a thing not said)

A symmetric frame ("met", "played", "drew with": factalign.details.roles.SYMMETRIC, and `SYMMETRIC_PHRASES`)
never yields a contradiction by swapping: its swap and its paraphrase ("A and B met.") are entailments, its two
contradictions are a negation ("B did not meet A.") and, where the frame has one, a clash ("A beat B." against a
draw), or the other negation. A premise sometimes carries a second, unrelated sentence about two other entities.

Nothing is read from disk: the pairs are a function of N and the seed alone. The capability suite
(benchmarks/capabilities/) makes its role swaps from corpus sentences, so none of its items is a template here.
A teacher file made before this source (recipes/teacher-mpnet-v4.npz) covers none of these pairs: with
`train-nli --teacher` they train on their gold labels alone (teacher.attach).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from factalign.details.roles import SYMMETRIC
from factalign.train.data import example

SOURCE = "roles"
# symmetric phrasal verbs whose bare verb is not ("drew with Y" is, "drew a map" is not: roles.SYMMETRIC has no "draw")
SYMMETRIC_PHRASES = frozenset({"draw with"})

_FIRST = "Maria|Tom|Aisha|Daniel|Priya|Lucas|Fatima|Owen|Elena|Samuel|Grace|Yusuf|Hannah|Marco|Chloe"
_LAST = "Lopez|Baker|Okafor|Chen|Novak|Patel|Schmidt|Moreau|Kowalski|Haddad|Silva|Larsen|Reyes|Tanaka|Byrne"
_NAMES = {
    "team": """Chelsea|Arsenal|Liverpool|Everton|Celtic|Rangers|Ajax|Porto|Benfica|Juventus|Napoli|Lazio|Sevilla|
               Valencia|Lyon|Marseille|Brazil|Argentina|France|Germany|Spain|Italy|Japan|Mexico|Nigeria|Ghana""",
    "company": """Harlow Systems|Brightline Energy|Vantage Foods|Kestrel Airlines|Meridian Bank|Oakridge Pharma|
                  Tidewater Shipping|Summit Media|Pioneer Steel|Bluefin Software|Crescent Motors|Ironbridge Capital|
                  Lumen Labs|Northgate Retail|Redwood Telecom|Silverline Insurance|Atlas Logistics|Halcyon Games""",
    # 30 people: each first name with two last names
    "person": "|".join(f"{first} {last}" for shift in (0, 5) for first, last in
                       zip(_FIRST.split("|"), (_LAST.split("|") * 2)[shift:])),
    "official": """the mayor|the governor|the prime minister|the health minister|Senator Reyes|the judge|
                   the party leader|the union leader|the chief executive|the ambassador|President Novak""",
    "police": "police|detectives|officers|federal agents|the FBI|border guards",
}
ENTITIES = {kind: [e.strip() for e in names.split("|")] for kind, names in _NAMES.items()}
PLURAL = frozenset({"police", "detectives", "officers", "federal agents", "border guards"})
TIMES = ["on Saturday", "on Tuesday night", "in March", "last year", "in 2019", "in the spring", "two years ago",
         "in October", "last week", "on Monday morning"]


@dataclass(frozen=True)
class Frame:
    """A relation between an agent {a} and a patient {p}, with {d} where its optional detail goes and {was}
    agreeing with the subject of a passive; `verb` is its lemma (symmetric when in SYMMETRIC)."""

    name: str
    domain: str
    verb: str
    agents: str
    patients: str
    actives: tuple[str, ...]
    details: tuple[str, ...]
    passives: tuple[str, ...] = ()      # asymmetric frames: same roles in the passive
    paraphrases: tuple[str, ...] = ()   # entailed, same roles; default the other actives
    negations: tuple[str, ...] = ()     # symmetric frames: contradictions whatever the order
    clashes: tuple[str, ...] = ()       # symmetric frames: contradictions of another relation

    @property
    def symmetric(self) -> bool:
        return self.verb in SYMMETRIC or self.verb in SYMMETRIC_PHRASES


def _frame(name, domain, verb, agents, patients, actives, details, **rest) -> Frame:
    return Frame(name, domain, verb, agents, patients, tuple(actives), ("",) + tuple(details),
                 **{k: tuple(v) for k, v in rest.items()})


SCORES = (" 3-1", " 2-0", " 1-0", " 2-1", " 4-2", " 3-2")
FRAMES = [
    # sports
    _frame("beat", "sports", "beat", "team", "team", ["{a} beat {p}{d}", "{a} defeated {p}{d}", "{p} lost{d} to {a}"],
           SCORES, passives=["{p} {was} beaten{d} by {a}", "{p} {was} defeated{d} by {a}"],
           paraphrases=["{a} beat {p}", "{a} won against {p}", "{p} lost to {a}", "{a} got the better of {p}"]),
    _frame("thrash", "sports", "thrash", "team", "team", ["{a} thrashed {p}{d}", "{a} hammered {p}{d}"],
           (" 5-0", " 6-1", " 4-0", " 7-2"), passives=["{p} {was} thrashed{d} by {a}", "{p} {was} hammered{d} by {a}"],
           paraphrases=["{a} beat {p}", "{p} lost heavily to {a}", "{a} won easily against {p}"]),
    _frame("knock-out", "sports", "knock", "team", "team", ["{a} knocked {p} out of the cup{d}"],
           (" on penalties", " with a late goal", " in the quarter-finals"),
           passives=["{p} {was} knocked out of the cup{d} by {a}", "{p} {was} eliminated from the cup by {a}"],
           paraphrases=["{a} eliminated {p} from the cup", "{p} went out of the cup against {a}"]),
    _frame("draw", "sports", "draw with", "team", "team", ["{a} drew{d} with {p}"], (" 1-1", " 0-0", " 2-2"),
           paraphrases=["{a} and {p} drew{d}", "{p} and {a} drew{d}", "{p} drew{d} with {a}"],
           negations=["{a} did not draw with {p}", "{p} did not draw with {a}"],
           clashes=["{a} beat {p}", "{p} beat {a}", "{a} lost to {p}"]),
    _frame("play", "sports", "play", "team", "team", ["{a} played {p}{d}"],
           (" in the final", " in a friendly", " at Wembley", " in the league"),
           paraphrases=["{p} played {a}{d}", "{a} and {p} played each other{d}", "{p} faced {a}{d}"],
           negations=["{a} did not play {p}", "{p} did not play {a}", "{a} and {p} never played each other"]),
    # business
    _frame("acquire", "business", "acquire", "company", "company", ["{a} acquired {p}{d}", "{a} bought {p}{d}",
           "{a} took over {p}{d}"], (" for $2.1 billion", " for $450 million", " in a $3 billion deal"),
           passives=["{p} {was} acquired by {a}{d}", "{p} {was} bought by {a}{d}", "{p} {was} taken over by {a}"],
           paraphrases=["{a} bought {p}", "{a} now owns {p}", "{p} is now owned by {a}"]),
    _frame("sue", "business", "sue", "company", "company", ["{a} sued {p}{d}", "{a} took {p} to court{d}"],
           (" over a patent", " for breach of contract", " over unpaid fees"),
           passives=["{p} {was} sued by {a}{d}", "{p} {was} taken to court by {a}{d}"],
           paraphrases=["{a} filed a lawsuit against {p}", "{a} brought a case against {p}"]),
    _frame("overtake", "business", "overtake", "company", "company", ["{a} overtook {p}{d}"],
           (" in sales", " as the country's largest employer", " in market value"),
           passives=["{p} {was} overtaken{d} by {a}"],
           paraphrases=["{a} moved ahead of {p}{d}", "{p} fell behind {a}{d}"]),
    _frame("outbid", "business", "outbid", "company", "company", ["{a} outbid {p}{d}"],
           (" for the contract", " for the licence", " for the airport deal"),
           passives=["{p} {was} outbid{d} by {a}"], paraphrases=["{a} made a higher offer than {p}{d}"]),
    _frame("hire", "business", "hire", "company", "person", ["{a} hired {p}{d}", "{a} recruited {p}{d}"],
           (" as chief executive", " as finance director", " as a consultant"),
           passives=["{p} {was} hired{d} by {a}", "{p} {was} recruited{d} by {a}"],
           paraphrases=["{a} gave {p} a job{d}", "{p} joined {a}{d}"]),
    _frame("merge", "business", "merge", "company", "company", ["{a} merged with {p}{d}"],
           (" to form a new group", " after months of talks"),
           paraphrases=["{a} and {p} merged{d}", "{p} merged with {a}{d}", "{p} and {a} combined{d}"],
           negations=["{a} did not merge with {p}", "{p} never merged with {a}", "{a} and {p} called off their merger"]),
    _frame("partner", "business", "partner", "company", "company", ["{a} partnered with {p}{d}"],
           (" on electric cars", " to build a data centre", " on a new app"),
           paraphrases=["{p} partnered with {a}{d}", "{a} and {p} formed a partnership{d}"],
           negations=["{a} did not partner with {p}", "{p} never partnered with {a}"]),
    # news
    _frame("arrest", "news", "arrest", "police", "person", ["{a} arrested {p}{d}", "{a} detained {p}{d}"],
           (" at the airport", " outside the stadium", " in Leeds"),
           passives=["{p} {was} arrested{d} by {a}", "{p} {was} detained{d} by {a}"],
           paraphrases=["{a} took {p} into custody", "{p} {was} taken into custody by {a}"]),
    _frame("interview", "news", "interview", "person", "official", ["{a} interviewed {p}{d}"],
           (" for the evening news", " about the budget", " on the radio"),
           passives=["{p} {was} interviewed{d} by {a}"], paraphrases=["{p} gave an interview to {a}{d}"]),
    _frame("criticise", "news", "criticise", "official", "person", ["{a} criticised {p}{d}", "{a} condemned {p}{d}"],
           (" over the delays", " for the leaked report", " in a speech"),
           passives=["{p} {was} criticised{d} by {a}", "{p} {was} condemned{d} by {a}"],
           paraphrases=["{a} spoke out against {p}{d}", "{p} came under fire from {a}{d}"]),
    _frame("endorse", "news", "endorse", "official", "person", ["{a} endorsed {p}{d}", "{a} backed {p}{d}"],
           (" for the leadership", " in the election", " for a second term"),
           passives=["{p} {was} endorsed{d} by {a}", "{p} {was} backed{d} by {a}"],
           paraphrases=["{a} gave {p} their support{d}", "{p} won the support of {a}"]),
    _frame("fine", "news", "fine", "official", "company", ["{a} fined {p}{d}"],
           (" $2 million", " for polluting the river", " over safety failures"),
           passives=["{p} {was} fined{d} by {a}"], paraphrases=["{a} imposed a fine on {p}", "{p} had to pay a fine to {a}"]),
    _frame("meet", "news", "meet", "official", "official", ["{a} met {p}{d}"],
           (" in Geneva", " for talks", " at a summit"),
           paraphrases=["{p} met {a}{d}", "{a} and {p} met{d}", "{p} and {a} held talks"],
           negations=["{a} did not meet {p}", "{p} never met {a}", "{a} and {p} have never met"]),
    # everyday and social
    _frame("pay", "social", "pay", "person", "person", ["{a} paid {p}{d}"], (" $500", " for the repairs", " in cash"),
           passives=["{p} {was} paid{d} by {a}"], paraphrases=["{p} received a payment from {a}", "{p} got money from {a}"]),
    _frame("call", "social", "call", "person", "person", ["{a} called {p}{d}", "{a} phoned {p}{d}"],
           (" from the hospital", " about the rent", " from the station"),
           passives=["{p} {was} called{d} by {a}", "{p} {was} phoned{d} by {a}"],
           paraphrases=["{p} got a call from {a}{d}", "{a} rang {p}"]),
    _frame("visit", "social", "visit", "person", "person", ["{a} visited {p}{d}"], (" in hospital", " at home", " in prison"),
           passives=["{p} {was} visited{d} by {a}"], paraphrases=["{a} went to see {p}{d}", "{p} had a visit from {a}{d}"]),
    _frame("teach", "social", "teach", "person", "person", ["{a} taught {p}{d}"], (" to drive", " French", " to swim"),
           passives=["{p} {was} taught{d} by {a}"], paraphrases=["{p} learnt{d} from {a}", "{p} took lessons from {a}"]),
    _frame("rescue", "social", "rescue", "person", "person", ["{a} rescued {p}{d}", "{a} saved {p}{d}"],
           (" from the river", " from a burning car", " from the flood"),
           passives=["{p} {was} rescued{d} by {a}", "{p} {was} saved{d} by {a}"], paraphrases=["{a} came to the rescue of {p}"]),
    _frame("employ", "social", "hire", "person", "person", ["{a} hired {p}{d}", "{a} employed {p}{d}"],
           (" as a gardener", " as a driver", " as a tutor"),
           passives=["{p} {was} hired{d} by {a}", "{p} {was} employed{d} by {a}"],
           paraphrases=["{p} worked for {a}{d}", "{a} gave {p} a job{d}"]),
    _frame("marry", "social", "marry", "person", "person", ["{a} married {p}{d}"], (" in Rome", " in a small ceremony"),
           paraphrases=["{p} married {a}{d}", "{a} and {p} got married{d}", "{p} and {a} wed{d}"],
           negations=["{a} never married {p}", "{p} did not marry {a}"], clashes=["{a} and {p} have never met"]),
]
# things said about two entities of a domain's kinds that no frame's premise settles, in either order
OTHER = {
    ("team", "team"): ["{a} signed a striker from {p}", "{a} sold a defender to {p}", "{a} will host {p} next season",
                       "{a} has won more titles than {p}", "{p} complained to the league about {a}"],
    ("company", "company"): ["{a} supplies parts to {p}", "{a} poached two managers from {p}",
                             "{a} shares a headquarters building with {p}", "{a} lent money to {p}", "{p} rents offices from {a}"],
    ("company", "person"): ["{a} praised {p}", "{p} owns shares in {a}", "{p} once sued {a}",
                            "{p} had worked for a rival of {a}"],
    ("police", "person"): ["{a} had warned {p} before", "{a} later released {p} without charge", "{p} complained about {a}",
                           "{a} searched the car of {p}"],
    ("person", "official"): ["{a} had voted for {p}", "{p} thanked {a}", "{a} wrote a book about {p}",
                             "{p} once worked with {a}"],
    ("official", "person"): ["{a} had appointed {p} years earlier", "{p} once worked for {a}", "{a} thanked {p}",
                             "{p} sent a letter to {a}"],
    ("official", "company"): ["{a} had praised {p}", "{p} donated to the campaign of {a}", "{a} visited {p}"],
    ("official", "official"): ["{a} criticised {p}", "{a} had once worked for {p}", "{p} phoned {a}",
                               "{a} is older than {p}"],
    ("person", "person"): ["{a} owed {p} money", "{a} is the neighbour of {p}", "{p} lent a car to {a}",
                           "{a} sent {p} a letter", "{p} is older than {a}"],
}


def _fill(template: str, a: str, p: str, d: str = "") -> str:
    subject = p if template.startswith("{p}") else a
    text = template.format(a=a, p=p, d=d, was="were" if subject in PLURAL else "was")
    return text[:1].upper() + text[1:] + "."


def _words(entity: str) -> frozenset[str]:
    return frozenset(entity.lower().split()) - {"the"}


def _pair_entities(frame: Frame, rng: random.Random, taken: frozenset[str] = frozenset()) -> tuple[str, str]:
    """An agent and a patient of the frame's kinds sharing no word ("Maria Lopez" and "Maria Chen", or "Tom Lopez",
    are not two people here), and none of the `taken` words."""
    agent = rng.choice([e for e in ENTITIES[frame.agents] if not _words(e) & taken])
    patient = rng.choice([e for e in ENTITIES[frame.patients] if not _words(e) & (taken | _words(agent))])
    return agent, patient


def premise_group(frame: Frame, rng: random.Random) -> tuple[str, list[tuple[str, str, str]]]:
    """A premise of `frame` and its six hypotheses as (kind, hypothesis, label), two of each label."""
    a, p = _pair_entities(frame, rng)
    active, d = rng.choice(frame.actives), rng.choice(frame.details)
    sentence = _fill(active, a, p, d)
    # a swap across kinds ("Maria Lopez hired Harlow Systems") keeps no detail: "as chief executive" would not fit
    swap_d = d if frame.agents == frame.patients else ""
    swap = _fill(active, p, a, swap_d)
    paraphrase = rng.choice([t for t in frame.paraphrases or frame.actives if _fill(t, a, p, d) not in (sentence, swap)])
    x, y = (p, a) if frame.agents == frame.patients and rng.random() < 0.5 else (a, p)
    hypotheses = [("paraphrase", _fill(paraphrase, a, p, d), "entailment"),
                  ("detail", f"{sentence[:-1]} {rng.choice(TIMES)}.", "neutral"),
                  ("other verb", _fill(rng.choice(OTHER[(frame.agents, frame.patients)]), x, y), "neutral")]
    if frame.symmetric:
        negation = rng.choice(frame.negations)
        second = rng.choice(frame.clashes) if frame.clashes and rng.random() < 0.5 else rng.choice(
            [n for n in frame.negations if n != negation])
        hypotheses += [("swap", swap, "entailment"),
                       ("negation", _fill(negation, a, p), "contradiction"),
                       ("clash" if second in frame.clashes else "negation", _fill(second, a, p), "contradiction")]
    else:
        hypotheses += [("swap", swap, "contradiction"),
                       ("passive", _fill(rng.choice(frame.passives), a, p, d), "entailment"),
                       ("swapped passive", _fill(rng.choice(frame.passives), p, a, swap_d), "contradiction")]
    if rng.random() < 0.3:  # a second sentence about two other entities of the domain
        aside = rng.choice([f for f in FRAMES if f.domain == frame.domain])
        others = _pair_entities(aside, rng, _words(a) | _words(p))
        sentence_b = _fill(rng.choice(aside.actives), *others, rng.choice(aside.details))
        sentence = f"{sentence} {sentence_b}" if rng.random() < 0.5 else f"{sentence_b} {sentence}"
    return sentence, hypotheses


def role_groups(premises: int, seed: int) -> list[tuple[Frame, str, list[tuple[str, str, str]]]]:
    """`premises` seeded (frame, premise, hypotheses) groups with distinct premises (fewer only when the
    entity lists run out), frames taken in turn from a seeded order."""
    rng = random.Random(f"{seed}:roles")
    groups, seen = [], set()
    for n in range(4 * premises):
        if len(groups) == premises:
            break
        if n % len(FRAMES) == 0:
            order = rng.sample(FRAMES, len(FRAMES))
        frame = order[n % len(FRAMES)]
        premise, hypotheses = premise_group(frame, rng)
        if premise not in seen:
            seen.add(premise)
            groups.append((frame, premise, hypotheses))
    return groups


def role_pairs(premises: int, seed: int) -> list[list[dict]]:
    """The pairs of each premise, one list a premise (a premise's pairs stay on one side of a split)."""
    return [[example(premise, text, label, SOURCE) for _, text, label in hypotheses]
            for _, premise, hypotheses in role_groups(premises, seed)]

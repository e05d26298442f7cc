"""The words the comparison stage reads meaning from: how sure a clause is (factuality), which verbs turn it
negative, which predicates name the same event (one canonical lemma, converse verbs with their slots swapped),
which name opposite events (a curated list of verbs of change, outcome and decision, then WordNet's antonyms),
and which nouns name an event (nominalisations: "X's purchase of Y" is X buys Y).

WordNet 3.0 is read from the table shipped with the package (factalign.text.wordnet_table, named in the compare
check's signature), so every installation answers the same."""

from __future__ import annotations

from functools import lru_cache

from factalign.text.wordnet_table import wordnet_table

# How sure a clause is, 3 = said to have happened (or to hold). A claim is "stronger than its evidence" when its
# level is at least one above the evidence's: a done deal against an agreed one (3 > 2), a decision against a
# possibility (2 > 1). Half steps keep near-equivalents apart from firing ("will" against "plans": 2 against 1.5).
DONE, COMMITTED, INTENDED, POSSIBLE = 3.0, 2.0, 1.5, 1.0
# verbs (and adjectives) whose xcomp/ccomp/acl they govern is not yet done: "agreed to buy", "plans to open"
GOVERNORS = {
    **dict.fromkeys("agree decide vote schedule set commit".split(), COMMITTED),
    **dict.fromkeys("plan intend aim expect want promise pledge prepare offer due".split(), INTENDED),
    # what is put off is not done yet ("postponed the sale", "delayed opening the bridge")
    **dict.fromkeys("postpone delay defer shelve".split(), INTENDED),
    **dict.fromkeys("""propose consider seek try attempt hope threaten mull weigh explore discuss suggest
                       recommend urge possible likely""".split(), POSSIBLE),
    # nouns that govern an acl ("plans to buy", "a proposal to close")
    **dict.fromkeys("plan intention bid offer deal agreement".split(), INTENDED),
    **dict.fromkeys("proposal possibility talk idea option".split(), POSSIBLE),
}
# modal auxiliaries: "could be lowered" is a possibility, "will open" a commitment
MODALS = {**dict.fromkeys("could may might".split(), POSSIBLE), **dict.fromkeys("would should".split(), INTENDED),
          **dict.fromkeys("will shall 'll wo must".split(), COMMITTED)}
# a plain future: a source that says it will happen, read after it did, is no less sure than a claim that it happened
# (a page written before the event); agreed, planned, could, would and if stay less sure
FUTURE = frozenset("will shall 'll".split())
# a condition left open caps a clause below done: "agreed to buy Y, subject to approval"
PENDING = frozenset("pend subject await pending awaiting".split())
# adjectives on an event noun: "the planned sale", "the completed takeover"
EVENT_ADJECTIVES = {**dict.fromkeys("planned proposed intended expected potential possible rumoured rumored "
                                    "prospective mooted".split(), POSSIBLE),
                    **dict.fromkeys("pending agreed approved".split(), COMMITTED),
                    **dict.fromkeys("completed finalised finalized concluded".split(), DONE)}
# verbs that finish what their object names: "completed its acquisition of Y" is the acquisition done
COMPLETING = frozenset("complete finalise finalize close conclude finish seal".split())
# verbs through which what they govern is said to have happened: "managed to win", "went on to win"
IMPLICATIVE = frozenset("manage begin start continue go proceed get come help use force compel oblige".split())
# verbs of necessity: "did not need to add Y" is read as Y not added (said so to deny it); "needed to add Y" is open
NEEDING = frozenset("need have".split())
# verbs that weigh or plan a thing named as their object ("is considering a second campus"): it is not yet done
WEIGHING = frozenset("consider propose plan weigh explore mull discuss".split())
# decisions: voting or deciding to reject something is rejecting it ("voted to reject the plan")
DECISIONS = frozenset("approve reject ban allow support oppose keep cancel abandon".split())
DECIDING = frozenset("vote decide".split())
# terms changed by the parties who hold them: agreeing to extend a deadline or a contract is extending it (where
# agreeing to buy a company is not buying it: the purchase has still to be completed)
AGREED_TERMS = frozenset("extend prolong renew postpone delay defer suspend waive".split())
# verbs of conditions still to be met: "the deal requires approval" is approval not yet given
REQUIRING = frozenset("require need await seek".split())
# light verbs: their object names the event ("filed a lawsuit against Y" is sued Y, "lodged an appeal")
LIGHT = frozenset("file lodge launch mount bring submit issue stage".split())
# verbs that report: how sure their own frame is says nothing (a "reportedly told" against a "said")
REPORTING = frozenset("""say tell report add claim announce state note explain write reveal confirm insist argue warn
describe accord call""".split())
# verbs that deny what they govern: "failed to win", "refused to sign", "denied that it paid"
NEGATING = frozenset("fail refuse decline deny neglect".split())
# verbs that end what they govern: "will stop making Y" against "will continue to make Y"
STOPPING = frozenset("stop cease quit discontinue".split())
# words that hedge the clause they sit in ("possibly", "reportedly"), as adverbs
HEDGES = {**dict.fromkeys("possibly perhaps maybe potentially".split(), POSSIBLE),
          **dict.fromkeys("likely probably reportedly allegedly".split(), INTENDED)}

# one canonical lemma for predicates that name the same event; phrasal verbs are lemma_particle
SAME = {
    "buy": "buy purchase acquire take_over snap_up buy_out",
    "beat": "beat defeat overcome edge rout thrash outplay crush down overpower upset outscore",
    "cause": "cause spark trigger set_off ignite",
    "pay": "pay cover foot pick_up",  # a bill, a loss, a cost
    "raise": "raise hike lift boost",
    "cut": "cut lower reduce slash trim scale_back cut_back",
    "keep": "keep hold freeze maintain remain stay",  # "X remained in Y" is X kept in Y (ERGATIVE)
    "rise": "rise grow climb gain jump surge soar rebound swell",
    "fall": "fall drop decline slip sink plunge slump dip tumble slide dwindle shrink fall_off",
    "approve": "approve pass accept adopt ratify endorse uphold push_through force_through ram_through",
    "reject": "reject veto block overturn vote_down turn_down refuse",
    "expand": "expand enlarge extend broaden widen",
    "displace": "displace supplant oust push_out drive_out crowd_out",
    "cancel": "cancel call_off scrap axe",
    "proceed": "proceed go_ahead",
    "propose": "propose put_forward table",
    "say": "say state announce report",
    "receive": "receive earn get obtain",
    "support": "support back favour favor",
    "oppose": "oppose",
    "open": "open reopen launch",
    "close": "close shut shut_down",
    "hire": "hire recruit employ",
    "fire": "fire dismiss sack lay_off",
    "allow": "allow permit let",
    "ban": "ban forbid prohibit bar outlaw",
    "start": "start begin commence",
    "end": "end finish stop halt conclude",
    "win": "win",
    "lose": "lose miss_out lose_out",
    "abandon": "abandon ditch give_up desert jettison forsake",
}
# nouns of one thing put forward for a decision: "approved plans to X" and "turned down a proposal to X" decide one
NOUN_SAME = {"proposal": "plan", "scheme": "plan"}
# verbs of handing something over: who receives it ("to B", "paid B the fee") is a role of its own
TRANSFER = frozenset("give lend loan pay send hand award grant donate transfer offer owe return deliver".split())
# verbs whose object gives them another event: "dropped the supplier" abandons it, "prices dropped" fall
TRANSITIVE = {"drop": "abandon"}
# verbs that hire when what they take is people ("absorbed its rival's staff", "signed a goalkeeper"), and the nouns
# of a body of people WordNet files as groups
TAKING_ON = frozenset("absorb take_on bring_on take_in sign poach".split())
WORKFORCE = frozenset("staff workforce personnel crew".split())
CANONICAL = {word: canon for canon, words in SAME.items() for word in words.split()}
# converse verbs: the event is the canonical one with the subject and a prepositional object in other slots
#   "A sold Y to B" is B buys Y from A; "A lost to B" is B beats A; "A won" is A beats (someone)
CONVERSE = {"sell": ("buy", {"subject": "from", "to": "agent"}),
            "lose": ("beat", {"subject": "patient", "to": "agent"}),
            "win": ("beat", {"subject": "agent", "against": "patient", "over": "patient"}),
            # "went ahead with the strike": the strike is what proceeds
            **dict.fromkeys("go_ahead proceed".split(), ("proceed", {"subject": "agent", "with": "patient"})),
            # attributing an effect to a cause: "blamed the loss on Y", "linked X to Y", "X stemmed from Y" is Y causes X
            **dict.fromkeys("attribute ascribe link trace put_down tie".split(), ("cause", {"subject": "source", "to": "agent"})),
            "blame": ("cause", {"subject": "source", "on": "agent"}),
            # staying with something ("stayed with its supplier"): the opposite of dropping it; which side keeps which
            # is the reader's ("the islands stayed with A" is A keeping them), so it is RELATIONAL; staying alone is none
            **dict.fromkeys("stay stick remain".split(), ("stay_with", {"subject": "agent", "with": "patient"})),
            **dict.fromkeys("stem result arise".split(), ("cause", {"subject": "patient", "from": "agent"}))}
# lose/win keep their own lemma where they name no opponent ("lost 3 percent", "won an award")
# nouns that stand for their possessor as a participant: "Holm's bid beat Castell's" is Holm beating Castell
PROXIES = frozenset("bid offer tender entry team side squad crew campaign consortium lawyers".split())
OUTCOME_OBJECTS = frozenset("match game final semifinal semi race title election contest tie bout round set "
                            "vote tournament championship cup battle fight seat".split())
# groups of opposite events: any member of one group is the opposite of any member of another in the same family
OPPOSITES = (("raise", "cut", "keep"), ("rise", "fall"), ("rise", "lose"), ("win", "lose"), ("approve", "reject"),
             ("support", "oppose"), ("open", "close"), ("hire", "fire"), ("allow", "ban"), ("start", "end"),
             ("buy", "sell"), ("arrive", "leave"), ("succeed", "fail"), ("survive", "die"), ("join", "leave"),
             ("acquit", "convict"), ("confirm", "deny"), ("expand", "shrink"), ("accept", "reject"),
             ("include", "exclude"), ("increase", "decrease"), ("gain", "lose"), ("add", "remove"), ("expand", "cut"),
             ("support", "reject"), ("approve", "oppose"), ("cancel", "proceed"), ("keep", "abandon"), ("keep", "cancel"),
             ("stay_with", "abandon"), ("defend", "abandon"))
# roles the reason names: "the sources say Vessa Group is the buyer"
ROLE_NOUNS = {"buy": ("buyer", "thing bought", "seller"), "beat": ("winner", "loser"), "cause": ("cause", "thing caused"),
              "replace": ("successor", "one replaced"), "sue": ("one suing", "one sued"),
              "hire": ("employer", "one hired"), "fire": ("employer", "one dismissed")}
# predicates whose two arguments can trade places; "be" joins a thing to what it is ("X is Y's second")
SYMMETRIC = frozenset("""meet marry resemble equal face play fight battle date divorce tie share contact hug kiss
embrace match border accompany touch collide compete partner debate merge combine neighbor neighbour talk
negotiate be""".split())
# relations, not events: a parser's subject and object of these trade places too easily to call a swap
RELATIONAL = frozenset("""include contain comprise involve feature have mean represent become remain consider call
name see make use show stay_with""".split())
# event nouns: "X's acquisition of Y" is X buys Y (WordNet's derivations answer the rest)
NOMINALS = {"acquisition": "buy", "purchase": "buy", "takeover": "buy", "buyout": "buy", "sale": "sell",
            "victory": "beat", "win": "beat", "defeat": "beat", "loss": "lose", "approval": "approve",
            "rejection": "reject", "closure": "close", "opening": "open", "hike": "raise", "increase": "raise",
            "cut": "cut", "reduction": "cut", "arrest": "arrest", "appointment": "appoint", "election": "elect",
            "resignation": "resign", "launch": "open", "ban": "ban", "dismissal": "fire", "hiring": "hire",
            "lawsuit": "sue", "suit": "sue", "complaint": "complain", "challenge": "challenge", "appeal": "appeal",
            "expansion": "expand", "extension": "expand"}
# ergative verbs: with no object their subject is what changed ("the store opened", "prices rose")
ERGATIVE = frozenset("""open close start end begin stop increase decrease rise fall grow shrink expand change move
break burn sink drop improve worsen collapse reopen freeze proceed remain stay""".split())

# superlatives of one scale: "second-biggest" and "second-largest" rank alike
SCALES = {"biggest": "largest", "greatest": "largest", "tiniest": "smallest"}
# verbs whose object does what their infinitive says ("urged the board to sell"); others' infinitive is the subject's
OBJECT_CONTROL = frozenset("""urge ask persuade force allow permit tell order encourage require invite appoint elect
choose hire help pressure compel expect want""".split())
# verbs of appointing: the one appointed is who takes the place ("named A coach, replacing B", "in place of B")
APPOINTING = frozenset("appoint name hire choose select elect pick promote nominate install recruit".split())
ORDINALS = {w: i for i, w in enumerate("""zeroth first second third fourth fifth sixth seventh eighth ninth tenth
eleventh twelfth""".split())}
# places said without an ordinal: a medal won ("took silver") or a runner-up; a medal only as what is won (below)
RANK_WORDS = {"gold": 1, "silver": 2, "bronze": 3, "runner-up": 2, "runners-up": 2}
MEDALS = frozenset("gold silver bronze".split())
MEDAL_VERBS = frozenset("win take claim earn collect bag clinch grab secure land".split())
# how much of a set: "all the staff" against "some of the staff"; `only` is scope, compared separately
QUANTIFIERS = {**dict.fromkeys("all every each entire whole both".split(), "all"),
               **dict.fromkeys("most majority".split(), "most"), "half": "half",
               **dict.fromkeys("some several few many various certain minority".split(), "some"),
               **dict.fromkeys("no none neither".split(), "none")}


def canonical(lemma: str) -> str:
    return CANONICAL.get(lemma, lemma)


@lru_cache(maxsize=4096)
def _senses(lemma: str, pos: str = "v") -> tuple:
    return tuple(wordnet_table().synsets(lemma, pos)[:3])


def synonymous(a: str, b: str) -> bool:
    """The same canonical predicate, or two verbs one of whose commonest WordNet sense is among the other's two
    commonest (a looser overlap makes "hear" and "learn" one event)."""
    if a == b or canonical(a) == canonical(b):
        return True
    sa, sb = _senses(a), _senses(b)
    return bool(sa and sb and (sa[0] in sb[:2] or sb[0] in sa[:2]))


def opposite(a: str, b: str) -> bool:
    """Opposite events: in different groups of one curated family, or WordNet antonyms (commonest senses)."""
    ca, cb = canonical(a), canonical(b)
    if ca == cb:
        return False
    for family in OPPOSITES:
        ia = next((i for i, g in enumerate(family) if g in (a, ca)), None)
        ib = next((i for i, g in enumerate(family) if g in (b, cb)), None)
        if ia is not None and ib is not None and ia != ib:
            return True
    return any(b in lemma.antonyms for s in _senses(a) for lemma in s.lemmas)


def _noun_kind(word: str) -> str | None:
    """The lexicographer file of the word's commonest noun sense ("noun.person"), or None."""
    senses = wordnet_table().synsets(word, "n")[:1]
    return senses[0].lexname if senses else None


@lru_cache(maxsize=4096)
def person_noun(word: str) -> bool:
    """A word whose commonest sense is a kind of person ("Briton", "comedian"): after "the" it describes someone."""
    return _noun_kind(word) == "noun.person"


def people(word: str) -> bool:
    """A noun of people ("midwives", "staff")."""
    return word in WORKFORCE or person_noun(word)


@lru_cache(maxsize=1024)
def time_noun(word: str) -> bool:
    """A noun of time ("time", "year", "week"), which counts occasions rather than names a thing."""
    return word == "time" or _noun_kind(word) == "noun.time"


@lru_cache(maxsize=4096)
def common_noun(word: str) -> bool:
    """A word WordNet knows only as a common noun ("university"; "Michigan", also a card game, is first a state)."""
    senses = wordnet_table().synsets(word, "n")
    return bool(senses) and not any(s.instance for s in senses)


@lru_cache(maxsize=4096)
def event_verb(noun: str, light: bool = False) -> str | None:
    """The verb an event noun names ("acquisition" -> "buy"), or None for a noun that names no event; after a light
    verb (`light`: "lodged an appeal") the noun names an event whatever its commonest sense."""
    if noun in NOMINALS:
        return NOMINALS[noun]
    wn = wordnet_table()
    senses = wn.synsets(noun, "n")[:1]  # the commonest sense only: "bank" is no event
    if light and senses and wn.synsets(noun, "v"):
        return canonical(noun)  # "lodged a challenge": challenged
    if not senses or senses[0].lexname not in ("noun.act", "noun.event", "noun.process"):
        return None
    verbs = [name for lemma in senses[0].lemmas for name, pos in lemma.derivations if pos == "v"]
    return canonical(verbs[0]) if verbs else None


STEM = 4  # the shortest word that is read as the stem of a longer one ("short" of "shortage"; not "car" of "card")


@lru_cache(maxsize=16384)
def related(a: str, b: str) -> bool:
    """Two lemmas of one word: equal, one the other's stem ("short"/"shortage"), or a WordNet derivation of either
    ("decision"/"decide", "employ"/"employee")."""
    short, long = sorted((a, b), key=len)
    if a == b or (len(short) >= STEM and long.startswith(short)):
        return True
    return b in _derived(a) or a in _derived(b)


@lru_cache(maxsize=8192)
def _derived(word: str) -> frozenset[str]:
    return frozenset(name.lower() for s in wordnet_table().synsets(word)[:3] for lemma in s.lemmas
                     if lemma.name.lower() == word for name, _ in lemma.derivations)

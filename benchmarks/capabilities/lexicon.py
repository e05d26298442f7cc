"""The word lists of the capability suite: converse verbs with all their forms, opposite comparatives
and prepositions, meaning-keeping substitutions, quantifiers, units; WordNet's adjective antonyms
when Debian's `wordnet-base` is installed.

These lists are the suite's own and must stay apart from the training perturbations
(factalign/train/perturb.py), so that the suite measures what training did not copy.
"""

from __future__ import annotations

from functools import lru_cache

from factalign.text import wordnet
# adjectives whose WordNet antonym does not state the opposite fact (the former president)
NOT_OPPOSED = frozenset({"former", "latter", "other", "same", "own", "such", "certain", "due"})

# base, 3rd person, past, past participle, -ing  |  the converse's five forms ("a > b": only a -> b)
_VERB_CONVERSES = """
rise rises rose risen rising | fall falls fell fallen falling
increase increases increased increased increasing | decrease decreases decreased decreased decreasing
win wins won won winning | lose loses lost lost losing
gain gains gained gained gaining > lose loses lost lost losing
open opens opened opened opening | close closes closed closed closing
accept accepts accepted accepted accepting | reject rejects rejected rejected rejecting
approve approves approved approved approving > reject rejects rejected rejected rejecting
succeed succeeds succeeded succeeded succeeding | fail fails failed failed failing
buy buys bought bought buying | sell sells sold sold selling
arrive arrives arrived arrived arriving | depart departs departed departed departing
begin begins began begun beginning | end ends ended ended ending
raise raises raised raised raising | lower lowers lowered lowered lowering
expand expands expanded expanded expanding | shrink shrinks shrank shrunk shrinking
join joins joined joined joining > leave leaves left left leaving
enter enters entered entered entering | exit exits exited exited exiting
confirm confirms confirmed confirmed confirming | deny denies denied denied denying
allow allows allowed allowed allowing | prohibit prohibits prohibited prohibited prohibiting
support supports supported supported supporting | oppose opposes opposed opposed opposing
remember remembers remembered remembered remembering | forget forgets forgot forgotten forgetting
love loves loved loved loving | hate hates hated hated hating
push pushes pushed pushed pushing | pull pulls pulled pulled pulling
attack attacks attacked attacked attacking | defend defends defended defended defending
float floats floated floated floating | sink sinks sank sunk sinking
appear appears appeared appeared appearing | disappear disappears disappeared disappeared disappearing
hire hires hired hired hiring | dismiss dismisses dismissed dismissed dismissing
improve improves improved improved improving | worsen worsens worsened worsened worsening
strengthen strengthens strengthened strengthened strengthening | weaken weakens weakened weakened weakening
sit sits sat sat sitting | stand stands stood stood standing
laugh laughs laughed laughed laughing | cry cries cried cried crying
acquit acquits acquitted acquitted acquitting | convict convicts convicted convicted convicting
import imports imported imported importing | export exports exported exported exporting
precede precedes preceded preceded preceding > follow follows followed followed following
ascend ascends ascended ascended ascending | descend descends descended descended descending
survive survives survived survived surviving > die dies died died dying
"""

# opposite comparatives, superlatives and prepositions, each way
_OPPOSITES = """
before after | more less | higher lower | larger smaller | bigger smaller | above below | earlier later
older younger | longer shorter | faster slower | best worst | first last | inside outside | maximum minimum
highest lowest | largest smallest | oldest youngest | heavier lighter | wider narrower | cheaper dearer
warmer colder | stronger weaker | richer poorer | north south | east west | northern southern
eastern western | upstairs downstairs | increase decrease
"""

# meaning-keeping substitutions (paraphrase): word > replacement, by coarse part of speech
_SYNONYMS = {
    "VERB": """
said>stated says>states say>state buy>purchase buys>purchases bought>purchased buying>purchasing
begin>start begins>starts began>started begun>started beginning>starting start>begin starts>begins
started>began starting>beginning help>assist helps>assists helped>assisted helping>assisting
build>construct builds>constructs built>constructed building>constructing choose>select chose>selected
chosen>selected choosing>selecting finish>complete finished>completed finishing>completing
need>require needs>requires needed>required allow>permit allows>permits allowed>permitted
talk>speak talks>speaks talked>spoke talking>speaking try>attempt tries>attempts tried>attempted
trying>attempting reply>respond replied>responded shut>closed died>passed_away reveal>disclose
revealed>disclosed jumping>leaping jump>leap jumps>leaps jumped>leaped cutting>slicing cuts>slices
receive>get received>got receiving>getting end>finish ended>finished ending>finishing
hurry>rush hurried>rushed hurrying>rushing gazing>staring gaze>stare purchase>buy purchased>bought
""",
    "NOUN": """
car>automobile cars>automobiles film>movie films>movies movie>film movies>films kids>children
kid>child children>kids couch>sofa sofa>couch woman>lady women>ladies man>guy men>guys
photograph>photo photographs>photos picture>photo pictures>photos physician>doctor physicians>doctors
doctor>physician doctors>physicians shop>store shops>stores store>shop stores>shops company>firm
companies>firms award>prize awards>prizes job>position beach>shore road>street roads>streets
""",
    "ADJ": """
big>large large>big quick>fast fast>quick rapid>quick difficult>hard enormous>huge huge>enormous
intelligent>clever clever>intelligent wealthy>rich rich>wealthy ill>sick sick>ill
""",
    "ADV": """
nearly>almost almost>nearly often>frequently frequently>often rarely>seldom quickly>rapidly
rapidly>quickly completely>entirely entirely>completely mainly>mostly mostly>mainly
largely>mostly approximately>about roughly>about currently>presently
""",
}

# what over-generalises a quantifier (determiners and frequency adverbs)
QUANTIFIERS = {"some": "all", "several": "all", "many": "all", "most": "all", "sometimes": "always",
               "often": "always", "usually": "always", "occasionally": "always", "generally": "always",
               "rarely": "never", "seldom": "never", "partly": "entirely", "partially": "completely",
               "mostly": "entirely", "mainly": "only"}
# plural nouns for groups of people that "everyone" over-generalises
PEOPLE = frozenset("""children kids adults students residents citizens women men members employees workers
voters patients participants visitors fans players teachers soldiers people boys girls tourists customers
users officers scientists researchers doctors""".split())

# units each way: a quantity with the other unit is another quantity
_UNITS = """
km miles | kilometres miles | kilometers miles | metres feet | meters feet | kg pounds | kilograms pounds
hours minutes | days weeks | months years | seconds minutes | acres hectares | litres gallons | tonnes pounds
inches centimetres | decades centuries | dollars euros | million billion | thousand million
"""
MONTHS = ("January February March April May June July August September October November December").split()
NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()

# additions the premise does not state (neutral), each a phrase put before the final period
DETAIL_TIMES = ("in 2009", "last year", "in the spring of 2014", "on a Monday morning", "in the late 1990s")
DETAIL_PLACES = ("in Madrid", "in northern Canada", "in a small village near Lyon", "in Nairobi", "in Oslo")
DETAIL_MANNERS = ("for the first time", "after a long delay", "because of heavy rain", "despite strong protests")
DETAIL_ADJECTIVES = ("new", "local", "small", "red", "young", "French", "German", "private")


def _both_ways(text: str) -> dict[str, str]:
    table = {}
    for pair in text.replace("\n", " | ").split("|"):
        words = pair.split()
        if len(words) == 2:
            table.setdefault(words[0], words[1])
            table.setdefault(words[1], words[0])
    return table


@lru_cache(maxsize=1)
def verb_converses() -> dict[str, str]:
    """Each inflected form -> the converse verb's form in the same slot."""
    table: dict[str, str] = {}
    for line in _VERB_CONVERSES.strip().splitlines():
        one_way = ">" in line
        left, right = (part.split() for part in line.replace(">", "|").split("|"))
        for a, b in zip(left, right):
            table.setdefault(a, b)
            if not one_way:
                table.setdefault(b, a)
    return table


OPPOSITES = _both_ways(_OPPOSITES)
UNITS = _both_ways(_UNITS)
SYNONYMS = {pos: dict(p.split(">") for p in words.split()) for pos, words in _SYNONYMS.items()}


def synonym(word: str, pos: str) -> str | None:
    found = SYNONYMS.get(pos, {}).get(word.lower())
    return found.replace("_", " ") if found else None


class Antonyms:
    """Adjective antonyms: WordNet's direct antonyms of the word's most frequent sense, when WordNet is
    installed; `source` says which (the suite's sha256 depends on it)."""

    def __init__(self, use_wordnet: bool = True):
        self.reader = wordnet.wordnet() if use_wordnet and wordnet.available() else None
        self.source = (f"WordNet 3.0 ({wordnet.database_dir()})" if self.reader
                       else "none (apt-get install wordnet-base for adjective antonyms)")

    def adjective(self, word: str) -> str | None:
        """The antonym of the first sense that has one, if it is in use (a SemCor count, not "unfree")."""
        if self.reader is None or word.lower() in NOT_OPPOSED:
            return None
        for synset in self.reader.synsets(word.lower(), pos="a"):
            antonyms = [a for lemma in synset.lemmas() if lemma.name() == word.lower() for a in lemma.antonyms()]
            if antonyms:
                used = [a.name() for a in antonyms if a.name().isalpha() and a.count() > 0]
                return used[0] if used else None
        return None

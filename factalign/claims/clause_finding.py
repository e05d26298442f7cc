"""Where the claims of a parsed sentence are: its predicates, each one's subject, and the tokens each
token stands for (its subtree, without separate clauses, appositives or brackets).

Some subjects are not where the parser puts them: a subject the parser made a conjunct of the noun
before it ("a gospel singer and many of her songs contain ...") goes back to its verb, and a participle
giving a title after a comma ('..., titled "Dead"') is about the object before the comma, not the
sentence's subject.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from factalign.claims.descriptions import comma_descriptions
from factalign.claims.marks import bracketed, quote_pairs
from factalign.claims.wellformed import FINITE_TAGS
from factalign.text.deps import AUX_DEPS, NOMINAL_SUBJECT_DEPS, SUBJECT_DEPS, contrastive
from factalign.text.pronouns import RELATIVE_WORDS

CLAUSE_DEPS = {"advcl", "relcl", "parataxis", "appos"}
# a clause's link word ("if", "as", "while") stays with the clause it opens: without it "if approved" reads "approved"
SUBTREE_DROP_DEPS = {"meta", "intj", "dep", "discourse"}
DISCOURSE_ADVERBS = {"also", "then", "however", "thus", "therefore", "meanwhile", "moreover", "furthermore",
                     "additionally", "still", "too", "again", "instead", "nevertheless", "nonetheless"}
NAMING_PARTICIPLES = {"titled", "entitled", "subtitled", "retitled"}  # said of a work, never of its maker
NAME_GIVING_PARTICIPLES = {"called", "named", "renamed", "dubbed", "nicknamed"}  # with a name after them
MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"}
WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
TIME_WORDS = MONTHS | WEEKDAYS | {"today", "yesterday", "tomorrow", "tonight", "weekend", "morning", "afternoon",
                                  "evening", "night"}


PART_WORDS = {"one", "some", "many", "most", "several", "few", "all", "each", "any", "none", "part", "first", "last"}


def is_time(t: Token) -> bool:
    """A number, month, weekday or time of day: what a relative clause after it is not about."""
    return t.like_num or t.lower_ in TIME_WORDS

class ClauseFinder:
    """The predicates of one parsed sentence, their subjects and their tokens."""

    def __init__(self, sent: Span):
        self.sent = sent
        self.hidden = bracketed(sent)
        # "X, formerly head of Y,": a claim of its own (ClauseSplitter.description_claims), out of the verb's
        self.descriptions = comma_descriptions(sent, self.hidden, is_time)
        self.hidden |= {k for _, words in self.descriptions for k in words}
        self.quote_pairs = quote_pairs(sent)
        self.lost = lost_subjects(sent)  # verb index -> the subject the parser gave to a coordination
        self.detached = {i for subj in self.lost.values()  # each with the "and" before it
                         for i in (subj.i, *[c.i for c in subj.head.children if c.dep_ == "cc" and c.i < subj.i])}
        # clauses after an "and" the parser made an object clause ("had an addiction and the band's popularity
        # waned": "waned" a ccomp of "had"): claims of their own
        self.linked = {v.i for c in sent if (v := self.linked_clause(c)) is not None and v.dep_ in {"ccomp", "xcomp"}}

    def rel(self, t: Token) -> int:
        return t.i - self.sent.start

    # ---- token sets -------------------------------------------------------------------------
    def subtree(self, t: Token) -> set[int]:
        """t and its descendants, without separate clauses, appositives, brackets or dropped deps."""
        out, stack = set(), [t]
        while stack:
            x = stack.pop()
            if self.rel(x) in self.hidden:
                continue
            out.add(self.rel(x))
            for c in x.children:
                if c.dep_ in SUBTREE_DROP_DEPS or self.separate(c) or c.i in self.detached or self.clause_link(c) \
                        or c.dep_ == "mark" and c.lower_ == "that":  # "said that X": "said X" says the same
                    continue
                if c.dep_ == "cc" and not contrastive(c) and not any(d.dep_ == "conj" for d in x.children):
                    continue  # an "and" the parser left without its conjunct ("Chris Copeland, 31, and his wife were");
                    # a "rather than" stays with what it denies, whatever the parser hung that on
                if c.dep_ == "advmod" and c.lower_ in DISCOURSE_ADVERBS and is_verbal(x):
                    continue  # a sentence adverb ("also"), not a degree word ("too much")
                stack.append(c)
        return out

    def clause_link(self, c: Token) -> bool:
        """An "and" the parser hung on the noun before it that joins two clauses: "began as a gospel
        singer and many of her songs contain ..." (its head has no conjunct; a subject follows it)."""
        return self.linked_clause(c) is not None

    def linked_clause(self, c: Token) -> Token | None:
        """The verb of the clause a clause-joining "and" (`clause_link`) opens, else None."""
        if c.dep_ != "cc" or any(d.dep_ == "conj" and d.i not in self.detached for d in c.head.children):
            return None
        nxt = c.i + 1
        if nxt >= self.sent.end:
            return None
        subject = next((w for w in self.sent if w.dep_ in NOMINAL_SUBJECT_DEPS and w.left_edge.i == nxt), None)
        verb = subject.head if subject is not None else None
        if verb is None or verb.i < c.i or not is_verbal(verb) or verb.is_ancestor(c) or c.head.is_ancestor(verb):
            return None
        return verb

    def separate(self, c: Token) -> bool:
        """Whether child c heads its own claim (and is left out of its parent's)."""
        if c.i in self.lost or c.i in self.linked:
            return True  # a clause the parser nested: a subject coordinated with a noun before it, or after "and"
        if c.dep_ in CLAUSE_DEPS - {"appos"} and non_finite(c) and not self.bare_participle(c):
            return False  # "to let illness interrupt his career", "showing pilots the way": no subject of its own
        if c.dep_ == "appos":
            return self.describing_appositive(c)  # else it stays in its head's phrase ("the sitcom Modern Family")
        if c.dep_ in CLAUSE_DEPS:
            return True
        if c.dep_ == "acl" and c.tag_ == "VBN":
            return True
        return self.coordinated_predicate(c)

    def describing_appositive(self, t: Token) -> bool:
        """An appositive that makes an "X is Y" claim of its own and is left out of its head's phrase:
        set off by a comma or dash ("X, the 27-year-old,"), not a list the parser misread. One that
        names or places its head stays in the head's phrase, which then carries it: a restrictive name
        ("the sitcom Modern Family"), a date's year ("September 30, 2016"), a name's region or title
        ("Arlington, Virginia", "Prince William, Duke of Cambridge")."""
        if t.dep_ != "appos" or self.rel(t) in self.hidden or self.rel(t.head) in self.hidden:
            return False
        if t.like_num and t.head.lower_ in MONTHS:
            return False
        if t.pos_ == "PROPN" and (t.head.pos_ == "PROPN" or not self.naming_appositive(t)
                                  and not any(c.dep_ in {"det", "poss"} for c in t.children)):
            return False
        return self.loose_appositive(t)

    def naming_appositive(self, t: Token) -> bool:
        """A bare name set beside a common noun: "a 22-year-old man, Shezoy Bleary,", "his wife, Katrine Saltare,"."""
        return t.pos_ == "PROPN" and t.head.pos_ == "NOUN" and not any(c.dep_ in {"det", "poss"} for c in t.children)

    def loose_appositive(self, t: Token) -> bool:
        """An appositive set off by a comma or dash ("X, the 27-year-old,"), neither a restrictive name
        ("the biopic Bound for Glory") nor, after a colon or with conjuncts, a list the parser misread."""
        first = min(t.left_edge.i, t.i)
        before = self.sent.doc[first - 1] if first > self.sent.start else None
        if before is None or before.text not in {",", "-", "--", "\u2013", "\u2014"}:
            return False
        if any(c.dep_ == "conj" for c in t.head.children) or t.head.dep_ == "appos":
            return False  # "Her manner, speech and cigarette", "sections: an intro, a ballad and a coda": a list
        if any(c.dep_ == "conj" for c in t.children) and not any(c.dep_ == "det" and c.lower_ in {"a", "an"} for c in t.children):
            return False  # coordinated appositives are descriptions ("an actor and filmmaker"), else a list
        return not any(x.text == ":" for x in self.sent.doc[t.head.i:first])

    def coordinated_predicate(self, t: Token, depth: int = 0) -> bool:
        """A verb coordinated with a predicate; gerunds coordinated under a preposition ("by not
        smoking, eating ... and avoiding ...") are a list, split like coordinated nouns."""
        if t.dep_ != "conj" or not is_verbal(t) or not is_verbal(t.head) or depth > 20:
            return False
        h = t.head
        if h.dep_ == "conj":
            return self.coordinated_predicate(h, depth + 1)
        return h.dep_ not in {"pcomp", "pobj"}

    def heads_claim(self, t: Token) -> bool:
        """Whether t is a predicate (its coordination makes separate predicates, not variants)."""
        return is_verbal(t) and t.dep_ not in {"pcomp", "pobj"}

    # ---- predicates and subjects ------------------------------------------------------------
    def predicates(self) -> list[Token]:
        out = []
        for t in self.sent:
            if self.rel(t) in self.hidden:
                continue
            if t.dep_ == "ROOT" and is_verbal(t):
                out.append(t)
            elif t.dep_ in {"advcl", "relcl", "parataxis"} and is_verbal(t) and self.separate(t):
                out.append(t)
            elif self.coordinated_predicate(t):
                out.append(t)
            elif t.dep_ == "acl" and t.tag_ == "VBN" or t.i in self.lost or t.i in self.linked:
                out.append(t)
        return out

    def subject_of(self, p: Token, depth: int = 0) -> Token | None:
        """p's own subject; else its governing verb's (coordination, adverbial), or its antecedent."""
        if depth > 5:
            return None
        if p.i in self.lost:
            return self.lost[p.i]
        named = self.named_thing(p)
        if named is not None:
            return named
        fronted = self.fronted_descriptions(p)
        for c in p.children:
            if c.dep_ in SUBJECT_DEPS and self.rel(c) not in self.hidden and c not in fronted:
                if p.dep_ == "relcl" and c.lower_ in RELATIVE_WORDS:
                    return self.antecedent(p)
                if c.tag_ in {"WDT", "WP"} and c.lower_ in {"which", "who"}:
                    return self.nearest_noun(c)  # a relative clause the parser attached as a clause
                return c
        if p.dep_ in {"conj", "advcl", "xcomp"}:
            return self.subject_of(p.head, depth + 1)
        if p.dep_ == "ROOT":  # a merged name the parser left without a role: "Men in Black II is a film"
            first = next((c for c in p.lefts if self.rel(c) not in self.hidden and not c.is_punct), None)
            if first is not None and first.pos_ == "PROPN" and first.dep_ in {"advmod", "npadvmod", "dep", "compound", "nmod"}:
                return first
        return self.antecedent(p) if p.dep_ in {"relcl", "acl"} else None

    def named_thing(self, p: Token) -> Token | None:
        """What a participle giving a title or name after a comma is about: '... a documentary film about
        DJ Steve Aoki, titled "I'll Sleep When I'm Dead"' titles the film, not the sentence's subject
        (the parser's head for the participle) nor "Steve Aoki" (the nearest noun): the object of the
        clause before the comma, else the highest common noun of the phrase ending at the comma."""
        doc = self.sent.doc
        if p.tag_ != "VBN" or p.dep_ not in {"advcl", "acl"} or p.i - 2 < self.sent.start or doc[p.i - 1].text != ",":
            return None
        if any(c.dep_ in AUX_DEPS | SUBJECT_DEPS for c in p.children):
            return None
        if p.lower_ not in NAMING_PARTICIPLES:
            if p.lower_ not in NAME_GIVING_PARTICIPLES or any(c.dep_ in {"prep", "agent"} for c in p.children):
                return None  # "named after his grandfather", "called up by": not a name given
            if not any(c.pos_ == "PROPN" or c.text[:1] in {'"', "\u201c"} for c in p.children):
                return None
        chain, t = [], doc[p.i - 2]
        while t.i != t.head.i and not is_verbal(t) and t.right_edge.i <= p.i - 2:
            if t.pos_ in {"NOUN", "PROPN"} and not is_time(t) and self.rel(t) not in self.hidden:
                chain.append(t)
            t = t.head
        verb = t if is_verbal(t) else None
        if verb is not None:
            obj = next((c for c in verb.children if c.dep_ in {"dobj", "nsubjpass"} and c.pos_ == "NOUN" and c.i < p.i
                        and self.rel(c) not in self.hidden), None)
            if obj is not None:
                return obj
        nouns = [c for c in chain if c.pos_ == "NOUN"] or chain
        return nouns[-1] if nouns else None

    def fronted_descriptions(self, p: Token) -> list[Token]:
        """Indefinite noun phrases set before the subject with a comma, describing it ("A native of
        Seattle, Wilson began ...", "Originally a supporting character, Constantine ...")."""
        subjects = [c for c in p.children if c.dep_ in NOMINAL_SUBJECT_DEPS and c.i < p.i]
        if not subjects:
            return []
        subject = subjects[-1]
        out = []
        for c in p.children:
            if (c.i < subject.i and c.pos_ == "NOUN" and c.dep_ in {"nsubj", "npadvmod", "dep"}
                    and any(d.dep_ == "det" and d.lower_ in {"a", "an"} for d in c.children)
                    and c.right_edge.i + 1 < subject.i and self.sent.doc[c.right_edge.i + 1].text == ","
                    and self.rel(c) not in self.hidden):
                out.append(c)
        return out

    def nearest_noun(self, c: Token) -> Token | None:
        """The closest noun before a relative pronoun, dates and numbers skipped: what "which" refers to."""
        for t in reversed(self.sent.doc[self.sent.start:c.i]):
            if t.dep_ in {"compound", "nummod", "poss"} or self.rel(t) in self.hidden:
                continue
            if t.pos_ in {"NOUN", "PROPN"} and not is_time(t):
                return t
        return None

    def antecedent(self, p: Token) -> Token:
        """The noun a relative/participial clause is about; a copula's attribute stands for its subject.
        A relative clause set off by a comma is about the noun right before it, dates and numbers
        skipped ("Ms Kunis, 31, who moved", "Mr. Miyagi, whose death"), whatever the parser's head."""
        n = p.head
        opener = self.sent.doc[p.left_edge.i]
        if p.dep_ == "relcl" and opener.lower_ in {"which", "who", "whose"} and p.left_edge.i > self.sent.start \
                and self.sent.doc[p.left_edge.i - 1].text == ",":
            near = self.nearest_noun(opener)
            while near is not None and near.dep_ == "pobj" and near.head.lower_ == "of" and near.head.head.pos_ == "PROPN":
                near = near.head.head  # "the Chicago Board of Trade, which": the name's head
            n = near if near is not None else n
        if n.dep_ == "pobj" and is_time(n) and n.head.head.pos_ in {"VERB", "AUX"}:
            # "released his album in October 2014, which debuted at number four", "passed a budget on
            # Tuesday, which pays for ...": not about the date
            obj = next((c for c in n.head.head.children if c.dep_ in {"dobj", "nsubjpass"}), None)
            if obj is not None:
                n = obj
        if n.dep_ == "pobj" and n.head.lower_ == "of" and n.head.head.dep_ == "attr" and (
                n.head.head.like_num or n.head.head.lower_ in PART_WORDS or n.head.head.tag_ == "JJS"):
            n = n.head.head  # "one of three films released in 2006" is about the copula's subject, not
            # "a classmate of Ms Kunis, who moved to the U.S."
        if n.dep_ == "attr" and n.head.lemma_ == "be":
            subj = next((c for c in n.head.children if c.dep_ in SUBJECT_DEPS), None)
            if subj is not None:
                return subj
        return n

    def bare_participle(self, p: Token) -> bool:
        """A past participle heading an adverbial clause on its own: "Born and raised in Dallas, he ..."
        -> "X was born." "X was raised in Dallas." """
        if p.tag_ != "VBN" or any(c.dep_ in AUX_DEPS | NOMINAL_SUBJECT_DEPS for c in p.children):
            return False
        if p.dep_ == "conj":  # "co-written and directed by X": the participle after "and" needs a copula too
            h = p.head
            return (h.dep_ in {"advcl", "conj"} and self.bare_participle(h)
                    or h.dep_ == "acl" and h.tag_ == "VBN" and not any(c.dep_ in AUX_DEPS for c in h.children))
        return p.dep_ == "advcl"

    def past(self) -> bool:
        root = self.sent.root
        return root.tag_ == "VBD" or any(c.tag_ == "VBD" and c.dep_ in AUX_DEPS for c in root.children)


def lost_subjects(sent: Span) -> dict[int, Token]:
    """Finite verbs without a subject whose subject the parser coordinated with a noun before them:
    in "English began as a gospel singer and many of her songs contain references to God" the parser
    makes "many" a conjunct of "singer" and "contain" a clause without a subject; "many of her songs"
    is its subject (not "English")."""
    out = {}
    for p in sent:
        if not is_verbal(p) or p.dep_ not in {"advcl", "conj", "ccomp", "parataxis"}:
            continue
        if not (p.tag_ in FINITE_TAGS or any(c.dep_ in AUX_DEPS and c.tag_ in FINITE_TAGS for c in p.children)):
            continue
        if any(c.dep_ in SUBJECT_DEPS or c.dep_ in {"mark", "expl"} for c in p.children):
            continue
        start = p.left_edge.i
        if start - 1 < sent.start or any(not p.is_ancestor(w) or w.tag_ in {"WRB", "WDT", "IN"}
                                         for w in sent.doc[start:p.i]):
            continue  # only its own adverbs may stand between the noun phrase and the verb ("... songs often contain")
        t = sent.doc[start - 1]
        while t.dep_ != "conj" and t.head.i != t.i and t.head.right_edge.i == start - 1 and not is_verbal(t.head):
            t = t.head
        if (t.dep_ == "conj" and t.right_edge.i == start - 1 and t.pos_ in {"NOUN", "PROPN", "PRON", "ADJ", "NUM", "DET"}
                and t.head.pos_ in {"NOUN", "PROPN", "PRON"} and t.left_edge.i - 1 >= sent.start
                and sent.doc[t.left_edge.i - 1].dep_ == "cc" and sent.doc[t.left_edge.i - 1].lower_ == "and"):
            out[p.i] = t
    return out


def non_finite(t: Token) -> bool:
    """An infinitive or gerund with neither a subject nor a tensed auxiliary of its own."""
    if t.tag_ not in {"VB", "VBG"}:
        return False
    return not any(c.dep_ in SUBJECT_DEPS or c.dep_ in AUX_DEPS and c.tag_ in FINITE_TAGS
                   for c in t.children)


def is_verbal(t: Token) -> bool:
    return t.pos_ in {"VERB", "AUX"}

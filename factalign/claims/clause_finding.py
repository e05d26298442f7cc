"""Where the claims of a parsed sentence are: its predicates, each one's subject, and the tokens each
token stands for (its subtree, without separate clauses, appositives or brackets).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from factalign.claims.wellformed import FINITE_TAGS
from factalign.text.deps import AUX_DEPS, NOMINAL_SUBJECT_DEPS, SUBJECT_DEPS
from factalign.text.pronouns import RELATIVE_WORDS

CLAUSE_DEPS = {"advcl", "relcl", "parataxis", "appos"}
SUBTREE_DROP_DEPS = {"mark", "meta", "intj", "dep", "discourse"}
DISCOURSE_ADVERBS = {"also", "then", "however", "thus", "therefore", "meanwhile", "moreover", "furthermore",
                     "additionally", "still", "too", "again", "instead", "nevertheless", "nonetheless"}
MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"}

def bracketed(sent: Span) -> set[int]:
    """Sentence-relative indices of tokens inside (), [] or {} (the brackets included)."""
    depth, inside = 0, set()
    for t in sent:
        if t.text in "([{":
            depth += 1
        if depth:
            inside.add(t.i - sent.start)
        if t.text in ")]}" and depth:
            depth -= 1
    return inside


class ClauseFinder:
    """The predicates of one parsed sentence, their subjects and their tokens."""

    def __init__(self, sent: Span):
        self.sent = sent
        self.hidden = bracketed(sent)

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
                if c.dep_ in SUBTREE_DROP_DEPS or self.separate(c):
                    continue
                if c.dep_ == "advmod" and c.lower_ in DISCOURSE_ADVERBS and is_verbal(x):
                    continue  # a sentence adverb ("also"), not a degree word ("too much")
                stack.append(c)
        return out

    def separate(self, c: Token) -> bool:
        """Whether child c heads its own claim (and is left out of its parent's)."""
        if c.dep_ in CLAUSE_DEPS - {"appos"} and non_finite(c) and not self.bare_participle(c):
            return False  # "to let illness interrupt his career", "showing pilots the way": no subject of its own
        if c.dep_ in CLAUSE_DEPS:
            return True
        if c.dep_ == "acl" and c.tag_ == "VBN":
            return True
        return self.coordinated_predicate(c)

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
            elif t.dep_ == "acl" and t.tag_ == "VBN":
                out.append(t)
        return out

    def subject_of(self, p: Token, depth: int = 0) -> Token | None:
        """p's own subject; else its governing verb's (coordination, adverbial), or its antecedent."""
        if depth > 5:
            return None
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
            if t.pos_ in {"NOUN", "PROPN"} and not (t.like_num or t.lower_ in MONTHS):
                return t
        return None

    def antecedent(self, p: Token) -> Token:
        """The noun a relative/participial clause is about; a copula's attribute stands for its subject."""
        n = p.head
        if n.dep_ == "pobj" and (n.like_num or n.lower_ in MONTHS) and n.head.head.pos_ in {"VERB", "AUX"}:
            # "released his album in October 2014, which debuted at number four": not about the date
            obj = next((c for c in n.head.head.children if c.dep_ in {"dobj", "nsubjpass"}), None)
            if obj is not None:
                n = obj
        if n.dep_ == "pobj" and n.head.lower_ == "of" and n.head.head.dep_ == "attr":
            n = n.head.head  # "one of three films released in 2006" is about the copula's subject
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
        if p.dep_ == "conj":
            return p.head.dep_ == "advcl" and self.bare_participle(p.head)
        return p.dep_ == "advcl"

    def past(self) -> bool:
        root = self.sent.root
        return root.tag_ == "VBD" or any(c.tag_ == "VBD" and c.dep_ in AUX_DEPS for c in root.children)


def non_finite(t: Token) -> bool:
    """An infinitive or gerund with neither a subject nor a tensed auxiliary of its own."""
    if t.tag_ not in {"VB", "VBG"}:
        return False
    return not any(c.dep_ in SUBJECT_DEPS or c.dep_ in AUX_DEPS and c.tag_ in FINITE_TAGS
                   for c in t.children)


def is_verbal(t: Token) -> bool:
    return t.pos_ in {"VERB", "AUX"}

"""Scope: what a claim keeps so that it says only what its sentence says.

A clause is not always asserted by its sentence. What a verb of saying, expecting or planning
governs (a clausal complement), what a condition sets ("if the bill passes"), what a present-tense
time clause puts in the future ("once the line opens"), a restrictive relative clause or participle
under a modal or a negation ("patients who miss two doses should ..."), and what a quotation says in
someone else's words are not the writer's claims: such a predicate makes no claim of its own and stays
inside the claim of the clause that governs it. A comma-set relative clause is the writer's aside and
stays a claim of its own, unless the noun it belongs to is in doubt ("the director of the museum, who
...": the museum or its director), when it too stays in its noun phrase.

The words that scope over a clause are part of each of its claims: a condition, "according to X",
a parenthetical "X said", "as reported by X", a hedging adverb, a modal clause's fronted phrases
("Under the proposed rule, firms would ..."), and a verb joined by "or"/"nor" (a claim of either verb
alone would say more than the text). A predicate joined to another by "and" or an adverbial clause
inherits the condition and attribution of the clause it hangs on. A negated predicate (not, never, no
one, few, only ...) keeps all its modifiers, since leaving one out says more ("did not raise prices in
2020" is not "did not raise prices").
"""

from __future__ import annotations

from spacy.tokens import Token

from factalign.claims.adjuncts import denied_part, free_adjunct
from factalign.claims.reported import bare_comparison
from factalign.claims.clause_finding import ClauseFinder, is_verbal
from factalign.claims.wellformed import FINITE_TAGS
from factalign.text.deps import AUX_DEPS, NOMINAL_SUBJECT_DEPS, STATEMENT_MARKS, SUBJECT_DEPS

CONDITION_MARKS = {"if", "unless", "lest", "provided", "providing", "assuming", "supposing", "whether"}
TIME_MARKS = {"when", "whenever", "once", "after", "before", "until", "till"}
CONDITION_PREPS = {"provided", "providing", "assuming", "supposing", "barring", "absent"}
CONDITION_NOUNS = {"case", "event"}  # "in case of", "in the event of"
# verbs whose infinitive or gerund complement happened ("began composing novels", "was forced to pursue work")
ASSERTING_VERBS = {"begin", "start", "continue", "keep", "resume", "manage", "help", "force", "compel", "oblige", "cause",
                   "go", "come", "remember", "finish", "stop", "quit", "cease", "get", "happen", "proceed", "return",
                   "use", "spend", "enjoy", "prove", "succeed", "dare", "make", "let"}
COMPLEMENT_DEPS = {"ccomp", "xcomp", "csubj", "csubjpass"}
HEDGE_ADVERBS = {"possibly", "probably", "perhaps", "maybe", "likely", "reportedly", "allegedly", "apparently",
                 "supposedly", "purportedly", "seemingly", "presumably", "reputedly", "potentially", "theoretically"}
HEDGE_MODALS = {"would", "could", "might", "may", "should", "must", "can", "will", "'d", "'ll", "wo", "ca"}
NEGATIVE_WORDS = {"not", "n't", "never", "no", "none", "nobody", "nothing", "neither", "nor", "few", "fewer", "only",
                  "nowhere", "hardly", "barely", "rarely", "seldom", "little"}
QUANTIFIERS = NEGATIVE_WORDS | {"any", "every", "each", "all", "some", "most", "many"}
COLLECTIVE_WORDS = {"together", "respectively", "jointly", "other", "another", "mutually"}  # "each other"
# adjectives that do not say the noun is so: "a possible successor" is no "possible" thing, "a former champion" no champion now
NON_INTERSECTIVE = {"possible", "likely", "potential", "alleged", "former", "future", "would-be", "supposed", "so-called",
                    "probable", "expected", "proposed", "planned", "suspected", "presumed", "apparent", "prospective",
                    "fake", "false", "reported", "rumored", "rumoured", "putative", "unconfirmed", "hypothetical"}
RECIPROCAL_VERBS = {"meet", "marry", "wed", "divorce", "merge", "collide", "clash", "reunite", "separate", "split",
                    "tie", "draw", "date", "partner", "collaborate", "co-write", "co-found", "share", "differ"}


class Scopes(ClauseFinder):
    """Which predicates are asserted, and the words that must go with each one's claims."""

    def __init__(self, sent):
        super().__init__(sent)
        self._held: dict[int, bool] = {}
        # the words of each parenthetical "X said", which a claim puts after itself with a comma
        self.aside_said = set().union(*(self.subtree(t) for t in sent if t.dep_ == "parataxis" and self.held(t)
                                        and self.aside_attribution(t) and t.left_edge.i > sent.start))

    # ---- predicates that make no claim of their own --------------------------------------------
    def predicates(self) -> list[Token]:
        return [p for p in super().predicates() if p.dep_ == "ROOT" or not self.held(p)]

    def separate(self, c: Token) -> bool:
        return not self.held(c) and (free_adjunct(self, c) or super().separate(c))

    def held(self, t: Token) -> bool:
        """Whether predicate t stays inside the claim of the clause that governs it (cached)."""
        if t.i not in self._held:
            self._held[t.i] = self._is_held(t)
        return self._held[t.i]

    def _is_held(self, t: Token) -> bool:
        if t.dep_ == "ROOT" or not is_verbal(t) and t.dep_ not in {"relcl", "acl"}:
            return False
        if t.i in self.lost or t.i in self.linked:
            return False  # clauses the parser nested under another after "and": the writer's own
        if self.quoted_inside(t):
            return True  # someone else's words: the claim of the verb that quotes them carries them
        if t.dep_ in {"relcl", "acl"}:
            return self.relative_held(t)
        if t.dep_ == "conj" and self.disjoined(t):
            return True
        if t.dep_ == "advcl" and (self.condition(t) or self.elliptic(t) or self.purpose(t) or bare_comparison(t)
                                  or denied_part(t)):
            return True
        if t.dep_ == "parataxis" and self.aside_attribution(t):
            return True
        return self.governed(t)

    def governed(self, t: Token) -> bool:
        """Inside a clausal complement, a condition or a clause held for another reason."""
        x = t
        while x.head.i != x.i:
            if x.dep_ in COMPLEMENT_DEPS and x.i not in self.linked and not (
                    x.dep_ == "xcomp" and x.head.lemma_ in ASSERTING_VERBS):
                return True
            if x is not t and x.dep_ in {"advcl", "conj", "relcl", "acl", "parataxis"} and is_verbal(x) and self.held(x):
                return True
            x = x.head
        return False

    def relative_held(self, t: Token) -> bool:
        """A comma-set relative clause or participle is the writer's aside, asserted wherever it stands,
        unless its noun is in doubt; a restrictive one ("patients who miss two doses", "vehicles sold
        in the US") is asserted only where the clause around its noun is, and only of a noun without a
        quantifier ("no one who", "few homes built"); a restrictive participle on an object stays in its
        noun phrase, where its modifiers keep their verb."""
        if self.comma_set(t):
            return self.doubtful_antecedent(t)
        noun = self.antecedent(t)
        if any(c.lower_ in QUANTIFIERS for c in noun.subtree if c.i < noun.i) or noun.lower_ in QUANTIFIERS:
            return True
        finite = t.tag_ in FINITE_TAGS or any(a.dep_ in AUX_DEPS and a.tag_ in FINITE_TAGS for a in t.children)
        if t.dep_ == "acl" and finite:
            return True  # "allegations a video was copied": what the allegations say
        verb = self.governing_verb(noun)
        return verb is not None and (not self.plain(verb) or self.held(verb))

    def ranges(self, tokens: set[int]) -> set[int]:
        """`tokens` with both ends of each number range they touch ("40 to 60", "5 and 8"): the parser may
        hang the ends on different words, and one end alone says something else."""
        out = set(tokens)
        for i in tokens:
            t = self.sent[i]
            if t.lower_ in {"to", "through", "and", "-", "\u2013"} and 0 < i < len(self.sent) - 1 \
                    and self.sent[i - 1].like_num and self.sent[i + 1].like_num:
                out |= {i - 1, i + 1}
        return out

    def bare_only(self, p: Token) -> bool:
        """A restrictive participle on an object ("tracked 400 divers aged 30 to 60 for a decade"): a phrase
        after its complement may be the verb's above it, so its claim keeps its complement alone."""
        return p.dep_ == "acl" and not self.comma_set(p) and self.antecedent(p).dep_ not in {"attr", "nsubj", "nsubjpass"}

    def comma_set(self, t: Token) -> bool:
        first = t.left_edge.i
        return first > self.sent.start and self.sent.doc[first - 1].text in {",", "-", "--", "\u2013", "\u2014"}

    def doubtful_antecedent(self, t: Token) -> bool:
        """A comma-set relative clause after "N1 of/at/for N2": N2 and N1 may both be what it is about.
        The verb's number decides when it has one ("who were", "which is"); a name right before the
        comma is the antecedent ("a classmate of Ms Kunis, 31, who ..."); else it is in doubt."""
        if t.dep_ != "relcl":
            return False
        doc = self.sent.doc
        near = next((x for x in reversed(doc[self.sent.start:t.left_edge.i]) if x.pos_ in {"NOUN", "PROPN", "PRON"}
                     and x.dep_ not in {"compound", "poss", "nummod"} and not x.like_num), None)
        if near is None or near.pos_ == "PROPN" and near.ent_type_ not in {"ORG", "GPE", "FAC", "LOC"}:
            return False
        chain, x = [near], near
        while x.dep_ == "pobj" and x.head.dep_ == "prep" and x.head.head.pos_ in {"NOUN", "PROPN"}:
            x = x.head.head
            chain.append(x)
        if len(chain) < 2:
            return False
        number = self.verb_number(t)
        if number is not None:
            fits = [c for c in chain if (c.tag_ in {"NNS", "NNPS"}) == (number == "plural")]
            return len(fits) != 1
        return True

    def verb_number(self, t: Token) -> str | None:
        finite = next((a for a in t.children if a.dep_ in AUX_DEPS and a.tag_ in FINITE_TAGS), t)
        if finite.tag_ == "VBZ" or finite.lower_ == "was":
            return "singular"
        if finite.tag_ == "VBP" or finite.lower_ == "were":
            return "plural"
        return None

    def governing_verb(self, noun: Token) -> Token | None:
        x = noun
        while x.head.i != x.i and not is_verbal(x.head):
            x = x.head
        return x.head if is_verbal(x.head) else None

    def plain(self, verb: Token) -> bool:
        """A verb that asserts its clause: no modal, no negation, no negative or counting subject."""
        if any(c.dep_ in AUX_DEPS and c.tag_ == "MD" for c in verb.children):
            return False
        return not self.negated(verb)

    def quoted_inside(self, t: Token) -> bool:
        """A (non-root) predicate inside a quotation: someone else's words."""
        i = self.rel(t)
        return any(a < i < b for a, b in self.quote_pairs)

    def disjoined(self, t: Token) -> bool:
        """A verb joined to another by "or"/"nor" (the small parser may hang the "or" on the first
        verb's object): neither alone is said."""
        doc = self.sent.doc
        return any(c.dep_ in {"cc", "preconj"} and c.lower_ in {"or", "nor", "either", "neither"}
                   and (c.head.i in {t.i, t.head.i} or c.head.head.i == t.head.i)
                   for c in doc[min(t.head.left_edge.i, t.i):t.i])

    # ---- kinds of adverbial clause and phrase ---------------------------------------------------
    def condition(self, c: Token) -> bool:
        """A condition ("if ...", "unless ...", inverted "Should the talks fail"), a clause after "as
        long as", or a time clause in the present tense ("once the line opens": not yet true)."""
        marks = {m.lower_ for m in c.children if m.dep_ == "mark" or m.tag_ == "WRB" and m.dep_ == "advmod"}
        if marks & CONDITION_MARKS or c.head.lower_ == "long" and "as" in marks:
            return True
        subj = next((s for s in c.children if s.dep_ in NOMINAL_SUBJECT_DEPS), None)
        if subj is not None and any(a.dep_ in AUX_DEPS and a.i < subj.i and a.lower_ in {"should", "had", "were"}
                                    for a in c.children):
            return True
        if marks & TIME_MARKS:
            tensed = [c] + [a for a in c.children if a.dep_ in AUX_DEPS]
            if any(x.tag_ == "VBD" for x in tensed):
                return False
            # "once the roof has been repaired" is done by then only where the clause it hangs on is not future
            return not any(a.lower_ in {"has", "have"} for a in tensed) or self.modal(c.head)
        return False

    def elliptic(self, c: Token) -> bool:
        """An adverbial clause with its link word and no subject: "if approved", "as planned"."""
        return any(m.dep_ == "mark" for m in c.children) and not any(s.dep_ in SUBJECT_DEPS for s in c.children)

    def purpose(self, c: Token) -> bool:
        marks = [m.lower_ for m in c.children if m.dep_ == "mark"]
        return marks[:1] == ["so"] or marks == ["that"] and any(a.tag_ == "MD" for a in c.children)

    def aside_attribution(self, c: Token) -> bool:
        """A parenthetical "X said" / "officials believe": a clause with a subject and nothing it says (not a statement
        before a colon: "Sales rose: exports fell")."""
        after = c.doc[c.right_edge.i + 1] if c.right_edge.i + 1 < len(c.doc) else None
        if c.i < c.head.i and after is not None and after.text in STATEMENT_MARKS:
            return False
        return (any(s.dep_ in NOMINAL_SUBJECT_DEPS for s in c.children)
                and not any(o.dep_ in {"dobj", "ccomp", "xcomp", "attr", "acomp"} for o in c.children))

    def scoping(self, p: Token, c: Token) -> bool:
        """Whether child c of predicate p scopes over p's claims, which all keep it."""
        if c.dep_ == "advcl" and self.held(c) and (self.condition(c) or self.elliptic(c) and self.attribution_word(c)):
            return True
        if c.dep_ == "parataxis" and self.held(c) or c.dep_ == "advcl" and bare_comparison(c):
            return True
        if c.dep_ == "conj" and is_verbal(c) and self.held(c):
            return True
        if c.dep_ == "prep" and (c.lower_ == "according" or c.lower_ in CONDITION_PREPS
                                 or any(g.lower_ in CONDITION_NOUNS and g.dep_ == "pobj" for g in c.children)):
            return True
        if c.dep_ in {"advmod", "npadvmod"} and c.lower_ in COLLECTIVE_WORDS:
            return True  # "together", "respectively": what a coordinated subject does as one
        if c.dep_ == "advmod" and (c.lower_ in HEDGE_ADVERBS or c.lower_ == "long" and any(
                g.dep_ == "advcl" and self.condition(g) for g in c.children)):
            return True
        if c.dep_ in {"prep", "advmod", "npadvmod"} and c.i < p.i and self.modal(p):
            subj = next((s for s in p.children if s.dep_ in NOMINAL_SUBJECT_DEPS), None)
            return subj is not None and c.i < subj.i  # "Under the proposed rule, firms would ..."
        return False

    def attribution_word(self, c: Token) -> bool:
        return any(m.lower_ == "as" for m in c.children if m.dep_ == "mark")

    def modal(self, p: Token) -> bool:
        return any(c.dep_ in AUX_DEPS and c.lower_ in HEDGE_MODALS for c in p.children)

    def negated(self, p: Token) -> bool:
        """Not, never, no longer; a subject or object that counts down (no one, few, none, only)."""
        for c in p.children:
            if c.dep_ == "neg" or c.dep_ == "advmod" and c.lower_ in NEGATIVE_WORDS:
                return True
            if c.dep_ in SUBJECT_DEPS | {"dobj", "attr"} and (c.lower_ in NEGATIVE_WORDS or any(
                    d.lower_ in NEGATIVE_WORDS and d.dep_ in {"det", "advmod", "amod", "neg", "preconj"} for d in c.children)):
                return True
        return False

    def inherited(self, p: Token) -> list[set[int]]:
        """The condition and attribution of the clause a coordinated or adverbial predicate hangs on."""
        out, x = [], p
        while x.dep_ in {"conj", "advcl"} and x.head.i != x.i and is_verbal(x.head):
            h = x.head
            for c in h.children:
                if c.i != x.i and not c.is_ancestor(p) and self.inheritable(c):
                    out.append(self.subtree(c))
            x = h
        return out

    def antecedent(self, p: Token) -> Token:
        """A number the parser took for the antecedent stands for the noun it measures: "a writer
        under 35 who has published a book" is about the writer."""
        n = super().antecedent(p)
        while n.like_num and n.dep_ == "pobj" and n.head.head.pos_ in {"NOUN", "PROPN"}:
            n = n.head.head
        return n

    def optional_clauses(self, tokens: set[int]) -> set[int]:
        """The restrictive relative clauses and noun complements ("reports that ...") among `tokens` held only because a complement holds them, under
        no negation, modal or quantifier: a claim may leave them out ("Apple has announced it is introducing
        a tool." of "... a tool that allows users to log in"), as it leaves out a modifier."""
        out: set[int] = set()
        for i in tokens:
            t = self.sent[i]
            if t.dep_ not in {"relcl", "acl"} or not is_verbal(t) or not self.held(t) or self.quoted_inside(t) or self.comma_set(t):
                continue
            noun, verb = self.antecedent(t), self.governing_verb(self.antecedent(t))
            if verb is None or noun.lower_ in QUANTIFIERS or any(c.lower_ in QUANTIFIERS for c in noun.subtree if c.i < noun.i):
                continue
            chain, x = [verb], verb
            while x.head.i != x.i:
                x = x.head
                chain.append(x)
            if all(self.plain(v) for v in chain if is_verbal(v)):
                out |= self.subtree(t)
        return out

    def inheritable(self, c: Token) -> bool:
        """A condition or an attribution, which scope over every clause joined to the one they hang on."""
        if c.dep_ == "advcl":
            return self.held(c) and self.condition(c)
        if c.dep_ == "parataxis":
            return self.held(c)
        return c.dep_ == "prep" and (c.lower_ == "according" or c.lower_ in CONDITION_PREPS
                                     or any(g.lower_ in CONDITION_NOUNS and g.dep_ == "pobj" for g in c.children))

    def collective(self, pred: set[int]) -> bool:
        """A predicate that a coordinated subject does together ("met", "together", "respectively",
        "are rivals"): one conjunct alone does not do it."""
        for i in pred:
            t = self.sent[i]
            if t.lower_ in COLLECTIVE_WORDS or t.lemma_ in RECIPROCAL_VERBS and is_verbal(t):
                return True
            if t.dep_ == "attr" and t.tag_ in {"NNS", "NNPS"} and t.head.lemma_ == "be":
                return True
        return False

"""A dependency parse -> atomic claims, each a list of the sentence's own tokens (plus copulas).

Every predicate (root, coordinated verb, adverbial, relative or participial clause) becomes a
claim with its subject: an inherited one for coordinated verbs and participles, the antecedent for
relative clauses. A claim keeps its predicate's core complements (object, attribute, ...) and adds
its modifiers (prepositional phrases of time, place, ...) one at a time, as FIZZ's atomic facts
do ("X joined Y." "X joined Y in 2011."); a copula's attribute keeps its "of" phrase and treats
its other prepositional phrases the same way ("X is a band." "X is a band from Iowa."). Coordinated
nouns (and gerunds coordinated under a preposition) joined by "and" are split, one claim per
conjunct, sharing the first conjunct's determiner or possessor, and a verb agrees with the one
conjunct of a split subject ("Anna and Bob watch films" -> "Anna watches films."); "X or Y" and
"one of X and Y" stay whole, since a claim of either conjunct would say more than the text.
Comma-set appositives (not lists the parser misread as appositives) and the adjectives of a copula's
indefinite attribute become "X is ..." claims; a definite attribute keeps its adjectives ("Macbeth is
Shakespeare's shortest tragedy"). A bare participial clause gets a copula ("Born in Dallas, he ..." ->
"X was born in Dallas."). A possessive pronoun that refers to the claim's own subject stays a pronoun.
"""

from __future__ import annotations

import re

from spacy.tokens import Span, Token

from factalign.claims.wellformed import FINITE_TAGS
from factalign.text.pronouns import DETERMINERS

SUBJECT_DEPS = {"nsubj", "nsubjpass", "csubj", "csubjpass"}
CORE_DEPS = {"dobj", "attr", "acomp", "oprd", "dative", "xcomp", "ccomp", "agent", "pcomp", "pobj"}  # pobj: a misparsed object
MODIFIER_DEPS = {"prep", "npadvmod", "advmod"}
CLAUSE_DEPS = {"advcl", "relcl", "parataxis", "appos"}
DROP_DEPS = {"punct", "cc", "preconj", "mark", "meta", "intj", "dep", "discourse"}
SUBTREE_DROP_DEPS = {"mark", "meta", "intj", "dep", "discourse"}
DISCOURSE_ADVERBS = {"also", "then", "however", "thus", "therefore", "meanwhile", "moreover", "furthermore",
                     "additionally", "still", "too", "again", "instead", "nevertheless", "nonetheless"}
RELATIVE_PRONOUNS = {"who", "whom", "which", "that", "whose", "where", "when"}
MAX_VARIANTS = 12
MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"}

Names = dict[int, str]  # token index (in the sentence) -> replacement text; "" deletes the token


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


class ClauseSplitter:
    """Claims of one parsed sentence; `names` replaces pronouns and short names by their antecedent."""

    def __init__(self, sent: Span, names: Names):
        self.sent = sent
        self.names = names
        self.hidden = bracketed(sent)
        self.attached: set[int] = set()  # auxiliaries a coordinated verb shares, placed before it

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
                if p.dep_ == "relcl" and c.lower_ in RELATIVE_PRONOUNS:
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
        subjects = [c for c in p.children if c.dep_ in {"nsubj", "nsubjpass"} and c.i < p.i]
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

    # ---- claims ------------------------------------------------------------------------------
    def claims(self) -> list[list[str]]:
        """Each claim as a list of words."""
        out: list[list[str]] = []
        for p in self.predicates():
            out += self.predicate_claims(p)
        out += self.appositive_claims()
        return out

    def predicate_claims(self, p: Token) -> list[list[str]]:
        subj = self.subject_of(p)
        if subj is None:
            return []
        fronted = self.fronted_descriptions(p)
        subject = self.subtree(subj)
        relative, extra = set(), {}
        if p.dep_ == "relcl":  # "with whom he worked" -> "... worked with <antecedent>"
            antecedent = " ".join(self.render(sorted(self.subtree(p.head))))
            for c in p.subtree:
                if c.lower_ in RELATIVE_PRONOUNS and c.tag_ in {"WDT", "WP", "WP$", "WRB"}:
                    if c.dep_ in SUBJECT_DEPS or c.tag_ == "WRB":
                        relative.add(self.rel(c))
                    else:
                        extra[self.rel(c)] = antecedent + "'s" if c.lower_ == "whose" else antecedent
        aux, core, mods = [], [], []
        for c in p.children:
            r = self.rel(c)
            if r in self.hidden or c.dep_ in SUBJECT_DEPS or c.dep_ in DROP_DEPS or self.separate(c) or c.i == subj.i:
                continue
            if c.tag_ == "WRB" and c.dep_ == "advmod" and p.dep_ != "relcl":
                continue  # "when they led the club": the clause's link word, not part of its claim
            if c.dep_ in {"aux", "auxpass", "neg", "prt"} or (c.dep_ == "advmod" and c.i < p.i and c.lower_ not in DISCOURSE_ADVERBS):
                aux.append(self.subtree(c))
            elif c.dep_ in CORE_DEPS and p.lemma_ == "be" and c.dep_ == "attr":
                phrases = self.attribute_phrases(c)
                core.append(self.subtree(c) - self.adjectives(c) - set().union(*phrases))
                mods += phrases
            elif c.dep_ in CORE_DEPS:
                core.append(self.subtree(c))
            elif c in fronted:
                continue
            elif c.dep_ == "advcl":  # a non-finite adverbial clause is a modifier of its verb
                mods.append(self.subtree(c))
            elif c.dep_ in MODIFIER_DEPS or c.dep_ == "advmod":
                if c.lower_ not in DISCOURSE_ADVERBS:
                    mods.append(self.subtree(c))
        if not core and mods:  # an intransitive verb keeps its first following phrase, a preposition first
            after = [i for i, m in enumerate(mods) if min(m) > self.rel(p)]
            preps = [i for i in after if self.sent[min(mods[i])].dep_ == "prep"]
            core.append(mods.pop((preps or after or [0])[0]))
        shared = self.shared_auxiliaries(p)
        self.attached |= set().union(*shared)
        aux += shared
        base = set().union({self.rel(p)}, *aux, *core)
        bases = [base] + [base | m for m in mods]
        copula = []
        if p.dep_ == "acl" or self.bare_participle(p):
            copula = ["were" if subj.tag_ in {"NNS", "NNPS"} and not set(subject) & set(self.names) else "was"]
        out = []
        for pred in bases:
            pred -= relative
            for s, pr in self.split_conjuncts(subject, pred):
                subject_words = self.render(sorted(s))
                predicate = self.render(self.verb_order(pr, p), extra, own=" ".join(subject_words))
                if s != subject and conjunct_head(subj, s).tag_ not in {"NNS", "NNPS"}:  # "Jackson and Van Buren were" -> "Van Buren was"
                    predicate = singular(predicate, p)
                if any(w[:1].isalnum() for w in predicate):
                    out.append(subject_words + copula + predicate)
        out += self.attribute_claims(p, subject)
        for c in fronted:  # "A native of Seattle, Wilson began acting" -> "Wilson was a native of Seattle."
            copula = ["was" if p.tag_ == "VBD" or self.past() else "is"]
            for s, d in self.split_conjuncts(subject, self.subtree(c)):
                out.append(self.render(sorted(s)) + copula + self.render(sorted(d)))
        return out

    def shared_auxiliaries(self, p: Token) -> list[set[int]]:
        """The auxiliaries a coordinated verb without its own shares with the verb it is coordinated
        with: "Locke will be named manager and given a deal" -> "Locke will be given a deal"."""
        if not self.coordinated_predicate(p) or any(c.dep_ in {"aux", "auxpass"} or c.dep_ in SUBJECT_DEPS for c in p.children):
            return []
        head = p.head
        while head.dep_ == "conj" and not any(c.dep_ in {"aux", "auxpass"} for c in head.children):
            head = head.head
        passive = any(c.dep_ == "auxpass" for c in head.children)
        participle = p.tag_ == "VBN" or p.tag_ == "VBD" and passive and not any(c.dep_ == "dobj" for c in p.children)
        if p.tag_ not in {"VB", "VBG"} and not participle:
            return []  # "founded the company and led it": a tensed verb of its own
        shared = [c for c in head.children if c.dep_ in {"aux", "auxpass"} and c.lower_ != "to" and c.i < head.i]
        if not shared or not fits(shared[-1], "VBN" if participle else p.tag_):
            return []  # "can occur by ... or assisted ...": "can assisted" would not be English
        return [{self.rel(c)} for c in shared]

    def bare_participle(self, p: Token) -> bool:
        """A past participle heading an adverbial clause on its own: "Born and raised in Dallas, he ..."
        -> "X was born." "X was raised in Dallas." """
        if p.tag_ != "VBN" or any(c.dep_ in {"aux", "auxpass", "nsubj", "nsubjpass"} for c in p.children):
            return False
        if p.dep_ == "conj":
            return p.head.dep_ == "advcl" and self.bare_participle(p.head)
        return p.dep_ == "advcl"

    def attribute_phrases(self, attr: Token) -> list[set[int]]:
        """The prepositional phrases of a copula's attribute, which are modifiers like the verb's own
        ("Slipknot is a band." "Slipknot is a band from Des Moines."); "of" phrases stay ("the capital of France")."""
        return [self.subtree(c) for c in attr.children if c.dep_ == "prep" and c.lower_ != "of" and c.i > attr.i]

    def verb_order(self, pred: set[int], p: Token) -> list[int]:
        """Predicate tokens in sentence order, but complements fronted before the subject move after the verb."""
        v = self.rel(p)
        first = min(pred)
        fronted = [i for i in pred if i < v and not self.attached_before_verb(i, p)]
        rest = sorted(set(pred) - set(fronted))
        return rest + sorted(fronted) if fronted and first < v else rest

    def attached_before_verb(self, i: int, p: Token) -> bool:
        if i in self.attached:
            return True
        t = self.sent[i]
        while t.head.i != p.i and t.head.i != t.i:
            t = t.head
        return t.dep_ in {"aux", "auxpass", "neg", "advmod"}

    def adjectives(self, attr: Token) -> set[int]:
        """The adjectives of a copula's indefinite attribute, which become claims of their own; a
        definite description keeps them ("Macbeth is Shakespeare's shortest tragedy")."""
        if any(c.dep_ == "poss" or c.dep_ == "det" and c.lower_ in {"the", "this", "that", "these", "those"} for c in attr.children):
            return set()
        return set().union(*(self.subtree(a) for a in attr.children if a.dep_ == "amod"))

    def attribute_claims(self, p: Token, subject: set[int]) -> list[list[str]]:
        """'X is a 2010 American comedy film' -> 'X is American.' (the base claim keeps 'a 2010 comedy film')."""
        if p.lemma_ != "be":
            return []
        verb = self.render([self.rel(c) for c in p.children if c.dep_ in {"aux", "neg"}] + [self.rel(p)])
        out = []
        for attr in (c for c in p.children if c.dep_ == "attr"):
            split = self.adjectives(attr)
            for a in attr.children:
                if a.dep_ == "amod" and self.rel(a) in split:
                    out.append(self.render(sorted(subject)) + verb + self.render(sorted(self.subtree(a))))
        return out

    def appositive_claims(self) -> list[list[str]]:
        """'X, the 27-year-old, joined Y' -> 'X is the 27-year-old.'"""
        out = []
        for t in self.sent:
            if t.dep_ != "appos" or self.rel(t) in self.hidden or self.rel(t.head) in self.hidden:
                continue
            if t.pos_ == "PROPN" and not any(c.dep_ in {"det", "poss"} for c in t.children):
                continue  # "Old Lyme, Connecticut": a place's region, not a description
            if not self.loose_appositive(t):
                continue
            if t.pos_ == "PROPN" and t.head.pos_ == "PROPN":
                continue  # "Marnie, The Name of the Rose, ...": a list, not a description
            head, appos = self.subtree(t.head), self.subtree(t)
            copula = "are" if t.head.tag_ in {"NNS", "NNPS"} else "was" if self.past() else "is"
            for h, a in self.split_conjuncts(head, appos):
                out.append(self.render(sorted(h)) + [copula] + self.render(sorted(a)))
        return out

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

    def past(self) -> bool:
        root = self.sent.root
        return root.tag_ == "VBD" or any(c.tag_ == "VBD" and c.dep_ in {"aux", "auxpass"} for c in root.children)

    # ---- coordination ------------------------------------------------------------------------
    def split_conjuncts(self, subject: set[int], pred: set[int]) -> list[tuple[set[int], set[int]]]:
        """One (subject, predicate) per choice of conjunct in each coordination, at most MAX_VARIANTS
        (a single longer list gives its first MAX_VARIANTS items)."""
        variants = [(subject, pred)]
        for head in self.coordinations(subject | pred):
            options = self.conjunct_options(head)
            grown = []
            for s, pr in variants:
                for keep, drop in options:
                    grown.append((s - drop | (keep & s) if head.i - self.sent.start in s else s,
                                  pr - drop | (keep & pr) if head.i - self.sent.start in pr else pr))
            if len(grown) > MAX_VARIANTS and len(variants) > 1:
                break  # a second long coordination: left whole
            variants = grown[:MAX_VARIANTS]  # one long list: its first items
        return variants

    def coordinations(self, tokens: set[int]) -> list[Token]:
        heads = []
        for i in sorted(tokens):
            t = self.sent[i]
            if t.dep_ == "pobj" and t.head.lower_ == "between":
                continue  # "between 2002 and 2010" is one range
            if t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.lower_ in CHOOSERS:
                continue  # "one of Bournemouth or Middlesbrough": neither alone
            if any(c.dep_ == "cc" and c.lower_ in {"or", "nor"} for m in (t, *t.conjuncts) for c in m.children):
                continue  # "X or Y" asserts neither one alone: a claim of either would say more than the text
            if (t.dep_ != "conj" and not self.heads_claim(t) and not self.place_pair(t)
                    and any(c.dep_ == "conj" and self.rel(c) in tokens for c in t.children)):
                heads.append(t)
        return heads

    def place_pair(self, head: Token) -> bool:
        """Two names joined by a bare comma, no "and"/"or": a place and its region ("Seattle, Washington")."""
        conj = [c for c in head.children if c.dep_ == "conj"]
        return (head.pos_ == "PROPN" and len(conj) == 1 and conj[0].pos_ == "PROPN"
                and not any(c.dep_ in {"cc", "conj"} for c in conj[0].children)
                and not any(c.dep_ == "cc" for c in head.children))

    def conjunct_options(self, head: Token) -> list[tuple[set[int], set[int]]]:
        """For each conjunct: (tokens to keep, tokens of the coordination to drop)."""
        members = [head]
        while True:
            nxt = next((c for c in members[-1].children if c.dep_ == "conj" and not self.coordinated_predicate(c)), None)
            if nxt is None:
                break
            members.append(nxt)
        glue = {self.rel(c) for m in members for c in m.children if c.dep_ in {"cc", "punct", "preconj"}}
        own = {}
        for m in members:
            sub = self.subtree(m) - glue
            for later in members[members.index(m) + 1:]:
                sub -= self.subtree(later)
            own[m.i] = sub
        everything = set().union(*own.values()) | glue
        options = []
        det = next((self.subtree(c) for c in head.children if c.dep_ in {"det", "poss"} and c.i < head.i), None)
        for m in members:
            keep = set(own[m.i])
            if m is not head and det is not None and not any(c.dep_ in {"det", "poss"} for c in m.children):
                keep |= det  # "an aviation pioneer and author" -> "an author"; "its capital and largest city"
            options.append((keep, everything))
        return options

    # ---- rendering ---------------------------------------------------------------------------
    def render(self, indices: list[int], extra: Names | None = None, own: str | None = None) -> list[str]:
        """Tokens -> words, names substituted; tokens written together in the sentence stay together.

        A possessive pronoun that stands for `own` (the claim's subject) stays a pronoun:
        "Bill Clinton served his term", not "... served Bill Clinton's term"."""
        names = {**self.names, **(extra or {})}
        words: list[str] = []
        kept = set(indices)
        for i in indices:
            t = self.sent[i]
            if i in names:
                if own and t.lower_ in DETERMINERS and names[i].lower() == own.lower() + "'s":
                    words.append(t.lower_)
                elif names[i]:
                    words.append(names[i])
                continue
            if t.is_punct and not (i - 1 in kept and i + 1 in kept):
                continue  # a comma or dash left dangling by a removed clause
            glued = words and i - 1 in kept and i - 1 not in names and not self.sent[i - 1].whitespace_
            text = t.lower_ if t.i == self.sent.start and t.pos_ != "PROPN" and t.text != "I" else t.text
            if glued or (t.dep_ == "case" and words):
                words[-1] += text
            else:
                words.append(text)
        return words


def conjunct_head(subject: Token, kept: set[int]) -> Token:
    """The noun heading the one conjunct of a split subject that a claim keeps."""
    return subject if subject.i in kept else next((c for c in subject.conjuncts if c.i in kept), subject)


CHOOSERS = {"one", "either", "neither", "each", "both", "none", "any", "all", "some"}
SINGULAR = {"were": "was", "are": "is", "have": "has", "do": "does"}


def singular(words: list[str], verb: Token) -> list[str]:
    """The first verb form of a predicate made to agree with one conjunct of a split subject
    ("Donald Duck and Goofy recruit Sora" -> "Goofy recruits Sora")."""
    for k, w in enumerate(words):
        if w in SINGULAR:
            return words[:k] + [SINGULAR[w]] + words[k + 1:]
        if k == 0 and w == verb.text and verb.tag_ in {"VBP", "VB"}:  # the small tagger reads many as VB
            return [third_person(w)] + words[1:]
    return words


def third_person(verb: str) -> str:
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def fits(aux: Token, tag: str) -> bool:
    """Whether a verb of form `tag` can follow the auxiliary: a modal or "do" takes the base form,
    "have" and a passive "be" a participle, a progressive "be" a gerund."""
    if aux.tag_ == "MD" or aux.lemma_ == "do":
        return tag == "VB"
    if aux.lemma_ == "have" or aux.dep_ == "auxpass":
        return tag == "VBN"
    return tag == ("VBG" if aux.lemma_ == "be" else "VB")


def non_finite(t: Token) -> bool:
    """An infinitive or gerund with neither a subject nor a tensed auxiliary of its own."""
    if t.tag_ not in {"VB", "VBG"}:
        return False
    return not any(c.dep_ in SUBJECT_DEPS or c.dep_ in {"aux", "auxpass"} and c.tag_ in FINITE_TAGS
                   for c in t.children)


def is_verbal(t: Token) -> bool:
    return t.pos_ in {"VERB", "AUX"}


def join_words(words: list[str]) -> str:
    """Words -> a sentence: articles agreeing with the next word, capitalised, one final period."""
    words = [(("an" if nxt[:1].lower() in "aeiou" else "a") if w.lower() in {"a", "an"} else w)
             for w, nxt in zip(words, words[1:] + [""])]
    text = " ".join(words).strip(" ,;:-").rstrip(".")
    return (text[:1].upper() + text[1:] + ".") if text else ""


__all__ = ["ClauseSplitter", "Names", "join_words", "is_verbal"]

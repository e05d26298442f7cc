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
"X was born in Dallas."). A possessive pronoun referring to the claim's own subject stays a pronoun, and so
does an object pronoun coreference would make its verb's subject ("X told her", not "X told X"). A quotation
a claim holds whole keeps its marks; one it cuts short is marked as cut (which the well-formedness check rejects).
"""

from __future__ import annotations

import re

from spacy.tokens import Span, Token

from factalign.claims.adjuncts import denied_part, free_adjunct, progressive_be, with_denial
from factalign.claims.clause_finding import DISCOURSE_ADVERBS, SUBTREE_DROP_DEPS, is_verbal
from factalign.claims.descriptions import description_claims, outside_names
from factalign.claims.coordination import Coordinations, conjunct_head, singular
from factalign.claims.reported import after_inverted_report, bare_comparison, misread_verb, predicative
from factalign.claims.scope import NON_INTERSECTIVE
from factalign.claims.wellformed import FINITE_TAGS
from factalign.coref.edit import possessive
from factalign.text.deps import AUX_DEPS, NOMINAL_SUBJECT_DEPS, SUBJECT_DEPS
from factalign.text.pronouns import DEMONSTRATIVE, DETERMINERS, RELATIVE_WORDS

CORE_DEPS = {"dobj", "attr", "acomp", "oprd", "dative", "xcomp", "ccomp", "agent", "pcomp", "pobj"}  # pobj: a misparsed object
MODIFIER_DEPS = {"prep", "npadvmod", "advmod"}
DROP_DEPS = SUBTREE_DROP_DEPS | {"punct", "cc", "preconj", "mark"}  # a clause's own claim leaves out its link word
DEFINITE_DETERMINERS = {"the"} | DEMONSTRATIVE
OBJECT_PRONOUNS = {"him", "her", "it", "them", "me", "us"}

Names = dict[int, str]  # token index (in the sentence) -> replacement text; "" deletes the token


class ClauseSplitter(Coordinations):
    """Claims of one parsed sentence; `names` replaces pronouns and short names by their antecedent."""

    def __init__(self, sent: Span, names: Names):
        super().__init__(sent)
        self.names = outside_names(sent, self.descriptions, names)
        self.attached: set[int] = set()  # auxiliaries a coordinated verb shares, placed before it

    # ---- claims ------------------------------------------------------------------------------
    def claims(self) -> list[list[str]]:
        """Each claim as a list of words."""
        if not len(self.sent) or misread_verb(self.sent):  # (a sentence the tokenizer leaves no token of has no root)
            return []  # the sentence stands whole: every claim would be built on the misread parse
        out: list[list[str]] = []
        for p in self.predicates():
            out += self.predicate_claims(p)
        out += self.appositive_claims()
        out += description_claims(self)
        return out

    def predicate_claims(self, p: Token) -> list[list[str]]:
        subj = self.subject_of(p)
        fronted = self.fronted_descriptions(p)
        subjects = [c for c in p.children if c.dep_ in NOMINAL_SUBJECT_DEPS and self.rel(c) not in self.hidden and c not in fronted]
        if subj is None or len(subjects) > 1:
            return []  # two subjects: a coordination the parser missed; the sentence stands in for it
        subject = self.subtree(subj)
        relative, extra = set(), {}
        if p.dep_ == "relcl":  # "with whom he worked" -> "... worked with <antecedent>"
            antecedent = " ".join(self.render(sorted(self.subtree(self.antecedent(p)))))
            for c in p.subtree:
                if c.lower_ in RELATIVE_WORDS and c.tag_ in {"WDT", "WP", "WP$", "WRB"}:
                    if c.dep_ in SUBJECT_DEPS or c.tag_ == "WRB":
                        relative.add(self.rel(c))
                    else:
                        extra[self.rel(c)] = possessive(antecedent) if c.lower_ == "whose" else antecedent
        aux, core, mods = [], [], []
        for c in p.children:
            r = self.rel(c)
            if r in self.hidden or c.dep_ in SUBJECT_DEPS or c.dep_ in DROP_DEPS or self.separate(c) or c.i == subj.i \
                    or denied_part(c):
                continue
            if c.tag_ == "WRB" and c.dep_ == "advmod" and p.dep_ != "relcl":
                continue  # "when they led the club": the clause's link word, not part of its claim
            if self.scoping(p, c):  # a condition, an attribution, a hedge: in every claim of p
                core.append(self.subtree(c))
            elif c.dep_ in {"aux", "auxpass", "neg", "prt"} or (c.dep_ == "advmod" and c.i < p.i and c.lower_ not in DISCOURSE_ADVERBS):
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
            elif (c.dep_ in MODIFIER_DEPS or c.dep_ == "advmod") and c.lower_ not in DISCOURSE_ADVERBS:
                mods = with_denial(self, mods, c)  # "to X rather than to Y": Y only with its denial
        if self.negated(p) or self.held(p) or predicative(p):  # "did not raise prices in 2020" is not "did not raise prices"
            core, mods = core + mods, []
        core += self.inherited(p)
        if not core and mods:  # an intransitive verb keeps its first following phrase, a preposition first
            after = [i for i, m in enumerate(mods) if min(m) > self.rel(p)]
            preps = [i for i in after if self.sent[min(mods[i])].dep_ == "prep"]
            core.append(mods.pop((preps or after or [0])[0]))
        if self.bare_only(p):
            mods = []
        mods = [m for m in mods if not after_inverted_report(self, p, m)]
        shared = self.shared_auxiliaries(p)
        self.attached |= set().union(*shared)
        aux += shared
        base = set().union({self.rel(p)}, *aux, *core)
        optional = self.optional_clauses(base)
        if optional:
            base -= optional
            mods.append(optional)
        bases = [self.ranges(b) for b in [base] + [base | m for m in mods]]
        copula = []
        tensed = any(c.dep_ in AUX_DEPS and c.tag_ in FINITE_TAGS for c in p.children)  # "a video was copied": no copula
        if p.dep_ == "acl" and not tensed or self.bare_participle(p):
            copula = ["were" if subj.tag_ in {"NNS", "NNPS"} and not set(subject) & set(self.names) else "was"]
        elif free_adjunct(self, p):  # "..., playing forty shows" -> "X was playing forty shows."
            copula = [progressive_be(self, p.head, subj, bool(set(subject) & set(self.names)))]
        out = []
        for pred in bases:
            pred -= relative
            for s, pr in [(s, pr) for s, pr in self.split_conjuncts(subject, pred)
                          if any(not self.sent[k].is_punct for k in s)]:  # punctuation alone as subject: a misparse
                subject_words = self.render(sorted(s), extra, claim=s | pr)  # "whose summit" -> "X's summit"
                end = max(k for k in s if not self.sent[k].is_punct) + 1
                if any(self.sent[k].text == "," for k in s if k < end) and end < len(self.sent) and self.sent[end].text == ",":
                    subject_words[-1] += ","  # "Shares in the firm, which had risen 40%, fell": the aside closed
                said = pr & self.aside_said  # "Prices, the firm said, will rise" -> "Prices will rise, the firm said."
                predicate = self.render(self.verb_order(pr - said, p), extra, own=" ".join(subject_words), claim=s | pr)
                if s != subject and conjunct_head(subj, s).tag_ not in {"NNS", "NNPS"}:  # "Jackson and Van Buren were" -> "Van Buren was"
                    predicate = singular(predicate, p)
                if said and predicate:
                    predicate = predicate[:-1] + [predicate[-1] + ","] + self.render(sorted(said), extra, claim=s | pr)
                if any(w[:1].isalnum() for w in predicate):
                    out.append(subject_words + copula + predicate)
        out += self.attribute_claims(p, subject)
        for c in fronted:  # "A native of Seattle, Wilson began acting" -> "Wilson was a native of Seattle."
            copula = ["was" if p.tag_ == "VBD" or self.past() else "is"]
            for s, d in self.split_conjuncts(subject, self.subtree(c)):
                out.append(self.render(sorted(s), claim=s | d) + copula + self.render(sorted(d), claim=s | d))
        return out

    def shared_auxiliaries(self, p: Token) -> list[set[int]]:
        """The auxiliaries a coordinated verb without its own shares with the verb it is coordinated
        with: "Locke will be named manager and given a deal" -> "Locke will be given a deal"."""
        if not self.coordinated_predicate(p) or any(c.dep_ in AUX_DEPS or c.dep_ in SUBJECT_DEPS for c in p.children):
            return []
        if p.pos_ == "AUX" and p.tag_ in FINITE_TAGS:
            return []  # "was made a Companion and was the highest-paid actress": a tensed copula of its own
        head = p.head
        while head.dep_ == "conj" and not any(c.dep_ in AUX_DEPS for c in head.children):
            head = head.head
        passive = any(c.dep_ == "auxpass" for c in head.children)
        participle = p.tag_ == "VBN" or p.tag_ == "VBD" and passive and not any(c.dep_ == "dobj" for c in p.children)
        if p.tag_ not in {"VB", "VBG"} and not participle:
            return []  # "founded the company and led it": a tensed verb of its own
        shared = [c for c in head.children if c.dep_ in AUX_DEPS and c.lower_ != "to" and c.i < head.i]
        if not shared or not fits(shared[-1], "VBN" if participle else p.tag_):
            return []  # "can occur by ... or assisted ...": "can assisted" would not be English
        negation = [c for c in head.children if c.dep_ == "neg" and c.i < head.i]  # "will not cut jobs and close plants"
        return [{self.rel(c)} for c in shared + negation]
    def attribute_phrases(self, attr: Token) -> list[set[int]]:
        """The prepositional phrases of a copula's attribute, which are modifiers like the verb's own
        ("Slipknot is a band." "Slipknot is a band from Des Moines."); "of" phrases stay ("the capital of France")."""
        return [self.subtree(c) for c in attr.children if c.dep_ == "prep" and c.lower_ != "of" and c.i > attr.i]

    def verb_order(self, pred: set[int], p: Token) -> list[int]:
        """Predicate tokens in sentence order, but complements fronted before the subject move after the verb."""
        v = self.rel(p)
        fronted = [i for i in pred if i < v and not self.attached_before_verb(i, p)]
        rest = sorted(set(pred) - set(fronted))
        objects = [i for i in fronted if self.sent[i].dep_ == "dobj" and self.rel(self.sent[i].head) in rest]
        for i in objects:  # an object goes right after its verb: "which it had used since 1921" -> "used X since 1921"
            rest.insert(rest.index(self.rel(self.sent[i].head)) + 1, i)
        return rest + sorted(set(fronted) - set(objects))

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
        if any(c.dep_ == "poss" or c.dep_ == "det" and c.lower_ in DEFINITE_DETERMINERS for c in attr.children):
            return set()
        return set().union(*(self.subtree(a) for a in attr.children if a.dep_ == "amod" and a.lower_ not in NON_INTERSECTIVE))

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
                    adjective = self.subtree(a)
                    out.append(self.render(sorted(subject), claim=subject | adjective) + verb
                               + self.render(sorted(adjective), claim=subject | adjective))
        return out

    def appositive_claims(self) -> list[list[str]]:
        """'X, the 27-year-old, joined Y' -> 'X is the 27-year-old.'; a name set beside a common noun
        is the claim's subject ("a 22-year-old man, Shezoy Bleary," -> "Shezoy Bleary is a 22-year-old man.")."""
        out = []
        for t in self.sent:
            if not self.describing_appositive(t):
                continue
            head, appos = self.subtree(t.head), self.subtree(t)
            copula = "are" if t.head.tag_ in {"NNS", "NNPS"} else "was" if self.past() else "is"
            naming = self.naming_appositive(t)
            for h, a in self.split_conjuncts(head, appos):
                first, second = (a, h) if naming else (h, a)
                out.append(self.render(sorted(first), claim=h | a) + [copula] + self.render(sorted(second), claim=h | a))
        return out

    # ---- rendering ---------------------------------------------------------------------------
    def render(self, indices: list[int], extra: Names | None = None, own: str | None = None,
               claim: set[int] | None = None) -> list[str]:
        """Tokens -> words, names substituted; tokens written together in the sentence stay together.

        A possessive pronoun that stands for `own` (the claim's subject) stays a pronoun:
        "Bill Clinton served his term", not "... served Bill Clinton's term"."""
        names = {**self.names, **(extra or {})}
        words: list[str] = []
        indices, marks = self.quoted(indices, claim)
        kept = set(indices)
        for i in indices:
            t = self.sent[i]
            if i in names:
                if own and t.lower_ in DETERMINERS and names[i].lower() == possessive(own).lower() or self.bound(t, names, own) \
                        or t.dep_ in SUBJECT_DEPS and bare_comparison(t.head):  # "stay as they are"
                    words.append(t.lower_)
                elif names[i]:
                    words.append(names[i])
                continue
            if t.is_punct and not (i - 1 in kept and i + 1 in kept) and i not in marks:
                continue  # a comma or dash left dangling by a removed clause
            closing = i in marks and any(i == b for _, b in self.quote_pairs)  # '"... raise taxes," the' -> '"... taxes"'
            glued = words and (closing or i - 1 in kept and i - 1 not in names and not self.sent[i - 1].whitespace_)
            text = t.lower_ if t.i == self.sent.start and t.pos_ != "PROPN" and t.text != "I" else t.text
            if glued or (t.dep_ == "case" and words):
                words[-1] += text
            else:
                words.append(text)
        return words

    def bound(self, t: Token, names: Names, own: str | None) -> bool:
        """An object pronoun that coreference gives the name of its own verb's subject or of an earlier
        object of that verb stays a pronoun: English would say "herself" if it were ("Ms Kunis told her",
        not "Ms Kunis told Ms Kunis"; "remind her of him", not "remind Drew Barrymore of Drew Barrymore")."""
        if t.lower_ not in OBJECT_PRONOUNS or t.dep_ not in {"dobj", "dative", "pobj"}:
            return False
        verb = t.head.head if t.head.dep_ == "prep" else t.head
        if not is_verbal(verb):
            return False
        name = names[self.rel(t)].lower()
        subjects = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
        if own and name == own.lower() and not subjects:
            return True
        arguments = subjects + [c for c in verb.children if c.dep_ in {"dobj", "dative"}]
        arguments += [g for c in verb.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"]
        return any(c.i < t.i and names.get(self.rel(c), c.text).lower() == name for c in arguments)

    def quoted(self, indices: list[int], claim: set[int] | None = None) -> tuple[list[int], set[int]]:
        """The indices with the quotation marks a claim needs, and the marks so placed. `claim` holds
        all the claim's indices (`indices` may be one part of it, its subject or its predicate). A
        quotation the claim holds whole keeps both marks ('described himself as a "guerilla
        satirist"'); one the claim lies inside, or of which it keeps a clause with its own tense
        ('We have the technology.' of '"We have the technology, and ..."'), needs none; one cut short
        (a phrase, a title) keeps only its opening mark, which the well-formedness check rejects.
        Each mark goes next to the first or last quoted word, in the part that holds it."""
        whole = set(indices) if claim is None else set(claim) | set(indices)
        words = {i for i in whole if not self.sent[i].is_punct}
        before: dict[int, list[int]] = {}
        after: dict[int, list[int]] = {}
        marks: set[int] = set()
        for a, b in self.quote_pairs:
            inner = [i for i in range(a + 1, b) if not self.sent[i].is_punct and i not in self.hidden]
            have = [i for i in inner if i in whole]
            if not have or words <= set(inner):
                continue
            if len(have) == len(inner):
                before.setdefault(have[0], []).append(a)
                after.setdefault(have[-1], []).append(b)
                marks |= {a, b}
            elif not any(self.sent[i].tag_ in FINITE_TAGS for i in have):
                before.setdefault(have[0], []).append(a)
                marks.add(a)
        pairs = {i for pair in self.quote_pairs for i in pair}
        if not pairs & set(indices) and not marks:
            return indices, marks
        out = []
        for i in indices:
            if i in pairs:
                continue
            out += before.get(i, []) + [i] + after.get(i, [])
        return out, marks & set(out)


def fits(aux: Token, tag: str) -> bool:
    """Whether a verb of form `tag` can follow the auxiliary: a modal or "do" takes the base form,
    "have" and a passive "be" a participle, a progressive "be" a gerund."""
    if aux.tag_ == "MD" or aux.lemma_ == "do":
        return tag == "VB"
    if aux.lemma_ == "have" or aux.dep_ == "auxpass":
        return tag == "VBN"
    return tag == ("VBG" if aux.lemma_ == "be" else "VB")


def join_words(words: list[str]) -> str:
    """Words -> a sentence: articles agreeing with the next word, capitalised, one final period."""
    words = [(("an" if vowel_sound(nxt) else "a") if w.lower() in {"a", "an"} and nxt[:1].isalpha() else w)
             for w, nxt in zip(words, words[1:] + [""])]
    text = " ".join(words).strip(" ,;:-")
    if re.search(r"[.!?][\"\u201d']$", text):
        return text[:1].upper() + text[1:]  # a quotation that ends the sentence holds its final stop
    text = text.rstrip(".")
    return (text[:1].upper() + text[1:] + ".") if text else ""


def vowel_sound(word: str) -> bool:
    """Whether a word takes "an": "an hour", "a unit", "an umbrella", "a heavy"."""
    w = word.lower()
    if re.match(r"(hour|honest|honou?r|heir)", w):
        return True
    if re.match(r"(uni|us[eu]|uti|ur[aei]|euro?|one\b|once)", w):
        return False
    return w[:1] in "aeiou"


__all__ = ["ClauseSplitter", "Names", "join_words", "is_verbal"]

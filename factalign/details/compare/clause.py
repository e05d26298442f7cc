"""How a clause reads around its verb: the chain of verbs that govern it ("agreed to buy"), its subject up that chain
or from the main clause (a participle's, an infinitive of result's), how sure it is and whether it is denied."""

from __future__ import annotations

from factalign.details.compare import lexicon as lx
from factalign.details.compare.args import _group
from factalign.text.deps import contrastive


def chain_of(v):
    """The verb and the verbs above it that govern it (xcomp; ccomp and acl under a governing or negating word)."""
    chain = [v]
    while True:
        cur = chain[-1]
        head = cur.head
        if head is cur:
            return chain
        word = head.lemma_.lower() if head.pos_ in ("VERB", "AUX", "ADJ", "NOUN") else ""  # not a title's "Promise"
        infinitive = any(c.dep_ == "aux" and c.lower_ == "to" for c in cur.children)
        # a governing verb comes before its complement ("decided that ..."); one after it is more often a misparse
        if cur.dep_ == "xcomp" or (cur.dep_ == "ccomp" and head.i < cur.i and (word in lx.GOVERNORS or word in lx.NEGATING)) \
                or (cur.dep_ in ("xcomp", "ccomp", "dobj") and cur.tag_ == "VBG" and word in lx.STOPPING) \
                or (cur.dep_ == "acl" and infinitive and word in lx.GOVERNORS):  # "plans to buy"
            chain.append(head)
        elif cur.dep_ == "pcomp" and head.dep_ == "prep" and head.lower_ in ("about", "on", "over") \
                and head.head.pos_ == "NOUN" and head.head.lemma_.lower() in lx.GOVERNORS:
            chain.append(head.head)  # "in talks about renovating it": still talked of
        else:
            return chain


def subject_of(chain):
    """The nearest subject up the chain; under object control ("urged the board to sell") the object."""
    for i, tok in enumerate(chain):
        for c in tok.children:
            if c.dep_ in ("nsubj", "nsubjpass"):
                return c, c.dep_ == "nsubjpass" and i > 0
        if i + 1 < len(chain):
            obj = next((c for c in chain[i + 1].children if c.dep_ == "dobj"), None)
            if obj is not None and tok.dep_ == "xcomp" and chain[i + 1].lemma_.lower() in lx.OBJECT_CONTROL:
                return obj, False
    v = chain[0]
    if v.dep_ == "conj" and v.head.pos_ in ("VERB", "AUX"):  # "bought Y and sold Z": the first verb's subject
        return next(((c, False) for c in v.head.children if c.dep_ in ("nsubj",)), (None, False))
    return None, False


def level_of(chain) -> tuple[float | None, str]:
    """How sure the clause is, and the word that says so; None where a verb of the chain leaves it open ("is to
    help", "was asked to lead")."""
    level, cue = lx.DONE, ""
    for i, tok in enumerate(chain):
        words = []
        if i > 0:
            word = tok.lemma_.lower()
            denied_need = word in lx.NEEDING and any(c.dep_ == "neg" for c in tok.children)
            if word not in lx.GOVERNORS and word not in lx.NEGATING and word not in lx.IMPLICATIVE \
                    and word not in lx.STOPPING and not denied_need:
                return None, ""
            # "voted to reject": the vote is the rejection; "agreed to extend the deadline": the extension
            decided = i == 1 and (word in lx.DECIDING and lx.canonical(chain[0].lemma_.lower()) in lx.DECISIONS
                                  or word == "agree" and chain[0].lemma_.lower() in lx.AGREED_TERMS)
            words.append((lx.INTENDED if word == "go" and tok.tag_ == "VBG" else None if decided else
                          lx.GOVERNORS.get(word), tok.text))
            if word in lx.GOVERNORS and any(c.dep_ == "neg" for c in tok.children):
                words.append((lx.POSSIBLE, f"not {tok.text}"))  # "has not decided to close": still open
        for c in tok.children:
            if c.dep_ == "aux":
                words.append((lx.MODALS.get(c.lower_), c.text))
            elif c.dep_ == "advmod":
                words.append((lx.HEDGES.get(c.lower_), c.text))
            elif c.dep_ == "mark" and c.lower_ in ("if", "unless", "whether") and i == 0:
                words.append((lx.POSSIBLE, c.text))
            elif c.lower_ in lx.PENDING or (c.lower_ == "subject" and any(g.lower_ == "to" for g in c.children)):
                words.append((lx.COMMITTED, "subject to" if c.lower_ == "subject" else c.text))
        if i == 0 and tok.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in tok.children):
            words.append((2.5, "is " + tok.text))  # "is buying": under way, not done
        if i == 0 and tok.dep_ == "advcl" and any(c.lower_ in ("if", "unless") for c in tok.children):
            words.append((lx.POSSIBLE, "if"))
        above = [tok, tok.head] if i == len(chain) - 1 and tok.dep_ == "ccomp" and tok.head.lemma_.lower() in \
            lx.REPORTING else [tok]  # "if X, it says Y will"
        if any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in ("if", "unless") for m in c.children)
               and not any(w.text == ";" for w in t.doc[min(c.i, t.i):max(c.i, t.i)]) for t in above for c in t.children):
            words.append((lx.POSSIBLE, "if"))  # "if approved, it would open": the condition is the whole clause's
        for value, word in words:
            if value is not None and value < level:
                level, cue = value, word
    return level, cue


def negated_of(chain) -> bool:
    """A negation on the verb, on an implicative above it ("did not manage to"), or a negating verb ("failed to");
    one on a governor ("has not decided whether") leaves the clause open instead (`_level`)."""
    flips = sum(c.dep_ == "neg" for c in chain[0].children)
    flips += sum(c.dep_ == "neg" for tok in chain[1:] if tok.lemma_.lower() in lx.IMPLICATIVE | lx.NEEDING
                 for c in tok.children)
    flips += sum(tok.lemma_.lower() in lx.NEGATING or tok.lemma_.lower() in lx.STOPPING for tok in chain[1:])
    flips += any(denied_alternative(tok) for tok in chain)
    return flips % 2 == 1


def participle(v) -> bool:
    """A verb of change right before a bare noun, which the parser read as its object: a modifier ("falling birth
    numbers")."""
    return v.tag_ == "VBG" and lx.canonical(v.lemma_.lower()) in lx.ERGATIVE | {"rise", "fall"} and any(
        c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN") and c.left_edge.i == v.i + 1
        and not any(w.dep_ in ("det", "poss") for w in c.children)
        for c in v.children)


def denial_marker(v):
    """The "than" of "rather than" (or "of" of "instead of") that names the verb only to deny it ("will continue,
    rather than stopping in May", "sold instead of closing", "chose to rebuild the stand rather than move"); None
    where the verb is not such an alternative."""
    if v.dep_ == "pcomp" and v.head.dep_ in ("prep", "cc") and contrastive(v.head):
        return None if participle(v) else v.head
    if v.dep_ == "conj":
        return next((c for c in v.head.children if c.dep_ == "cc" and contrastive(c) and c.i < v.i), None)
    return None


def denied_alternative(v) -> bool:
    return denial_marker(v) is not None


def controllers(v) -> tuple:
    """Who does what a participle clause with no subject says: the main clause's subject, or its object ("appointed
    A as coach, replacing B": A replaces B; "won the final, beating B"), both as candidates."""
    head = v.head
    if v.dep_ == "pcomp" and head.dep_ == "prep":  # "after being appointed by Y"
        head = head.head
    elif not (v.dep_ == "advcl" and (v.tag_ in ("VBG", "VBN") or any(c.lower_ == "to" for c in v.children))):
        return ()  # a participle, or an infinitive of result ("overtook Y to become the second")
    if head.pos_ not in ("VERB", "AUX"):
        return ()
    if denied_alternative(v):  # "A kept X rather than ending it": A is who would have ended it
        subj, _ = subject_of(chain_of(head))
        return tuple(_group(subj)) if subj is not None and subj.tag_ not in ("WDT", "WP") else ()
    # the subject, passive or not ("was named coach, succeeding B": the one named succeeds)
    subj = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    obj = next((c for c in head.children if c.dep_ == "dobj"), None) if v.tag_ == "VBG" else None
    if obj is not None and head.lemma_.lower() in lx.APPOINTING:
        subj = None  # "appointed A as coach, replacing B": the one appointed replaces
    return tuple(a for t in (subj, obj) if t is not None and t.tag_ not in ("WDT", "WP") for a in _group(t))


def substitute(of):
    """For the "of" of "in place of Y" or "instead of Y" under a verb: who takes Y's place (the one appointed, else
    the subject), with the verb's chain."""
    if of.lower_ != "of" or not ((of.head.lower_ == "place" and of.head.head.lower_ == "in") or of.head.lower_ == "instead"):
        return None, None
    verb = of.head.head.head if of.head.lower_ == "place" else of.head.head
    if verb.pos_ not in ("VERB", "AUX"):
        return None, None
    obj = next((c for c in verb.children if c.dep_ in ("dobj", "oprd")), None)
    if obj is not None and verb.lemma_.lower() in lx.APPOINTING:
        return obj, chain_of(verb)
    return subject_of(chain_of(verb))[0], chain_of(verb)


def scheduled(v) -> bool:
    """A present tense with a date ("retires in August", "votes next week"): may be a timetable rather than a done
    thing, so a claim put so is no surer than "will"."""
    # (or a present tense in a clause of time: "by 2060, when the population reaches 78 million")
    return v.tag_ in ("VBZ", "VBP") and not any(c.dep_ in ("aux", "auxpass") for c in v.children) and any(
        p.ent_type_ == "DATE" if p.dep_ == "npadvmod" else p.dep_ == "prep" and any(g.ent_type_ == "DATE" for g in p.children)
        or (p.dep_ in ("mark", "advmod") and p.lower_ in ("when", "once", "until", "after", "before")) for p in v.children)


def antecedent(t):
    """What a relative clause is about: a measure after "of" gives the size of the noun before it ("a loss of 240,000
    marks, which it agreed to cover" is about the loss; "a group of students, who" stays the students)."""
    if t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.pos_ == "NOUN" and any(c.like_num for c in t.children):
        return t.head.head
    return t


def relative_antecedent(pron):
    """What a relative pronoun ("which", "who") stands for: the head of its relative clause; where the parser hung the
    clause elsewhere ("Y, 28 km away, which agreed to ..." read as an adverbial clause), the nearest noun before it,
    past a measure of distance or time and the commas around it. Anything else stays the pronoun."""
    clause = pron.head
    if clause.dep_ == "relcl":
        return antecedent(clause.head)
    if pron.i == 0 or pron.doc[pron.i - 1].text != ",":
        return pron
    for w in reversed(pron.doc[max(0, pron.i - 9):pron.i]):
        if w.is_punct or w.dep_ in ("npadvmod", "nummod", "advmod") or w.head.dep_ in ("npadvmod", "advmod"):
            continue
        return antecedent(w) if w.pos_ in ("NOUN", "PROPN") and w.dep_ not in ("compound", "poss") else pron
    return pron

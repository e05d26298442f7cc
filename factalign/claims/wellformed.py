"""Is a claim a well-formed sentence? A check on spaCy's parse of the claim itself.

A claim is well-formed when its main verb is finite (a tensed verb, or a tensed auxiliary or modal
before it), it has a subject that is not a bare relative pronoun, and nothing is left dangling: it
does not end on a preposition, determiner, conjunction or possessive, a copula or linking verb has
its complement, and a verb that cannot stand without an object has one. "Gary Locke given." (no
finite verb), "The general population to vote ukip." (no finite verb), "Which opened in 1990."
(a relative pronoun as subject) and "The mother-of-six uses." (a transitive verb without object) are
fragments. So are claims whose words were cut or pasted wrongly: an unclosed quotation ('He was
titled "I'll Sleep.'), an auxiliary twice ("was was") or a doubled possessive ("Presley's's"), a
participle right after a preposition ("jailed for released") or with a "by" phrase and no "was"
("Bronson directed by Nicolas Winding Refn."), and, when the claim's sentence is given, a verb that
disagrees in number with a subject the sentence does not give it ("English contain references to
God." from "English began as a gospel singer and many of her songs contain ...").
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.tokens import Doc, Token

from factalign.text.deps import AUX_DEPS, SUBJECT_DEPS
from factalign.text.pronouns import RELATIVE_PRONOUNS

NAME_WORD = re.compile(r"[A-Z][\w-]*|[A-Z]\.")  # a capitalised word or an initial
FINITE_TAGS = {"VBD", "VBZ", "VBP", "MD"}
CLAIM_SUBJECT_DEPS = SUBJECT_DEPS | {"expl"}  # "There is ...": the expletive fills the subject's place
DANGLING_TAGS = {"IN", "TO", "DT", "CC", "PRP$", "WDT", "WP", "WP$", "POS", "PDT"}
LINKING_VERBS = {"be", "become", "seem", "remain", "appear"}
COMPLEMENT_DEPS = {"attr", "acomp", "oprd", "prep", "advmod", "npadvmod", "ccomp", "xcomp", "advcl", "dobj", "agent"}
# verbs that, in the active voice, do not stand without an object or clausal complement
TRANSITIVE_VERBS = {"give", "make", "put", "bring", "use", "include", "tell", "want", "need", "find", "name",
                    "describe", "reveal", "feature", "contain", "consider", "cause", "send", "urge", "label",
                    "host", "hold", "face", "take", "get", "let", "say", "claim", "announce", "suffer"}
OBJECT_DEPS = {"dobj", "ccomp", "xcomp", "dative", "oprd", "attr", "prt", "advcl", "prep", "acomp"}
# verbs that, as a past tense, take an object: with none but a "by" phrase they are a participle ("X directed by Y")
AGENT_VERBS = TRANSITIVE_VERBS | {"direct", "co-direct", "produce", "co-produce", "write", "co-write", "follow", "publish",
                                  "release", "found", "co-found", "create", "design", "build", "compose", "develop",
                                  "record", "distribute", "own", "operate", "illustrate", "edit", "replace", "succeed",
                                  "present", "acquire", "buy", "invent", "discover", "paint", "draw", "portray", "voice",
                                  "narrate", "sponsor", "fund"}
DOUBLED = re.compile(r"\b(was|were|is|are|be|been|being|has|have|will|would|the|an?|to|of)\s+\1\b|'s's\b", re.IGNORECASE)
# words after which a bare participle is no slip ("as expected", "than planned", "if needed")
PARTICIPLE_AFTER = {"as", "than", "if", "once", "when", "while", "until", "unless", "though", "although", "because",
                    "whether", "where", "before", "after"}
# subjects whose number their "of" phrase decides ("many of her songs contain", "44 per cent are")
NUMBERLESS = {"many", "some", "none", "all", "most", "majority", "number", "percent", "cent", "%", "half", "rest",
              "lot", "lots", "plenty", "part", "any", "each", "either", "neither", "more", "few", "several", "both",
              "who", "which", "that", "what", "i", "you", "we", "this", "these", "those", "one", "total", "series",
              "news", "couple", "pair", "family", "team", "party", "staff", "police", "crew", "government", "public"}
PLURAL_FORMS = {"are", "were", "have", "do"}
SINGULAR_FORMS = {"is", "was", "has", "does"}
QUOTES = re.compile(r'"|\u201c|\u201d')
DEMONSTRATIVE_PRONOUNS = {"this", "that", "these", "those"}
# second readings of a claim the parser may misread: without an age set beside a name ("Natalia Moon, 23, has
# become ..."), with a verb's prefix joined to it ("re-elected", which the tokenizer cuts at the hyphen)
READINGS = [(re.compile(r"(?<=[A-Za-z]), \d{1,3},(?= )"), ""),
            (re.compile(r"\b(re|co|pre|mis|out|over|under)-(?=[a-z]+ed\b)", re.IGNORECASE), r"\1")]
SAYING_VERBS = {"say", "tell", "add", "report", "claim", "announce", "write", "state", "explain", "insist", "warn",
                "confirm", "reveal", "tweet", "admit"}


def problems_of(doc: Doc) -> list[str]:
    """What is wrong with a parsed claim (an empty list: well-formed)."""
    words = [t for t in doc if not t.is_punct and not t.is_space]
    if len(words) < 2:
        return ["too short"]
    out = []
    verb = main_verb(doc)
    if verb is None:
        return ["no finite verb"]
    subjects = [c for c in verb.children if c.dep_ in CLAIM_SUBJECT_DEPS]
    if not subjects and verb.dep_ == "conj":
        subjects = [c for c in verb.head.children if c.dep_ in CLAIM_SUBJECT_DEPS]
    if not subjects:  # the subject of a tensed auxiliary the parser made the head ("had supporting roles")
        subjects = [c for a in verb.children if a.dep_ in AUX_DEPS for c in a.children if c.dep_ in CLAIM_SUBJECT_DEPS]
    if not subjects:  # a name the parser gave another role ("Bill Shankly" as advmod)
        subjects = [c for c in verb.lefts if c.pos_ in {"PROPN", "NOUN", "PRON"}
                    and c.dep_ in {"advmod", "npadvmod", "dep", "nmod", "punct", "compound", "amod", "meta"}]
    if not subjects:
        out.append("no subject")
    elif subjects[0].lower_ in RELATIVE_PRONOUNS and subjects[0].tag_ in {"WDT", "WP", "WP$"} and subjects[0].i == words[0].i:
        out.append("relative pronoun as subject")
    last = words[-1]
    if last.tag_ in DANGLING_TAGS and not (last.tag_ == "IN" and last.dep_ == "prt") and not standing_alone(last):
        out.append(f"ends on {last.text!r}")
    out += missing_complement(verb)
    return out


def standing_alone(last: Token) -> bool:
    """A last word of a dangling kind that ends a phrase itself: a demonstrative pronoun ("like this")
    or a name's possessive naming a shop or house ("at McDonald's", "sold by Christie's")."""
    if last.lower_ in DEMONSTRATIVE_PRONOUNS and last.dep_ != "det":
        return True
    name = last.nbor(-1) if last.i > 0 else None
    return last.tag_ == "POS" and name is not None and name.text[:1].isupper() and name.dep_ == "pobj"


def main_verb(doc: Doc) -> Token | None:
    """The finite verb that heads the claim: the root (or, when the parser made a noun the root, a
    tensed verb with a subject), with its tense on itself or on an auxiliary."""
    for root in (t for t in doc if t.dep_ == "ROOT"):
        if finite(root):
            return root
    for t in doc:
        if t.pos_ in {"VERB", "AUX"} and finite(t) and any(c.dep_ in CLAIM_SUBJECT_DEPS for c in t.children):
            return t
    return None


def finite(t: Token) -> bool:
    if t.pos_ not in {"VERB", "AUX"} and not any(c.dep_ in AUX_DEPS for c in t.children):
        return False
    return t.tag_ in FINITE_TAGS or any(c.dep_ in AUX_DEPS and c.tag_ in FINITE_TAGS for c in t.children)


def missing_complement(verb: Token) -> list[str]:
    deps = {c.dep_ for c in verb.children}
    if verb.lemma_ in LINKING_VERBS and verb.pos_ == "AUX" and not deps & COMPLEMENT_DEPS:
        return [f"{verb.text!r} without a complement"]
    passive = "auxpass" in deps or "nsubjpass" in deps
    if verb.lemma_ in TRANSITIVE_VERBS and not passive and not deps & OBJECT_DEPS:
        return [f"{verb.text!r} without an object"]
    return []


def problems(claim: str, sentence: str | None = None) -> list[str]:
    """What is wrong with a claim (parsed with the rules extractor's spaCy model, capitalised names
    kept whole); [] if well-formed. When the parse finds no finite verb, a second reading stands in
    a pronoun for the words before a noun or participle the tagger may have misread ("Aston Villa
    host QPR", "The 23-year-old promotes herself") and accepts the claim if that reading is fine.

    With `sentence`, the text the claim was drawn from, a fault the sentence has itself is not held
    against the claim: a verb that disagrees with its subject counts only when the sentence does not
    pair them so ("Norwich fail to win" stays fine), an unclosed quotation only when the sentence's
    quotation marks pair up."""
    return list(_problems(claim, sentence))


@lru_cache(maxsize=4096)  # the extractor checks each claim, and reports and tests check it again
def _problems(claim: str, sentence: str | None = None) -> tuple[str, ...]:
    doc = parsed(claim)
    slips = word_slips(claim, sentence) + participle_after_preposition(doc)
    if sentence is not None:
        slips += disagreement(doc, sentence)
    found = parse_problems(doc)
    if found and (any(p.search(claim) and not parse_problems(parsed(p.sub(r, claim))) for p, r in READINGS)
                  or reported_clause_fine(doc)):
        found = ()
    if found and sentence is not None and imperative(doc) and \
            re.findall(r"\w+", claim.lower()) == re.findall(r"\w+", sentence.lower()):  # the sentence, as read
        found = ()
    return tuple(dict.fromkeys(slips + list(found)))


def imperative(doc: Doc) -> bool:
    """A sentence in the imperative ("Read the report here."): a base-form verb first, as the root, with
    no subject, and nothing left dangling at its end. Held well-formed only where it is the writer's
    own sentence kept whole: every claim the extractor writes has a subject, so one of its claims that
    opens with a bare verb has lost it."""
    words = [t for t in doc if not t.is_punct and not t.is_space]
    root = words[0] if words else None
    if root is None or len(words) < 2 or root.dep_ != "ROOT" or root.tag_ != "VB":
        return False
    last = words[-1]
    return not any(c.dep_ in CLAIM_SUBJECT_DEPS for c in root.children) and (
        last.tag_ not in DANGLING_TAGS or standing_alone(last))


def reported_clause_fine(doc: Doc) -> bool:
    """Whether a claim that ends on an attribution ("..., the agency has said.", "..., a report says,
    citing ...") is a well-formed clause before it: the small parser often loses the speaker or the
    clause said, and the attribution is well-formed when its clause is. The attribution is a comma, a
    noun phrase without a verb of its own (a tensed auxiliary allowed) and a verb of saying."""
    for k, t in enumerate(doc):
        if t.text != "," or k < 2:
            continue
        verb = next((v for v in doc[k + 1:] if v.pos_ in {"VERB", "AUX"} and v.dep_ not in AUX_DEPS), None)
        if verb is None or verb.lemma_ not in SAYING_VERBS or not any(
                w.pos_ in {"NOUN", "PROPN"} for w in doc[k + 1:verb.i]):
            continue
        before = doc[:k].text.rstrip(" '\"\u201d")
        return not parse_problems(parsed(before + "."))
    return False


def parse_problems(doc: Doc) -> tuple[str, ...]:
    found = problems_of(doc) or participle_without_copula(doc)
    if found != ["no finite verb"]:
        return tuple(found)
    for t in doc[1:]:
        if not plain_noun_phrase(doc[:t.i]):
            continue  # the words before the misread verb must be a plain noun phrase or a title
        if (t.tag_ in {"NN", "NNS", "VBZ", "VBP", "VBD"} or t.tag_ == "VBN" and t.lower_.endswith("ed")) and t.is_alpha \
                and doc[t.i - 1].pos_ in {"NOUN", "PROPN", "PRON", "NUM", "ADJ"} \
                and not (t.i + 1 < len(doc) and doc[t.i + 1].pos_ in {"VERB", "AUX"}):
            pronoun = "It" if t.lower_.endswith("s") else "They"
            again = parsed(f"{pronoun} {doc[t.i:].text}")
            verb = main_verb(again)
            if verb is not None and verb.i == 1 and not problems_of(again):
                return tuple(participle_without_copula(again))  # "Bronson directed by X." is no "They directed ..."
    return tuple(found)


def word_slips(claim: str, sentence: str | None) -> list[str]:
    """Words cut or pasted wrongly, seen in the text: an unclosed quotation (unless the sentence's own
    quotation marks do not pair up), a word said twice in a row."""
    out = []
    if unbalanced(claim) and not (sentence is not None and unbalanced(sentence)):
        out.append("unclosed quotation")
    if DOUBLED.search(claim):
        out.append("a word twice")
    return out


def unbalanced(text: str) -> bool:
    marks = QUOTES.findall(text.replace("``", '"').replace("''", '"'))  # PTB quotes of tokenized summaries
    return marks.count('"') % 2 == 1 or marks.count("\u201c") != marks.count("\u201d")


def participle_after_preposition(doc: Doc) -> list[str]:
    """"Gauthe was jailed for released in April": a past participle or tense as a preposition's object."""
    for t in doc[1:]:
        before = doc[t.i - 1]
        if (t.tag_ in {"VBN", "VBD"} and t.dep_ in {"pcomp", "pobj", "advcl"} and before.tag_ == "IN"
                and (before.i == t.head.i or before.head.i == t.i) and before.lower_ not in PARTICIPLE_AFTER):
            return [f"{t.text!r} after {before.text!r}"]
    return []


def participle_without_copula(doc: Doc) -> list[str]:
    """"Bronson directed by Nicolas Winding Refn.": a verb that needs an object, with none but a "by"
    phrase of a name or noun, is a participle whose "was" is missing, not a past tense."""
    verb = main_verb(doc)
    if verb is None or verb.tag_ not in {"VBD", "VBN"} or verb.lemma_ not in AGENT_VERBS:
        return []
    deps = {c.dep_ for c in verb.children}
    if deps & (AUX_DEPS | {"dobj", "ccomp", "xcomp", "dative", "oprd", "attr", "prt"}):
        return []
    if any((c.dep_ == "agent" or c.dep_ == "prep" and c.lower_ == "by")
           and any(g.dep_ == "pobj" and g.pos_ in {"PROPN", "NOUN", "PRON"} for g in c.children) for c in verb.children):
        return [f"{verb.text!r} without 'was'"]
    return []


def disagreement(doc: Doc, sentence: str) -> list[str]:
    """A finite verb that disagrees in number with its subject, where the sentence does not pair the
    two so (its subject was taken from another clause: "English contain references to God."). Only a
    subject the sentence spells out is judged (a name put for a pronoun has the pronoun's number), and
    not when the sentence gives it a verb of the claim's number elsewhere ("U2 have ... and are ...")."""
    verb = main_verb(doc)
    if verb is None:
        return []
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.lower_ in NUMBERLESS or any(c.dep_ in {"conj", "cc"} for c in subject.children):
        return []
    if " " in subject.text and subject.text.split()[-1].endswith("s"):
        return []  # a merged name ("Indiana Pacers"): its number is not known
    if any(c.dep_ == "prep" and c.lower_ == "of" for c in subject.children):
        return []  # "one of the songs", "the number of players": the "of" phrase may decide
    finite_word = next((a for a in verb.children if a.dep_ in AUX_DEPS and a.tag_ in FINITE_TAGS), verb)
    plural_verb = finite_word.tag_ == "VBP" or finite_word.lower_ in {"are", "were"}
    singular_verb = finite_word.tag_ == "VBZ" or finite_word.lower_ == "was"
    bare_name = subject.tag_ == "JJ" and subject.text[:1].isupper() and not list(subject.children)  # "English"
    if subject.tag_ in {"NN", "NNP"} or bare_name or subject.lower_ in {"he", "she", "it"}:
        wrong = plural_verb
    elif subject.tag_ in {"NNS", "NNPS"} or subject.lower_ == "they":
        wrong = singular_verb
    else:
        return []
    if not wrong:
        return []
    sentence_words = re.findall(r"\w+", sentence.lower())
    name = re.findall(r"\w+", subject.text.lower())
    if not set(name) <= set(sentence_words):
        return []  # a name the extractor put for a pronoun ("it" -> "All the Lovers"): the pronoun's number holds
    same_number = PLURAL_FORMS if plural_verb else SINGULAR_FORMS
    if any(a == name[-1] and b in same_number for a, b in zip(sentence_words, sentence_words[1:])):
        return []  # the sentence gives the subject a verb of that number itself ("U2 have released ... and are")
    first, last = sorted((subject.i, finite_word.i))
    pair = re.findall(r"\w+", doc[first:last + 1].text.lower())
    for text in (sentence, re.sub(r",[^,]*,|\([^)]*\)", " ", sentence)):  # also without asides ("Porto, coached by X, are")
        words = re.findall(r"\w+", text.lower())
        if any(words[k:k + len(pair)] == pair for k in range(len(words) - len(pair) + 1)):
            return []  # the sentence says it so itself (British "Norwich fail", or the source's own slip)
    return [f"{finite_word.text!r} disagrees with {subject.text!r}"]


def plain_noun_phrase(span) -> bool:
    """No verb (but a past participle modifying a noun: "The highly-anticipated movie"), preposition or
    conjunction, or else a title ("Take a Bow": longer words capitalised)."""
    if not any(w.pos_ in {"VERB", "AUX", "ADP", "SCONJ", "CCONJ"} and not (w.dep_ == "amod" and w.tag_ == "VBN") or w.tag_ == "TO" for w in span):
        return True
    words = [w.text for w in span if w.is_alpha]
    return len(words) >= 2 and all(w[0].isupper() for w in words if len(w) > 3) and words[0][0].isupper()


_PRIMED: dict[str, Doc] = {}  # parses made ahead by `prime`, each taken by its first check


def prime(claims: list[str]) -> None:
    """Parse the claims about to be checked in one spaCy batch (`problems` of each then reuses its parse)."""
    from factalign.claims.parsing import parse_many

    _PRIMED.clear()  # holds one batch at most, also when a claim's answer was already cached
    todo = list(dict.fromkeys(claims))
    _PRIMED.update(zip(todo, parse_many([(text, name_runs(text)) for text in todo])))


def parsed(text: str) -> Doc:
    """The claim parsed with runs of capitalised words ("Robert F. Kennedy") merged into one name."""
    from factalign.claims.parsing import parse

    doc = _PRIMED.pop(text, None)
    return doc if doc is not None else parse(text, name_runs(text))


def name_runs(text: str) -> list[tuple[int, int]]:
    """Char spans of the runs of two or more capitalised words (a leading article excluded), and of
    quoted titles and names with a "!" inside (`parsing.title_spans`)."""
    from factalign.claims.parsing import parser, title_spans

    runs, run = [], []
    for t in parser().make_doc(text):
        if NAME_WORD.fullmatch(t.text) and not (t.i == 0 and t.lower_ in {"the", "a", "an"}):
            run.append(t)
            continue
        runs.append(run)
        run = []
    runs.append(run)
    return [(r[0].idx, r[-1].idx + len(r[-1].text)) for r in runs if len(r) > 1] + title_spans(text)


def well_formed(claim: str, sentence: str | None = None) -> bool:
    return not problems(claim, sentence)


__all__ = ["problems", "problems_of", "well_formed"]

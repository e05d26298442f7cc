"""`rules`: the offline claim extractor; spaCy's dependency parse -> atomic, self-contained claims.

Bracketed asides are removed before parsing (an aside of life dates after the leading name gives
claims of its own: `asides.py`), and the parts of a sentence between semicolons are parsed one at a
time; quoted titles and names with a "!" inside ("Shout! Factory") are parsed as one name, and a
sentence the segmenter cut after such a "!" is joined again. Pronouns and short names ("Tyler") are
replaced by their coreference
cluster's name (reflexives stay). A document that opens with a heading (a short first line without
a final period, verbless or title-cased, e.g. a Wikipedia page title) has a topic: subject pronouns
no cluster resolves, bare definite subjects ("The album") and their possessors ("The band's"), and
fuller forms of the topic's name ("Amelia Mary Earhart") refer to it.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from factalign.claims.asides import aside_claims
from factalign.claims.coverage import uncovered
from factalign.claims.clauses import ClauseSplitter, Names, join_words
from factalign.claims.names import cluster_names, fixed_names, heading, topic_names
from factalign.claims.normalise import normalise
from factalign.claims.quoted import attributed, quotation_only, speaker
from factalign.claims.parsing import parse, parse_many, parser, title_spans  # noqa: F401  (parser: re-exported)
from factalign.claims.faithful import faithful
from factalign.claims.wellformed import FINITE_TAGS, prime, well_formed
from factalign.coref import CorefModel, load_coref
from factalign.bounds import run_on
from factalign.data import Claim, Document
from factalign.stopping import checkpoint
from factalign.text.pronouns import PERSON_SUBJECT

QUOTE_MARK = re.compile(r"[\"\u201c\u201d`]")


class RulesExtractor:
    """`extract(summary, source=None)`: the claims of each summary sentence, each span that
    sentence's span in `summary`. A tokenized or lower-cased summary is normalised first (truecased
    from `source`, the document, when given); a claim the well-formedness check rejects is replaced
    by its whole (normalised) sentence, once per sentence."""

    name = "rules"
    reads_source = True

    def __init__(self, coref: str | CorefModel = "heuristic", guard: bool = True):
        self.coref = load_coref(coref)
        self.guard = guard

    def extract(self, summary: Document, source: str | None = None) -> list[Claim]:
        if not summary.sentences:
            return []
        normal = normalised_document(summary, source)
        joined, groups = rejoined(normal)  # (sentence_groups, keeping `normal` for the claims' home sentences)
        out = []
        for c in self.claims_of(joined):
            i = home_sentence(normal, groups[c.sentence_index], c.text)
            out.append(Claim(c.text, i, summary.sentences[i]))
        return out

    def claims_of(self, summary: Document) -> list[Claim]:
        # a run-on sentence (factalign.bounds.run_on) is never parsed here: it stands whole
        first = None if run_on(summary, 0) else parse(summary.sentence(0), [])
        topic = heading(first) if first is not None and len(summary.sentences) > 1 else None  # a title heads something
        # a text saying "he" or "she" more often than "it" is about a person: its "it" is something else
        words = [w.lower() for w in re.findall(r"[A-Za-z]+", summary.text)] if topic is not None else []
        person = sum(w in PERSON_SUBJECT for w in words) > words.count("it")
        clusters = self.coref.clusters(summary.text)
        plan = []  # (sentence index, its span, fixed names, its clauses)
        for i, span in enumerate(summary.sentences):
            if i > 0 or topic is None:
                clean, where = without_brackets(summary.sentence(i))
                pieces = [] if run_on(summary, i) else clauses_of(clean, where)
                plan.append((i, span, fixed_names(summary.text, span, clusters, topic), pieces))

        def reuses_first(i, piece, fixed):
            return i == 0 and piece == first.text and not fixed

        # every clause of the summary in one spaCy batch, then every candidate claim's check in another
        parses = iter(parse_many([(piece, to_clean(fixed, at)) for i, _, fixed, pieces in plan for piece, at in pieces
                                  if not reuses_first(i, piece, fixed)]))
        found, before = [], None  # before: the last sentence's parses and names, for who says a bare quotation
        for i, span, fixed, pieces in plan:
            checkpoint()  # a request past its deadline stops here (stopping.py)
            sents = [first if reuses_first(i, piece, fixed) else next(parses) for piece, _ in pieces]
            names = [cluster_names(summary.text, span[0], sent, clusters, at) for sent, (_, at) in zip(sents, pieces)]
            texts = self.sentence_claims(sents, names, topic, person)  # (adds the topic's names to `names`)
            named = [pair for sent, resolved in zip(sents, names) for pair in said_by_name(sent, resolved)]
            quote = summary.sentence(i)
            who = speaker(*before) if before is not None and quotation_only(quote) else None
            if who:  # the last sentence's speaker says it
                texts = [attributed(quote, who)]
            found.append((i, span, texts, named))
            before = (sents, names)
        if self.guard:
            prime([text for _, _, texts, _ in found for text in texts if text])
        claims: list[Claim] = []
        for i, span, texts, named in found:
            if run_on(summary, i):
                claims.append(Claim(stand_in(summary.sentence(i)), i, span))
                continue
            if self.guard:
                texts = guarded(texts, summary.sentence(i))
            texts += aside_claims(summary.sentence(i), topic)
            whole = stand_in(summary.sentence(i))
            if self.guard and uncovered(summary.sentence(i), texts, named):
                texts.append(whole)  # a detail no claim carries: the sentence carries it
            short = whole if uncovered(summary.sentence(i), []) else None  # a one-word sentence with a content word
            seen = set()
            for text in texts:
                if (len(text.split()) >= 2 or text == short) and text.lower() not in seen:
                    seen.add(text.lower())
                    claims.append(Claim(text, i, span))
        return claims

    @staticmethod
    def sentence_claims(sents: list[Doc], names: list[Names], topic: str | None, person: bool) -> list[str]:
        """The claims of one sentence's clauses; a sentence that gives none stands as itself."""
        texts: list[str] = []
        fallback: list[str] = []
        for sent, resolved in zip(sents, names):
            if topic:
                resolved.update(topic_names(sent, topic, resolved, person))
            splitter = ClauseSplitter(sent[:], resolved)
            try:
                found = [join_words(words) for words in splitter.claims()]
            except (IndexError, ValueError, KeyError):  # a parse no rule foresaw: the clause stands whole, never a crash
                found = []
            texts += found
            if not any(found):
                fallback.append(join_words(splitter.render(sorted(set(range(len(sent))) - splitter.hidden))))
        return texts if any(texts) else fallback


def said_by_name(sent: Doc, names: Names) -> list[tuple[str, str]]:
    """(words, name) for each run of tokens a name replaces: the token given the name and the ones after
    it that the name deletes ("Amelia Mary Earhart" -> "Amelia Earhart", "The album" -> "Collision Course")."""
    out = []
    for k in sorted(names):
        if names[k]:
            out.append([sent[k].text, names[k]])
        elif out and k - 1 in names:
            out[-1][0] += " " + sent[k].text
    return [tuple(pair) for pair in out]


def guarded(texts: list[str], sentence: str) -> list[str]:
    """Claims the well-formedness check and the meaning checks (faithful.py) accept, judged against their sentence;
    a rejected claim is dropped when the accepted ones hold all its words, else the whole sentence stands in for it
    (once), so nothing is lost."""
    good = [t for t in texts if t and well_formed(t, sentence) and faithful(t, sentence)]
    kept = {w for t in good for w in content_words(t)}
    if not good or any(not content_words(t) <= kept for t in texts if t and t not in good):
        good.append(stand_in(sentence))
    return good


def stand_in(sentence: str) -> str:
    """The whole sentence as a claim, standing in for claims that are wrong or missing."""
    return join_words(sentence.split())


def content_words(text: str) -> set[str]:
    return set(re.findall(r"[^\W_]+", text.lower()))


def normalised_document(summary: Document, source: str | None) -> Document:
    """The summary detokenized and truecased (`normalise`), its sentences mapped onto the new text."""
    normal = normalise(summary.text, source)
    if normal.text == summary.text:
        return summary
    spans = []
    for start, end in summary.sentences:
        inside = [k for k, w in enumerate(normal.where[:-1]) if start <= w < end]
        spans.append((inside[0], inside[-1] + 1) if inside else (0, 0))
    text = list(normal.text)
    for a, b in spans:
        while a < b and not text[a].isalnum():
            a += 1
        if a < b:
            text[a] = text[a].upper()
    return Document("".join(text), spans)


def sentence_groups(summary: Document, source: str | None = None) -> tuple[Document, list[list[int]]]:
    """The sentences the extractor reads (normalised, cut names and asides joined again) and, for each,
    the indices of `summary`'s sentences it holds: the unit whose words the claims must cover."""
    return rejoined(normalised_document(summary, source))


def rejoined(doc: Document) -> tuple[Document, list[list[int]]]:
    """The document with the sentences the segmenter cut after a "!" or "?" inside a name ("In 2017,
    Shout!" | "Factory released ..."), inside a bracketed aside ("Nuuk ([" | "nuːk]; Godthåb) is ..."),
    after an opening quotation mark ('"' | "I'm on air ...") or inside a word ("al" | "-douri") joined
    again, and for each of its sentences the sentences of `doc` it holds. A cut is undone when the piece before it has two words or more, ends on a
    capitalised word with the mark, has no finite verb, and one space leads to a capitalised word."""
    spans, groups = [], []
    for i, (start, end) in enumerate(doc.sentences):
        piece = doc.text[start:end]
        before = doc.text[spans[-1][0]:spans[-1][1]] if spans else ""
        gap = doc.text[spans[-1][1]:start] if spans else ""
        if before and (gap == " " and piece[:1].isupper() and cut_name(before)
                       or (open_aside(before) or open_quote(before, piece)) and "\n" not in gap
                       or not gap and cut_word(before, piece)):
            spans[-1] = (spans[-1][0], end)
            groups[-1].append(i)
        else:
            spans.append((start, end))
            groups.append([i])
    if len(spans) == len(doc.sentences):
        return doc, groups
    return Document(doc.text, spans), groups


def open_quote(before: str, piece: str) -> bool:
    """A sentence piece the segmenter cut right after an opening quotation mark, the mark of a quotation
    `piece`, the next piece, closes: `before` is nothing but marks ('"', a tokenized summary's "`") or
    ends on a mark after a space ('He said: "'), and `piece` has an odd number of marks. A quotation
    that runs on over more sentences leaves its sentences apart."""
    if re.search(r"[^\W_]", before) and not re.search(r"\s[\"\u201c`]+$", before):
        return False
    return len(QUOTE_MARK.findall(piece)) % 2 == 1


def cut_word(before: str, piece: str) -> bool:
    """A cut with no space inside a word ("al" | "-douri"): letters, digits or a hyphen on both sides."""
    return bool(re.search(r"[^\W_]-?$", before) and re.match(r"-?[^\W_]", piece))


def open_aside(piece: str) -> bool:
    """A sentence piece the segmenter cut right after an opening bracket ("Nuuk ([")."""
    return bool(re.search(r"[(\[][\"'\s]*$", piece))


def cut_name(piece: str) -> bool:
    """A sentence piece ending on a name's "!" or "?" ("In 2017, Shout!"): no finite verb before it."""
    if not re.search(r"\b[A-Z][\w'-]*[!?]$", piece) or len(piece.split()) < 2:
        return False
    return not any(t.tag_ in FINITE_TAGS for t in parse(piece, []))


def home_sentence(doc: Document, group: list[int], claim: str) -> int:
    """Which of the rejoined sentences a claim belongs to: the one sharing most of its words."""
    if len(group) == 1:
        return group[0]
    words = content_words(claim)
    return max(group, key=lambda i: (len(words & content_words(doc.sentence(i))), -i))


def clauses_of(text: str, where: list[int]) -> list[tuple[str, list[int]]]:
    """The parts of a sentence between semicolons, each with where its characters were: independent
    clauses a semicolon joins are parsed one at a time (the small parser tends to chain them)."""
    if "; " not in text:
        return [(text, where)]
    out, start = [], 0
    for cut in [m.start() for m in re.finditer(r"; ", text)] + [len(text)]:
        piece = text[start:cut]
        lead = len(piece) - len(piece.lstrip())
        piece = piece.strip()
        if piece:
            a = start + lead
            out.append((piece, where[a:a + len(piece)] + [where[a + len(piece)]]))
        start = cut + 2
    return out


def without_brackets(text: str) -> tuple[str, list[int]]:
    """`text` without its bracketed asides ("Nuuk ([nu:k]; Godthab) is ..." -> "Nuuk is ..."), which
    confuse the parser, and where each of its characters (and its end) was in `text`."""
    keep, depth = [True] * len(text), 0
    quoted = {j for m in re.finditer(r'"[^"]*"|\u201c[^\u201d]*\u201d', text) for j in range(m.start(), m.end())}
    for j, ch in enumerate(text):
        if ch in "([{" and j not in quoted:  # a bracket inside a quoted title is part of it ("Stay (Don't Go Away)")
            depth += 1
        if depth:
            keep[j] = False
        if ch in ")]}" and depth and j not in quoted:
            depth -= 1
    if depth:  # an unclosed bracket: leave the text as it is
        return text, list(range(len(text) + 1))
    j = 0
    while j < len(text):  # each removed run takes one neighbouring space with it
        if keep[j]:
            j += 1
            continue
        end = next((k for k in range(j, len(text)) if keep[k]), len(text))
        if j and text[j - 1] == " " and (end == len(text) or text[end] in " ,.;:!?"):
            keep[j - 1] = False
        elif end < len(text) and text[end] == " " and (not j or text[j - 1] == " "):
            keep[end] = False
        j = end
    where = [j for j in range(len(text)) if keep[j]]
    return "".join(text[j] for j in where), where + [len(text)]


def to_clean(spans: list[tuple[int, int]], where: list[int]) -> list[tuple[int, int]]:
    """Spans of the original sentence -> spans of its bracket-free text (spans touching an aside are dropped)."""
    index = {j: k for k, j in enumerate(where)}
    return [(index[a], index[b - 1] + 1) for a, b in spans if a in index and b - 1 in index and index[b - 1] - index[a] == b - 1 - a]

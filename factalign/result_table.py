"""What `factalign score` prints without --json: the verdict, then one line per claim against the text it was
checked on, fitted to the terminal. Every line goes out through `say`, which escapes control characters: claims
and excerpts are the texts' own sentences, verbatim, and a text may hold terminal escapes."""

from __future__ import annotations

import shutil

from factalign.errors import shown


def say(line: str, width: int | None = None) -> None:
    """One line on stdout, control characters escaped, then cut to `width` (None: never cut)."""
    line = shown(line)
    print(line if width is None else _fit(line, width))


def print_result(result, cal, document: str, summary: str | None = None) -> None:
    """The verdict first (decision, label, probability), then one line per claim fitted to the terminal's
    width (`COLUMNS` when piped): the claim, its label and span always, the document text as room allows.
    `cal`: the scorer's calibration, described under the verdict (None: not described); `summary`: the output, shown
    last with its unsupported words marked."""
    width = max(80, shutil.get_terminal_size((120, 24)).columns)
    verdict = [f"decision: {result.decision.upper()}"] if result.decision else []
    verdict += [result.label] if result.label else []
    verdict += [f"P(consistent) = {result.probability:.2f}"] if result.probability is not None else []
    say(f"{result.method.upper()} = {result.score:.4f}" + (f"  [{', '.join(verdict)}]" if verdict else ""))
    if result.reason:
        say(f"  why: {result.reason}", width)
    for note in result.notes:
        say(f"  note: {note}", width)
    if cal:  # which kind of text's default labelled it (--task), then what the label means
        say(f"  {f'task {result.task}: ' if result.task else ''}{cal.describe()}", width)
    say(f"  {result.signature}", width)
    spans = [span_label(c.premise) for c in result.claims]
    span_width = max([13, *map(len, spans)]) if result.sources else 13  # one document: its spans are [start:end], which 13 columns hold
    head = f"{'#':>3}  {'score':>7}  {'P(sup)':>6}  {'label':<11}  {'decision':<8}  {'source span':<{span_width}}  "
    say(head + ("claim -> the sources at the span" if result.sources else "claim -> the document at the span"))
    for i, (c, span) in enumerate(zip(result.claims, spans)):
        source, rewritten = aligned_source(c, document)
        parts = source_parts(c, document, result.sources)
        prob = f"{c.probability:.2f}" if c.probability is not None else "-"
        row = f"{i:>3}  {c.score:>7.4f}  {prob:>6}  {c.label or '-':<11}  {c.decision or '-':<8}  {span:<{span_width}}  "
        line = row + c.claim.text
        if parts:  # a premise over several sources: each source's part on a line, the one sharing most words first
            say(line)
            for part in parts:
                say(f"{'':>{len(head)}}->  {part}", width)
        elif source and width - len(line) >= 24:
            say(f"{line}  ->  {source}", width)
        else:  # the claim is never cut: the document text goes on its own line
            say(line)
            if source:
                say(f"{'':>{len(head)}}->  {source}", width)
        if rewritten:
            say(f"{'':>{len(head)}}as checked, with coreferences resolved: {rewritten}", width)
        if c.reason:
            say(f"{'':>{len(head)}}why: {c.reason}", width)
    if cal and cal.claims is None and result.claims:
        say("  (claims are not labelled: this calibration has no claim part; see `factalign calibrate --claims-data`)")
    if result.unsupported_spans and summary is not None:
        say(f"  unsupported words, in [[ ]]: {' '.join(marked(summary, result.unsupported_spans).split())}")


def marked(text: str, spans) -> str:
    """The output with each unsupported span between [[ and ]]."""
    out, at = [], 0
    for span in spans:
        out += [text[at:span.start], "[[", text[span.start:span.end], "]]"]
        at = span.end
    return "".join(out + [text[at:]])


def print_spans(result, where: str) -> None:
    """The compact view for CI logs (`score --spans`): one line per unsupported span, as compilers report an error's
    place, `WHERE:START-END: "words" (claims K, L: reason)`; nothing for an output with no unsupported claim."""
    for span in result.unsupported_spans:
        why = f": {span.reason}" if span.reason else ""
        claims = ", ".join(map(str, span.claims))
        say(f"{where}:{span.start}-{span.end}: \"{span.text}\" (claim{'s' if len(span.claims) > 1 else ''} {claims}{why})")


SPAN_LABEL_CHARS = 32  # a premise over several sources: their offsets, else their ids, else their number


def span_label(p) -> str:
    """A premise's place: `[start:end]` in the document, or with several sources `ID[start:end]` inside each
    source it lies in (`a.txt[0:80] + b.txt[12:40]` when it joins two)."""
    if p is None or not p.spans:
        return "-"
    if not p.locations:
        return f"[{p.spans[0][0]}:{p.spans[-1][1]}]"
    places: dict[str, list[int]] = {}
    for loc in p.locations:
        start, end = places.setdefault(loc.source, [loc.start, loc.end])
        places[loc.source] = [min(start, loc.start), max(end, loc.end)]
    for label in (" + ".join(f"{name}[{a}:{b}]" for name, (a, b) in places.items()), " + ".join(places)):
        if len(places) == 1 or len(label) <= SPAN_LABEL_CHARS:
            return label
    return f"{len(places)} sources"  # --json lists each one's offsets


def _fit(line: str, width: int) -> str:
    return line if len(line) <= width else line[:width - 3] + "..."


SOURCE_PARTS = 3  # a premise's sources shown in the table; --json lists all


def source_parts(c, document: str, sources) -> list[str]:
    """`ID: text` of each source a premise over several sources takes text from, the source sharing the most
    of the claim's words first (ties: in premise order), at most SOURCE_PARTS and a line saying how many more;
    [] for a premise inside one source. A joined premise's text begins with whichever source comes first,
    which need not be the one that supports the claim."""
    from factalign.evidence import tokens

    p = c.premise
    if p is None or len({loc.source for loc in p.locations}) < 2:
        return []
    starts = {r.id: r.start for r in sources}
    texts: dict[str, list[str]] = {}
    for loc in p.locations:
        texts.setdefault(loc.source, []).append(document[starts[loc.source] + loc.start:starts[loc.source] + loc.end])
    words = set(tokens(c.claim.text))
    order = sorted(texts, key=lambda s: -len(words & set(tokens(" ".join(texts[s])))))
    shown = [f"{s}: {' '.join(' '.join(texts[s]).split())}" for s in order[:SOURCE_PARTS]]
    more = len(order) - SOURCE_PARTS
    return shown + ([f"(and {more} more source{'s' if more > 1 else ''}; --json lists them)"] if more > 0 else [])


def aligned_source(c, document: str) -> tuple[str, str | None]:
    """The document's own text at the claim's premise spans, and the premise the NLI model was given
    when it differs (coref rewrites it: "her fans" -> "Natalia Moon fans"), else None."""
    p = c.premise
    if p is None:
        return "", None
    source = " ".join(document[a:b] for a, b in p.spans) if p.spans else p.text
    rewritten = p.text if " ".join(p.text.split()) != " ".join(source.split()) else None
    return " ".join(source.split()), rewritten and " ".join(rewritten.split())

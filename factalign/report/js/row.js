// One row's view: the summary pane (claims, unsupported first) and the document pane.

function segments(text, spans) {
  const cuts = new Set([0, text.length]);
  for (const [a, b] of spans) { cuts.add(a); cuts.add(b); }
  const sorted = [...cuts].sort((x, y) => x - y);
  const segs = [];
  for (let i = 1; i < sorted.length; i++) if (sorted[i] > sorted[i - 1]) segs.push([sorted[i - 1], sorted[i]]);
  return segs;
}

function inside(seg, spans) {
  return spans.some(([a, b]) => seg[0] >= a && seg[1] <= b);
}

function summaryText(row, onPick) {
  const located = row.claims.filter((c) => c.sspan);
  const p = el("p", { class: "summary-text" });
  const unsupported = row.unsupported || [];
  for (const seg of segments(row.summary, located.map((c) => c.sspan).concat(unsupported.map((u) => u.span)))) {
    const raw = row.summary.slice(seg[0], seg[1]);
    // the words the unsupported claims rest on (result.unsupported_spans), marked inside their claim's colour
    const words = unsupported.find((u) => seg[0] >= u.span[0] && seg[1] <= u.span[1]);
    const text = words ? el("mark", { class: "unsupported-words", title: "unsupported words"
      + (words.reason ? ": " + words.reason : "") }, raw) : raw;
    const covering = located.filter((c) => seg[0] >= c.sspan[0] && seg[1] <= c.sspan[1]);
    if (!covering.length) { p.append(words ? text : visible(raw)); continue; }
    const worst = covering.reduce((x, y) => (y.score < x.score ? y : x));
    const s = el("span", { class: "claim-span", "data-claims": covering.map((c) => c.n).join(" "),
      title: covering.length + " claim(s), lowest " + fmt(worst.score, row.range) + " " + labelText(worst.label) }, text);
    s.style.background = paint(worst, row.range, 0.45);
    s.addEventListener("click", () => onPick(worst.n));
    p.append(s);
  }
  return p;
}

function renderRow(index) {
  const row = data.rows[index];
  const range = row.range;
  threshold = row.threshold;
  crumbs.replaceChildren();
  if (data.batch) {
    crumbs.append(el("a", { href: "#index", id: "to-index" }, "\u2190 all " + data.rows.length + " rows"),
      el("span", { class: "crumb", text: "row " + (index + 1) + ": " + row.id }));
  }
  const verdict = el("p", { class: "verdict" },
    chip(row, range),
    el("strong", { text: row.method.toUpperCase() + " = " + fmt(row.score, range) }), " ",
    row.decision ? el("span", { class: "decision decision-" + row.decision, text: row.decision.toUpperCase() }) : null, " ",
    el("span", { class: "label label-" + (row.label || "none"), text: labelText(row.label) }), " ",
    row.probability !== null && row.probability !== undefined
      ? el("span", { class: "probability", text: "P(consistent) " + row.probability.toFixed(3) + " " }) : null,
    el("span", { class: "muted", text: row.claims.length + " claims" + (threshold !== null ? ", " + row.failing + " unsupported" : "") }),
    row.reason ? el("span", { class: "reason", text: " why: " + row.reason }) : null);

  const list = el("ol", { class: "claims", id: "claims", "aria-label": "claims, unsupported first; arrow keys move" });
  const items = [];
  for (const c of row.claims) {
    const best = c.spans.length ? clip(spansText(row.document, c.spans), 240) : "no premise recorded";
    const button = el("button", { type: "button", class: "claim", id: "claim-" + c.n, "data-n": c.n,
      "aria-pressed": "false" },
      el("span", { class: "claim-head" }, chip(c, range),
        el("span", { class: "score", text: fmt(c.score, range) }),
        c.label ? el("span", { class: "label label-" + c.label, text: c.label }) : null,
        c.decision ? el("span", { class: "decision decision-" + c.decision, text: c.decision }) : null,
        c.probability !== null && c.probability !== undefined
          ? el("span", { class: "probability", text: "P(supported) " + c.probability.toFixed(2) }) : null,
        el("span", { class: "gran", text: c.granularity || "" })),
      el("span", { class: "claim-text", text: c.text }),
      c.reason ? el("span", { class: "reason", text: "why: " + c.reason }) : null,
      el("span", { class: "best" }, el("span", { class: "muted", text: "best premise" + premiseSources(row, c) + ": " }), best));
    button.style.borderLeftColor = paint(c, range);
    button.addEventListener("click", () => select(c.n, true));
    list.append(el("li", {}, button));
    items.push({ claim: c, button });
  }
  list.addEventListener("keydown", (ev) => {
    const keys = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    if (!(ev.key in keys)) return;
    ev.preventDefault();
    const at = items.findIndex((it) => it.button === document.activeElement);
    const step = keys[ev.key];
    let next = Number.isFinite(step) ? (at < 0 ? 0 : at + step) : (step < 0 ? 0 : items.length - 1);
    next = Math.max(0, Math.min(items.length - 1, next));
    items[next].button.focus();
    select(items[next].claim.n, true);
  });

  const allSpans = [];
  for (const c of row.claims) {
    allSpans.push(...c.spans);
    for (const r of c.runners) allSpans.push(...r.spans);
  }
  const docBox = el("div", { class: "doc", id: "doc", tabindex: "0", "aria-label": "document" });
  const segs = [];
  for (const seg of segments(row.document, allSpans)) {
    const s = el("span", { class: "seg", "data-a": seg[0], "data-b": seg[1] },
      row.document.slice(seg[0], seg[1]));
    segs.push({ seg, node: s });
    docBox.append(s);
  }
  const detail = el("div", { class: "detail", id: "detail", "aria-live": "polite" });
  current = { row, items, segs, detail, docBox };

  const summaryPane = el("section", { class: "pane summary-pane", "aria-label": "summary and claims" },
    el("h2", { text: "Summary" }), legend(range, threshold, colourMode(row.claims)), summaryText(row, (n) => select(n, true)),
    el("h2", { text: threshold !== null ? "Claims, unsupported first" : "Claims, lowest score first" }),
    el("p", { class: "muted hint", text: "Click a claim, or Tab to one and use \u2191 \u2193 Home End: its premise is highlighted in the document." }),
    list, sourcesSection(row));
  const documentPane = el("section", { class: "pane document-pane", "aria-label": "document and evidence" },
    detail, el("h2", {}, "Document ", el("span", { class: "muted", text: "(" + row.document.length + " characters)" })), docBox);
  app.replaceChildren(verdict, el("div", { class: "panes" }, summaryPane, documentPane));
  provenance([row]);
  if (row.claims.length) select(row.claims[0].n, false);
}

function select(n, scroll) {
  const { row, items, segs, detail, docBox } = current;
  const c = row.claims.find((x) => x.n === n);
  for (const it of items) {
    const on = it.claim.n === n;
    it.button.classList.toggle("selected", on);
    it.button.setAttribute("aria-pressed", on ? "true" : "false");
  }
  for (const sp of document.querySelectorAll(".claim-span")) {
    sp.classList.toggle("selected", sp.getAttribute("data-claims").split(" ").includes(String(n)));
  }
  const runnerSpans = c.runners.flatMap((r) => r.spans);
  let first = null;
  for (const { seg, node } of segs) {
    const hl = inside(seg, c.spans);
    node.classList.toggle("hl", hl);
    node.classList.toggle("ru", !hl && inside(seg, runnerSpans));
    if (hl && !first) first = node;
  }
  detail.replaceChildren(...claimDetail(row, c));
  if (first) scrollDocTo(docBox, first, scroll);
}

// the document box scrolls by itself (position: relative, so offsetTop is measured from its top)
function scrollDocTo(box, node, pageToo) {
  box.scrollTop = Math.max(0, node.offsetTop - box.clientHeight / 4);
  const r = box.getBoundingClientRect();
  if (pageToo && (r.top < 0 || r.bottom > window.innerHeight)) box.scrollIntoView({ block: "nearest" });
}

function claimDetail(row, c) {
  const range = row.range;
  const out = [
    el("p", { class: "detail-claim" }, chip(c, range), el("strong", { text: "Claim: " }), c.text),
    el("p", { class: "muted" }, fmt(c.score, range) + (c.label ? " \u00b7 " + c.label : "") +
      (c.probs.length === 1 ? " \u00b7 p(supported) " + c.probs[0].toFixed(2) :  // a binary checker
        " \u00b7 p(entail) " + c.probs[0].toFixed(2) + ", p(neutral) " + c.probs[1].toFixed(2) +
        ", p(contradict) " + c.probs[2].toFixed(2))),
  ];
  if (!c.spans.length) {
    out.push(el("p", { text: "No premise was recorded for this claim." }));
    return out;
  }
  out.push(el("p", {}, el("span", { class: "hl-key", text: "aligned premise" }), " granularity ",
    el("strong", { class: "granularity", text: c.granularity }), ", characters " +
    c.spans.map(([a, b]) => a + "\u2013" + b).join(", ") + locationText(row, c)));
  if (c.rewritten !== null) {
    out.push(el("p", { class: "rewritten" }, el("span", { class: "muted", text: "premise given to the NLI model: " }),
      clip(c.rewritten, 600)));
  }
  if (c.runners.length) {
    const ul = el("ul", { class: "runners", "aria-label": "runner-up premises" });
    for (const r of c.runners) {
      const b = el("button", { type: "button", class: "runner" }, el("span", { class: "score", text: fmt(r.score, range) }),
        " " + clip(spansText(row.document, r.spans), 140));
      b.addEventListener("click", () => {
        const node = current.segs.find(({ seg }) => inside(seg, r.spans));
        if (node) scrollDocTo(current.docBox, node.node, true);
      });
      ul.append(el("li", {}, b));
    }
    out.push(el("p", { class: "muted" }, el("span", { class: "ru-key", text: "runner-up premises" }), " (click to see)"), ul);
  }
  return out;
}

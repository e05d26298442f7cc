"use strict";
// Draws the factalign report from the JSON payload. User text only ever reaches the page through
// textContent, text nodes and setAttribute, never through innerHTML.
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const app = document.getElementById("app");
  const crumbs = document.getElementById("crumbs");
  const footer = document.getElementById("provenance");
  const SVG = "http://www.w3.org/2000/svg";
  // red (unsupported) -> yellow -> blue (supported): readable with red-green colour blindness
  const STOPS = [[0, [215, 48, 39]], [0.25, [252, 141, 89]], [0.5, [254, 224, 144]], [0.75, [145, 191, 219]], [1, [69, 117, 180]]];
  let current = null; // the row on show: {row, items, segs, detail, docBox}
  let threshold = data.threshold; // the row's own in a row view, the shared one on the index

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function unit(score, range) {
    const t = (score - range[0]) / (range[1] - range[0]);
    return Math.max(0, Math.min(1, t));
  }

  // colour position in [0, 1]: piecewise linear with the threshold (when there is one) at the middle,
  // so every claim below the threshold is red to orange and every claim above it light to dark blue
  function tone(score, range) {
    const thr = threshold;
    if (thr === null || thr <= range[0] || thr >= range[1]) return unit(score, range);
    return score < thr ? 0.5 * unit(score, [range[0], thr]) : 0.5 + 0.5 * unit(score, [thr, range[1]]);
  }

  function untone(t, range) {
    const thr = threshold;
    if (thr === null || thr <= range[0] || thr >= range[1]) return range[0] + t * (range[1] - range[0]);
    return t < 0.5 ? range[0] + 2 * t * (thr - range[0]) : thr + (2 * t - 1) * (range[1] - thr);
  }

  function mix(t) {
    for (let i = 1; i < STOPS.length; i++) {
      const [t1, c1] = STOPS[i];
      const [t0, c0] = STOPS[i - 1];
      if (t <= t1) {
        const f = (t - t0) / (t1 - t0);
        return c0.map((c, j) => Math.round(c + f * (c1[j] - c)));
      }
    }
    return STOPS[STOPS.length - 1][1];
  }

  function colour(score, range, alpha) {
    const c = mix(tone(score, range));
    return alpha === undefined ? "rgb(" + c.join(",") + ")" : "rgba(" + c.join(",") + "," + alpha + ")";
  }

  function fmt(score, range) {
    const v = Math.abs(score) < 5e-4 ? 0 : score; // no "-0.000"
    return (range[0] < 0 && v >= 0 ? "+" : "") + v.toFixed(3);
  }

  function clip(text, n) {
    const t = text.replace(/\s+/g, " ").trim();
    return t.length > n ? t.slice(0, n - 1) + "\u2026" : t;
  }

  // the document's own text at the spans; spans separated only by whitespace read as one stretch
  function spansText(doc, spans) {
    let out = "";
    spans.forEach(([a, b], i) => {
      const prev = i ? spans[i - 1][1] : a;
      out += i === 0 ? "" : (a >= prev && !doc.slice(prev, a).trim() ? " " : " \u2026 ");
      out += doc.slice(a, b);
    });
    return out;
  }

  function chip(score, range) {
    const c = el("span", { class: "chip", "aria-hidden": "true" });
    c.style.background = colour(score, range);
    return c;
  }

  function labelText(label) {
    return label || "no threshold";
  }

  function legend(range, threshold) {
    const box = el("figure", { class: "legend", "aria-label": "colour scale of claim scores" });
    const bar = el("div", { class: "legend-bar" });
    bar.style.background = "linear-gradient(to right, " +
      STOPS.map(([t]) => "rgb(" + mix(t).join(",") + ") " + unit(untone(t, range), range) * 100 + "%").join(", ") + ")";
    if (threshold !== null && threshold !== undefined) {
      const mark = el("div", { class: "legend-mark", title: "threshold " + threshold });
      mark.style.left = unit(threshold, range) * 100 + "%";
      bar.append(mark);
    }
    const ticks = el("div", { class: "legend-ticks" },
      el("span", { text: fmt(range[0], range) + " not supported" }),
      threshold !== null && threshold !== undefined ? el("span", { text: "threshold " + fmt(threshold, range) }) : null,
      el("span", { text: fmt(range[1], range) + " supported" }));
    box.append(bar, ticks);
    return box;
  }

  // ---- one row: summary pane and document pane ----

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
    for (const seg of segments(row.summary, located.map((c) => c.sspan))) {
      const text = row.summary.slice(seg[0], seg[1]);
      const covering = located.filter((c) => seg[0] >= c.sspan[0] && seg[1] <= c.sspan[1]);
      if (!covering.length) { p.append(text); continue; }
      const worst = covering.reduce((x, y) => (y.score < x.score ? y : x));
      const s = el("span", { class: "claim-span", "data-claims": covering.map((c) => c.n).join(" "),
        title: covering.length + " claim(s), lowest " + fmt(worst.score, row.range) + " " + labelText(worst.label) }, text);
      s.style.background = colour(worst.score, row.range, 0.45);
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
      chip(row.score, range),
      el("strong", { text: row.method.toUpperCase() + " = " + fmt(row.score, range) }), " ",
      el("span", { class: "label label-" + (row.label || "none"), text: labelText(row.label) }), " ",
      row.probability !== null && row.probability !== undefined
        ? el("span", { class: "probability", text: "P(consistent) " + row.probability.toFixed(3) + " " }) : null,
      el("span", { class: "muted", text: row.claims.length + " claims" + (threshold !== null ? ", " + row.failing + " unsupported" : "") }));

    const list = el("ol", { class: "claims", id: "claims", "aria-label": "claims, unsupported first; arrow keys move" });
    const items = [];
    for (const c of row.claims) {
      const best = c.spans.length ? clip(spansText(row.document, c.spans), 240) : "no premise recorded";
      const button = el("button", { type: "button", class: "claim", id: "claim-" + c.n, "data-n": c.n,
        "aria-pressed": "false" },
        el("span", { class: "claim-head" }, chip(c.score, range),
          el("span", { class: "score", text: fmt(c.score, range) }),
          c.label ? el("span", { class: "label label-" + c.label, text: c.label }) : null,
          el("span", { class: "gran", text: c.granularity || "" })),
        el("span", { class: "claim-text", text: c.text }),
        el("span", { class: "best" }, el("span", { class: "muted", text: "best premise: " }), best));
      button.style.borderLeftColor = colour(c.score, range);
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
      el("h2", { text: "Summary" }), legend(range, threshold), summaryText(row, (n) => select(n, true)),
      el("h2", { text: threshold !== null ? "Claims, unsupported first" : "Claims, lowest score first" }), list);
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
      el("p", { class: "detail-claim" }, chip(c.score, range), el("strong", { text: "Claim: " }), c.text),
      el("p", { class: "muted" }, fmt(c.score, range) + (c.label ? " \u00b7 " + c.label : "") +
        " \u00b7 p(entail) " + c.probs[0].toFixed(2) + ", p(neutral) " + c.probs[1].toFixed(2) +
        ", p(contradict) " + c.probs[2].toFixed(2)),
    ];
    if (!c.spans.length) {
      out.push(el("p", { text: "No premise was recorded for this claim." }));
      return out;
    }
    out.push(el("p", {}, el("span", { class: "hl-key", text: "aligned premise" }), " granularity ",
      el("strong", { class: "granularity", text: c.granularity }), ", characters " +
      c.spans.map(([a, b]) => a + "\u2013" + b).join(", ")));
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

  // ---- a batch: sortable index and histogram ----

  function renderIndex() {
    crumbs.replaceChildren();
    threshold = data.threshold;
    const range = data.range;
    const mean = data.rows.reduce((s, r) => s + r.score, 0) / Math.max(1, data.rows.length);
    const bad = data.rows.filter((r) => r.label === "inconsistent").length;
    const stats = el("p", { class: "verdict" }, el("strong", { text: data.rows.length + " summaries" }),
      ", mean score " + fmt(mean, range) + (threshold !== null ? ", " + bad + " inconsistent" : ""));
    app.replaceChildren(stats, histogram(range), indexTable(range));
    provenance(data.rows);
  }

  function histogram(range) {
    const W = 640, H = 210, L = 40, B = 34, T = 26, bins = 20;
    const counts = new Array(bins).fill(0);
    for (const r of data.rows) counts[Math.min(bins - 1, Math.floor(unit(r.score, range) * bins))]++;
    const top = Math.max(1, ...counts);
    const x = (v) => L + unit(v, range) * (W - L - 10);
    const y = (c) => H - B - (c / top) * (H - B - T);
    const g = svg("svg", { viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img", id: "histogram",
      "aria-label": "histogram of summary scores" });
    g.append(svg("line", { x1: L, y1: H - B, x2: W - 10, y2: H - B, class: "axis" }),
      svg("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }),
      svg("text", { x: L - 6, y: T + 4, "text-anchor": "end", class: "tick" }, String(top)),
      svg("text", { x: L - 6, y: H - B, "text-anchor": "end", class: "tick" }, "0"));
    const bw = (W - L - 10) / bins;
    counts.forEach((c, i) => {
      const mid = range[0] + (i + 0.5) / bins * (range[1] - range[0]);
      const rect = svg("rect", { x: L + i * bw + 1, y: y(c), width: bw - 2, height: H - B - y(c), fill: colour(mid, range), class: "bar" });
      rect.append(svg("title", {}, c + " summaries"));
      g.append(rect);
    });
    [range[0], (range[0] + range[1]) / 2, range[1]].forEach((v, i) => {
      g.append(svg("text", { x: x(v), y: H - B + 16, "text-anchor": ["start", "middle", "end"][i], class: "tick" }, fmt(v, range)));
    });
    g.append(svg("text", { x: (W + L) / 2, y: H - 2, "text-anchor": "middle", class: "tick" }, "summary score"));
    if (threshold !== null) {
      const tx = x(threshold);
      const right = unit(threshold, range) > 0.7;
      g.append(svg("line", { x1: tx, y1: 6, x2: tx, y2: H - B, class: "threshold", id: "threshold-line" }),
        svg("text", { x: right ? tx - 4 : tx + 4, y: 14, "text-anchor": right ? "end" : "start", class: "tick threshold-label" },
          "threshold " + fmt(threshold, range)));
    }
    const cap = threshold !== null ? "Scores of all summaries; the dashed line is the threshold."
      : "Scores of all summaries (no threshold was given: pass --threshold to draw it).";
    return el("figure", { class: "hist" }, g, el("figcaption", { class: "muted", text: cap }));
  }

  function indexTable(range) {
    const cols = [["#", (r, i) => i], ["id", (r) => r.id], ["score", (r) => r.score],
      ["label", (r) => r.label || ""], ["failing claims", (r) => r.failing]];
    const order = data.rows.map((r, i) => i);
    const tbody = el("tbody");
    const heads = cols.map(([name], k) => {
      const b = el("button", { type: "button", class: "sort", "data-col": k, text: name });
      const th = el("th", { scope: "col", "aria-sort": k === 0 ? "ascending" : "none" }, b);
      b.addEventListener("click", () => {
        const dir = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
        for (const h of heads) h.setAttribute("aria-sort", "none");
        th.setAttribute("aria-sort", dir);
        const key = cols[k][1];
        order.sort((i, j) => {
          const a = key(data.rows[i], i), z = key(data.rows[j], j);
          const c = typeof a === "number" ? a - z : String(a).localeCompare(String(z), undefined, { numeric: true });
          return (dir === "ascending" ? c : -c) || i - j;
        });
        fill();
      });
      return th;
    });
    function fill() {
      tbody.replaceChildren(...order.map((i) => {
        const r = data.rows[i];
        return el("tr", { "data-row": i },
          el("td", { class: "num", text: String(i + 1) }),
          el("td", {}, el("a", { href: "#row-" + i, class: "row-link" }, r.id === null ? "row " + (i + 1) : r.id)),
          el("td", { class: "num" }, chip(r.score, range), fmt(r.score, range)),
          el("td", {}, el("span", { class: "label label-" + (r.label || "none"), text: r.label || "\u2013" })),
          el("td", { class: "num", text: r.failing + " / " + r.claims.length }));
      }));
    }
    fill();
    return el("table", { class: "index", id: "index-table" }, el("caption", { text: "Click a column to sort; click an id to see its claims." }),
      el("thead", {}, el("tr", {}, ...heads)), tbody);
  }

  function provenance(rows) {
    const sigs = [...new Set(rows.map((r) => r.signature))];
    const cals = [...new Set(rows.filter((r) => r.calibration !== null && r.calibration !== undefined)
      .map((r) => typeof r.calibration === "string" ? r.calibration : JSON.stringify(r.calibration)))];
    footer.replaceChildren(
      ...sigs.map((s) => el("p", {}, el("span", { class: "muted", text: "signature " }), el("code", { class: "signature", text: s }))),
      ...cals.map((c) => el("p", {}, el("span", { class: "muted", text: "calibration " }), el("code", { class: "calibration", text: c }))),
      el("p", { class: "muted", text: threshold !== null ? "threshold " + threshold : "no threshold given" }));
  }

  function route() {
    const m = /^#row-(\d+)$/.exec(location.hash);
    if (m && +m[1] < data.rows.length) renderRow(+m[1]);
    else if (data.batch) renderIndex();
    else renderRow(0);
    window.scrollTo(0, 0);
    document.body.setAttribute("data-ready", String(performance.now()));
  }

  window.addEventListener("hashchange", route);
  route();
})();

// Shared by every view: the payload, element builders, the colour scale and its legend.
const data = JSON.parse(document.getElementById("report-data").textContent);
const app = document.getElementById("app");
const crumbs = document.getElementById("crumbs");
const footer = document.getElementById("provenance");
const SVG = "http://www.w3.org/2000/svg";
// red (unsupported) -> yellow -> blue (supported): readable with red-green colour blindness
const STOPS = [[0, [215, 48, 39]], [0.25, [252, 141, 89]], [0.5, [254, 224, 144]], [0.75, [145, 191, 219]], [1, [69, 117, 180]]];
let current = null; // the row on show: {row, items, segs, detail, docBox}
let threshold = data.threshold; // the row's own in a row view, the shared one on the index

// control characters but tab and line breaks, shown as the terminal shows them (ESC as \x1b): every text and
// attribute the builders below put on the page goes through here (offsets are cut before, one char each)
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;
function visible(v) {
  return String(v).replace(CONTROL, (c) => "\\x" + c.charCodeAt(0).toString(16).padStart(2, "0"));
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = visible(v);
    else e.setAttribute(k, v === true ? "" : visible(v));
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(typeof c === "string" ? visible(c) : c);
  return e;
}

function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, visible(v));
  if (text !== undefined) e.textContent = visible(text);
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
  return rgb(mix(tone(score, range)), alpha);
}

function rgb(c, alpha) {
  return alpha === undefined ? "rgb(" + c.join(",") + ")" : "rgba(" + c.join(",") + "," + alpha + ")";
}

// what a claim's or a summary's colour says: its decision where the calibration gives one (block red,
// review yellow, pass blue), else its calibrated probability (0.5, where the label turns, in the middle),
// else its score (the threshold in the middle). Raw scores bunch up (0.70 and 0.95 sit close on [-1, 1]);
// the decision and the probability are what a reader acts on.
const DECISION_TONE = { block: 0, review: 0.5, pass: 1 };

function hasProbability(item) {
  return item.probability !== null && item.probability !== undefined;
}

function colourMode(items) {
  if (items.some((it) => it.decision in DECISION_TONE)) return "decision";
  return items.some(hasProbability) ? "probability" : "score";
}

function paint(item, range, alpha) {
  if (item.decision in DECISION_TONE) return rgb(mix(DECISION_TONE[item.decision]), alpha);
  if (hasProbability(item)) return rgb(mix(Math.max(0, Math.min(1, item.probability))), alpha);
  return colour(item.score, range, alpha);
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

// a swatch of a claim's or summary's colour (see paint), or of a bare score
function chip(item, range) {
  const c = el("span", { class: "chip", "aria-hidden": "true" });
  c.style.background = typeof item === "number" ? colour(item, range) : paint(item, range);
  return c;
}

function labelText(label) {
  return label || "no threshold";
}

// the legend of `mode` (colourMode): three swatches for decisions, the probability scale, or the score scale
function legend(range, threshold, mode) {
  if (mode === "decision") {
    const box = el("figure", { class: "legend legend-decisions", "aria-label": "colours: the decisions" },
      el("span", { class: "muted", text: "colour: the decision " }));
    for (const d of ["block", "review", "pass"]) {
      const sw = el("span", { class: "chip", "aria-hidden": "true" });
      sw.style.background = rgb(mix(DECISION_TONE[d]));
      box.append(el("span", { class: "legend-item" }, sw, d + " "));
    }
    box.append(el("span", { class: "muted", text: "(from the calibrated probability; a claim without one: by score)" }));
    return box;
  }
  if (mode === "probability") {
    const box = el("figure", { class: "legend", "aria-label": "colour scale of calibrated probabilities" });
    const bar = el("div", { class: "legend-bar" });
    bar.style.background = "linear-gradient(to right, " + STOPS.map(([t]) => rgb(mix(t)) + " " + t * 100 + "%").join(", ") + ")";
    const mark = el("div", { class: "legend-mark", title: "P = 0.5: the label turns" });
    mark.style.left = "50%";
    bar.append(mark);
    box.append(bar, el("div", { class: "legend-ticks" }, el("span", { text: "P(supported) 0" }),
      el("span", { text: "0.5" }), el("span", { text: "1" })));
    return box;
  }
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

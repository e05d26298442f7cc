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

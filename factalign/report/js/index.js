// A batch's index: the histogram of scores and the sortable table of rows.

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

// the x axis spans the scores there are (and the threshold), not the method's whole range, so summaries
// bunched near the threshold spread over the bins; the threshold falls on a bin edge, so no bar straddles
// it; with decisions each bar is split into block / review / pass (bottom to top)
function histogram(range) {
  const W = 640, H = 210, L = 40, B = 34, T = 26;
  const [lo, hi, bins] = histogramAxis(data.rows.map((r) => r.score), threshold, range);
  const width = (hi - lo) / bins;
  const counts = Array.from({ length: bins }, () => ({ block: 0, review: 0, pass: 0, none: 0 }));
  for (const r of data.rows) {
    const i = Math.max(0, Math.min(bins - 1, Math.floor((r.score - lo) / width)));
    counts[i][r.decision in DECISION_TONE ? r.decision : "none"]++;
  }
  const totals = counts.map((c) => c.block + c.review + c.pass + c.none);
  const top = Math.max(1, ...totals);
  const x = (v) => L + unit(v, [lo, hi]) * (W - L - 10);
  const h = (c) => (c / top) * (H - B - T);
  const g = svg("svg", { viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img", id: "histogram",
    "aria-label": "histogram of summary scores", "data-lo": lo, "data-hi": hi, "data-bins": bins });
  g.append(svg("line", { x1: L, y1: H - B, x2: W - 10, y2: H - B, class: "axis" }),
    svg("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }),
    svg("text", { x: L - 6, y: T + 4, "text-anchor": "end", class: "tick" }, String(top)),
    svg("text", { x: L - 6, y: H - B, "text-anchor": "end", class: "tick" }, "0"));
  const bw = (W - L - 10) / bins;
  counts.forEach((c, i) => {
    const a = lo + i * width, mid = a + width / 2;
    let base = H - B;
    for (const kind of ["block", "review", "pass", "none"]) {
      if (!c[kind]) continue;
      const fill = kind === "none" ? colour(mid, range) : rgb(mix(DECISION_TONE[kind]));
      const rect = svg("rect", { x: L + i * bw + 1, y: base - h(c[kind]), width: Math.max(1, bw - 2), height: h(c[kind]),
        fill: fill, class: "bar", "data-kind": kind, "data-bin": i });
      rect.append(svg("title", {}, c[kind] + " summaries" + (kind === "none" ? "" : " (" + kind + ")") + ", scores " +
        fmt(a, range) + " to " + fmt(a + width, range)));
      g.append(rect);
      base -= h(c[kind]);
    }
  });
  [lo, (lo + hi) / 2, hi].forEach((v, i) => {
    g.append(svg("text", { x: x(v), y: H - B + 16, "text-anchor": ["start", "middle", "end"][i], class: "tick" }, fmt(v, range)));
  });
  g.append(svg("text", { x: (W + L) / 2, y: H - 2, "text-anchor": "middle", class: "tick" }, "summary score"));
  if (threshold !== null && threshold >= lo && threshold <= hi) {
    const tx = x(threshold);
    const right = unit(threshold, [lo, hi]) > 0.7;
    g.append(svg("line", { x1: tx, y1: 6, x2: tx, y2: H - B, class: "threshold", id: "threshold-line" }),
      svg("text", { x: right ? tx - 4 : tx + 4, y: 14, "text-anchor": right ? "end" : "start", class: "tick threshold-label" },
        "threshold " + fmt(threshold, range)));
  }
  const span = "Scores of all summaries, from " + fmt(lo, range) + " to " + fmt(hi, range) + " (bins of " +
    width.toFixed(3) + ")";
  const split = data.rows.some((r) => r.decision in DECISION_TONE) ? "; bars split by decision: block (red), review (yellow), pass (blue)" : "";
  const cap = threshold !== null ? span + split + "; the dashed line is the threshold."
    : span + split + " (no threshold was given: pass --threshold to draw it).";
  return el("figure", { class: "hist" }, g, el("figcaption", { class: "muted", text: cap }));
}

// [lo, hi, bins]: the scores' own span with the threshold (at least a tenth of the method's range), a bin
// of room either side inside the range, cut into bins of equal width of which one edge is the threshold
function histogramAxis(scores, thr, range) {
  const bins = 24;
  const marks = thr === null ? scores : scores.concat([thr]);
  let lo = Math.min(...marks), hi = Math.max(...marks);
  const least = (range[1] - range[0]) / 10;
  if (hi - lo < least) {
    const mid = (lo + hi) / 2;
    lo = mid - least / 2;
    hi = mid + least / 2;
  }
  const width = (hi - lo) / (bins - 2);
  lo = Math.max(range[0], lo - width);
  hi = Math.min(range[1], hi + width);
  if (thr === null || thr <= lo || thr >= hi) return [lo, hi, Math.max(1, Math.round((hi - lo) / width))];
  const below = Math.floor((thr - lo) / width + 1e-9), above = Math.floor((hi - thr) / width + 1e-9);
  return [thr - below * width, thr + above * width, below + above];
}

function indexTable(range) {
  const cols = [["#", (r, i) => i], ["id", (r) => r.id], ["score", (r) => r.score],
    ["decision", (r) => ["pass", "review", "block"].indexOf(r.decision || "")], ["label", (r) => r.label || ""],
    ["failing claims", (r) => r.failing]];
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
        el("td", { class: "num" }, chip(r, range), fmt(r.score, range)),
        el("td", {}, r.decision ? el("span", { class: "decision decision-" + r.decision, text: r.decision }) : "\u2013"),
        el("td", {}, el("span", { class: "label label-" + (r.label || "none"), text: r.label || "\u2013" })),
        el("td", { class: "num", text: r.failing + " / " + r.claims.length }));
    }));
  }
  fill();
  return el("table", { class: "index", id: "index-table" }, el("caption", { text: "Click a column to sort; click an id to see its claims." }),
    el("thead", {}, el("tr", {}, ...heads)), tbody);
}

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
        el("td", { class: "num" }, chip(r.score, range), fmt(r.score, range)),
        el("td", {}, r.decision ? el("span", { class: "decision decision-" + r.decision, text: r.decision }) : "\u2013"),
        el("td", {}, el("span", { class: "label label-" + (r.label || "none"), text: r.label || "\u2013" })),
        el("td", { class: "num", text: r.failing + " / " + r.claims.length }));
    }));
  }
  fill();
  return el("table", { class: "index", id: "index-table" }, el("caption", { text: "Click a column to sort; click an id to see its claims." }),
    el("thead", {}, el("tr", {}, ...heads)), tbody);
}

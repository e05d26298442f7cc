// The footer and the router (#row-N shows a row, anything else the index or the only row).
function provenance(rows) {
  const sigs = [...new Set(rows.map((r) => r.signature))];
  const cals = [...new Set(rows.filter((r) => r.calibration !== null && r.calibration !== undefined)
    .map((r) => typeof r.calibration === "string" ? r.calibration : JSON.stringify(r.calibration)))];
  footer.replaceChildren(
    ...sigs.map((s) => el("p", {}, el("span", { class: "muted", text: "signature " }), el("code", { class: "signature", text: s }))),
    ...cals.map((c) => el("p", {}, el("span", { class: "muted", text: "calibration " }), el("code", { class: "calibration", text: c }))),
    el("p", { class: "muted thresholds", text: thresholdNote() }));
}

// One threshold, the rows' several thresholds and why they differ, or none.
function thresholdNote() {
  if (threshold !== null) return "threshold " + threshold;
  const several = data.thresholds || [];
  if (!several.length) return "no threshold given";
  const rows = (n) => n + " row" + (n === 1 ? "" : "s");
  const unlabelled = data.rows.length - several.reduce((n, t) => n + t.rows, 0);
  return "rows are labelled at " + (several.length === 1 ? "one threshold: " : several.length + " thresholds: ") +
    several.map((t) => t.threshold.toFixed(4) + " (" + rows(t.rows) + ")").join(", ") +
    (unlabelled ? "; " + rows(unlabelled) + " unlabelled" : "") +
    "; a one-sentence text is judged by the claim threshold, and rows may come from different calibrations";
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

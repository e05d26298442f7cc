// Several sources: each source with the claims it supports or contradicts, then the claims no source
// supports, contradicted apart from unmentioned. Absent for a row scored against one document.

function sourceName(row, id) {
  const s = row.sources.find((x) => x.id === id);
  return s && s.title ? id + " (" + s.title + ")" : id;
}

// buttons that select each claim; `cite`: name the sources of each claim's best premise after it
function claimLinks(row, ns, cite) {
  const ul = el("ul", { class: "source-claims" });
  for (const n of ns) {
    const c = row.claims.find((x) => x.n === n);
    const b = el("button", { type: "button", class: "runner" }, chip(c.score, row.range),
      el("span", { class: "score", text: fmt(c.score, row.range) }), " " + clip(c.text, 160),
      cite ? el("span", { class: "muted", text: " — " + claimSources(c).map((id) => sourceName(row, id)).join(", ") }) : null);
    b.addEventListener("click", () => { select(n, true); document.getElementById("claim-" + n).focus(); });
    ul.append(el("li", {}, b));
  }
  return ul;
}

function claimSources(c) {
  return [...new Set(c.locations.map((x) => x[0]))];
}

function sourcesSection(row) {
  if (!row.sources || !row.sources.length) return null;
  const box = el("section", { class: "sources", id: "sources", "aria-label": "sources and the claims each supports" },
    el("h2", { text: "Sources (" + row.sources.length + ")" }));
  for (const s of row.sources) {
    const item = el("div", { class: "source", "data-source": s.id },
      el("p", { class: "source-head" }, el("strong", { text: s.id }),
        s.title ? el("span", { text: " " + s.title }) : null,
        s.url ? el("span", { class: "muted source-url", text: " " + s.url }) : null,
        el("span", { class: "muted", text: " \u00b7 " + (s.span[1] - s.span[0]) + " characters" })));
    const none = !s.supports.length && !s.supports_jointly.length;
    if (none) item.append(el("p", { class: "muted", text: "supports no claim" }));
    if (s.supports.length) item.append(el("p", { class: "muted", text: "supports " + s.supports.length + " claim(s) on its own:" }), claimLinks(row, s.supports));
    if (s.supports_jointly.length) {
      item.append(el("p", { class: "muted", text: "supports " + s.supports_jointly.length + " claim(s) together with other sources:" }),
        claimLinks(row, s.supports_jointly, true));
    }
    if (s.contradicts.length) {
      item.append(el("p", { class: "contradicts", text: "contradicts " + s.contradicts.length + " claim(s):" }), claimLinks(row, s.contradicts));
    }
    box.append(item);
  }
  const contradicted = row.claims.filter((c) => c.verdict === "contradicted");
  const unmentioned = row.claims.filter((c) => c.verdict === "unmentioned");
  box.append(el("h2", { text: "Claims no source supports" }));
  if (!contradicted.length && !unmentioned.length) box.append(el("p", { class: "muted", text: "none: every claim is supported" }));
  if (contradicted.length) {
    box.append(el("p", { class: "contradicts", id: "contradicted", text: "Contradicted by a source (contradiction outweighs neutral at the best premise):" }),
      claimLinks(row, contradicted.map((c) => c.n), true));
  }
  if (unmentioned.length) {
    box.append(el("p", { class: "unmentioned", id: "unmentioned", text: "Not mentioned by any source (neutral outweighs contradiction):" }),
      claimLinks(row, unmentioned.map((c) => c.n)));
  }
  return box;
}

// "; in source ID characters a–b, c–d" for a premise that lies in sources
function locationText(row, c) {
  if (!c.locations || !c.locations.length) return "";
  return "; in " + claimSources(c).map((id) => "source " + sourceName(row, id) + " characters " +
    c.locations.filter((x) => x[0] === id).map(([, a, b]) => a + "\u2013" + b).join(", ")).join("; ");
}

// " (source ID)" after "best premise" in the claim list, for a premise that lies in sources
function premiseSources(row, c) {
  const ids = c.locations ? claimSources(c) : [];
  return ids.length ? " (source " + ids.map((id) => sourceName(row, id)).join(" + ") + ")" : "";
}

/// The graph atlas's page: its style and script, with `{{TITLE}}` and `{{DATA}}` for the graph
/// file's name and its data. Nothing is loaded from anywhere: the page works offline.
///
/// The page keeps its state in the address's fragment (`#env=test&s=main/store&q=client`), so a
/// link opens a service in an environment, and back and forward step through what was looked at.
enum GraphAtlasPage {
  static let template = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
    <title>{{TITLE}} · dicfg atlas</title>
    <style>
    :root { --fg: #1d232b; --muted: #5d6775; --line: #d8dde4; --accent: #2155c4; --changed: #fff1c2; --bg: #fbfcfd; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
    header { display: flex; gap: 12px; align-items: center; padding: 10px 16px; border-bottom: 1px solid var(--line); background: #fff; position: sticky; top: 0; z-index: 1; }
    header h1 { font-size: 15px; margin: 0 8px 0 0; white-space: nowrap; }
    header input, header select { font: inherit; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; }
    header input { flex: 1; min-width: 160px; }
    #stats { color: var(--muted); white-space: nowrap; }
    main { display: grid; grid-template-columns: minmax(280px, 38%) 1fr; height: calc(100vh - 53px); }
    #list { overflow: auto; border-right: 1px solid var(--line); margin: 0; padding: 0; list-style: none; }
    #list li { padding: 5px 14px; border-bottom: 1px solid #eef0f3; cursor: pointer; display: flex; gap: 8px; align-items: baseline; }
    #list li:hover { background: #f2f5fa; }
    #list li.sel { background: #e4ecfb; }
    #list li.chg { background: var(--changed); }
    #list li.chg.sel { background: #f5df8f; }
    #list li.group { background: #f3f4f6; cursor: default; font-weight: 600; color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
    .id { font-weight: 600; }
    .type { color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 1; font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
    .badge { font-size: 11px; padding: 0 6px; border-radius: 9px; border: 1px solid var(--line); color: var(--muted); white-space: nowrap; }
    .badge.singleton { border-color: #7aa0e8; color: #2155c4; }
    .badge.external { border-color: #9c7ae8; color: #5b2ec4; }
    .badge.MainActor { border-color: #e8a07a; color: #b5501c; }
    #detail { overflow: auto; padding: 14px 20px; }
    #detail h2 { margin: 0 0 2px; font-size: 20px; }
    #detail h3 { margin: 18px 0 6px; font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
    table { border-collapse: collapse; width: 100%; }
    td, th { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eef0f3; vertical-align: top; }
    th { font-size: 12px; color: var(--muted); font-weight: 600; }
    code, .where { font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
    .where { color: var(--muted); }
    a.node { color: var(--accent); cursor: pointer; text-decoration: none; font-weight: 600; }
    a.node:hover { text-decoration: underline; }
    .path { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
    .path span.arrow { color: var(--muted); }
    .change { background: var(--changed); padding: 3px 8px; border-radius: 4px; margin: 3px 0; }
    .error { background: #fde2e1; padding: 6px 10px; border-radius: 4px; margin: 4px 0; font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
    .muted { color: var(--muted); }
    </style>
    </head>
    <body>
    <header>
      <h1>{{TITLE}}</h1>
      <input id="search" type="search" placeholder="Search services by id, type or scope" autocomplete="off">
      <label>Environment <select id="env"></select></label>
      <span id="stats"></span>
    </header>
    <main>
      <ul id="list"></ul>
      <section id="detail"></section>
    </main>
    <script id="atlas-data" type="application/json">{{DATA}}</script>
    <script>
    "use strict";
    const data = JSON.parse(document.getElementById("atlas-data").textContent);
    const list = document.getElementById("list"), detail = document.getElementById("detail");
    const search = document.getElementById("search"), envSelect = document.getElementById("env");
    const stats = document.getElementById("stats");
    const state = { env: 0, key: null, query: "" };
    const derived = new Map();

    function esc(text) {
      return String(text).replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    }
    function key(node) { return node.c + "/" + node.i; }
    // A place is `FILE:LINE`, the file by its number in the data's list of files.
    function place(at) {
      const colon = at.indexOf(":");
      return data.files[+at.slice(0, colon)] + ":" + at.slice(colon + 1);
    }
    function env() { return data.environments[state.env]; }

    // Per environment, once: each node's dependents and the nodes the environment's changes name.
    function facts() {
      if (derived.has(state.env)) return derived.get(state.env);
      const e = env(), dependents = e.nodes.map(() => []), byKey = new Map(), changed = new Map();
      e.nodes.forEach((node, index) => {
        byKey.set(key(node), index);
        for (const [target, label, deferred] of node.d) dependents[+target].push([index, label, deferred]);
      });
      for (const change of e.changes) {
        if (change.n == null) continue;
        if (!changed.has(change.n)) changed.set(change.n, []);
        changed.get(change.n).push(change);
      }
      const result = { dependents, byKey, changed };
      derived.set(state.env, result);
      return result;
    }

    // The shortest way from a root (a node nothing depends on) down to `index`, root first.
    function pathToRoot(index) {
      const { dependents } = facts(), previous = new Map([[index, -1]]), queue = [index];
      for (let head = 0; head < queue.length; head++) {
        const current = queue[head];
        if (dependents[current].length === 0) {
          const path = [];
          for (let step = current; step !== -1; step = previous.get(step)) path.push(step);
          return path;
        }
        for (const [from] of dependents[current]) {
          if (!previous.has(from)) { previous.set(from, current); queue.push(from); }
        }
      }
      return null;
    }

    function matches(node, words) {
      if (words.length === 0) return true;
      const text = (node.i + " " + node.t + " " + node.s + " " + node.c + " " + (node.m || "")).toLowerCase();
      return words.every(word => text.includes(word));
    }

    // A graph file's module, by SwiftPM's layout (Sources/AlertsKit/dicfg.yaml is AlertsKit), else its path.
    function moduleOf(file) {
      const parts = file.split("/"), sources = parts.lastIndexOf("Sources");
      return sources >= 0 && sources + 2 < parts.length ? parts[sources + 1] : file;
    }

    function renderList() {
      const e = env(), { changed } = facts();
      const words = state.query.toLowerCase().split(/\s+/).filter(Boolean);
      const containers = new Set(e.nodes.map(node => node.c));
      // A graph of several files (each module's fragment) lists each file's services as a group: the
      // file that defines it in the base, where a layer patches it.
      const placeOf = node => data.files[Number(node.at.split(":")[0])];
      const base = new Map(data.environments[0].nodes.map(node => [key(node), placeOf(node)]));
      const fileOf = node => base.get(key(node)) ?? placeOf(node);
      const files = new Set(base.values());
      let html = "", shown = 0, lastGroup = null;
      e.nodes.forEach((node, index) => {
        if (!matches(node, words)) return;
        const parts = [containers.size > 1 ? node.c : null, files.size > 1 ? moduleOf(fileOf(node)) : null];
        const group = parts.filter(Boolean).join(" · ");
        if (group && group !== lastGroup) {
          html += `<li class="group">${esc(group)}</li>`;
          lastGroup = group;
        }
        const classes = [changed.has(key(node)) ? "chg" : "", key(node) === state.key ? "sel" : ""].join(" ").trim();
        html += `<li data-n="${index}" class="${classes}"><span class="id">${esc(node.i)}</span>`
          + `<span class="type">${esc(node.t)}</span>`
          + (node.m ? `<span class="badge ${esc(node.m)}">${esc(node.m)}</span>` : "")
          + `<span class="badge ${esc(node.s)}">${esc(node.s)}${node.e ? ", eager" : ""}</span></li>`;
        shown++;
      });
      list.innerHTML = html;
      const services = e.nodes.filter(node => node.s !== "external").length;
      stats.textContent = `${shown} of ${e.nodes.length} shown · ${services} services · ${e.changes.length} changes from base`;
    }

    // A dependency's label: `.name` is a property, `name` an initializer argument.
    function position(label) { return label.startsWith(".") ? "property " + label.slice(1) : label; }

    function link(index) {
      const node = env().nodes[index];
      return `<a class="node" data-n="${index}">${esc(node.i)}</a>`;
    }

    function renderDetail() {
      const e = env(), { byKey, dependents, changed } = facts();
      let html = "";
      if (e.errors.length) {
        html += `<h3>This environment does not compile</h3>` + e.errors.map(text => `<div class="error">${esc(text)}</div>`).join("");
      }
      const index = state.key == null ? undefined : byKey.get(state.key);
      if (index === undefined) {
        if (state.key != null) html += `<p class="muted">${esc(state.key)} is not in environment '${esc(e.name)}'.</p>`;
        html += e.changes.length
          ? `<h3>What '${esc(e.name)}' changes</h3>` + e.changes.map(change =>
              `<div class="change">${change.n && byKey.has(change.n) ? link(byKey.get(change.n)) + " · " : ""}${esc(change.text)} `
              + `<span class="where">${esc(place(change.at))} [${esc(change.l)}]</span></div>`).join("")
          : (e.errors.length ? "" : `<p class="muted">Select a service to see what it takes, what takes it and the way to it from a root.</p>`);
        detail.innerHTML = html;
        return;
      }
      const node = e.nodes[index];
      html += `<h2 id="selected">${esc(node.i)}</h2><div><code>${esc(node.t)}</code></div>`;
      html += `<table><tr><th>Container</th><td>${esc(node.c)}</td></tr>`
        + `<tr><th>Scope</th><td>${esc(node.s)}${node.e ? " (eager)" : ""}</td></tr>`
        + `<tr><th>Isolation</th><td>${esc(node.m || "nonisolated")}</td></tr>`
        + `<tr><th>Declared</th><td><span class="where">${esc(place(node.at))}</span> [${esc(node.l)}]</td></tr></table>`;
      const changes = changed.get(key(node)) || [];
      if (changes.length) {
        html += `<h3>Changed in '${esc(e.name)}'</h3>` + changes.map(change =>
          `<div class="change">${esc(change.text)} <span class="where">${esc(place(change.at))} [${esc(change.l)}]</span></div>`).join("");
      }
      if (node.f.length) {
        html += `<h3>Set by</h3><table><tr><th>Field</th><th>Value</th><th>File and line</th><th>Layer</th></tr>`
          + node.f.map(([field, value, at, layer]) =>
            `<tr><td>${esc(field)}</td><td><code>${esc(value)}</code></td><td class="where">${esc(place(at))}</td><td>${esc(layer)}</td></tr>`).join("")
          + `</table>`;
      }
      html += `<h3>Depends on (${node.d.length})</h3>` + (node.d.length
        ? `<table>` + node.d.map(([target, label, deferred]) =>
            `<tr><td>${esc(position(label))}</td><td>${link(+target)}${deferred ? ' <span class="muted">(deferred)</span>' : ""}</td></tr>`).join("") + `</table>`
        : `<p class="muted">nothing</p>`);
      const takers = dependents[index];
      html += `<h3>Dependents (${takers.length})</h3>` + (takers.length
        ? `<table>` + takers.map(([from, label]) => `<tr><td>${link(from)}</td><td>${esc(position(label))}</td></tr>`).join("") + `</table>`
        : `<p class="muted">none: it is a root, resolved by the app</p>`);
      const path = pathToRoot(index);
      html += `<h3>Path to a root</h3>` + (path
        ? `<div class="path" id="path">` + path.map(link).join(`<span class="arrow">→</span>`) + `</div>`
        : `<p class="muted">none: every way up is a cycle</p>`);
      detail.innerHTML = html;
    }

    function writeHash() {
      const parts = [`env=${encodeURIComponent(env().name)}`];
      if (state.key) parts.push(`s=${encodeURIComponent(state.key)}`);
      if (state.query) parts.push(`q=${encodeURIComponent(state.query)}`);
      const hash = "#" + parts.join("&");
      if (location.hash !== hash) history.pushState(null, "", hash);
    }

    function readHash() {
      const values = new Map(location.hash.slice(1).split("&").filter(Boolean).map(part => {
        const at = part.indexOf("=");
        return [part.slice(0, at), decodeURIComponent(part.slice(at + 1))];
      }));
      const found = data.environments.findIndex(e => e.name === values.get("env"));
      state.env = found < 0 ? 0 : found;
      state.key = values.get("s") || null;
      state.query = values.get("q") || "";
      envSelect.value = String(state.env);
      search.value = state.query;
    }

    function render() { renderList(); renderDetail(); }

    envSelect.innerHTML = data.environments.map((e, index) =>
      `<option value="${index}">${esc(e.name)}${e.changes.length ? ` (${e.changes.length} changes)` : ""}</option>`).join("");
    envSelect.addEventListener("change", () => { state.env = +envSelect.value; writeHash(); render(); });
    search.addEventListener("input", () => { state.query = search.value; renderList(); });
    search.addEventListener("change", writeHash);
    function select(event) {
      const target = event.target.closest("[data-n]");
      if (!target) return;
      state.key = key(env().nodes[+target.dataset.n]);
      writeHash();
      render();
    }
    list.addEventListener("click", select);
    detail.addEventListener("click", select);
    window.addEventListener("popstate", () => { readHash(); render(); });
    readHash();
    render();
    window.atlasRenderedAt = performance.now();
    </script>
    </body>
    </html>

    """#
}

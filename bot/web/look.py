"""How the pages look and live: their style (light and dark, a phone's width and a
desktop's) and the script that follows a game's changes and steps through its replay with
the arrow keys. Both are put in each page: nothing is fetched from elsewhere."""

STYLE = """
:root { color-scheme: light dark; --ink: #1d1d1f; --paper: #fbfaf7; --soft: #6b6b70;
  --line: #d9d6cf; --accent: #2b6cb0; --win: #1f7a3a; }
@media (prefers-color-scheme: dark) { :root { --ink: #ececec; --paper: #18181a;
  --soft: #a3a3a8; --line: #3a3a3e; --accent: #7fb2f0; --win: #6fcf8f; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--ink); background: var(--paper); }
main { max-width: 1100px; margin: 0 auto; padding: 12px; display: grid; gap: 16px; }
@media (min-width: 900px) { main { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  padding: 24px; } header { grid-column: 1 / -1; } }
h1 { font-size: 1.4rem; margin: 0 0 4px; }
.said { margin: 0; font-size: 1.05rem; }
figure { margin: 0; }
figure img { width: 100%; height: auto; display: block; border-radius: 8px;
  border: 1px solid var(--line); }
.board { position: relative; }
.spot { position: absolute; margin: 0; padding: 0; border: 0; border-radius: 0;
  background: transparent; cursor: pointer; }
.spot::after { content: ""; position: absolute; inset: 37%; border-radius: 50%;
  background: color-mix(in srgb, var(--accent) 65%, transparent); }
.spot.wins::after { inset: 31%; background: color-mix(in srgb, var(--win) 85%, transparent); }
.spot.picked { pointer-events: none; box-shadow: inset 0 0 0 4px var(--accent); }
.spot.picked::after { content: none; }
.spot:hover, .spot:focus-visible { outline: 3px solid var(--accent); outline-offset: -3px; }
.hint { color: var(--soft); margin: 4px 0; }
figcaption { color: var(--soft); font-size: .9rem; margin-top: 4px; }
nav.replay { display: flex; gap: 8px; margin-top: 8px; flex-wrap: wrap; }
a, button { color: var(--accent); }
nav.replay a, nav.replay span, .choices button, .play button, .back {
  display: inline-block; min-width: 44px; min-height: 44px; padding: 10px 14px;
  border: 1px solid var(--line); border-radius: 8px; text-align: center;
  text-decoration: none; background: transparent; font: inherit; cursor: pointer; }
nav.replay a, nav.replay span { flex: 1 1 auto; padding: 10px 4px; white-space: nowrap; }
nav.replay span { color: var(--soft); }
a:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
ul.seats { list-style: none; padding: 0; margin: 0 0 12px; }
ul.seats li { padding: 6px 0; border-bottom: 1px solid var(--line); display: flex;
  justify-content: space-between; gap: 8px; }
ul.seats li.to-move { font-weight: 700; }
ul.seats li.to-move span:first-child::before { content: "\\25B6\\FE0E"; margin-right: 6px;
  color: var(--accent); }
.clock { font-variant-numeric: tabular-nums; color: var(--soft); }
ol.moves { padding-left: 2.2em; margin: 0; max-height: 50vh; overflow: auto; }
ol.moves li.here { background: color-mix(in srgb, var(--accent) 18%, transparent); }
.mark { color: var(--soft); font-size: .9rem; display: block; }
section.builder { border: 1px solid var(--line); border-radius: 10px; padding: 12px;
  margin-top: 12px; }
section.builder h2 { font-size: 1.1rem; margin: 0 0 8px; }
.choices { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0; }
.choices button.wins { border-color: var(--win); color: var(--win); font-weight: 700; }
.play button { background: var(--accent); color: var(--paper); border-color: var(--accent);
  font-weight: 700; }
code { font-family: ui-monospace, "SF Mono", Menlo, monospace; }
"""

SCRIPT = """
(() => {
  const body = document.body;
  let version = Number(body.dataset.version);
  async function refresh() {
    const answer = await fetch(location.href, {cache: "no-store"});
    if (!answer.ok) return;
    const page = new DOMParser().parseFromString(await answer.text(), "text/html");
    const fresh = page.querySelector("main");
    if (!fresh) return;
    document.querySelector("main").replaceWith(fresh);
    version = Number(page.body.dataset.version);
    body.dataset.version = String(version);
    document.title = page.title;
  }
  const events = new EventSource(body.dataset.events);
  events.addEventListener("version", (event) => {
    if (Number(event.data) !== version) refresh();
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    const rel = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"}[event.key];
    const link = rel && document.querySelector(`nav.replay a[rel="${rel}"]`);
    if (link) { event.preventDefault(); location.href = link.href; }
  });
})();
"""

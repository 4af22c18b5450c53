"""``btcli replay GAME -o game.html``: one self-contained HTML page that steps through a game's log (issue #15).

Each step is one log entry: its command, events and rolls as logged, and the game as it stood after it: the
ground board as ``report --map`` draws it (``svg.svg_sections``), each aerospace map (``aero_svg``) and the
report's unit table (``text.unit_rows``). The states come from the caller, who replays and verifies the log
(``runner.verify_text``) and hands each entry to ``ReplayPage.add`` as it comes; this module only draws them.
Everything is inline (CSS, script, SVG, the steps as JSON): the page opens from a file or an email attachment
with no network. ←/→, Home/End and a slider move between steps; ``#step=N`` opens step N (entry N of the log).

The page keeps each distinct SVG line once, each distinct section of lines (the board's drawing, a unit's
marker) once as the numbers of its lines, each map as the numbers of its sections, and each distinct unit
row once, so a long game stays small and its replay's memory does not grow with the states of the whole log
(issue #29); the SVG shown is exactly the text the renderer returned.
Imported only by ``btcli replay``, never by a command on the scripts' hot path.
"""

from __future__ import annotations

import json
import re
from xml.sax.saxutils import escape

from btcli.model.state import GameState
from btcli.render import aero_svg
from btcli.render.svg import svg_sections
from btcli.render.text import HEADERS, unit_rows
from btcli.render.view import unit_view


class ReplayPage:
    """The replay page, built a log entry at a time (``add``) and written once (``page``). Nothing grows
    with the whole game but the page's own text: each step is filed as JSON when it comes and its state
    let go; each distinct SVG line, section of lines and unit row is kept once (a board drawn once for
    the whole game), so a 100,000-entry game stays in a few hundred MB (issue #29)."""

    def __init__(self) -> None:
        self.name = ""
        self.lines: list[str] = []
        self._line: dict[str, int] = {}
        self.blocks: list[str] = []  # each a JSON array of line numbers
        self._block: dict[tuple[int, ...], int] = {}
        self._drawn: dict[int, tuple[list[str], int]] = {}  # id(section) -> (section, block): the board's
        self.rows: list[str] = []  # each a JSON array of a unit row's cells
        self._row: dict[str, int] = {}
        self.steps: list[str] = []  # each a JSON object

    def add(self, entry: dict, state: GameState) -> None:
        """Files one log entry and the state after it."""
        self.name = state.name
        maps = [["ground", [*(self._section(s) for s in svg_sections(state)), self._section([""])]]]  # its last "\n"
        maps += [[mid, [self._section(_inline(aero_svg.render_map_svg(state, mid)).split("\n"))]]
                 for mid in aero_svg.aero_maps(state)]
        rows = unit_rows({"units": [unit_view(u, state) for u in state.units.values()]})
        self.steps.append(_json({
            "seq": entry.get("seq"),
            "turn": entry.get("turn"),
            "phase": entry.get("phase"),
            "command": str(entry.get("command", "")),
            "events": [str(e) for e in entry.get("events", ())],
            "rolls": [str(r) for r in entry.get("rolls", ())],
            "after": f"turn {state.turn}, {state.phase.value} phase" + (f", won by {state.winner}" if state.winner
                                                                         else ""),
            "maps": maps,
            "units": [self._filed(self._row, self.rows, _json(row)) for row in rows],
        }))

    def page(self) -> str:
        """Returns the whole page."""
        data = (f'{{"name":{_json(self.name)},"headers":{_json(HEADERS)},"lines":{_json(self.lines)},'
                f'"blocks":[{",".join(self.blocks)}],"rows":[{",".join(self.rows)}],'
                f'"steps":[{",".join(self.steps)}]}}')
        before, after = PAGE.split("@DATA@")  # the title first: a name holding "@DATA@" stays a name
        return before.replace("@TITLE@", escape(self.name)) + _script_safe(data) + after

    def _section(self, section: list[str]) -> int:
        drawn = self._drawn.get(id(section))
        if drawn is not None and drawn[0] is section:  # the board's drawing, the same list again
            return drawn[1]
        if section and section[0].startswith("<svg "):
            section = [_inline(section[0]), *section[1:]]
        numbers = tuple(self._filed(self._line, self.lines, text) for text in section)
        block = self._block.get(numbers)
        if block is None:
            block = self._block[numbers] = len(self.blocks)
            self.blocks.append(_json(numbers))
        if len(section) > 100:  # a board: kept by identity (the list lives as long as its board is drawn)
            self._drawn[id(section)] = (section, block)
        return block

    @staticmethod
    def _filed(index: dict[str, int], table: list[str], text: str) -> int:
        found = index.get(text)
        if found is None:
            found = index[text] = len(table)
            table.append(text)
        return found


def render_replay(name: str, steps: list[tuple[dict, GameState]]) -> str:
    """Returns the replay page of a game: ``steps`` is every log entry with the state after it, in order."""
    page = ReplayPage()
    for entry, state in steps:
        page.add(entry, state)
    return page.page()


_NAMESPACES = re.compile(r' xmlns(?::xlink)?="http://www\.w3\.org/[^"]*"')


def _inline(svg: str) -> str:
    """An SVG document as it sits inside the page: HTML gives inline ``<svg>`` its namespaces itself, so
    the declarations go and the page holds no ``http://`` at all."""
    return _NAMESPACES.sub("", svg)


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def _script_safe(text: str) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``</script>``, no ``<!--``, whatever the names say."""
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@: replay</title>
<style>
body { font-family: sans-serif; margin: 0; color: #222; background: #fafaf7; }
header { position: sticky; top: 0; background: #fff; border-bottom: 1px solid #ccc; padding: 0.5em 1em; z-index: 1; }
header h1 { font-size: 1.2em; margin: 0 0 0.3em 0; }
nav { display: flex; gap: 0.6em; align-items: center; flex-wrap: wrap; }
nav input[type=range] { flex: 1; min-width: 12em; }
main { display: flex; flex-wrap: wrap; gap: 1em; padding: 1em; }
#entry { flex: 1 1 32em; min-width: 20em; overflow: hidden; }
#maps { flex: 2 1 36em; display: flex; flex-wrap: wrap; gap: 1em; }
#maps figure { margin: 0; }
#maps figcaption { font-size: 0.85em; color: #555; }
#maps svg { max-width: 100%; height: auto; background: #fff; border: 1px solid #ddd; }
#command { background: #f0efe8; padding: 0.4em 0.6em; white-space: pre-wrap; word-break: break-word; }
#rolls { font-family: monospace; font-size: 0.9em; }
table { border-collapse: collapse; font-size: 0.9em; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: 0.2em 0.5em; text-align: left; }
tr.actor td { background: #fff3c4; }
.muted { color: #777; }
.scroll { overflow-x: auto; }
</style>
</head>
<body>
<header>
<h1>@TITLE@</h1>
<nav>
<button id="first" title="first entry (Home)">&laquo; first</button>
<button id="prev" title="previous entry (&#x2190;)">&#x2190; back</button>
<input id="slider" type="range" min="1" max="1" value="1" aria-label="log entry">
<button id="next" title="next entry (&#x2192;)">next &#x2192;</button>
<button id="last" title="last entry (End)">last &raquo;</button>
<span id="where">entry <b id="step">-</b> of <span id="count">-</span></span>
</nav>
</header>
<noscript><p>This page steps through the game with its own script: allow JavaScript to see it.</p></noscript>
<main>
<section id="entry">
<h2 id="heading"></h2>
<div id="command"></div>
<p id="after" class="muted"></p>
<h3>Events</h3>
<ul id="events"></ul>
<h3>Rolls</h3>
<ul id="rolls"></ul>
<h3>Units</h3>
<div class="scroll"><table id="units"><thead><tr></tr></thead><tbody></tbody></table></div>
</section>
<section id="maps"></section>
</main>
<script id="replay-data" type="application/json">@DATA@</script>
<script>
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const steps = data.steps;
  const $ = (id) => document.getElementById(id);
  const slider = $("slider");
  let current = 0;
  slider.max = String(steps.length);
  $("count").textContent = String(steps.length);
  const headRow = document.querySelector("#units thead tr");
  for (const h of data.headers) {
    const th = document.createElement("th");
    th.textContent = h;
    headRow.appendChild(th);
  }
  function list(id, items, empty) {
    const ul = $(id);
    ul.replaceChildren();
    for (const text of items.length ? items : [empty]) {
      const li = document.createElement("li");
      li.textContent = text;
      if (!items.length) li.className = "muted";
      ul.appendChild(li);
    }
  }
  function show(n) {
    n = Math.max(1, Math.min(steps.length, n | 0));
    const s = steps[n - 1];
    current = n;
    slider.value = String(n);
    $("step").textContent = String(n);
    $("heading").textContent = "Entry " + s.seq + ": turn " + s.turn + ", " + s.phase + " phase";
    $("command").textContent = "btcli " + s.command;
    $("after").textContent = "after it: " + s.after;
    list("events", s.events, "no events");
    list("rolls", s.rolls, "no rolls");
    const actor = s.command.split(" ")[1];
    const body = document.querySelector("#units tbody");
    body.replaceChildren();
    for (const row of s.units.map((r) => data.rows[r])) {
      const tr = document.createElement("tr");
      tr.dataset.unit = row[0];
      if (row[0] === actor) tr.className = "actor";
      for (const cell of row) {
        const td = document.createElement("td");
        td.textContent = cell;
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
    const maps = $("maps");
    maps.replaceChildren();
    for (const [id, blocks] of s.maps) {
      const fig = document.createElement("figure");
      fig.dataset.map = id;
      const cap = document.createElement("figcaption");
      cap.textContent = id === "ground" ? "ground board" : "map " + id;
      fig.appendChild(cap);
      const holder = document.createElement("div");
      holder.innerHTML = blocks.map((b) => data.blocks[b].map((i) => data.lines[i]).join("\\n")).join("\\n");
      fig.appendChild(holder);
      maps.appendChild(fig);
    }
    const hash = "#step=" + n;
    if (location.hash !== hash) {
      try { history.replaceState(null, "", hash); } catch (e) { /* a page opened where history is locked */ }
    }
  }
  function fromHash() {
    const m = /^#step=(\\d+)$/.exec(location.hash);
    return m ? parseInt(m[1], 10) : steps.length;
  }
  slider.addEventListener("input", () => show(parseInt(slider.value, 10)));
  $("first").addEventListener("click", () => show(1));
  $("prev").addEventListener("click", () => show(current - 1));
  $("next").addEventListener("click", () => show(current + 1));
  $("last").addEventListener("click", () => show(steps.length));
  window.addEventListener("hashchange", () => show(fromHash()));
  document.addEventListener("keydown", (e) => {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;  // the slider moves itself
    const to = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 1, End: steps.length}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  show(fromHash());
})();
</script>
</body>
</html>
"""

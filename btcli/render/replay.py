"""``btcli replay GAME -o game.html``: one self-contained HTML page that steps through a game's log (issue #15).

Each step is one log entry: its command, events and rolls as logged, and the game as it stood after it: the
ground board as ``report --map`` draws it (``svg.render_svg``), each aerospace map (``aero_svg``) and the
report's unit table (``text.unit_rows``). The states come from the caller, who replays and verifies the log
(``runner.verify_text``) and hands each entry to ``ReplayPage.step`` as it verifies; this module only draws
them. Everything is inline (CSS, script, SVG, the steps as JSON): the page opens from a file or an email
attachment with no network. ←/→, Home/End and a slider move between steps; ``#step=N`` opens step N (entry
N of the log).

The fight (issue #33): the caller hands each entry's events as values too; ``attack_lines.Phase`` gathers the
attacks of the phase being played (who fired at whom with what, hit or miss, the damage, pending until the phase
ends), listed beside the board and drawn over it as arrows, and each step names its units' damage still to land
(``GameState.pending``). The maps are tabs over one panel, fitted to the window or zoomed (+, -, 0), and a unit's
marker drawn below 0.8 of its size grows about its hex (``data-at``); the unit table wraps its cells.

A long game (issue #29): the page is written as the log replays, so memory holds what the page shares
between steps, not the log. Each distinct SVG line, each distinct part of a map (the board's hexes, one
unit's marker, the panel: ``svg.svg_parts``) and each distinct unit-table row is kept once, and a step names
them by number; the ground board's hexes are drawn once per change of the board. The steps go into
``<script class="replay-steps">`` elements of ``CHUNK`` steps each, and the page's script parses one only when
the viewer reaches it, so a 100,000-entry page opens as fast as a short one. The SVG shown is exactly
the text the renderer returned.
Imported only by ``btcli replay``, never by a command on the scripts' hot path.
"""

from __future__ import annotations

import json
import re
from xml.sax.saxutils import escape

from btcli.model.state import GameState
from btcli.render import aero_svg, attack_lines, kind_views
from btcli.render.svg import svg_parts
from btcli.render.text import HEADERS, unit_rows
from btcli.render.view import unit_view

CHUNK = 200  # steps per <script class="replay-steps">: what the page parses at a time


class ReplayPage:
    """Writes the replay page as a game's log is replayed: ``step(entry, state)`` for each entry, first to
    last, then ``finish()``. ``write`` (set it before the first step) is given the page's UTF-8 bytes in
    pieces, in order, as they are ready; ``size`` counts the bytes written so far, ``count`` the steps."""

    def __init__(self, write=None) -> None:
        self.write = write
        self.size = 0
        self.count = 0
        self._name = ""
        self._lines: list[str] = []
        self._line_index: dict[str, int] = {}
        self._parts: list[list[int]] = []
        self._part_index: dict[tuple[str, ...], int] = {}
        self._rows: list[list[str]] = []
        self._row_index: dict[tuple[str, ...], int] = {}
        self._table_rows: dict[int, tuple] = {}  # a unit's id() -> (the unit, the board, its row's number)
        self._chunk: list[dict] = []
        self._kept: dict = {}  # what svg_parts keeps from one step to the next: the board, the legend, unit groups
        self._last_board: tuple[object, int] | None = None  # the board part's list and its number
        self._phase = attack_lines.Phase()  # the attacks of the phase being played (issue #33)
        self._attacks: list[dict] = []
        self._attack_index: dict[attack_lines.Attack, int] = {}

    def _out(self, text: str) -> None:
        data = text.encode()
        self.size += len(data)
        self.write(data)

    def _part(self, lines: list[str]) -> int:
        """Files a part of a map as the numbers of its lines; returns its number (the same lines: the same one)."""
        key = tuple(lines)
        found = self._part_index.get(key)
        if found is None:
            index = self._line_index
            numbers = []
            for text in lines:
                text = _inline(text)
                number = index.get(text)
                if number is None:
                    number = index[text] = len(self._lines)
                    self._lines.append(text)
                numbers.append(number)
            found = self._part_index[key] = len(self._parts)
            self._parts.append(numbers)
        return found

    def _ground(self, state: GameState, attacks: list) -> list[int]:
        parts = svg_parts(state, self._kept, attacks)
        numbers = []
        for part in parts:
            if self._last_board is not None and part is self._last_board[0]:  # the kept board: no need to look at it
                numbers.append(self._last_board[1])
                continue
            numbers.append(self._part(part))
            if part is self._kept.get("board part"):
                self._last_board = (part, numbers[-1])
        return numbers

    def _map(self, state: GameState, map_id: str) -> list[int]:
        """An aerospace map, cut into parts where each ``<g`` group starts (its hexes, each unit, the panel)."""
        parts: list[list[str]] = [[]]
        for text in aero_svg.render_map_svg(state, map_id).split("\n")[:-1]:
            if text.startswith("<g") and parts[-1]:
                parts.append([])
            parts[-1].append(text)
        return [self._part(part) for part in parts]

    def _table(self, state: GameState) -> list[int]:
        """The unit table's rows by number. A unit's row is the report's (``text.unit_rows``); the number of
        the step before is taken again for the same unit and board objects (frozen: the same values), but
        for a dropping 'Mech or an aircraft, whose words ask the game (its arrival, its maps)."""
        board = state.board
        before, now, numbers = self._table_rows, {}, []
        for unit in state.units.values():
            kept = before.get(id(unit))  # the unit itself is kept with it: its id is no other unit's
            if kept is None or kept[1] is not board or unit.drop is not None or kind_views.of(unit).asks_game:
                row = unit_rows({"units": [unit_view(unit, state)]})[0]
                key = tuple(row)
                found = self._row_index.get(key)
                if found is None:
                    found = self._row_index[key] = len(self._rows)
                    self._rows.append(row)
                kept = (unit, board, found)
            now[id(unit)] = kept
            numbers.append(kept[2])
        self._table_rows = now  # only this step's units: what is kept does not grow with the game
        return numbers

    def _attack_numbers(self, attacks: list) -> list[int]:
        """The phase's attacks by number, each distinct one kept once (a phase's list grows entry by entry)."""
        numbers = []
        for a in attacks:
            found = self._attack_index.get(a)
            if found is None:
                found = self._attack_index[a] = len(self._attacks)
                self._attacks.append(a.as_json())
            numbers.append(found)
        return numbers

    def step(self, entry: dict, state: GameState, events=()) -> None:
        """Adds the step of one log entry, with the state after it and the entry's events as values (entries in
        order, the first one first): the attacks of the phase so far come from the events (issue #33)."""
        if not self.count:
            self._name = state.name
            before, _ = PAGE.split("@DATA@")  # the title first: a name holding "@DATA@" stays a name
            self._out(before.replace("@TITLE@", escape(state.name)))
        self.count += 1
        played = (entry.get("turn"), entry.get("phase"))
        attacks = self._phase.add(played, events, played != (state.turn, state.phase.value))
        maps = [["ground", self._ground(state, attacks)]]
        maps += [[mid, self._map(state, mid)] for mid in aero_svg.aero_maps(state)]
        self._chunk.append({
            "seq": entry.get("seq"),
            "turn": entry.get("turn"),
            "phase": entry.get("phase"),
            "command": str(entry.get("command", "")),
            "events": [str(e) for e in entry.get("events", ())],
            "rolls": [str(r) for r in entry.get("rolls", ())],
            "after": f"turn {state.turn}, {state.phase.value} phase" + (  # a draw is no winner (issue #33)
                "" if not state.winner else ", a draw" if state.winner == "draw" else f", won by {state.winner}"),
            "maps": maps,
            "units": self._table(state),
            "attacks": self._attack_numbers(attacks),
            "pending": _pending(state),
        })
        if len(self._chunk) == CHUNK:
            self._flush()

    def _flush(self) -> None:
        if self._chunk:
            self._out(f'<script class="replay-steps" type="application/json">{_script_json(self._chunk)}</script>\n')
            self._chunk = []

    def finish(self) -> None:
        """Writes what is left: the last steps, what the steps share (lines, parts, rows) and the page's script."""
        self._flush()
        head = {"name": self._name, "headers": HEADERS, "count": self.count, "chunk": CHUNK}
        self._out(f'<script id="replay-data" type="application/json">{_script_json(head)[:-1]}')
        for key, pool in (("lines", self._lines), ("parts", self._parts), ("rows", self._rows),
                          ("attacks", self._attacks)):
            self._out(f',"{key}":[')  # in pieces: the JSON of a long game's pools is never one string
            for start in range(0, len(pool), 1000):
                self._out(("," if start else "") + _script_json(pool[start:start + 1000])[1:-1])
            self._out("]")
        _, after = PAGE.split("@DATA@")
        self._out("}</script>\n" + after)


def _pending(state: GameState) -> dict[str, int]:
    """The damage of this weapon phase still to land, by unit (it lands as the phase ends)."""
    out: dict[str, int] = {}
    for hit in state.pending:
        if isinstance(hit.target, str):
            out[hit.target] = out.get(hit.target, 0) + hit.damage
    return out


_NAMESPACES = re.compile(r' xmlns(?::xlink)?="http://www\.w3\.org/[^"]*"')


def _inline(svg: str) -> str:
    """An SVG document's line as it sits inside the page: HTML gives inline ``<svg>`` its namespaces itself, so
    the declarations go and the page holds no ``http://`` at all."""
    return _NAMESPACES.sub("", svg) if "xmlns" in svg else svg


def _script_json(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``</script>``, no ``<!--``, whatever the names say."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@: replay</title>
<style>
body { font-family: sans-serif; margin: 0; color: #222; background: #fafaf7; }
header { position: sticky; top: 0; background: #fff; border-bottom: 1px solid #ccc; padding: 0.4em 1em; z-index: 1; }
header h1 { font-size: 1.1em; margin: 0 0 0.3em 0; }
nav { display: flex; gap: 0.6em; align-items: center; flex-wrap: wrap; }
nav input[type=range] { flex: 1; min-width: 12em; }
main { display: flex; flex-wrap: wrap; gap: 1em; padding: 0.6em 1em; align-items: flex-start; }
#board { flex: 3 1 36em; min-width: 0; }
#entry { flex: 1 1 22em; min-width: 0; overflow: hidden; }
#mapbar { display: flex; gap: 0.4em; align-items: center; flex-wrap: wrap; margin-bottom: 0.3em; }
#tabs button[aria-selected=true] { font-weight: bold; background: #fff3c4; }
#mapbar .spacer { flex: 1; }
#maps figure { margin: 0; }
#maps figure[hidden] { display: none; }
#maps figcaption { font-size: 0.85em; color: #555; }
#maps .view { overflow: auto; max-height: calc(100vh - 8.5em); background: #fff; border: 1px solid #ddd; }
#maps svg { display: block; }
#maps .fit svg { width: 100% !important; max-width: 100% !important; height: auto !important;
  max-height: calc(100vh - 9em); }
#maps .zoomed svg { max-width: none !important; height: auto !important; }
#command { background: #f0efe8; padding: 0.4em 0.6em; white-space: pre-wrap; word-break: break-word; }
#rolls { font-family: monospace; font-size: 0.9em; }
#attacks li.hit { color: #0b5d1e; }
#attacks li.miss, #attacks li.held, #attacks li.no-lock, #attacks li.cancelled { color: #666; }
.badge { display: inline-block; margin-left: 0.4em; padding: 0 0.35em; border-radius: 0.3em; font-size: 0.85em;
  background: #ff3d9a; color: #fff; }
table { border-collapse: collapse; font-size: 0.8em; width: 100%; table-layout: fixed; }
th, td { border-bottom: 1px solid #ddd; padding: 0.2em 0.25em; text-align: left; vertical-align: top;
  overflow-wrap: anywhere; }
th { font-size: 0.85em; overflow-wrap: normal; word-break: keep-all; overflow: hidden; text-overflow: ellipsis; }
col.unit, col.type { width: 14%; } col.status { width: 16%; } col.side { width: 7%; } col.hex { width: 8%; }
col.face { width: 8%; } col.moved, col.armor, col.internal { width: 11%; }
tr.actor td { background: #fff3c4; }
.muted { color: #777; }
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
<section id="board">
<div id="mapbar"><span id="tabs" role="tablist"></span><span class="spacer"></span>
<button id="zoom-out" title="zoom out (-)">&minus;</button><button id="fit" title="fit the map to the window (0)">fit</button>
<button id="zoom-in" title="zoom in (+)">+</button></div>
<section id="maps"></section>
</section>
<section id="entry">
<h2 id="heading"></h2>
<div id="command"></div>
<p id="after" class="muted"></p>
<h3>Attacks this phase</h3>
<ul id="attacks"></ul>
<h3>Events</h3>
<ul id="events"></ul>
<h3>Rolls</h3>
<ul id="rolls"></ul>
<h3>Units</h3>
<div><table id="units"><thead><tr></tr></thead><tbody></tbody></table></div>
</section>
</main>
@DATA@<script>
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const chunks = document.querySelectorAll("script.replay-steps");
  const parsed = new Map();  // chunk number -> its steps: the last few parsed are kept
  function stepAt(n) {  // step n (1-based), parsing its chunk of steps if need be
    const c = Math.floor((n - 1) / data.chunk);
    let steps = parsed.get(c);
    if (steps === undefined) {
      steps = JSON.parse(chunks[c].textContent);
      parsed.set(c, steps);
      if (parsed.size > 8) parsed.delete(parsed.keys().next().value);
    }
    return steps[(n - 1) % data.chunk];
  }
  const count = data.count;
  const $ = (id) => document.getElementById(id);
  const slider = $("slider");
  let current = 0;
  let shownMap = "ground";  // the map tab chosen: kept from step to step
  let zoom = 0;  // 0: the map fits the window; else its scale
  const READABLE = 0.8;  // a marker drawn smaller than this scale is enlarged about its hex (issue #33)
  slider.max = String(count);
  $("count").textContent = String(count);
  const headRow = document.querySelector("#units thead tr");
  const columns = document.createElement("colgroup");  // the table fits its column: its cells wrap (issue #33)
  for (const h of data.headers) {
    const th = document.createElement("th");
    th.textContent = h;
    headRow.appendChild(th);
    const col = document.createElement("col");
    col.className = h;
    columns.appendChild(col);
  }
  $("units").prepend(columns);
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
  function badge(words) {
    const b = document.createElement("span");
    b.className = "badge";
    b.textContent = words;
    return b;
  }
  function attacks(numbers) {  // one line an attack, from its values (render/attack_lines.py)
    const ul = $("attacks");
    ul.replaceChildren();
    for (const i of numbers) {
      const a = data.attacks[i];
      const li = document.createElement("li");
      li.className = a.result.replace(" ", "-") + (a.pending ? " pending" : "");
      li.dataset.attacker = a.attacker;
      li.dataset.target = a.target;
      const roll = a.roll ? " (needs " + a.tn + ", rolls " + a.roll + ")" : a.tn ? " (needs " + a.tn + ")" : "";
      const what = a.result === "pending" ? "declared, rolled as the phase ends" : a.result;
      li.textContent = a.attacker + " \\u2192 " + a.target + ": " + a.what + " " + what + roll
        + (a.damage ? ", " + a.damage + " damage" : "");
      if (a.pending) li.appendChild(badge("pending: lands as the phase ends"));
      ul.appendChild(li);
    }
    if (!numbers.length) {
      const li = document.createElement("li");
      li.className = "muted";
      li.textContent = "no attacks this phase";
      ul.appendChild(li);
    }
  }
  function fitMarkers(svg) {  // markers too small to read on a big board grow about their hex (issue #33)
    const box = svg.viewBox.baseVal;
    const drawn = svg.getBoundingClientRect();
    if (!box || !box.width || !drawn.width) return;
    const scale = Math.min(drawn.width / box.width, drawn.height / box.height);  // the viewBox is fitted whole
    const k = scale < READABLE ? Math.min(READABLE / scale, 4) : 1;
    const grow = (el, x, y) => {
      if (k === 1) el.removeAttribute("transform");
      else el.setAttribute("transform", "translate(" + x + " " + y + ") scale(" + k.toFixed(3) + ") translate("
        + (-x) + " " + (-y) + ")");
    };
    for (const g of svg.querySelectorAll("g.unit[data-at]")) grow(g, ...g.dataset.at.split(" ").map(Number));
    for (const t of svg.querySelectorAll("g.attacks text")) grow(t, t.getAttribute("x"), t.getAttribute("y"));
  }
  function layout() {  // the chosen map fits the window, or is drawn at the zoom chosen (scroll to pan)
    for (const view of document.querySelectorAll("#maps .view")) {
      const svg = view.querySelector("svg");
      if (!svg) continue;
      view.className = "view " + (zoom ? "zoomed" : "fit");
      svg.style.width = zoom ? (svg.viewBox.baseVal.width * zoom) + "px" : "";
      if (!view.parentElement.hidden) fitMarkers(svg);
    }
  }
  function tabs(ids) {
    const bar = $("tabs");
    if (!ids.includes(shownMap)) shownMap = "ground";
    bar.replaceChildren();
    if (ids.length < 2) return;
    for (const id of ids) {
      const b = document.createElement("button");
      b.setAttribute("role", "tab");
      b.dataset.map = id;
      b.textContent = id === "ground" ? "ground board" : "map " + id;
      b.setAttribute("aria-selected", String(id === shownMap));
      b.addEventListener("click", () => { shownMap = id; show(current); });
      bar.appendChild(b);
    }
  }
  function show(n) {
    n = Math.max(1, Math.min(count, n | 0));
    const s = stepAt(n);
    current = n;
    slider.value = String(n);
    $("step").textContent = String(n);
    $("heading").textContent = "Entry " + s.seq + ": turn " + s.turn + ", " + s.phase + " phase";
    $("command").textContent = "btcli " + s.command;
    $("after").textContent = "after it: " + s.after;
    attacks(s.attacks || []);
    list("events", s.events, "no events");
    list("rolls", s.rolls, "no rolls");
    const actor = s.command.split(" ")[1];
    const body = document.querySelector("#units tbody");
    const pending = s.pending || {};
    body.replaceChildren();
    for (const r of s.units) {
      const row = data.rows[r];
      const tr = document.createElement("tr");
      tr.dataset.unit = row[0];
      if (row[0] === actor) tr.className = "actor";
      for (const cell of row) {
        const td = document.createElement("td");
        td.textContent = cell;
        tr.appendChild(td);
      }
      if (pending[row[0]]) tr.lastChild.appendChild(badge(pending[row[0]] + " damage pending"));
      body.appendChild(tr);
    }
    const maps = $("maps");
    maps.replaceChildren();
    tabs(s.maps.map(([id]) => id));
    for (const [id, parts] of s.maps) {
      const fig = document.createElement("figure");
      fig.dataset.map = id;
      fig.hidden = id !== shownMap;
      const cap = document.createElement("figcaption");
      cap.textContent = id === "ground" ? "ground board" : "map " + id;
      fig.appendChild(cap);
      const holder = document.createElement("div");
      holder.className = "view";
      holder.innerHTML = parts.flatMap((p) => data.parts[p]).map((i) => data.lines[i]).join("\\n") + "\\n";
      fig.appendChild(holder);
      maps.appendChild(fig);
    }
    layout();
    const hash = "#step=" + n;
    if (location.hash !== hash) {
      try { history.replaceState(null, "", hash); } catch (e) { /* a page opened where history is locked */ }
    }
  }
  function fromHash() {
    const m = /^#step=(\\d+)$/.exec(location.hash);
    return m ? parseInt(m[1], 10) : count;
  }
  function zoomBy(f) { zoom = f ? Math.max(0.1, Math.min(4, (zoom || fitted()) * f)) : 0; layout(); }
  function fitted() {  // the scale the map is drawn at while it fits
    const svg = document.querySelector("#maps figure:not([hidden]) svg");
    return svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
  }
  slider.addEventListener("input", () => show(parseInt(slider.value, 10)));
  $("first").addEventListener("click", () => show(1));
  $("prev").addEventListener("click", () => show(current - 1));
  $("next").addEventListener("click", () => show(current + 1));
  $("last").addEventListener("click", () => show(count));
  $("zoom-in").addEventListener("click", () => zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => zoomBy(0.8));
  $("fit").addEventListener("click", () => zoomBy(0));
  window.addEventListener("hashchange", () => show(fromHash()));
  window.addEventListener("resize", layout);
  document.addEventListener("keydown", (e) => {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;  // the slider moves itself
    const zooms = {"+": 1.25, "=": 1.25, "-": 0.8, "0": 0}[e.key];
    if (zooms !== undefined) { e.preventDefault(); zoomBy(zooms); return; }
    const to = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 1, End: count}[e.key];
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

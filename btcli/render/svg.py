"""``report --map FILE.svg``: the board as an SVG picture (design.md, report; issue #15).

Flat-topped hexes, even columns half a hex lower (docs/hexes.md). A title line names the game, turn
and phase. Each hex shows its label, its terrain colour shaded darker with its level, and its notes in
fixed slots (``svg_marks.SLOTS``); roads, rivers (water hexes) and bridges are lines across the hexes,
buildings an inner outline. Each unit is a marker by kind in its side's colour with a facing arrow, its
state (prone, shut down, immobile; destroyed units greyed and crossed) and its id in their own slots,
and a ``<g>`` with its own ``<title>`` tooltip. A side panel holds the legend and the units that are not
on the board (dropping reserves, units still to deploy, aircraft on other maps).
Plain string building: no dependency.
"""

from __future__ import annotations

from math import sqrt
from xml.sax.saxutils import escape

from btcli.model.board import Building, Terrain
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState
from btcli.render import kind_views, svg_marks as marks
from btcli.render.svg_marks import SIZE, facing_vector, slot_text
from btcli.rules.ground import placement

SIDE_FILL = marks.SIDE_FILL
TERRAIN_FILL = {
    Terrain.CLEAR: "#e8e4c9",
    Terrain.PAVED: "#c4c4c4",
    Terrain.ROUGH: "#c9b48a",
    Terrain.RUBBLE: "#a08f7a",
    Terrain.LIGHT_WOODS: "#a9cf8f",
    Terrain.HEAVY_WOODS: "#5f9e4f",
    Terrain.WATER: "#8fb8e0",
    Terrain.BUILDING: "#9a9aa8",
}
TERRAIN_NAME = {Terrain.LIGHT_WOODS: "light woods", Terrain.HEAVY_WOODS: "heavy woods"}
TYPE_LETTER = {"light": "L", "medium": "M", "heavy": "H", "hardened": "X"}
ROAD, ROAD_EDGE = "#f4eedc", "#8c7b5e"
RIVER = "#3f78b5"
DECK, DECK_EDGE = "#c8a070", "#4a3624"
TITLE_HEIGHT, MARGIN, PANEL_WIDTH = 44, 8, 250


def _center(hex_id: HexId) -> tuple[float, float]:
    x = SIZE + (hex_id.col - 1) * 1.5 * SIZE
    y = SIZE * sqrt(3) / 2 * (1 + 2 * (hex_id.row - 1) + (1 if hex_id.col % 2 == 0 else 0))
    return x, y


def _corners(x: float, y: float, scale: float = 1.0) -> str:
    r, h = SIZE * scale, SIZE * scale * sqrt(3) / 2
    points = [(x + r, y), (x + r / 2, y + h), (x - r / 2, y + h), (x - r, y), (x - r / 2, y - h), (x + r / 2, y - h)]
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in points)


def _text(x: float, y: float, text: str, size: int = 9, weight: str = "normal", fill: str = "#222") -> str:
    return marks.text(x, y, text, size, weight, fill)


def _facing_vector(facing: int) -> tuple[float, float]:
    """Returns a unit vector for a facing (0 = north, clockwise, flat-topped hexes)."""
    return facing_vector(facing)


NAMED_FILL = {"blue": SIDE_FILL[0], "red": SIDE_FILL[1], "green": SIDE_FILL[2], "gold": SIDE_FILL[3]}


def side_colours(state: GameState) -> dict[str, str]:
    """Returns each side's marker colour: a side named for a colour gets it ('red' is never drawn blue),
    the others the unused colours in the game's order of sides."""
    named = {sid: NAMED_FILL[sid.lower()] for sid in state.sides if sid.lower() in NAMED_FILL}
    free = [c for c in SIDE_FILL if c not in named.values()] or list(SIDE_FILL)
    others = [sid for sid in state.sides if sid not in named]
    return {sid: named.get(sid) or free[others.index(sid) % len(free)] for sid in state.sides}


def title_line(state: GameState, what: str = "") -> str:
    """Returns the title line's words: the game's name, the map if given, the turn and phase."""
    words = f"{state.name}{f' - {what}' if what else ''}: turn {state.turn}, {state.phase.value.replace('_', ' ')} phase"
    won = getattr(state, "winner", "")  # a drawn game reads 'a draw', not 'draw won' (issue #33)
    return words + ((" - a draw" if won == "draw" else f" - {won} won") if won else "")


def frame(state: GameState, board_w: float, board_h: float, panel_h: float, what: str = "") -> tuple[list[str], str]:
    """Returns the document's opening (explicit size and viewBox, a background, the title line and the
    sides) and its closing."""
    width = MARGIN + board_w + 16 + PANEL_WIDTH + MARGIN
    height = TITLE_HEIGHT + max(board_h, panel_h) + MARGIN
    title = title_line(state, what)
    # Its own size when opened alone; within a page, no wider than its container (issue #33): the viewBox scales it.
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" style="max-width: 100%; height: auto">',
           f"<title>{escape(title)}</title>",
           f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#fbfaf5"/>',
           f'<g class="title">{marks.text(MARGIN + 4, 27, title, 17, "bold", "#1a1a1a", "start")}</g>']
    x = MARGIN + board_w + 16
    colours = side_colours(state)
    for i, (sid, side) in enumerate(state.sides.items()):
        out.append(f'<rect x="{x:.0f}" y="{8 + i * 15}" width="10" height="10" fill="{colours[sid]}"/>')
        out.append(marks.text(x + 14, 17 + i * 15, f"{sid} ({side.name})", 10, fill=colours[sid], anchor="start"))
    return out, "</svg>\n"


def render_svg(state: GameState) -> str:
    """Returns the board, its structures and its units as one SVG document."""
    return "\n".join(line for part in svg_parts(state) for line in part) + "\n"


def svg_parts(state: GameState, kept: dict | None = None, attacks: list | None = None) -> list[list[str]]:
    """Returns the lines of ``render_svg``'s document in parts, in order: the frame, the board (its hexes,
    lines and notes), the units' group opening, each unit's own group, the attack lines if given (the replay
    page's, ``attack_lines.svg_lines``: over the units), and the rest (the panel, the closing).

    ``kept`` (one dict for a whole game: the replay page, issue #29) keeps what a step draws as the step
    before it did: the board's part while ``state.board`` is the same object (a long game draws its hexes
    once per change of the board, not once per step; the part is the same list object then), the legend,
    and each unit's group while the unit, the board and the unit's place among those in its hex are the
    same objects and numbers (``_unit_groups``)."""
    board = state.board
    board_w = SIZE * (1.5 * board.width + 0.5) + 2
    board_h = SIZE * sqrt(3) * (board.height + 0.5) + 2
    legend, off, panel_h = _panel(state, kept)
    out, closing = frame(state, board_w, board_h, panel_h)
    if kept is not None and kept.get("board") is board:
        drawn = kept["board part"]
    else:
        drawn = [f'<g class="board" transform="translate({MARGIN},{TITLE_HEIGHT})">',
                 *_hexes(board), *_lines(board), *_hex_notes(board)]
        if kept is not None:  # the board itself is kept too: its id is never another board's while kept
            kept["board"], kept["board part"] = board, drawn
    panel = ["</g>", "</g>", f'<g class="panel" transform="translate({MARGIN + board_w + 16:.0f},{TITLE_HEIGHT})">']
    lines = []
    if attacks:
        from btcli.render.attack_lines import svg_lines

        lines = [svg_lines(state, attacks, _center, side_colours(state))]
    return [out, drawn, ['<g class="units">'], *_unit_groups(state, kept), *lines, panel, legend,
            [*off, "</g>", closing.removesuffix("\n")]]


# -- the board -------------------------------------------------------------------------------------------------


def hex_fill(h) -> str:
    """Returns a hex's fill: its terrain's colour, darker with its level (water: with its depth)."""
    fill = marks.shade(TERRAIN_FILL[h.terrain], h.level)
    if h.terrain is Terrain.WATER and h.depth:
        fill = marks.mix(fill, "#1d3f73", min(0.18 * h.depth, 0.6))
    return fill


def _on_board(board):
    for col in range(1, board.width + 1):
        for row in range(1, board.height + 1):
            hex_id = HexId(col, row)
            yield hex_id, board.hex(hex_id)


def _hexes(board) -> list[str]:
    out = []
    for hex_id, h in _on_board(board):
        x, y = _center(hex_id)
        out.append(f'<polygon class="hex" points="{_corners(x, y)}" fill="{hex_fill(h)}" stroke="#666" '
                   f'stroke-width="1"/>')
    for hex_id, h in _on_board(board):
        if h.building is not None:  # its walls: the hex's outline, dark and thick (clear of the label slot)
            x, y = _center(hex_id)
            out.append(f'<path d="M{_corners(x, y).replace(" ", " L")} Z" fill="none" stroke="#2e2e3a" '
                       f'stroke-width="3"/>')
    return out


def _links(board, hex_id: HexId, joins, exits: bool = False) -> list[HexId]:
    """Returns the neighbours of a hex that ``joins`` accepts, clockwise from north; with ``exits``, only
    those its road leaves toward and that face it back (a MegaMek board's road exits, as
    ``terrain.follows_road`` reads them)."""
    here = board.hex(hex_id)
    out = []
    for f in Facing:
        n = hex_id.neighbor(f)
        if not board.contains(n) or not joins(there := board.hex(n)):
            continue
        if exits and not ((not here.road_exits or f in here.road_exits)
                          and (not there.road_exits or f.opposite() in there.road_exits)):
            continue
        out.append(n)
    return out


def _half(hex_id: HexId, other: HexId) -> tuple[float, float, float, float]:
    """Returns the segment from a hex's centre to the middle of its side towards ``other``."""
    x, y = _center(hex_id)
    ox, oy = _center(other)
    return x, y, (x + ox) / 2, (y + oy) / 2


def _segments(board, hex_id: HexId, joins, stroke: str, width: float, dash: str = "", exits: bool = False) -> list[str]:
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    out = []
    for n in _links(board, hex_id, joins, exits):
        x1, y1, x2, y2 = _half(hex_id, n)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}" '
                   f'stroke-width="{width:g}" stroke-linecap="round"{extra}/>')
    if not out:  # a lone road or pond: a dot where it is
        x, y = _center(hex_id)
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{width / 2 + 1:g}" fill="{stroke}"/>')
    return out


def _road_like(h) -> bool:
    return h.road or h.bridge is not None or (h.ruin is not None and not isinstance(h.ruin, Building))


def _lines(board) -> list[str]:
    """Returns rivers (water hexes joined centre to centre), roads and bridge decks."""
    water = [(i, h) for i, h in _on_board(board) if h.terrain is Terrain.WATER]
    roads = [(i, h) for i, h in _on_board(board) if h.road and h.bridge is None]
    out = ['<g class="rivers">']
    for hex_id, _ in water:
        out.extend(_segments(board, hex_id, lambda n: n.terrain is Terrain.WATER, RIVER, 6))
    out.append('</g><g class="roads">')
    for stroke, width in ((ROAD_EDGE, 9), (ROAD, 5)):  # an edged road: its verge first, then its surface
        for hex_id, _ in roads:
            out.extend(_segments(board, hex_id, _road_like, stroke, width, exits=True))
    out.append('</g><g class="bridges">')
    for hex_id, h in _on_board(board):
        fallen = h.ruin is not None and not isinstance(h.ruin, Building)
        if h.bridge is None and not fallen:
            continue
        joins = _road_like if _links(board, hex_id, _road_like) else (lambda n: n.terrain is not Terrain.WATER)
        if not _links(board, hex_id, joins):
            joins = None
        if fallen:  # a collapsed bridge: its broken deck, dashed
            out.extend(_deck(board, hex_id, joins, DECK_EDGE, 6, "4 4"))
            continue
        out.extend(_deck(board, hex_id, joins, DECK_EDGE, 13))
        out.extend(_deck(board, hex_id, joins, DECK, 8))
    out.append("</g>")
    return out


def _deck(board, hex_id: HexId, joins, stroke: str, width: float, dash: str = "") -> list[str]:
    if joins is not None:
        return _segments(board, hex_id, joins, stroke, width, dash)
    x, y = _center(hex_id)  # no land or road beside it: a deck north to south
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return [f'<line x1="{x:.1f}" y1="{y - SIZE * 0.85:.1f}" x2="{x:.1f}" y2="{y + SIZE * 0.85:.1f}" '
            f'stroke="{stroke}" stroke-width="{width:g}"{extra}/>']


def hex_notes(h) -> dict[str, str]:
    """Returns a hex's notes by slot: its structure (type letter, height, CF), its level and depth, and
    its minefield."""
    notes = {}
    if h.building is not None:
        b = h.building
        notes["note"] = f"{TYPE_LETTER[b.type.value]}{b.height} CF{b.cf}"
    elif h.bridge is not None:
        notes["note"] = f"bridge {TYPE_LETTER[h.bridge.type.value]} CF{h.bridge.cf}"
    elif h.ruin is not None:
        notes["note"] = "rubble" if isinstance(h.ruin, Building) else "bridge down"
    level = " ".join(w for w in (f"L{h.level}" if h.level else "", f"d{h.depth}" if h.depth else "") if w)
    if level:
        notes["level"] = level
    if h.minefield:
        notes["mines"] = f"mf{h.minefield}"
    return notes


def _hex_notes(board) -> list[str]:
    out = []
    for hex_id, h in _on_board(board):
        x, y = _center(hex_id)
        dark = h.level >= 3 or h.terrain is Terrain.HEAVY_WOODS or (h.terrain is Terrain.WATER and h.depth >= 2)
        ink, halo = ("#f4f4f4", "#1e1e1e") if dark else ("#2a2a2a", "#f6f4ea")  # a halo: readable on rivers too
        out.append(slot_text(x, y, "label", hex_id.label, "#f0f0f0" if dark else "#444", largest=7.5, halo=halo))
        for slot, words in hex_notes(h).items():
            out.append(slot_text(x, y, slot, words, ink, largest=7.5, halo=halo))
    return out


# -- units -----------------------------------------------------------------------------------------------------


def marker_kind(unit) -> str:
    """Returns the marker a unit is drawn with (svg_marks.KINDS), as its kind's view says."""
    return kind_views.of(unit).marker(unit)


def unit_states(unit) -> tuple[str, ...]:
    """Returns the states a marker shows: prone, shut down, immobile, unconscious (as its kind's view has them)."""
    kind = kind_views.of(unit)
    states = []
    if unit.built.prone:
        states.append("prone")
    if unit.built.shutdown:
        states.append("shut down")
    if kind.immobile(unit):
        states.append("immobile")
    if not unit.conscious and kind.marks_unconscious:
        states.append("unconscious")
    return tuple(states)


def state_words(unit, board) -> str:
    """Returns what the state slot under a unit says: destroyed, or its states and where it stands."""
    kind = kind_views.of(unit)
    if unit.destroyed:
        return "wreck" if kind.wreck else "destroyed"
    words = list(unit_states(unit))
    words.extend(kind.map_words(unit))  # a vehicle's crew killed, a grounded aircraft's landing
    if placement.flies_as_vtol(unit):
        words.append(f"elev {unit.elevation}" if unit.elevation else "landed")
    h = board.hex(unit.hex) if unit.hex is not None and board is not None else None
    p = unit.position  # where it stands in a building or bridge hex: its floor, the roof, under the bridge
    if h is not None and h.building is not None:
        if p is not None and p.roof:
            words.append("roof")
        else:
            floor = p.floor if p is not None else 0
            words.append("basement" if floor < 0 else f"level {floor}")
    elif h is not None and h.bridge is not None:
        words.append("under bridge" if p is not None and p.under_bridge else "on bridge")
    return ", ".join(words)


def unit_title(unit, state: GameState) -> str:
    """Returns a unit's tooltip: its id and what it is, its side, armor and internal structure, and its
    condition and place in words."""
    from btcli.render.view import place_of, status

    kind = kind_views.of(unit)
    parts = [f"{unit.id}: {kind.what(unit)}", f"side {unit.side}"]
    damage = kind.damage_words(unit)  # armor and structure; an asset card's damage this turn (ASSET-DMG-01)
    if damage:
        parts.append(damage)
    parts.append(status(unit, state) or "ready")
    parts.extend(kind_views.weapon_words(unit))  # EQ-STATE-01: jams, modes fired, rounds loaded
    place = place_of(unit, state.board)
    if place and place not in parts[-1]:
        parts.append(place)
    return "; ".join(parts)


def _unit_groups(state: GameState, kept: dict | None = None) -> list[list[str]]:
    """Returns every unit on the board, hex by hex: destroyed ones first (under, and leftmost), each its own
    group's lines. A lone unit has its marker, its damage bars beside it (``damage_bars``), its id and its
    state words in the hex's slots; two or more in a hex stand side by side, each in a column of its own with
    its marker, its two summary bars, its id and its state words (``svg_marks.stack_slots``).

    With ``kept``, a unit's group drawn for the step before is taken again when the unit and the board
    are the same objects (frozen: the same values) and it has the same colour, place in its hex and damage
    waiting to land: what the group shows comes from these alone, except a dropping 'Mech's words
    (``view.status`` asks the game when it arrives), which are drawn every time."""
    by_hex: dict[HexId, list] = {}
    for unit in state.units.values():
        if unit.hex is not None:
            by_hex.setdefault(unit.hex, []).append(unit)
    colours = side_colours(state)
    board = state.board
    waiting = _pending(state)
    before = kept.get("units", {}) if kept is not None else {}
    now = {}
    groups = []
    for hex_id, units in by_hex.items():
        units.sort(key=lambda u: not u.destroyed)
        x, y = _center(hex_id)
        for i, (unit, (mx, my, scale)) in enumerate(zip(units, marks.marker_places(len(units)))):
            fill = colours.get(unit.side, "#555555")
            pending = waiting.get(unit.id)
            key = (fill, i, len(units), tuple(sorted(pending.items())) if pending else ())
            drawn = before.get(id(unit))  # the unit itself is kept with it: its id is no other unit's
            if drawn is not None and drawn[1] is board and drawn[2] == key and unit.drop is None:
                now[id(unit)] = drawn
                groups.append(drawn[3])
                continue
            out = _unit_group(unit, state, x, y, (mx, my, scale), i, len(units), fill, pending)
            groups.append(out)
            now[id(unit)] = (unit, board, key, out)
    if kept is not None:
        kept["units"] = now  # only this step's units: what is kept does not grow with the game
    return groups


def _pending(state: GameState) -> dict[str, dict[str, int]]:
    """Returns the damage of this weapon phase waiting to land, by unit and location (none: no import)."""
    if not state.pending:
        return {}
    from btcli.render.damage_bars import pending_damage

    return pending_damage(state)


def _unit_group(unit, state: GameState, x: float, y: float, place: tuple[float, float, float], i: int, count: int,
                fill: str, pending: dict[str, int] | None) -> list[str]:
    """Returns one unit's group: its tooltip, footprint, marker, damage bars and words."""
    mx, my, scale = place
    kinds = ["unit", marker_kind(unit)] + (["destroyed"] if unit.destroyed else [])
    # data-at: its hex's centre, about which the replay page enlarges a marker drawn too small to read
    out = [f'<g class="{" ".join(kinds)}" data-at="{x:.1f} {y:.1f}">', f"<title>{escape(unit_title(unit, state))}</title>"]
    view = kind_views.of(unit)
    if not unit.destroyed:  # the further hexes it covers (a multi-hex asset's; none for other units)
        out.extend(_footprint(unit, x, y, fill))
    if view.wreck and unit.destroyed:  # an aircraft's wreck (AERO-CRASH): a cross
        out.append(marks.cross(x + mx, y + my, scale * 1.1, "#333333"))
    else:
        out.extend(marks.marker(view.marker(unit), x + mx, y + my, scale, fill, view.facing(unit),
                                unit_states(unit), unit.destroyed))
    ink = marks.DEAD_INK if unit.destroyed else marks.label_ink(fill)
    halo = marks.LABEL_HALO
    words = state_words(unit, state.board)
    bars = [] if unit.destroyed else view.damage_bars(unit, pending)
    if count == 1:
        if bars:
            from btcli.render.damage_bars import doll

            out.extend(doll(bars, marks.DAMAGE_BOX, x, y))
        out.append(slot_text(x, y, "name", unit.id, ink, bold=True, largest=9, halo=halo))
        if words:
            out.append(slot_text(x, y, "state", words, ink, largest=7.5, halo=halo))
    else:
        slots = marks.stack_slots(count, i)
        if bars:
            from btcli.render.damage_bars import summary

            out.extend(summary(bars, slots["bars"], x, y))
        out.append(slot_text(x, y, slots["name"], unit.id, ink, bold=True, largest=7, halo=halo))
        if words and "state" in slots:  # two in the hex; more: in the tooltip
            out.append(slot_text(x, y, slots["state"], words, ink, largest=6, halo=halo))
    out.append("</g>")
    return out


def _footprint(unit, x: float, y: float, fill: str) -> list[str]:
    """Draws each secondary hex of an asset's footprint as a dashed hex outline joined to the primary (the
    primary's marker carries a black mark), ASSET-GEN-03, -04."""
    out = []
    cx, cy = marks.MARKER_CENTRE
    for hex_id in unit.position.footprint:
        fx, fy = _center(hex_id)
        out.append(f'<polygon points="{_corners(fx, fy)}" fill="none" stroke="{fill}" stroke-width="2" '
                   f'stroke-dasharray="4 3"/>')
        out.append(f'<line x1="{x:.1f}" y1="{y + cy:.1f}" x2="{fx:.1f}" y2="{fy + cy:.1f}" stroke="{fill}" '
                   f'stroke-width="4" stroke-opacity="0.6"/>')
        out.append(f'<rect x="{fx - 7:.1f}" y="{fy + cy - 7:.1f}" width="14" height="14" fill="{fill}" '
                   f'fill-opacity="0.5" stroke="#fff"/>')
    return out


# -- the side panel --------------------------------------------------------------------------------------------


def _panel(state: GameState, kept: dict | None = None) -> tuple[list[str], list[str], float]:
    """Returns the legend, the list of units off the board, and the panel's height (``kept``: see ``svg_parts``)."""
    colours = side_colours(state)
    first = next(iter(colours.values()), SIDE_FILL[0])
    if kept is None:
        legend, y = _legend(first)
    else:  # the same for every step of a game (its colours do not change)
        legend, y = kept.get(("legend", first)) or kept.setdefault(("legend", first), _legend(first))
    off, y = _off_board(state, y + 28, colours)
    return legend, off, y + 8


def _legend(first: str) -> tuple[list[str], float]:
    """Returns the legend (its unit markers drawn in the colour ``first``) and the y below it."""
    out = ['<g class="legend">', marks.legend_heading(0, 14, "Legend"), marks.legend_heading(0, 34, "Terrain")]
    y = 34.0
    for terrain, fill in TERRAIN_FILL.items():
        y += 16
        out.append(f'<rect x="0" y="{y - 10:.0f}" width="18" height="12" fill="{fill}" stroke="#666"/>')
        out.append(marks.text(24, y, TERRAIN_NAME.get(terrain, terrain.value), 9, anchor="start"))
    y += 20
    for level in range(0, 4):
        out.append(f'<rect x="{level * 20}" y="{y - 10:.0f}" width="18" height="12" '
                   f'fill="{marks.shade(TERRAIN_FILL[Terrain.CLEAR], level)}" stroke="#666"/>')
    out.append(marks.text(84, y, "level 0-3 (L2: level 2)", 9, anchor="start"))
    for words, stroke, width, edge in (("road", ROAD, 5, ROAD_EDGE), ("river (water; d2: depth 2)", RIVER, 6, None),
                                       ("bridge (dashed: fallen)", DECK, 8, DECK_EDGE)):
        y += 16
        if edge:
            out.append(f'<line x1="0" y1="{y - 4:.0f}" x2="36" y2="{y - 4:.0f}" stroke="{edge}" '
                       f'stroke-width="{width + 4}"/>')
        out.append(f'<line x1="0" y1="{y - 4:.0f}" x2="36" y2="{y - 4:.0f}" stroke="{stroke}" stroke-width="{width}"/>')
        out.append(marks.text(44, y, words, 9, anchor="start"))
    y += 16
    out.append(f'<rect x="2" y="{y - 11:.0f}" width="32" height="14" fill="{TERRAIN_FILL[Terrain.BUILDING]}" '
               f'stroke="#3a3a48" stroke-width="2.2"/>')
    out.append(marks.text(44, y, "building: H2 CF90 = heavy,", 9, anchor="start"))
    y += 12
    out.append(marks.text(44, y, "2 levels, CF 90 (L M H X)", 9, anchor="start"))
    y += 16
    out.append(marks.text(0, y, "mf2", 8, anchor="start"))
    out.append(marks.text(44, y, "minefield, density 2", 9, anchor="start"))
    more, y = marks.legend_markers(0, y + 24, first)
    out.extend(more)
    more, y = _damage_legend(y + 10)
    out.extend(more)
    out.append("</g>")
    return out, y


def _damage_legend(y: float) -> tuple[list[str], float]:
    """Returns the legend of the damage bars (``damage_bars``) from y down, and the y below it."""
    from btcli.render import damage_bars as bars

    out = [marks.legend_heading(0, y + 14, "Damage"),
           marks.text(56, y + 14, "(a bar a location: armor | structure)", 8, fill="#444", anchor="start")]
    y += 14
    for words, fill in bars.LEGEND:
        y += 15
        out.append(f'<rect x="0" y="{y - 8:.0f}" width="24" height="6" fill="{fill}" stroke="#666" stroke-width="0.5"/>')
        out.append(marks.text(30, y - 1, words, 9, anchor="start"))
    return out, y


def off_board(state: GameState) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """Returns the units not on the ground board by heading, each as (id, side, words): dropping reserves,
    units still to deploy, aircraft on the other maps, and units lost off the map."""
    from btcli.render.view import status

    groups: dict[str, list[tuple[str, str, str]]] = {}
    for unit in state.units.values():
        if unit.hex is not None:
            continue
        p = unit.position
        if unit.in_reserve:
            heading, words = "Dropping reserves", status(unit, state).removeprefix("reserve ")
        elif p is not None and not unit.destroyed:
            heading, words = "On other maps", f"map {p.map}" + (f", altitude {p.altitude}" if p.altitude else "")
        elif p is None and unit.drop is None and not unit.destroyed:
            heading, words = "To deploy", kind_views.of(unit).roster_name(unit)  # an asset: its card's name
        else:
            heading, words = "Out of the battle", status(unit, state) or "off the map"
        groups.setdefault(heading, []).append((unit.id, unit.side, words))
    order = ("Dropping reserves", "To deploy", "On other maps", "Out of the battle")
    return [(h, groups[h]) for h in order if h in groups]


def _off_board(state: GameState, y: float, colours: dict[str, str]) -> tuple[list[str], float]:
    out = ['<g class="reserves">', marks.legend_heading(0, y, "Not on the board")]
    groups = off_board(state)
    if not groups:
        y += 16
        out.append(marks.text(0, y, "none: every unit is on the board", 9, fill="#555", anchor="start"))
    for heading, units in groups:
        y += 18
        out.append(marks.text(0, y, heading, 9, "bold", "#333", "start"))
        for uid, side, words in units:
            y += 14
            line = f"{uid} ({side}): {words}"
            size = 9.0
            while size > 6 and marks.text_width(line, size) > PANEL_WIDTH - 12:
                size -= 0.5
            out.append(marks.text(8, y, line, size, fill=colours.get(side, "#555"), anchor="start"))
    out.append("</g>")
    return out, y

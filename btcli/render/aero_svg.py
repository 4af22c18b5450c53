"""``report --map FILE.svg`` for the aerospace maps (issue #13): one more SVG file per map beside the
ground board's, ``FILE.MAPID.svg`` (docs/aerospace.md). The space map shades the ground row, the
atmosphere rows, the interface and space; a low-altitude map shows each hex's terrain altitude and
marks the hex holding the ground board. A title line names the game, the map, the turn and phase, and a
side panel holds the legend. Each unit is a dart in its side's colour pointing where it faces, in a
``<g>`` with its own ``<title>`` tooltip, its id and its velocity and (low altitude) altitude in the hex's
fixed slots (issue #15); the hexes it flew through this turn on this map are a dashed line in its colour
(its flight path, issue #14).
"""

from __future__ import annotations

from math import sqrt
from xml.sax.saxutils import escape

from btcli.model.aero import LowAltitudeMap, Region, SpaceMap
from btcli.model.hexgrid import HexId
from btcli.model.state import GameState
from btcli.render import kind_views, svg_marks as marks
from btcli.rules.kinds import aero as aero_kind
from btcli.render.svg import (MARGIN, SIDE_FILL, SIZE, TITLE_HEIGHT, _center, _corners, _damage_legend, frame,
                              side_colours)

REGION_FILL = {Region.GROUND_ROW: "#c9b48a", Region.ATMOSPHERE: "#bcd7f0", Region.INTERFACE: "#7f9fc9",
               Region.SPACE: "#1d2340"}
LOW_FILL = {"clear": "#e8e4c9", "woods": "#a9cf8f"}


def aero_maps(state: GameState) -> list[str]:
    """Returns the ids of the game's aerospace maps, in the game's order."""
    return [mid for mid, m in state.maps.items() if isinstance(m, (SpaceMap, LowAltitudeMap))]


def map_file(path: str, map_id: str) -> str:
    """Returns the file an aerospace map is drawn into beside the ground board's ``path``."""
    stem, dot, ext = path.rpartition(".")
    return f"{stem}.{map_id}.{ext}" if dot else f"{path}.{map_id}.svg"


def render_map_svg(state: GameState, map_id: str) -> str:
    """Returns one aerospace map and the units on it as an SVG document."""
    area = state.maps[map_id]
    width, height = (area.width, area.height) if isinstance(area, SpaceMap) else (area.board.width, area.board.height)
    board_w, board_h = SIZE * (1.5 * width + 0.5) + 2, SIZE * sqrt(3) * (height + 0.5) + 2
    panel, panel_h = _legend(state, area)
    out, closing = frame(state, board_w, board_h, panel_h, f"map {map_id}")
    out.append(f'<g class="board" transform="translate({MARGIN},{TITLE_HEIGHT})">')
    for col in range(1, width + 1):
        for row in range(1, height + 1):
            hex_id = HexId(col, row)
            x, y = _center(hex_id)
            if isinstance(area, SpaceMap):
                region = area.region(hex_id)
                fill, ink = REGION_FILL[region], "#eee" if region is Region.SPACE else "#333"
                note = area.low_altitude.get(hex_id, "")
            else:
                h = area.board.hex(hex_id)
                level = h.level + (1 if h.terrain.is_woods else 0)  # AERO-LALT-04..06
                fill = marks.shade(LOW_FILL["woods" if h.terrain.is_woods else "clear"], level)
                ink = "#f4f4f4" if level >= 3 else "#333"
                note = ("ground board" if hex_id == area.ground_hex else "") or (f"alt {level}" if level else "")
            out.append(f'<polygon class="hex" points="{_corners(x, y)}" fill="{fill}" stroke="#666" '
                       f'stroke-width="1"/>')
            halo = "#1e1e1e" if ink == "#eee" or ink == "#f4f4f4" else "#f6f4ea"
            out.append(marks.slot_text(x, y, "label", hex_id.label, ink, largest=7.5, halo=halo))
            if note:
                out.append(marks.slot_text(x, y, "note", note, ink, largest=7.5, halo=halo))
    colours = side_colours(state)
    for unit in state.units.values():  # flight paths first, under the units (an aerospace unit's: none for others)
        if unit.destroyed:
            continue
        points = [_center(f.hex) for f in kind_views.of(unit).flight_path(unit) if f.map == map_id]
        if len(points) > 1:
            fill = colours.get(unit.side, "#555")
            cy = marks.MARKER_CENTRE[1]
            line = " ".join(f"{x:.1f},{y + cy:.1f}" for x, y in points)
            out.append(f'<polyline points="{line}" fill="none" stroke="{fill}" stroke-width="2" '
                       f'stroke-dasharray="5,3" opacity="0.8"><title>{escape(unit.id)} flight path</title></polyline>')
    by_hex: dict[HexId, list] = {}
    for unit in state.units.values():
        p = unit.position
        if not unit.destroyed and p is not None and p.map == map_id:
            by_hex.setdefault(p.hex, []).append(unit)
    out.append('<g class="units">')
    for hex_id, units in by_hex.items():
        x, y = _center(hex_id)
        for i, (unit, (mx, my, scale)) in enumerate(zip(units, marks.marker_places(len(units)))):
            out.extend(_unit(unit, state, x, y, mx, my, scale, i, len(units), colours.get(unit.side, "#555")))
    out.append("</g></g>")
    out.append(f'<g class="panel" transform="translate({MARGIN + board_w + 16:.0f},{TITLE_HEIGHT})">')
    out.extend(panel)
    out.append("</g>")
    return "\n".join(out) + "\n" + closing


def flight_words(unit) -> str:
    """Returns a flier's velocity and (low altitude) altitude as the map shows them under its id ('' for
    a unit that does not fly by thrust), as its kind's view says."""
    return kind_views.of(unit).flight_words(unit)


def _unit(unit, state, x, y, mx, my, scale, i: int, count: int, fill: str) -> list[str]:
    view = kind_views.of(unit)
    kind = view.marker(unit)  # only aerospace units fly on these maps: "aircraft"
    title = f"{unit.id}: {unit.name}; side {unit.side}"
    if unit.max_armor:
        title += (f"; armor {sum(unit.armor.values())}/{sum(unit.max_armor.values())}, "
                  f"SI/internal {sum(unit.internal.values())}/{sum(unit.max_internal.values())}")
    title += view.flight_title(unit)
    out = [f'<g class="unit {kind}" data-at="{x:.1f} {y:.1f}">', f"<title>{escape(title)}</title>"]
    out.extend(marks.marker(kind, x + mx, y + my, scale, fill, int(unit.facing)))
    ink, halo = marks.label_ink(fill), marks.LABEL_HALO  # readable over space's dark blue too (issue #33)
    bars = view.damage_bars(unit, None)  # its armor arcs and structural integrity
    words = flight_words(unit)
    if count == 1:
        if bars:
            from btcli.render.damage_bars import doll

            out.extend(doll(bars, marks.DAMAGE_BOX, x, y))
        out.append(marks.slot_text(x, y, "name", unit.id, ink, bold=True, largest=9, halo=halo))
        if words:
            out.append(marks.slot_text(x, y, "state", words, ink, largest=7.5, halo=halo))
    else:  # side by side, each in its own column (svg_marks.stack_slots)
        slots = marks.stack_slots(count, i)
        if bars:
            from btcli.render.damage_bars import summary

            out.extend(summary(bars, slots["bars"], x, y))
        out.append(marks.slot_text(x, y, slots["name"], unit.id, ink, bold=True, largest=7, halo=halo))
        if words and "state" in slots:  # two in the hex; more: in the tooltip
            out.append(marks.slot_text(x, y, slots["state"], words, ink, largest=6, halo=halo))
    out.append("</g>")
    return out


def _legend(state: GameState, area) -> tuple[list[str], float]:
    """Returns the panel's legend (the map's shading and the unit markers) and its height."""
    colours = side_colours(state)
    out = ['<g class="legend">', marks.legend_heading(0, 14, "Legend"), marks.legend_heading(0, 34, "Map")]
    y = 34.0
    if isinstance(area, SpaceMap):
        rows = [(REGION_FILL[r], r.value.replace("_", " ")) for r in Region]
    else:
        rows = [(marks.shade(LOW_FILL["clear"], 0), "clear"), (marks.shade(LOW_FILL["clear"], 2), "alt 2: terrain altitude"),
                (LOW_FILL["woods"], "woods (altitude +1)")]
    for fill, words in rows:
        y += 16
        out.append(f'<rect x="0" y="{y - 10:.0f}" width="18" height="12" fill="{fill}" stroke="#666"/>')
        out.append(marks.text(24, y, words, 9, anchor="start"))
    y += 16
    out.append(f'<line x1="0" y1="{y - 4:.0f}" x2="36" y2="{y - 4:.0f}" stroke="{SIDE_FILL[0]}" stroke-width="2" '
               f'stroke-dasharray="5,3"/>')
    out.append(marks.text(44, y, "this turn's flight path", 9, anchor="start"))
    more, y = marks.legend_markers(0, y + 24, next(iter(colours.values()), SIDE_FILL[0]),
                                   (("aircraft", "aircraft"), ("vtol", "VTOL")), wreck=False, states=False)
    out.extend(more)
    y += 18
    out.append(marks.text(0, y, "under the id: v velocity, alt altitude", 9, anchor="start"))
    more, y = _damage_legend(y + 8)  # its bars: armor arcs and structural integrity
    out.extend(more)
    leaving = [u for u in state.units.values() if u.between_maps
               and area.id in (aero_kind.transit(u).from_map, aero_kind.transit(u).to_map)]
    if leaving:  # TURN-07: on no map between two
        y += 24
        out.append(marks.legend_heading(0, y, "In transit"))
        for unit in leaving:
            y += 16
            out.append(marks.text(0, y, f"{unit.id}: {', '.join(kind_views.of(unit).status(unit))}", 9,
                                  anchor="start"))
    out.append("</g>")
    return out, y + 8

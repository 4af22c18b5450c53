"""``report --map FILE.svg`` for the aerospace maps (issue #13): one more SVG file per map beside the
ground board's, ``FILE.MAPID.svg`` (docs/aerospace.md). The space map shades the ground row, the
atmosphere rows, the interface and space; a low-altitude map shows each hex's terrain altitude and
marks the hex holding the ground board. Each unit is a disc in its side's colour with its id, a
facing tick, its velocity and (low altitude) its altitude; the hexes it flew through this turn on this
map are a dashed line in its colour (its flight path, issue #14).
"""

from __future__ import annotations

from math import sqrt
from xml.sax.saxutils import escape

from btcli.model.aero import LowAltitudeMap, Region, SpaceMap
from btcli.model.hexgrid import HexId
from btcli.model.state import GameState
from btcli.render.svg import SIDE_FILL, SIZE, _center, _corners, _facing_vector, _text

REGION_FILL = {Region.GROUND_ROW: "#c9b48a", Region.ATMOSPHERE: "#bcd7f0", Region.INTERFACE: "#7f9fc9",
               Region.SPACE: "#1d2340"}


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
    px, py = SIZE * (1.5 * width + 0.5) + 2, SIZE * sqrt(3) * (height + 0.5) + 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{px:.0f}" height="{py:.0f}" viewBox="0 0 {px:.0f} '
           f'{py:.0f}">', f"<title>{escape(state.name)}: map {escape(map_id)}, turn {state.turn}, "
           f"{state.phase.value} phase</title>"]
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
                fill, ink = ("#a9cf8f" if h.terrain.is_woods else "#e8e4c9"), "#333"
                note = ("ground board" if hex_id == area.ground_hex else "") or (f"alt {level}" if level else "")
            out.append(f'<polygon points="{_corners(x, y)}" fill="{fill}" stroke="#555" stroke-width="1"/>')
            out.append(_text(x, y - SIZE * 0.6, hex_id.label, 8, fill=ink))
            if note:
                out.append(_text(x, y + SIZE * 0.55, note, 7, fill=ink))
    sides = list(state.sides)
    for unit in state.units.values():  # flight paths first, under the units
        if unit.aero is None or unit.destroyed:
            continue
        points = [_center(f.hex) for f in unit.aero.path if f.map == map_id]
        if len(points) > 1:
            fill = SIDE_FILL[sides.index(unit.side) % 2] if unit.side in sides else "#555"
            line = " ".join(f"{x:.1f},{y - 4:.1f}" for x, y in points)
            out.append(f'<polyline points="{line}" fill="none" stroke="{fill}" stroke-width="2" '
                       f'stroke-dasharray="5,3" opacity="0.8"><title>{escape(unit.id)} flight path</title></polyline>')
    for unit in state.units.values():
        p = unit.position
        if unit.destroyed or p is None or p.map != map_id:
            continue
        x, y = _center(p.hex)
        fill = SIDE_FILL[sides.index(unit.side) % 2] if unit.side in sides else "#555"
        dx, dy = _facing_vector(int(unit.facing))
        out.append(f'<line x1="{x:.1f}" y1="{y - 4:.1f}" x2="{x + dx * 16:.1f}" y2="{y - 4 + dy * 16:.1f}" '
                   f'stroke="{fill}" stroke-width="3"/>')
        out.append(f'<circle cx="{x:.1f}" cy="{y - 4:.1f}" r="10" fill="{fill}" stroke="#fff" stroke-width="1"/>')
        out.append(_text(x, y + 14, unit.id, 9, "bold", fill))
        if unit.aero is not None:
            label = f"v{unit.aero.velocity}" + (f" alt {p.altitude}" if p.altitude else "")
            out.append(_text(x, y - 18, label, 7, fill=fill))
    out.append("</svg>")
    return "\n".join(out) + "\n"

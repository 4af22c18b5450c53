"""``report --map FILE.svg``: the board as an SVG picture (design.md, report).

Flat-topped hexes, even columns half a hex lower (docs/hexes.md). Each hex
shows its label, terrain colour and level; a building hex its type, height and
current CF; rubble and collapsed bridges are marked; each unit is a disc in its
side's colour with its id, a facing tick, and where it stands in a building.
Plain string building: no dependency.
"""

from __future__ import annotations

from math import sqrt
from xml.sax.saxutils import escape

from btcli.model.board import Building, Terrain
from btcli.model.hexgrid import HexId
from btcli.model.state import GameState

SIZE = 36  # hex radius in pixels
TERRAIN_FILL = {
    Terrain.CLEAR: "#e8e4c9",
    Terrain.PAVED: "#bdbdbd",
    Terrain.ROUGH: "#c9b48a",
    Terrain.RUBBLE: "#a08f7a",
    Terrain.LIGHT_WOODS: "#a9cf8f",
    Terrain.HEAVY_WOODS: "#5f9e4f",
    Terrain.WATER: "#8fb8e0",
    Terrain.BUILDING: "#9a9aa8",
}
SIDE_FILL = ("#2f5fbf", "#bf2f2f")
TYPE_LETTER = {"light": "L", "medium": "M", "heavy": "H", "hardened": "X"}


def _center(hex_id: HexId) -> tuple[float, float]:
    x = SIZE + (hex_id.col - 1) * 1.5 * SIZE
    y = SIZE * sqrt(3) / 2 * (1 + 2 * (hex_id.row - 1) + (1 if hex_id.col % 2 == 0 else 0))
    return x, y


def _corners(x: float, y: float) -> str:
    h = SIZE * sqrt(3) / 2
    points = [(x + SIZE, y), (x + SIZE / 2, y + h), (x - SIZE / 2, y + h), (x - SIZE, y), (x - SIZE / 2, y - h),
              (x + SIZE / 2, y - h)]
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in points)


def _text(x: float, y: float, text: str, size: int = 9, weight: str = "normal", fill: str = "#222") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="middle" font-family="sans-serif">{escape(text)}</text>')


def render_svg(state: GameState) -> str:
    """Returns the board, its structures and its units as one SVG document."""
    from btcli.render.view import place_of

    board = state.board
    width = SIZE * (1.5 * board.width + 0.5) + 2
    height = SIZE * sqrt(3) * (board.height + 0.5) + 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}">',
           f"<title>{escape(state.name)}: turn {state.turn}, {state.phase.value} phase</title>"]
    for col in range(1, board.width + 1):
        for row in range(1, board.height + 1):
            hex_id = HexId(col, row)
            h = board.hex(hex_id)
            x, y = _center(hex_id)
            out.append(f'<polygon points="{_corners(x, y)}" fill="{TERRAIN_FILL[h.terrain]}" stroke="#555" '
                       f'stroke-width="1"/>')
            out.append(_text(x, y - SIZE * 0.6, hex_id.label, 8, fill="#444"))
            notes = []
            if h.level:
                notes.append(f"L{h.level}")
            if h.depth:
                notes.append(f"d{h.depth}")
            if h.building is not None:
                b = h.building
                notes.append(f"{TYPE_LETTER[b.type.value]}{b.height} CF{b.cf}")
            if h.bridge is not None:
                notes.append(f"bridge {TYPE_LETTER[h.bridge.type.value]} CF{h.bridge.cf}")
            if h.ruin is not None:
                notes.append("rubble" if isinstance(h.ruin, Building) else "bridge down")
            if h.road:
                notes.append("road")
            for i, note in enumerate(notes[:2]):
                out.append(_text(x, y + SIZE * (0.35 + 0.25 * i), note, 8))
    sides = list(state.sides)
    for unit in state.units.values():
        if unit.aero is not None and unit.destroyed and unit.hex is not None:  # an aircraft's wreck (AERO-CRASH)
            x, y = _center(unit.hex)
            out.append(f'<path d="M{x - 8:.1f},{y - 12:.1f} L{x + 8:.1f},{y + 4:.1f} M{x + 8:.1f},{y - 12:.1f} '
                       f'L{x - 8:.1f},{y + 4:.1f}" stroke="#333" stroke-width="3"/>')
            out.append(_text(x, y + 14, f"{unit.id} wreck", 8, fill="#333"))
            out.append(f"<title>{escape(unit.id)}: wreck of a crashed aircraft</title>")
            continue
        if not unit.active or unit.hex is None:  # a unit on another map (aerospace) is not on this board
            continue
        x, y = _center(unit.hex)
        fill = SIDE_FILL[sides.index(unit.side) % 2] if unit.side in sides else "#555"
        dx, dy = _facing_vector(int(unit.facing))
        if unit.aero is not None:  # a landed aircraft, or one that survived its crash: a triangle token
            nose, left, right = (x + dx * 14, y - 4 + dy * 14), (x - dy * 9, y - 4 + dx * 9), (x + dy * 9, y - 4 - dx * 9)
            points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (nose, left, right))
            out.append(f'<polygon points="{points}" fill="{fill}" stroke="#fff" stroke-width="1"/>')
            out.append(_text(x, y + 14, unit.id, 9, "bold", fill))
            status = "immobile" if unit.aero.immobile else "landed"
            out.append(_text(x, y - 18, status, 7, fill=fill))
            out.append(f"<title>{escape(unit.id)}: {status} aircraft</title>")
            continue
        if unit.is_asset:  # seed 004: a square token, its footprint outlined (ASSET-GEN-03, -04)
            out.extend(_asset_token(unit, x, y, fill, dx, dy))
            continue
        out.append(f'<line x1="{x:.1f}" y1="{y - 4:.1f}" x2="{x + dx * 16:.1f}" y2="{y - 4 + dy * 16:.1f}" '
                   f'stroke="{fill}" stroke-width="3"/>')
        out.append(f'<circle cx="{x:.1f}" cy="{y - 4:.1f}" r="10" fill="{fill}" stroke="#fff" stroke-width="1"/>')
        out.append(_text(x, y + 14, unit.id, 9, "bold", fill))
        place = place_of(unit, board)
        if place:
            out.append(f"<title>{escape(unit.id)}: {escape(place)}</title>")
            out.append(_text(x, y - 18, place.replace("inside, ", ""), 7, fill=fill))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _asset_token(unit, x: float, y: float, fill: str, dx: float, dy: float) -> list[str]:
    """Draws an asset as a square token with its facing (infantry: none) and each secondary hex of its
    footprint as a dashed hex outline joined to the primary (the primary hex carries the black mark)."""
    out = []
    for hex_id in unit.position.footprint:
        fx, fy = _center(hex_id)
        out.append(f'<polygon points="{_corners(fx, fy)}" fill="none" stroke="{fill}" stroke-width="2" '
                   f'stroke-dasharray="4 3"/>')
        out.append(f'<line x1="{x:.1f}" y1="{y - 4:.1f}" x2="{fx:.1f}" y2="{fy - 4:.1f}" stroke="{fill}" '
                   f'stroke-width="4" stroke-opacity="0.6"/>')
        out.append(f'<rect x="{fx - 7:.1f}" y="{fy - 11:.1f}" width="14" height="14" fill="{fill}" '
                   f'fill-opacity="0.5" stroke="#fff"/>')
    if unit.asset.card.has_facing:
        out.append(f'<line x1="{x:.1f}" y1="{y - 4:.1f}" x2="{x + dx * 16:.1f}" y2="{y - 4 + dy * 16:.1f}" '
                   f'stroke="{fill}" stroke-width="3"/>')
    out.append(f'<rect x="{x - 9:.1f}" y="{y - 13:.1f}" width="18" height="18" fill="{fill}" stroke="#fff" '
               f'stroke-width="1"/>')
    if unit.position.footprint:
        out.append(f'<polygon points="{x - 3:.1f},{y - 4:.1f} {x:.1f},{y - 7:.1f} {x + 3:.1f},{y - 4:.1f} '
                   f'{x:.1f},{y - 1:.1f}" fill="#000"/>')
    out.append(_text(x, y + 14, unit.id, 9, "bold", fill))
    card = unit.asset.card
    out.append(f"<title>{escape(unit.id)}: asset {escape(card.name)}{' (SAMPLE card)' if card.sample else ''}, "
               f"check {unit.asset.state.check}</title>")
    return out


def _facing_vector(facing: int) -> tuple[float, float]:
    """Returns a unit vector for a facing (0 = north, clockwise, flat-topped hexes)."""
    from math import cos, radians, sin

    angle = radians(facing * 60)
    return sin(angle), -cos(angle)

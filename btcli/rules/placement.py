"""Where a unit stands in its hex: on the ground, on a floor of a building, on its roof, on a
bridge deck or under it (seed 003: URB-MOVE, URB-BRG; AMB-45).

A unit in a building hex is inside on a floor (``extra["floor"]``, 0 = ground
floor, negative = in a basement) or on the roof (``extra["top"]``). A unit in a
bridge hex is on the deck unless ``extra["under"]``. Every other hex keeps no
such marks. Everything that asks where a unit stands asks here.
"""

from __future__ import annotations

from btcli.model.board import Board, Building, Hex, Terrain
from btcli.model.hexgrid import HexId
from btcli.model.state import evolve
from btcli.model.units import Unit

MECH_HEIGHT = 2  # AMB-45: the standard 'Mech height in levels

_MARKS = ("floor", "top", "under")


def floor_of(unit: Unit) -> int:
    return int(unit.extra.get("floor", 0))


def on_top(unit: Unit) -> bool:
    return bool(unit.extra.get("top", False))


def under_bridge(unit: Unit) -> bool:
    return bool(unit.extra.get("under", False))


def placed(unit: Unit, floor: int = 0, top: bool = False, under: bool = False) -> Unit:
    """Returns the unit with its place in its hex set (no marks: ground floor, deck or plain ground)."""
    if not (floor or top or under) and not any(k in unit.extra for k in _MARKS):
        return unit
    extra = {k: v for k, v in unit.extra.items() if k not in _MARKS}
    if floor:
        extra["floor"] = floor
    if top:
        extra["top"] = True
    if under:
        extra["under"] = True
    if extra == unit.extra:
        return unit
    return evolve(unit, extra=extra)


def base_level(h: Hex) -> int:
    """Returns the lowest point of a hex: the bottom of its water (URB-BRG-07)."""
    return h.level - h.depth if h.terrain is Terrain.WATER else h.level


def inside(board: Board, unit: Unit) -> Building | None:
    """Returns the building a unit is inside (not on its roof), or None."""
    if unit.position is None:
        return None
    b = board.hex(unit.position).building
    return b if b is not None and not on_top(unit) else None


def unit_level(board: Board, unit: Unit) -> int:
    """Returns the level a unit stands at: its floor inside a building, a roof, a bridge deck or under it."""
    h = board.hex(unit.position)
    if h.building is not None:
        return h.level + (h.building.height if on_top(unit) else floor_of(unit))
    if h.bridge is not None:
        return base_level(h) if under_bridge(unit) else h.bridge.level
    if unit.is_mech and h.terrain is Terrain.WATER:
        return h.level - h.depth
    return h.level


def same_structure(board: Board, a: HexId, b: HexId) -> bool:
    """Tells whether two hexes belong to one building (one hex, or one multi-hex structure)."""
    ba, bb = board.hex(a).building, board.hex(b).building
    if ba is None or bb is None:
        return False
    return a == b or (bool(ba.structure) and ba.structure == bb.structure)


def fits_under(h: Hex, height: int) -> bool:
    """URB-BRG-06/07: base level (lowest point) + the unit's height <= the bridge's level (AMB-45)."""
    return h.bridge is not None and base_level(h) + height <= h.bridge.level

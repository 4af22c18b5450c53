"""Where a unit stands in its hex: on the ground, on a floor of a building, on its roof, on a
bridge deck or under it (seed 003: URB-MOVE, URB-BRG; AMB-45).

A unit in a building hex is inside on a floor (``Position.floor``, 0 = ground
floor, negative = in a basement) or on the roof (``Position.roof``). A unit in a
bridge hex is on the deck unless ``Position.under_bridge``. Every other hex keeps
no such marks. Everything that asks where a unit stands asks here, and so do the
heights of bodies in a hex: who is in a sliding or landing unit's way.
"""

from __future__ import annotations

from btcli.model.board import Board, Building, Hex, Terrain
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules import kinds

def floor_of(unit: Unit) -> int:
    return unit.position.floor if unit.position is not None else 0


def on_top(unit: Unit) -> bool:
    return unit.position is not None and unit.position.roof


def under_bridge(unit: Unit) -> bool:
    return unit.position is not None and unit.position.under_bridge


def placed(unit: Unit, floor: int = 0, top: bool = False, under: bool = False) -> Unit:
    """Returns the unit with its place in its hex set (none: ground floor, deck or plain ground)."""
    p = unit.position
    if p is None or (p.floor, p.roof, p.under_bridge) == (floor, top, under):
        return unit
    return unit.placed_at(floor=floor, roof=top, under_bridge=under)


def base_level(h: Hex) -> int:
    """Returns the lowest point of a hex: the bottom of its water (URB-BRG-07)."""
    return h.level - h.depth if h.terrain is Terrain.WATER else h.level


def inside(board: Board, unit: Unit) -> Building | None:
    """Returns the building a unit is inside (not on its roof), or None."""
    if unit.position is None:
        return None
    b = board.hex(unit.hex).building
    return b if b is not None and not on_top(unit) else None


def unit_level(board: Board, unit: Unit) -> int:
    """Returns the level a unit stands at: its floor inside a building, a roof, a bridge deck or under it."""
    h = board.hex(unit.hex)
    if h.building is not None:
        return h.level + (h.building.height if on_top(unit) else floor_of(unit))
    if h.bridge is not None:
        return base_level(h) if under_bridge(unit) else h.bridge.level
    if h.terrain is Terrain.WATER and kinds.of(unit).stands_on_the_bottom:  # a 'Mech wades on the bottom
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


def body_height(unit: Unit) -> int:
    """Returns how many levels a unit's body stands tall: 'Mech 2 (prone 1), vehicles and VTOLs 1 (VEH-GEN-05),
    infantry 1 (VEH-SLIP-13), a large vehicle or landed DropShip its scenario ``height`` (default 1)."""
    return kinds.of(unit).height(unit)


def is_large(unit: Unit) -> bool:
    """Tells whether a unit is a large support vehicle or a landed DropShip (scenario ``large = true``)."""
    return kinds.of(unit).large(unit)


def flight_elevation(unit: Unit) -> int:
    """Returns how many levels above its hex a unit is: a VTOL's elevation, a WiGE's 1 (btcli's reading,
    btcli.rules.kinds.vehicle), 0 for the rest."""
    return kinds.of(unit).flight_elevation(unit)


def in_the_way(slider: Unit, slider_elevation: int, other: Unit) -> bool:
    """Tells whether ``other`` is at the height a unit entering its hex at ``slider_elevation`` passes.

    The lower unit's top must reach the higher unit's elevation (VEH-SLIP-10, VEH-VTOL-14: a VTOL at
    height 1 meets a tank occupying level 1 of a level-0 hex; at height 2 it passes over).
    """
    other_elevation = flight_elevation(other)
    if slider_elevation >= other_elevation:
        return other_elevation + body_height(other) >= slider_elevation
    return slider_elevation + body_height(slider) >= other_elevation


def units_in_the_way(state: GameState, slider: Unit, there: HexId, elevation: int) -> list[Unit]:
    """Returns the active units in ``there`` that a unit entering at ``elevation`` would hit, by id."""
    return sorted(
        (u for u in state.units.values() if u.hex == there and u.active and u.id != slider.id
         and in_the_way(slider, elevation, u)),
        key=lambda u: u.id,
    )


def struck_side(facing: Facing, direction: Facing) -> str:
    """Returns the side of a unit that leads when it slides ``direction`` while facing ``facing``."""
    return {0: "front", 1: "right", 2: "right", 3: "rear", 4: "left", 5: "left"}[(direction - facing) % 6]


def flies_as_vtol(unit: Unit) -> bool:
    """Tells whether a unit moves by VTOL flight (VTOLs, VTOL battle armor: VEH-VTOL-07), with an elevation."""
    return kinds.of(unit).flies_as_vtol(unit)

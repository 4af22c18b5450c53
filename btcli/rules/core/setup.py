"""A scenario's start, checked by the rules before a game begins: each unit where it may stand
(floors, roofs and bridges that exist), stacking (TW p.57, URB-MOVE-11), levels not overloaded
(URB-COLL-01), drops only where allowed (DROP-01), and the MP a design leaves out (VEH-GEN-03).
The store turns a problem found here into a scenario-file error."""

from __future__ import annotations

from math import ceil

from btcli.model.board import Board
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.ground.placement import floor_of, on_top, under_bridge
from btcli.rules.urban.structures import overweight


def flank_mp(cruise: int) -> int:
    """VEH-GEN-03 (and a 'Mech's running MP, TW): 1.5 x cruise (walk), rounded up."""
    return ceil(cruise * 1.5)


def _place(unit: Unit) -> tuple[int, bool, bool]:
    return floor_of(unit), on_top(unit), under_bridge(unit)


def place_problem(board: Board, unit: Unit) -> str:
    """Says why a unit cannot start where the scenario puts it in its hex, or ''."""
    floor, top, under = _place(unit)
    if unit.hex is None:
        return ""
    if not board.contains(unit.hex):
        return f"unit {unit.id!r} starts off the map at {unit.hex.label}"
    if not (floor or top or under):
        return ""
    h = board.hex(unit.hex)
    label = unit.hex.label
    if (floor or top) and h.building is None:
        return f"unit {unit.id!r}: {label} has no building to stand {'on' if top else 'inside'}"
    if floor and not 0 <= floor < h.building.height:
        return (f"unit {unit.id!r}: the building at {label} has levels 0-{h.building.height - 1}, "
                f"not {floor} (a basement is reached by falling in)")
    if under and h.bridge is None:
        return f"unit {unit.id!r}: {label} has no bridge to stand under"
    return ""


def _own_stacking(unit: Unit) -> bool:
    """Tells whether the unit stacks by rules of its own (an asset's limits and footprint, ASSET-STACK-01..03)."""
    return kinds.of(unit).stacking is not None


def stacking_problem(placed: list[Unit], unit: Unit) -> str:
    """Says why ``unit`` cannot start beside the units already placed (one unit a hex and level), or ''."""
    if _own_stacking(unit) or any(_own_stacking(u) for u in placed):  # seed 004: ASSET-STACK, ASSET-MULTI-03
        from btcli.rules.assets import units as asset_units

        assets_in = [u for u in placed if _own_stacking(u) and u.hex is not None]
        if _own_stacking(unit) or any(unit.hex in asset_units.occupied(u) for u in assets_in):
            return asset_units.stacking_problem(placed, unit) if unit.hex is not None else ""
    crowded = next((u for u in placed if u.hex is not None and u.hex == unit.hex and _place(u) == _place(unit)), None)
    if crowded is None:
        return ""
    return (f"units {crowded.id!r} and {unit.id!r} both start in {unit.hex.label} on the same level "
            "(TW p.57 stacking, URB-MOVE-11)")


def weight_problem(state: GameState) -> str:
    """Says which level, roof or deck starts carrying more tons than its CF (URB-COLL-01), or ''."""
    for hex_id in state.board.structure_hexes:
        why = overweight(state, hex_id)
        if why:
            return f"hex {hex_id.label} starts overloaded: {why} (URB-COLL-01)"
    return ""


def drop_problem(allow_drop: bool, drop_agreed: bool) -> str:
    """DROP-01: reserves drop only where the track allows it or all players agree."""
    if allow_drop or drop_agreed:
        return ""
    return ("this scenario does not allow dropping reserves: set allow_drop = true (the track allows it) or "
            "drop_agreed = true (all players agree) in [scenario] (DROP-01)")

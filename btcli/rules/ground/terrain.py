"""What a unit may enter, by terrain and motive, and what stands above the ground of a hex
(tables.md 11; VEH-MOVE-10/11, VEH-VTOL-06/12, URB-MOVE; btcli's minimal infantry model)."""

from __future__ import annotations

from btcli.model.board import WOODS_HEIGHT, Hex, Terrain
from btcli.model.hexgrid import Facing
from btcli.model.units import Unit
from btcli.rules import kinds

# tables.md 11.1: MP to enter a hex by its terrain (water by depth is priced by the movement rules).
TERRAIN_COST = {
    Terrain.CLEAR: 1,
    Terrain.PAVED: 1,
    Terrain.ROUGH: 2,
    Terrain.RUBBLE: 2,
    Terrain.LIGHT_WOODS: 2,
    Terrain.HEAVY_WOODS: 3,
    Terrain.BUILDING: 1,  # plus the type's extra MP below
}



def follows_road(here: Hex, there: Hex, direction: Facing) -> bool:
    """Tells whether moving between the two hexes (``there`` lies ``direction`` of ``here``) follows a road
    (tables.md 11.1, URB-MOVE). A road with exits (a MegaMek board's) joins only the neighbours it faces,
    and they must face it back (MegaMek's reading, UNVERIFIED); without exits it joins every road beside it."""
    if not (here.paved and there.road):
        return False
    leaves = not here.road_exits or direction in here.road_exits
    return leaves and (not there.road_exits or direction.opposite() in there.road_exits)


def prohibited_rule(unit: Unit, there: Hex, on_road: bool) -> str | None:
    """Returns the rule that forbids ``unit`` to enter ``there``, or None if it may: a bridge carries the
    road over water, else the unit's kind and motive say (``Mobility.prohibited``)."""
    if on_road and there.bridge is not None:
        return None
    return kinds.mobility(unit).prohibited(there, on_road)


def obstacle_height(h: Hex, on_road: bool) -> int:
    """Returns how many levels above the ground a VTOL must stay over this hex (VEH-VTOL-06, 12)."""
    if h.building is not None:
        return h.building.height
    if h.terrain.is_woods and not on_road:
        return WOODS_HEIGHT
    return 0

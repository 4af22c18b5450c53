"""What a unit may enter, by terrain and motive, and what stands above the ground of a hex
(tables.md 11; VEH-MOVE-10/11, VEH-VTOL-06/12, URB-MOVE; btcli's minimal infantry model)."""

from __future__ import annotations

from btcli.model.board import WOODS_HEIGHT, Hex, Terrain
from btcli.model.hexgrid import Facing
from btcli.model.units import Motive, Unit

# tables.md 11.2 / VEH-MOVE-11: terrain each motive type may not enter (rule cited in the error).
PROHIBITED = {
    Motive.TRACKED: {Terrain.HEAVY_WOODS},
    Motive.WHEELED: {Terrain.LIGHT_WOODS, Terrain.HEAVY_WOODS, Terrain.ROUGH, Terrain.RUBBLE},
    Motive.HOVER: {Terrain.LIGHT_WOODS, Terrain.HEAVY_WOODS},
    Motive.WIGE: {Terrain.LIGHT_WOODS, Terrain.HEAVY_WOODS, Terrain.BUILDING},
    Motive.NAVAL: set(Terrain) - {Terrain.WATER},
    Motive.BIPED: set(),
}

INFANTRY_RULE = "btcli infantry model"
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
    """Returns the rule that forbids ``unit`` to enter ``there``, or None if it may."""
    if unit.is_mech or (on_road and there.bridge is not None):  # a bridge carries the road over water
        return None
    if unit.is_infantry:  # btcli's minimal infantry model: no water of depth 1+, no buildings
        return INFANTRY_RULE if there.is_deep_water or there.building is not None else None
    if there.is_deep_water and unit.motive not in (Motive.HOVER, Motive.NAVAL, Motive.WIGE):
        return "VEH-MOVE-10"
    if on_road:  # a road carries any vehicle through woods, rough or rubble (URB-MOVE)
        return None
    if there.terrain in PROHIBITED.get(unit.motive, set()):
        return "VEH-MOVE-11"
    return None


def obstacle_height(h: Hex, on_road: bool) -> int:
    """Returns how many levels above the ground a VTOL must stay over this hex (VEH-VTOL-06, 12)."""
    if h.building is not None:
        return h.building.height
    if h.terrain.is_woods and not on_road:
        return WOODS_HEIGHT
    return 0

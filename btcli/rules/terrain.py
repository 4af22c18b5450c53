"""What a unit may enter, by terrain and motive, and what stands above the ground of a hex
(tables.md 11; VEH-MOVE-10/11, VEH-VTOL-06/12, URB-MOVE; btcli's minimal infantry model)."""

from __future__ import annotations

from btcli.model.board import WOODS_HEIGHT, Hex, Terrain
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


def follows_road(here: Hex, there: Hex) -> bool:
    """Tells whether moving between the two hexes follows a road (tables.md 11.1, URB-MOVE)."""
    return here.paved and there.road


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

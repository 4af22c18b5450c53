"""Low-altitude flight: altitudes, terrain as altitudes, and moving between the maps.

Sources: seed 001 "低高度移動" (catalog AERO-LALT-01..11), the map transitions of
"ターンの順番" (TURN-07) and the arrival reading AMB-56 (project default; scenario
data may override it). Climbing and descending are not costed in the seed;
the reading here (2 thrust per altitude climbed, descending free) is MegaMek's,
UNVERIFIED against TW.
"""

from __future__ import annotations

from enum import Enum

from btcli.errors import IllegalOrderError
from btcli.model.aero import (
    LOW_ALTITUDE_RANGE,
    AeroClass,
    AeroDesign,
    AeroState,
    LowAltitudeMap,
    MapKind,
    SpaceMap,
    Transit,
)
from btcli.model.board import Hex
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId

NOE = 1  # AERO-LALT-03: altitude 1, nap-of-the-earth
TOP_ALTITUDE = 10  # AERO-LALT-03, 10
CLIMB_COST = 2  # thrust per altitude climbed (MegaMek, UNVERIFIED)
DESCENT_COST = 0  # descending costs no thrust (MegaMek, UNVERIFIED)
WOODS_ALTITUDE = 1  # AERO-LALT-05: woods stand one altitude above their ground

# AMB-30: only airships are barred from the space map's atmosphere row 1; they stay at altitude 10.
BARRED_FROM_CLIMBING_OUT = frozenset({AeroClass.AIRSHIP})


class Entry(str, Enum):
    """What entering a hex (or descending in one) does to a low-altitude flight."""

    CLEAR = "clear"  # flying above the terrain
    LAND_OR_CRASH = "land_or_crash"  # AERO-LALT-08: at the hex's level, or down to altitude 0
    CRASH = "crash"  # AERO-LALT-09: below the hex's level


def terrain_altitude(hex_: Hex) -> int:
    """Returns the altitude of a hex's terrain: its level, woods +1, buildings ignored (AERO-LALT-04..06)."""
    return hex_.level + (WOODS_ALTITUDE if hex_.terrain.is_woods else 0)


def check_altitude(altitude: int | None) -> None:
    """Raises unless ``altitude`` is one of the ten low-altitude altitudes (AERO-LALT-03)."""
    if altitude not in LOW_ALTITUDE_RANGE:
        raise IllegalOrderError(f"altitude {altitude} is not on the low-altitude map (1-10)", "AERO-LALT-03")


def sensors_damaged(state: AeroState) -> bool:
    """Tells whether the unit has taken a sensor critical (AERO-LALT-07)."""
    return state.sensor_hits > 0


def check_noe(state: AeroState, altitude: int) -> None:
    """Raises if a unit with damaged sensors would fly at altitude 1, NOE (AERO-LALT-07)."""
    if altitude == NOE and sensors_damaged(state):
        raise IllegalOrderError("a unit with damaged sensors cannot fly at altitude 1 (NOE)", "AERO-LALT-07")


def entry(altitude: int, hex_: Hex) -> Entry:
    """Returns what flying at ``altitude`` into (or down in) ``hex_`` means (AERO-LALT-04, 08, 09)."""
    if altitude <= 0:
        return Entry.LAND_OR_CRASH  # AERO-LALT-08: from NOE down to altitude 0
    ground = terrain_altitude(hex_)
    if altitude > ground:
        return Entry.CLEAR
    return Entry.LAND_OR_CRASH if altitude == ground else Entry.CRASH


def may_climb_out(design: AeroDesign) -> bool:
    """Tells whether climbing past altitude 10 takes the unit to the space map (AERO-LALT-10, 11; AMB-30)."""
    return design.aero_class not in BARRED_FROM_CLIMBING_OUT


def climb_out(state: AeroState, area: LowAltitudeMap) -> AeroState:
    """Returns the unit flagged to leave for atmosphere row 1 of the space map at the end of the turn (AERO-LALT-10)."""
    return evolve(state, transit=Transit(area.space_map, MapKind.SPACE, state.hex, state.facing))


def descend_to_low_altitude(state: AeroState, space: SpaceMap) -> AeroState:
    """Returns the unit flagged to leave for the low-altitude map under its ground-row hex (AERO-LALT-01)."""
    return evolve(state, transit=Transit(space.low_altitude.get(state.hex, ""), MapKind.LOW_ALTITUDE, state.hex,
                                          state.facing))


def entry_edge_hexes(area: LowAltitudeMap, facing: Facing) -> tuple[HexId, ...]:
    """Returns the edge hexes a unit flying ``facing`` may enter the map by: those with the off-map hex behind them (AMB-56)."""
    board = area.board
    hexes = (HexId(c, r) for c in range(1, board.width + 1) for r in range(1, board.height + 1))
    return tuple(h for h in hexes if not board.contains(h.neighbor(facing.opposite())))


def arrive_on_low_altitude(state: AeroState, area: LowAltitudeMap, hex_id: HexId) -> AeroState:
    """Places a unit coming down from the ground row: altitude 10, an entry edge hex, facing and velocity kept (AMB-56)."""
    if state.transit is None or state.transit.kind is not MapKind.LOW_ALTITUDE:
        raise IllegalOrderError("the unit is not coming down to a low-altitude map", "TURN-07")
    if hex_id not in entry_edge_hexes(area, state.facing):
        raise IllegalOrderError(
            f"hex {hex_id.label} is not on the edge a unit flying {state.facing.name} enters by", "AMB-56"
        )
    return evolve(state, map_id=area.id, hex=hex_id, altitude=TOP_ALTITUDE, transit=None)


def climb_out_arrival_hexes(space: SpaceMap, area: LowAltitudeMap) -> tuple[HexId, ...]:
    """Returns the two row-1 hexes next to the ground-row hex the low-altitude map lies under (AMB-56)."""
    if area.space_hex is None:
        raise IllegalOrderError(f"low-altitude map {area.id!r} is tied to no ground-row hex", "AMB-56")
    near = (area.space_hex.neighbor(f) for f in space.away_facings)
    return tuple(h for h in near if space.contains(h))


def arrive_on_space_map(state: AeroState, space: SpaceMap, area: LowAltitudeMap, hex_id: HexId, facing: Facing) -> AeroState:
    """Places a unit that climbed out: a row-1 hex next to the tied ground-row hex, any facing, velocity kept (AMB-56).

    A spheroid that chooses a facing toward the planet makes the AERO-HALT-10
    control roll (``btcli.rules.aero.atmosphere.spheroid_facing_roll_due``).
    """
    if state.transit is None or state.transit.kind is not MapKind.SPACE:
        raise IllegalOrderError("the unit is not climbing out to the space map", "TURN-07")
    if hex_id not in climb_out_arrival_hexes(space, area):
        raise IllegalOrderError(f"hex {hex_id.label} is not a row-1 hex next to the map's ground-row hex", "AMB-56")
    return evolve(state, map_id=space.id, hex=hex_id, facing=facing, altitude=None, transit=None)

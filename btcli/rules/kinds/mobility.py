"""How a kind of unit moves over the ground (issue #30): what the shared movement rules
(btcli.rules.ground.movement) ask of a unit's kind instead of testing it. One ``Mobility`` per kind, and
per motive where motives differ (a vehicle's pavement bonus and water, a VTOL's flight); the kind's module
builds it, ``btcli.rules.kinds.mobility`` finds a unit's.

Sources: tables.md 11.1 (levels, water, running into water), VEH-MOVE-01..08, VEH-URB-01, TW p.39.
"""

from __future__ import annotations

from btcli.errors import IllegalOrderError
from btcli.model.frozen import Record
from btcli.model.hexgrid import HexId
from btcli.model.units import MoveMode, Unit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from collections.abc import Callable

    from btcli.model.board import Hex

MECH_MAX_LEVEL_CHANGE = 2  # tables.md 11.1 (infantry too: btcli's reading, UNVERIFIED)


def walk(unit: Unit) -> int:
    return unit.walk


def run(unit: Unit) -> int:
    return unit.run


def free(unit: Unit) -> None:
    """Nothing of the unit's own keeps it still."""


def never_stunned(unit: Unit, turn: int) -> None:
    """Nothing keeps the unit from moving fast this turn."""


def grounded(unit: Unit) -> bool:
    """The unit is never in the air."""
    return False


def anywhere(there: Hex, on_road: bool) -> str | None:
    """No terrain bars it (a 'Mech's legs take it anywhere, tables.md 11.2)."""
    return None


def climbing(mp_per_level: int, noun: str) -> Callable[[Unit, HexId, int, bool], int]:
    """The level changes of a unit on legs or on foot: at most 2 levels per hex, ``mp_per_level`` MP each,
    backward as forward (tables.md 11.1)."""

    def level_change(unit: Unit, there: HexId, change: int, backward: bool) -> int:
        if abs(change) > MECH_MAX_LEVEL_CHANGE:
            raise IllegalOrderError(
                f"illegal move: '{unit.id}' cannot change {abs(change)} levels entering {there.label} "
                f"(a {noun} changes at most 2 levels per hex)", "tables.md 11.1")
        return abs(change) * mp_per_level

    return level_change


class Mobility(Record, slots=False):
    """How one kind of unit (of one motive) moves over the ground."""

    noun: str  # how a refusal names it: "'Mech", "vehicle", "infantry"
    modes: Callable[[Unit], tuple[MoveMode, ...]]  # the modes ``--mode`` may name for it
    aliases: dict[str, str]  # the other names of its modes: "flank" for a 'Mech's run, "walk" for cruise
    slow: MoveMode  # walking or cruising
    fast: MoveMode  # running or flanking (infantry do not run: walking)
    walking_mp: Callable[[Unit], int]  # walking (cruise) MP now
    running_mp: Callable[[Unit], int]  # running (flank) MP now
    level_change: Callable[[Unit, HexId, int, bool], int]  # MP of changing levels into a hex; raises if refused
    mp_rule: str  # the rule a path beyond its MP breaks
    backward_rule: str  # the rule a fast move backward breaks
    stands_up: bool = False  # stands up from prone (a path starting U)
    climbs_roofs: bool = False  # may climb onto a roof (URB-BLD-11: 'Mechs only)
    enters_buildings: bool = True  # btcli's infantry model keeps infantry out of buildings
    bridge_height: int = 1  # the levels it needs under a bridge (URB-BRG-06/07; a 'Mech's 2, AMB-45)
    runs_into_water: bool = True  # may run (or make a minimum move) into deep water: a 'Mech may not
    water_surcharge: bool = True  # pays water's depth as MP (tables.md 11.1: not hover, naval, WiGE)
    pavement_bonus: bool = False  # may earn the +1 MP of a move on pavement (VEH-URB-01)
    flies: bool = False  # moves by VTOL flight (VEH-VTOL; btcli.rules.ground.vtol checks its path)
    crashes: bool = True  # its VTOL crash and its landing on a large unit are modelled (battle armor: not)
    skids: bool = False  # a fast move calls for driving skill rolls, failed as a skid or sideslip (VEH-GEN-01)
    # Raises when its own state keeps it still (a vehicle's motive damage); (unit) -> None.
    check_can_move: Callable[[Unit], None] = free
    # Raises when it may not move fast this turn (a vehicle's stunned crew); (unit, turn) -> None.
    check_fast: Callable[[Unit, int], None] = never_stunned
    # values: a vehicle's damage by its motive (rules/ground/vehicles.py)
    vtol_criticals: bool = False  # rolls its critical hits on the VTOL table (tables.md 5, VTOL-CRIT)
    motive_damage: bool = True  # a motive hit rolls on the motive system damage table (tables.md 3; not a VTOL)
    airborne: Callable[[Unit], bool] = grounded  # in the air now: a killed crew crashes it (VEH-CRIT-09)
    # ground: terrain and skids
    # The rule that bars it from a hex (entered along a road or not), or None: (hex, on_road) -> rule
    # (tables.md 11.2, VEH-MOVE-10, 11; btcli's infantry model).
    prohibited: Callable[[Hex, bool], str | None] = anywhere
    floats: bool = False  # may enter deep water, and slides into it unharmed (VEH-MOVE-10: hover, naval, WiGE)
    sideslips: bool = False  # a failed driving roll of a fast turn is a sideslip, not a skid (VEH-SLIP-03)
    falls_in_a_skid: bool = True  # a skid down a level or more is a fall (VEH-URB-03; a hovercraft glides down)

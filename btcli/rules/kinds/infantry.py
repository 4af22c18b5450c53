"""The infantry kind's movement (issue #30), btcli's minimal infantry model (btcli.rules.ground.infantry;
docs/rules-notes.md, UNVERIFIED): a platoon or squad walks (it does not run) or jumps with jump MP, pays
2 MP a level, keeps out of buildings, and battle armor may fly as a VTOL (VEH-VTOL-07) whose crash btcli
does not model.
"""

from __future__ import annotations

from btcli.model.frozen import evolve
from btcli.model.units import Motive, MoveMode, Unit
from btcli.rules.kinds.mobility import Mobility, climbing, run, walk

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.board import Hex

INFANTRY_MP_PER_LEVEL = 2  # tables.md 11.1 (at most 2 levels per hex, as a 'Mech: btcli's reading, UNVERIFIED)


def modes(unit: Unit) -> tuple[MoveMode, ...]:
    """No running (btcli's infantry model); jumping with jump MP."""
    return (MoveMode.STAND, MoveMode.WALK) + ((MoveMode.JUMP,) if unit.jump > 0 else ())


# ground: what infantry may be and where they may go (btcli's minimal infantry model)
MOTIVES = (Motive.FOOT, Motive.JUMP, Motive.VTOL)  # on foot, jump infantry or battle armor, VTOL battle armor
INFANTRY_RULE = "btcli infantry model"


def prohibited(there: Hex, on_road: bool) -> str | None:
    """No water of depth 1+, no buildings (btcli's minimal infantry model)."""
    return INFANTRY_RULE if there.is_deep_water or there.building is not None else None


ON_FOOT = Mobility(
    noun="infantry", modes=modes, aliases={"cruise": "walk", "flank": "run"}, slow=MoveMode.WALK,
    fast=MoveMode.WALK, walking_mp=walk, running_mp=run,
    level_change=climbing(INFANTRY_MP_PER_LEVEL, "unit of infantry"), mp_rule="tables.md 11.1",
    backward_rule="tables.md 11.1", enters_buildings=False, prohibited=prohibited,
)
# VEH-VTOL-07: battle armor with VTOL movement flies by the VTOL rules; its crash and a landing on a large
# unit (a charge) are refused, not modelled.
FLYING = evolve(ON_FOOT, flies=True, crashes=False)


def mobility(unit: Unit) -> Mobility:
    return FLYING if unit.motive is Motive.VTOL else ON_FOOT


# aero: what the aerospace rules ask of infantry (issue #30)


def ground_to_air_refusal(unit: Unit) -> str:
    """Returns why infantry may not fire at an aircraft: they make no ground-to-air attacks (TW p.244)."""
    return f"'{unit.id}' is infantry: infantry make no ground-to-air attacks"

"""The vehicle kind's movement (issue #30): cruise and flank, level changes, what keeps a vehicle still,
and what its motive changes (pavement, water, VTOL flight). The shared movement rules ask
``btcli.rules.kinds.mobility(unit)``; a vehicle's is chosen by its motive here.

Sources: catalog VEH-MOVE-01..08, VEH-URB-01, VEH-CRIT-10, -13, VEH-VTOL-11; tables.md 3, 11.1.
"""

from __future__ import annotations

from btcli.errors import IllegalOrderError
from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId
from btcli.model.units import Motive, MoveMode, Unit
from btcli.rules.kinds.mobility import Mobility, run, walk

VEHICLE_MAX_LEVEL_CHANGE = 1  # VEH-MOVE-04
VEHICLE_MP_PER_LEVEL = 2  # VEH-MOVE-05


def modes(unit: Unit) -> tuple[MoveMode, ...]:
    return MoveMode.STAND, MoveMode.CRUISE, MoveMode.FLANK


def level_change(unit: Unit, there: HexId, change: int, backward: bool) -> int:
    """A vehicle climbs or drops at most 1 level per hex (VEH-MOVE-04; a WiGE more), 2 MP a level
    (VEH-MOVE-05), and never while moving backward (VEH-MOVE-08)."""
    if abs(change) > VEHICLE_MAX_LEVEL_CHANGE and unit.motive is not Motive.WIGE:  # VEH-MOVE-04: not WiGEs
        raise IllegalOrderError(
            f"illegal move: vehicle '{unit.id}' cannot change {abs(change)} levels entering {there.label}",
            "VEH-MOVE-04",
        )
    if change and backward:
        raise IllegalOrderError(
            f"illegal move: vehicle '{unit.id}' cannot change levels while moving backward into {there.label}",
            "VEH-MOVE-08",
        )
    return VEHICLE_MP_PER_LEVEL * abs(change)


def check_can_move(unit: Unit) -> None:
    """Refuses a move of a landed DropShip or large unit without MP (VEH-VTOL-11) and of a vehicle its
    engine hit or motive damage keeps still (VEH-CRIT-13, tables.md 3)."""
    v = unit.vehicle
    assert v is not None  # KINDS[VEHICLE]: a vehicle always carries its record
    if v.large and unit.walk <= 0 and not v.immobile:
        raise IllegalOrderError(f"'{unit.id}' is a large unit without MP (a landed DropShip): it can only stand",
                                "VEH-VTOL-11")
    if v.immobile or unit.walk <= 0:
        motive = unit.walk <= 0 or (not v.engine_hit and bool(v.motive_dsr or v.design_cruise))
        causes = [c for c, has in (("engine hit", v.engine_hit), ("motive damage", motive)) if has]
        rule = "VEH-CRIT-13" if v.engine_hit else "tables.md 3"
        raise IllegalOrderError(f"'{unit.id}' cannot move ({', '.join(causes) or 'immobilized'}): it can only stand",
                                rule)


def check_fast(unit: Unit, turn: int) -> None:
    """A stunned crew moves no faster than cruise (VEH-CRIT-10)."""
    assert unit.vehicle is not None  # KINDS[VEHICLE]: a vehicle always carries its record
    if unit.vehicle.stunned_in(turn):
        raise IllegalOrderError(f"'{unit.id}''s crew is stunned: no faster than cruise this turn", "VEH-CRIT-10")


TRACKED = Mobility(
    noun="vehicle", modes=modes, aliases={"walk": "cruise", "run": "flank"}, slow=MoveMode.CRUISE,
    fast=MoveMode.FLANK, walking_mp=walk, running_mp=run, level_change=level_change, mp_rule="VEH-MOVE-01",
    backward_rule="VEH-MOVE-08", pavement_bonus=True, skids=True, check_can_move=check_can_move,
    check_fast=check_fast,
)


def flying_vtol(unit: Unit) -> bool:
    """A VTOL is in the air above its hex, not landed (VEH-VTOL)."""
    return unit.elevation > 0


def always_flying(unit: Unit) -> bool:
    """A WiGE is always flying in btcli, one level up (docs/rules-notes.md), whatever its elevation."""
    return True


# tables.md 11.1: hover, naval and WiGE pay no water surcharge; VEH-URB-01: only tracked and wheeled
# vehicles earn the pavement bonus.
_AFLOAT = evolve(TRACKED, water_surcharge=False, pavement_bonus=False)
MOBILITY = {
    Motive.HOVER: _AFLOAT,
    Motive.NAVAL: _AFLOAT,
    Motive.WIGE: evolve(_AFLOAT, airborne=always_flying),
    # VTOL-CRIT: a VTOL rolls on its own critical table and has no motive system damage (tables.md 3, 5).
    Motive.VTOL: evolve(TRACKED, pavement_bonus=False, flies=True, vtol_criticals=True, motive_damage=False,
                        airborne=flying_vtol),
}


def mobility(unit: Unit) -> Mobility:
    """A vehicle's movement, by its motive (tracked and wheeled alike)."""
    return MOBILITY.get(unit.motive, TRACKED)

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
from btcli.rules import later
from btcli.rules.ground import vehicles as vehicle_rules
from btcli.rules.ground.vehicles import stunned
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
    if stunned(unit, turn):
        raise IllegalOrderError(f"'{unit.id}''s crew is stunned: no faster than cruise this turn", "VEH-CRIT-10")


TRACKED = Mobility(
    noun="vehicle", modes=modes, aliases={"walk": "cruise", "run": "flank"}, slow=MoveMode.CRUISE,
    fast=MoveMode.FLANK, walking_mp=walk, running_mp=run, level_change=level_change, mp_rule="VEH-MOVE-01",
    backward_rule="VEH-MOVE-08", pavement_bonus=True, skids=True, check_can_move=check_can_move,
    check_fast=check_fast,
)
# tables.md 11.1: hover, naval and WiGE pay no water surcharge; VEH-URB-01: only tracked and wheeled
# vehicles earn the pavement bonus.
_AFLOAT = evolve(TRACKED, water_surcharge=False, pavement_bonus=False)
MOBILITY = {
    Motive.HOVER: _AFLOAT,
    Motive.NAVAL: _AFLOAT,
    Motive.WIGE: _AFLOAT,
    Motive.VTOL: evolve(TRACKED, pavement_bonus=False, flies=True),
}


def mobility(unit: Unit) -> Mobility:
    """A vehicle's movement, by its motive (tracked and wheeled alike)."""
    return MOBILITY.get(unit.motive, TRACKED)


# core: what fire, damage and falls ask of a vehicle (issue #30) ------------------------------------------

_VTOL_DAMAGED = later("ground.vtol", "after_damage")


def after_damage(state, before: Unit, unit: Unit, dice, events):
    """What damage sets off at once: a VTOL's fall or crash (VTOL-CRIT, VEH-VTOL), a hover vehicle whose motive
    damage immobilizes it over deep water sinking (tables.md 3). Returns the state with the damaged unit."""
    if unit.motive is Motive.VTOL:
        return _VTOL_DAMAGED(state.with_unit(unit), before, dice, events)
    v, was = unit.vehicle, before.vehicle
    assert v is not None and was is not None  # KINDS[VEHICLE]: a vehicle always carries its record
    sinking = unit.motive is Motive.HOVER and v.immobile and not was.immobile
    if sinking and not unit.destroyed and state.board.hex(unit.hex).is_deep_water:
        from btcli.model.events_damage import Sank

        events.append(Sank(unit.id))
        unit = evolve(unit, destroyed=True)
    return state.with_unit(unit)


def drowns(unit: Unit, falling: bool) -> bool:
    """Whether deep water destroys the vehicle: pushed into it, unless it floats or skims (hover, naval, WiGE;
    VEH-DISP-01); falling into it from a bridge, unless it floats (hover, naval; URB-BRG-03)."""
    afloat = (Motive.HOVER, Motive.NAVAL) if falling else (Motive.HOVER, Motive.NAVAL, Motive.WIGE)
    return unit.motive not in afloat


def fire_refusal(unit: Unit, turn: int) -> tuple[str, str]:
    """Why the vehicle may not fire this turn: its crew dead or stunned, its sensors gone (tables.md 6.5), its
    crew clearing a jam (VEH-CRIT-23), a crash this turn (VTOL-CRASH-04); ("", "") if it may."""
    why, rule = vehicle_rules.cannot_fire(unit, turn)
    if why:
        return f"'{unit.id}' cannot fire: {why}", rule
    if vehicle_rules.clearing(unit):
        return f"'{unit.id}' spends this weapon phase clearing a jam", "VEH-CRIT-23"
    assert unit.vehicle is not None  # KINDS[VEHICLE]: a vehicle always carries its record
    if unit.vehicle.crashed_turn == turn:
        return f"'{unit.id}' crashed this turn", "VTOL-CRASH-04"
    return "", ""


def stabilizer_hit(unit: Unit, location: str) -> bool:
    """Whether a stabilizer hit makes the movement modifier of a weapon at ``location`` count twice (VEH-CRIT-16)."""
    assert unit.vehicle is not None  # KINDS[VEHICLE]: a vehicle always carries its record
    return location in unit.vehicle.stabilized


def turret_refusal(unit: Unit, offset: int) -> tuple[str, str]:
    """Why the turret may not turn to ``offset``: none at all (VEH-ATK-04), or jammed or locked where it points
    (VEH-CRIT-18, 19); ("", "") if it may."""
    if not vehicle_rules.has_turret(unit):
        return f"'{unit.id}' has no torso or turret to twist", "VEH-ATK-04"
    assert unit.vehicle is not None  # KINDS[VEHICLE]: a vehicle always carries its record
    turret = unit.vehicle.turret
    if turret in ("jammed", "locked") and offset != unit.twist:
        return f"'{unit.id}''s turret is {turret} and cannot turn", "VEH-CRIT-18" if turret == "jammed" else "VEH-CRIT-19"
    return "", ""


def kept_twist(unit: Unit) -> int:
    """A jammed or locked turret stays where it points (VEH-CRIT-18, 19); a free one centers."""
    assert unit.vehicle is not None  # KINDS[VEHICLE]: a vehicle always carries its record
    return unit.twist if unit.vehicle.turret in ("jammed", "locked") else 0


def after_weapon_phase(unit: Unit) -> Unit:
    """The crew that cleared a jam this phase is done (VEH-CRIT-23)."""
    return vehicle_rules.with_state(unit, clearing=False) if vehicle_rules.clearing(unit) else unit

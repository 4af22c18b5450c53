"""The vehicle kind's movement (issue #30): cruise and flank, level changes, what keeps a vehicle still,
and what its motive changes (pavement, water, VTOL flight). The shared movement rules ask
``btcli.rules.kinds.mobility(unit)``; a vehicle's is chosen by its motive here.

Sources: catalog VEH-MOVE-01..11, VEH-URB-01, VEH-SLIP-03, VEH-URB-03, VEH-CRIT-10, -13, VEH-VTOL-11; tables.md 3, 11.1.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError
from btcli.model.board import Board, Hex, Terrain
from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId
from btcli.model.units import Motive, MoveMode, Unit
from btcli.rules import later
from btcli.rules.kinds.mobility import Mobility, run, walk

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from collections.abc import Callable

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


# ground: the terrain each motive may not enter (tables.md 11.2, VEH-MOVE-11; rule cited in the error).
PROHIBITED = {
    Motive.TRACKED: frozenset({Terrain.HEAVY_WOODS}),
    Motive.WHEELED: frozenset({Terrain.LIGHT_WOODS, Terrain.HEAVY_WOODS, Terrain.ROUGH, Terrain.RUBBLE}),
    Motive.HOVER: frozenset({Terrain.LIGHT_WOODS, Terrain.HEAVY_WOODS}),
    Motive.WIGE: frozenset({Terrain.LIGHT_WOODS, Terrain.HEAVY_WOODS, Terrain.BUILDING}),
    Motive.NAVAL: frozenset(set(Terrain) - {Terrain.WATER}),
}


def barred(terrain: frozenset[Terrain], floats: bool) -> Callable[[Hex, bool], str | None]:
    """A vehicle's prohibited terrain: deep water unless it floats (VEH-MOVE-10), then, off a road (a road
    carries any vehicle through woods, rough or rubble, URB-MOVE), the terrain of its motive (VEH-MOVE-11)."""

    def prohibited(there: Hex, on_road: bool) -> str | None:
        if there.is_deep_water and not floats:
            return "VEH-MOVE-10"
        if on_road:
            return None
        return "VEH-MOVE-11" if there.terrain in terrain else None

    return prohibited


TRACKED = Mobility(
    noun="vehicle", modes=modes, aliases={"walk": "cruise", "run": "flank"}, slow=MoveMode.CRUISE,
    fast=MoveMode.FLANK, walking_mp=walk, running_mp=run, level_change=level_change, mp_rule="VEH-MOVE-01",
    backward_rule="VEH-MOVE-08", pavement_bonus=True, skids=True, check_can_move=check_can_move,
    check_fast=check_fast, prohibited=barred(PROHIBITED[Motive.TRACKED], False),
)


def flying_vtol(unit: Unit) -> bool:
    """A VTOL is in the air above its hex, not landed (VEH-VTOL)."""
    return unit.elevation > 0


def always_flying(unit: Unit) -> bool:
    """A WiGE is always flying in btcli, one level up (docs/rules-notes.md), whatever its elevation."""
    return True


# tables.md 11.1: hover, naval and WiGE pay no water surcharge and enter deep water (VEH-MOVE-10); VEH-URB-01:
# only tracked and wheeled vehicles earn the pavement bonus. VEH-SLIP-03: hover, VTOL and WiGE sideslip; a
# hovercraft glides down a level (VEH-URB-03); a naval vessel neither skids nor sideslips. VTOL-CRIT: a VTOL rolls
# on its own critical table and has no motive system damage (tables.md 3, 5).
_AFLOAT = evolve(TRACKED, water_surcharge=False, pavement_bonus=False, floats=True)
MOBILITY = {
    Motive.TRACKED: TRACKED,
    Motive.WHEELED: evolve(TRACKED, prohibited=barred(PROHIBITED[Motive.WHEELED], False)),
    Motive.HOVER: evolve(_AFLOAT, prohibited=barred(PROHIBITED[Motive.HOVER], True), sideslips=True,
                         falls_in_a_skid=False),
    Motive.NAVAL: evolve(_AFLOAT, prohibited=barred(PROHIBITED[Motive.NAVAL], True), skids=False),
    Motive.WIGE: evolve(_AFLOAT, prohibited=barred(PROHIBITED[Motive.WIGE], True), sideslips=True,
                        airborne=always_flying),
    Motive.VTOL: evolve(TRACKED, pavement_bonus=False, flies=True, prohibited=barred(frozenset(), False),
                        sideslips=True, vtol_criticals=True, motive_damage=False, airborne=flying_vtol),
}
_UNLISTED = evolve(TRACKED, prohibited=barred(frozenset(), False))  # a motive no vehicle has: no terrain barred


def mobility(unit: Unit) -> Mobility:
    """A vehicle's movement, by its motive."""
    return MOBILITY.get(unit.motive, _UNLISTED)


# -- ground: a vehicle's height and flight, and the blows it deals and takes (issue #30) ----------------------

# A WiGE flies one level above the hex it is in (btcli's reading, UNVERIFIED: the TW WiGE flight rules are
# in neither the seeds nor tables.md; docs/rules-notes.md). That is its height for VEH-SLIP-10, 11.
WIGE_FLIGHT_ELEVATION = 1


def height(unit: Unit) -> int:
    """1 level (VEH-GEN-05); a large vehicle or landed DropShip its scenario ``height`` (default 1)."""
    v = unit.vehicle
    return v.height if v is not None and v.large else 1


def large(unit: Unit) -> bool:
    """A large support vehicle or a landed DropShip (scenario ``large = true``; VEH-VTOL-11, VEH-SLIP-11)."""
    return unit.vehicle is not None and unit.vehicle.large


def flight_elevation(unit: Unit) -> int:
    """The levels above its hex: a VTOL's elevation, a WiGE's 1, 0 on the ground."""
    if unit.motive is Motive.VTOL:
        return unit.elevation
    return WIGE_FLIGHT_ELEVATION if unit.motive is Motive.WIGE else 0


def charge_table(board: Board, attacker: Unit, target: Unit) -> str:
    """VEH-PHYS-04: a vehicle charging a standing 'Mech strikes its kick table, a hovercraft on depth-1 water
    its punch table; anything else on the normal table."""
    if not target.is_mech or target.built.prone:
        return "normal"
    here = target.hex
    assert here is not None  # a unit charged stands on the ground board
    water = board.hex(here)
    on_surface = attacker.motive is Motive.HOVER
    return "punch" if water.terrain is Terrain.WATER and water.depth == 1 and on_surface else "kick"


def side_struck_by(dice: Dice, target: Unit, attack: str, side: str) -> str:
    """VEH-PHYS-07: a death from above strikes a vehicle's front column; VEH-PHYS-06, AMB-9: a kick a random
    side (1D6: 1 front, 2 right, 3 rear, 4 left; 5-6 again)."""
    if attack == "dfa":
        return "front"
    if attack != "kick":
        return side
    while True:
        d6 = dice.d6(f"random side of {target.id}")
        if d6 <= 4:
            return ("front", "right", "rear", "left")[d6 - 1]


# core: what fire, damage and falls ask of a vehicle (issue #30) ------------------------------------------

_VTOL_DAMAGED = later("ground.vtol", "after_damage")
# ground/vehicles.py imports this module (a vehicle's mobility), so its rules are named, not imported.
_CANNOT_FIRE = later("ground.vehicles", "cannot_fire")
_CLEARING = later("ground.vehicles", "clearing")
_HAS_TURRET = later("ground.vehicles", "has_turret")
_WITH_STATE = later("ground.vehicles", "with_state")


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
    why, rule = _CANNOT_FIRE(unit, turn)
    if why:
        return f"'{unit.id}' cannot fire: {why}", rule
    if _CLEARING(unit):
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
    if not _HAS_TURRET(unit):
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
    return _WITH_STATE(unit, clearing=False) if _CLEARING(unit) else unit

"""VTOL flight (VEH-VTOL-01..15) and VTOL crashes (VTOL-CRASH, tables.md 5 notes).

A VTOL's ``elevation`` is its height above the ground level of its hex; its
absolute height is ground level + elevation. Path steps: ``A`` climbs one level,
``D`` descends one, ``F``/``B`` fly one hex, ``L``/``R`` turn; every step costs
1 MP whatever the terrain (VEH-VTOL-02, 04). Flying keeps the absolute height,
so the elevation changes with the ground below. A move loads this module, only a crash or damage meets
its events: each function imports those it says (``model.events_vehicles``; issue #17).
"""

from __future__ import annotations

from math import ceil

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.board import WOODS_HEIGHT, Hex, Terrain
from btcli.model.frozen import Record
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, evolve
from btcli.model.units import Unit
from btcli.rules.ground import placement, vehicles
from btcli.rules.ground.placement import is_large, units_in_the_way
from btcli.rules.ground.terrain import obstacle_height, prohibited_rule

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

MAX_ELEVATION = 500  # VEH-VTOL-05
LANDING_TERRAIN = {Terrain.CLEAR, Terrain.PAVED, Terrain.BUILDING}  # VEH-VTOL-10 (a road counts as paved)
CRASH_SIDE = {1: "front", 2: "right", 3: "right", 4: "rear", 5: "left", 6: "left"}  # tables.md 5 notes (MegaMek)


class Flight(Record, slots=False):
    """A checked VTOL move: where it ends, how high, what it cost, and whether it ends in a crash."""

    end: HexId
    facing: Facing
    elevation: int
    mp: int
    hexes: int
    crash: str = ""  # why the VTOL crashes at the end of this move ('' = it does not)
    landed: bool = False
    charge: str = ""  # VEH-VTOL-11: the large unit it charged trying to land on it ('' = none)


def landing_problem(h: Hex) -> str:
    """Returns why a VTOL may not land in this hex (VEH-VTOL-10, 15), or ''."""
    if h.bridge is not None:  # a bridge deck carries a road: paved landing ground
        return ""
    if h.terrain is Terrain.WATER:
        return "water (VEH-VTOL-15)"
    if h.terrain not in LANDING_TERRAIN and not h.road:
        return f"{h.terrain.value.replace('_', ' ')} is no landing ground (VEH-VTOL-10)"
    return ""


def _roof(h: Hex) -> int:
    return h.building.height if h.building is not None else 0


def check_flight(state: GameState, unit: Unit, budget: int, steps: tuple[str, ...]) -> Flight:
    """Checks a VTOL's path step by step; raises IllegalOrderError for what the rules forbid.

    A VTOL is landed when its elevation equals the ground (0) or a building's roof; it may take
    off again in the same move (climb first, VEH-VTOL-08). A crash ends the move.
    """
    here, facing, elevation = unit.hex, unit.facing, unit.elevation
    mp = hexes = 0
    # VEH-VTOL-12: below the treetops only along a road it started on, for the whole move.
    landed, on_road = flight_start(state, unit)

    def done(**outcome) -> Flight:
        if mp > budget:  # the MP limit holds whatever the move ends in (VEH-VTOL-02)
            raise IllegalOrderError(f"illegal flight: '{unit.id}' needs {mp} MP for this path, has {budget}", "VEH-VTOL-02")
        return Flight(here, facing, elevation, mp, hexes, **outcome)

    for step in steps:
        mp += 1
        here, facing, elevation, landed, on_road, entered, outcome = flight_step(
            state, unit, here, facing, elevation, landed, on_road, step)
        hexes += entered
        if outcome is not None:  # a crash or a charge ends the move
            return done(**outcome)
    return done(landed=landed)


def flight_start(state: GameState, unit: Unit) -> tuple[bool, bool]:
    """Returns whether the VTOL starts its move landed (on the ground or a roof) and on a road through woods below
    the treetops (VEH-VTOL-12), as ``check_flight`` starts."""
    h = state.board.hex(unit.hex)
    return unit.elevation == _roof(h), h.road and h.terrain.is_woods and unit.elevation <= WOODS_HEIGHT


def flight_ceiling(state: GameState, unit: Unit) -> int:
    """Returns the level above which a route never climbs: one over the highest treetop, roof (VEH-VTOL-06) and unit
    (VEH-VTOL-14) on the board, where nothing is in a flier's way."""
    board = state.board
    tops = [h.level + obstacle_height(h, False) for h in (board.default, *board.hexes.values())]
    tops += [board.hex(u.hex).level + placement.flight_elevation(u) + placement.body_height(u)
             for u in state.units.values() if u.id != unit.id and u.active and u.hex is not None
             and board.contains(u.hex)]
    return max(tops) + 1


def flight_step(state: GameState, unit: Unit, here: HexId, facing: Facing, elevation: int, landed: bool,
                on_road: bool, step: str) -> tuple[HexId, Facing, int, bool, bool, bool, dict[str, str] | None]:
    """Returns where one step of a flight (1 MP, VEH-VTOL-02) leaves the VTOL: (hex, facing, elevation, landed, on a
    road below the treetops, whether it entered a hex, and the outcome that ends the move: ``{"crash": why}`` or
    ``{"charge": unit}``, else None); raises IllegalOrderError for what the rules forbid. ``check_flight`` plays a
    path by it, and the route finder (``movement.successors``) searches by it."""
    board = state.board
    h = board.hex(here)
    if step == "A":
        if h.level + elevation + 1 > MAX_ELEVATION:
            raise IllegalOrderError(f"illegal flight: '{unit.id}' cannot climb above level {MAX_ELEVATION}", "VEH-VTOL-05")
        return here, facing, elevation + 1, False, on_road, False, None
    if step == "D":
        if landed:
            raise IllegalOrderError(f"illegal flight: '{unit.id}' is already landed", "VEH-VTOL-09")
        large = _large_below(state, unit, here, elevation - 1)
        if large is not None:  # VEH-VTOL-11: trying to land on it is an automatic charge; the move ends
            return here, facing, elevation, landed, on_road, False, {"charge": large.id}
        elevation -= 1
        if h.building is not None and elevation == h.building.height:  # VEH-VTOL-10: a roof landing
            return here, facing, elevation, True, on_road, False, None
        if elevation == 0:
            problem = landing_problem(h)
            if problem:
                return here, facing, elevation, landed, on_road, False, {"crash": f"it tries to land: {problem}"}
            return here, facing, elevation, True, on_road, False, None
        if elevation <= obstacle_height(h, on_road):
            raise IllegalOrderError(
                f"illegal flight: '{unit.id}' may not fly at or below the treetops or roof at {here.label}", "VEH-VTOL-06"
            )
        return here, facing, elevation, landed, on_road, False, None
    if landed or elevation < 1:
        raise IllegalOrderError(f"illegal flight: '{unit.id}' is landed; climb (A) before moving or turning", "VEH-VTOL-03")
    if step in ("L", "R"):
        return here, facing.turned(-1 if step == "L" else 1), elevation, landed, on_road, False, None
    if step not in ("F", "B"):
        raise InputError(f"bad VTOL step {step!r}: use F, B, L, R, A (climb) and D (descend)")
    there = here.neighbor(facing if step == "F" else facing.opposite())
    if not board.contains(there):
        raise InputError(f"illegal flight: '{unit.id}' would leave the map at {there.label}")
    absolute = h.level + elevation
    target = board.hex(there)
    on_road = on_road and target.road
    elevation = absolute - target.level
    if elevation <= 0:  # VEH-VTOL-13: flown into the ground
        return there, facing, 0, landed, on_road, True, {"crash": f"flies into the ground at {there.label} (VEH-VTOL-13)"}
    if elevation <= obstacle_height(target, on_road):
        raise IllegalOrderError(
            f"illegal flight: '{unit.id}' may not fly at or below the treetops or roof at {there.label}", "VEH-VTOL-06"
        )
    _check_collision(state, unit, there, elevation)
    return there, facing, elevation, landed, on_road, True, None


def _large_below(state: GameState, unit: Unit, here: HexId, elevation: int) -> Unit | None:
    """Returns the large support vehicle or landed DropShip in ``here`` that a VTOL descending to
    ``elevation`` would touch (VEH-VTOL-11), or None."""
    return next((u for u in units_in_the_way(state, unit, here, elevation) if is_large(u)), None)


def _check_collision(state: GameState, unit: Unit, there: HexId, elevation: int) -> None:
    """VEH-VTOL-14: flying into a hex at the height of a unit there would be an accidental charge; btcli
    refuses it as a move (a player does not plan a collision; skids and slips resolve theirs)."""
    blockers = units_in_the_way(state, unit, there, elevation)
    if blockers:
        raise IllegalOrderError(
            f"illegal flight: '{unit.id}' would fly into '{blockers[0].id}' at its height in {there.label} "
            f"(an accidental charge); fly higher", "VEH-VTOL-14"
        )


def crash(state: GameState, unit: Unit, levels: int, why: str, dice: Dice, events: Events) -> GameState:
    """Crashes a VTOL that falls: ceil(tons/10) x (levels + 1), the side by 1D6 (tables.md 5 notes)."""
    from btcli.model.events_vehicles import VTOLCrashed

    events.append(VTOLCrashed(unit.id, why))
    total = ceil(unit.tons / 10) * (levels + 1)
    side = CRASH_SIDE[dice.d6(f"crash side {unit.id}")] if not _in_water(state, unit) else "front"
    return crash_damage(state, unit, total, side, dice, events)


def _in_water(state: GameState, unit: Unit) -> bool:
    h = state.board.hex(unit.hex)
    return h.terrain is Terrain.WATER and h.bridge is None


def crash_damage(state: GameState, unit: Unit, total: int, side: str, dice: Dice, events: Events) -> GameState:
    """Resolves a crash (VTOL-CRASH-02..04): 5-point groups on the VTOL table column of ``side``; any
    internal structure damage may explode it (VEH-DMG-06, AMB-13); a survivor on landing ground is
    landed, otherwise destroyed. It cannot attack this turn."""
    from btcli.model.events_vehicles import CrashedIntoWater, CrashExplosion, CrashNoRest, CrashSurvived
    from btcli.rules.core import combat_tables, damage

    wige = not placement.flies_as_vtol(unit)  # else a WiGE, flying on its wings (VEH-SLIP-11)
    unit = vehicles.with_state(unit, crashed_turn=state.turn)  # VTOL-CRASH-04
    if _in_water(state, unit):
        # A WiGE too (MegaMek's crashVTOLorWiGE, tables.md 5 notes; UNVERIFIED)
        events.append(CrashedIntoWater(unit.id, "tables.md 5" if wige else "VEH-VTOL-15"))
        return state.with_unit(evolve(unit, destroyed=True))
    structure = sum(unit.internal.values())
    for amount in combat_tables.damage_groups(total, 5):  # VTOL-CRASH-02: a WiGE on the ground vehicle table
        unit = vehicles.vehicle_damage(unit, damage.vehicle_hit(unit, side, amount, dice, "crash"), dice, events, state.turn)
        if unit.destroyed:
            return state.with_unit(unit)
    if not wige and sum(unit.internal.values()) < structure and explodes_on_crash(state, unit):
        events.append(CrashExplosion(unit.id))
        return state.with_unit(evolve(unit, destroyed=True))
    problem = landing_problem(state.board.hex(unit.hex)) if not wige else _wige_rest_problem(state, unit)
    large = [u.id for u in state.units.values() if u.hex == unit.hex and u.active and placement.is_large(u)]
    if large:  # the large unit fills the hex (btcli's reading, UNVERIFIED)
        problem = f"'{large[0]}' fills the hex"
    if problem:
        events.append(CrashNoRest(unit.id, problem))
        return state.with_unit(evolve(unit, destroyed=True))
    events.append(CrashSurvived(unit.id, unit.hex))
    return state.with_unit(unit.placed_at(elevation=0 if wige else _roof(state.board.hex(unit.hex))))


def _wige_rest_problem(state: GameState, unit: Unit) -> str:
    """Returns why a crashed WiGE cannot come to rest in its hex, or '': it can where it may move (woods and
    buildings are barred to it, tables.md 11.2; btcli's reading of VTOL-CRASH-03 for a WiGE, UNVERIFIED)."""
    h = state.board.hex(unit.hex)
    if prohibited_rule(unit, h, on_road=False):
        return f"a WiGE may not enter {h.terrain.value.replace('_', ' ')} (VEH-MOVE-11)"
    return ""


def explodes_on_crash(state: GameState, unit: Unit) -> bool:
    """VEH-DMG-06/07, AMB-13: every VTOL (catalog reading) or only ICE ones (option vtol_crash_explosion = 'ice')."""
    return state.options.vtol_crash_explosion == "all" or unit.engine == "ice"

# -- an airborne VTOL after damage (VTOL-CRIT-04, 05, 08; VEH-DMG-05) --------------------------------

FORCED_LANDING_TERRAIN = {Terrain.CLEAR, Terrain.PAVED, Terrain.ROUGH, Terrain.BUILDING}  # VTOL-CRIT-04
ENGINE_LANDING_MODIFIER = 4  # VTOL-CRIT-04: the landing roll is made at +4


def airborne(state: GameState, unit: Unit) -> bool:
    return placement.flies_as_vtol(unit) and unit.elevation > _roof(state.board.hex(unit.hex))


def after_damage(state: GameState, before: Unit, dice: Dice, events: Events) -> GameState:
    """Resolves what damage does to a VTOL in the air: engine hit, no MP left, pilot hit."""
    unit = state.units[before.id]
    if unit.destroyed or not airborne(state, unit):
        return state
    if unit.vehicle.engine_hit and not before.vehicle.engine_hit:
        return forced_landing(state, unit, "engine hit (VTOL-CRIT-04)", dice, events)
    if unit.walk == 0 and before.walk > 0:  # VEH-DMG-05, AMB-12: as an engine hit, but the engine runs
        return forced_landing(state, unit, "no MP left (VEH-DMG-05)", dice, events)
    if vehicles.count(unit, "pilot hit") > vehicles.count(before, "pilot hit"):  # VTOL-CRIT-08
        modifiers = [("driving", unit.piloting)] + vehicles.driving_modifiers(unit)
        roll = dice.roll(2, f"driving skill roll {unit.id} (pilot hit)", target=sum(v for _, v in modifiers),
                         modifiers=tuple(modifiers))
        if not roll.success:
            from btcli.model.events_vehicles import PilotHitDrop

            h = state.board.hex(unit.hex)
            unit = unit.placed_at(elevation=unit.elevation - 1)
            events.append(PilotHitDrop(unit.id, unit.elevation))
            if unit.elevation <= obstacle_height(h, on_road=False):
                return crash(state.with_unit(unit), unit, 0, "it dropped into the terrain", dice, events)
            return state.with_unit(unit)
    return state


def forced_landing(state: GameState, unit: Unit, why: str, dice: Dice, events: Events) -> GameState:
    """VTOL-CRIT-04/05: over clear, paved, rough or a building a driving roll at +4 lands it, immobile;
    a failure, or any other terrain, destroys it."""
    from btcli.model.events_vehicles import ForcedLanding, ForcedLandingFailed, ForcedLandingImpossible

    h = state.board.hex(unit.hex)
    if h.terrain not in FORCED_LANDING_TERRAIN or h.terrain is Terrain.WATER:
        events.append(ForcedLandingImpossible(unit.id, h.terrain, why))
        return state.with_unit(evolve(unit, destroyed=True))
    modifiers = [("driving", unit.piloting), ("forced landing", ENGINE_LANDING_MODIFIER)] + vehicles.driving_modifiers(unit)
    roll = dice.roll(2, f"driving skill roll {unit.id} (forced landing)", target=sum(v for _, v in modifiers),
                     modifiers=tuple(modifiers))
    if not roll.success:
        events.append(ForcedLandingFailed(unit.id, roll.total, roll.target))
        return state.with_unit(evolve(unit, destroyed=True))
    events.append(ForcedLanding(unit.id, unit.hex, why))
    unit = vehicles.with_state(unit, immobile=True)
    if h.building is not None and h.building.cf < unit.tons:  # VTOL-CRIT-06: the roof cannot carry it
        return _collapse_under(state, unit, dice, events)
    return state.with_unit(unit.placed_at(elevation=_roof(h)))


def roof_landing(state: GameState, before: Unit, dice: Dice, events: Events) -> GameState:
    """VEH-VTOL-10: a VTOL may land on a roof, the building's weight rules applying (the seed's P.176 collapse);
    a roof that cannot carry it (URB-COLL-01, URB-BLD-05: more tons than the CF on it) collapses at once under
    it, as under a forced landing (VTOL-CRIT-06). ``before`` is the VTOL as its move began."""
    unit = state.units[before.id]
    h = state.board.hex(unit.hex) if unit.hex is not None else None
    if unit.destroyed or h is None or h.building is None or unit.elevation != h.building.height:
        return state
    if (before.hex, before.elevation) == (unit.hex, unit.elevation):
        return state  # it was landed there already
    from btcli.rules.urban import structures

    if not structures.overweight(state, unit.hex, unit, (0, True, False)):
        return state
    return _collapse_under(state, unit, dice, events, "VEH-VTOL-10")


def _collapse_under(state: GameState, unit: Unit, dice, events: Events, rule: str = "VTOL-CRIT-06") -> GameState:
    """VTOL-CRIT-06: a building hex whose current CF is below the VTOL's tonnage collapses under the forced
    landing, by the standard building rules: the VTOL is on the roof when it goes (URB-COLL-04..09)."""
    from btcli.model.events_vehicles import RoofCannotCarry
    from btcli.rules.core import displacement

    h = state.board.hex(unit.hex)
    cf = h.building.cf
    events.append(RoofCannotCarry(unit.hex, cf, unit.id, unit.tons, rule))
    state = state.with_unit(placement.placed(unit.placed_at(elevation=0), top=True))
    return displacement.collapse(state, [unit.hex], dice, events, f"{unit.id} ({unit.tons} t) lands on its roof")

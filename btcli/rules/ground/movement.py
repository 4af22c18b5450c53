"""Ground movement for 'Mechs and ground vehicles: MP costs, levels, facing, modes.

Sources: tables.md 11 (terrain costs, prohibited terrain), catalog VEH-GEN,
VEH-MOVE and VEH-URB-01, Total Warfare p.57 (stacking). Skids, sideslips and
VTOL flight (issue #4) will check each step of a ground path here, in
``check_move``, which sees every hex entered and every facing change in order.
"""

from __future__ import annotations

from btcli.errors import IllegalOrderError, InputError
from btcli.model.board import Board, BuildingType, Hex, Terrain
from btcli.model.events import Event, Flew, MadeMinimumMove, Moved, StoodStill, TurnedInPlace
from btcli.model.frozen import Record
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, evolve
from btcli.model.units import GROUND, MoveMode, Unit
from btcli.rules import kinds
from btcli.rules.ground import myomer_jets, placement, vtol
from btcli.rules.ground.terrain import TERRAIN_COST, follows_road, prohibited_rule  # noqa: F401

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

# tables.md 11.1: MP to enter a hex, before level changes.
# tables.md 10.1: extra MP to enter a building hex, by type.
BUILDING_EXTRA_MP = {BuildingType.LIGHT: 1, BuildingType.MEDIUM: 2, BuildingType.HEAVY: 3, BuildingType.HARDENED: 4}
# tables.md 11.1: water by depth (0, 1, 2+); hover, naval and WiGE pay no water surcharge (their mobility's
# ``water_surcharge``). How many levels a unit may change per hex and at what MP is its kind's
# (``Mobility.level_change``: btcli.rules.kinds.mech, vehicle, infantry).
WATER_COST = {0: 1, 1: 2}
DEEP_WATER_COST = 4


# A building, roof or bridge a move meets (resolved by btcli.rules.urban.buildings.enter): ``index``, the step
# that enters the hex; ``hex``; ``kind``, "enter" (a building's interior), "roof", "deck" or "bridge"
# (entered like a building); ``hexes_moved``, counting this hex (the entry PSR's ladder); ``backward``;
# ``floor``.
class StructureMeet(Record):
    index: int
    hex: HexId
    kind: str
    hexes_moved: int
    backward: bool
    floor: int


class MovePlan(Record, slots=False):
    """A checked move: the hexes entered, where it ends, what it cost and in which mode."""

    unit: str
    mode: MoveMode
    steps: tuple[str, ...]
    hexes: tuple[HexId, ...]  # hexes entered, in order
    end: HexId
    facing: Facing
    mp: int
    hexes_moved: int
    minimum_move: bool = False
    elevation: int | None = None  # VTOLs: elevation at the end of the move
    crash: str = ""  # VTOLs: why the move ends in a crash
    charge: str = ""  # VTOLs: the large unit it charges trying to land on it (VEH-VTOL-11)
    place: tuple[int, bool, bool] | None = None  # floor, on a roof, under a bridge at the end (None: as before)
    structures: tuple[StructureMeet, ...] = ()  # buildings, roofs and bridges met on the way, in order

# -- terrain ------------------------------------------------------------------


class StepInto(Record):
    """One hex entered: its MP, the level and place (floor, roof, under a bridge) the unit ends at,
    and what the structure there asks of it: "enter" (a building's interior, URB-MOVE-03), "roof",
    "deck", "bridge" (a bridge it can pass neither over nor under, URB-BRG-08) or ""."""

    mp: int
    paved: bool
    level: int
    place: tuple[int, bool, bool] = (0, False, False)  # floor, on the roof, under a bridge
    event: str = ""


def move_level(board: Board, unit: Unit) -> int:
    """Returns the level a unit moves from: its floor, roof or bridge deck, else its hex's (surface) level.

    Unlike ``placement.unit_level`` (where a 'Mech's feet are: a water hex's bottom), level changes
    are counted from a water hex's surface: its depth is paid as the water's MP (tables.md 11.1)."""
    h = board.hex(unit.hex)
    if h.building is not None:
        return h.level + (h.building.height if placement.on_top(unit) else placement.floor_of(unit))
    if h.bridge is not None and not placement.under_bridge(unit):
        return h.bridge.level
    return h.level


def step_into(
    unit: Unit, board: Board, here_id: HexId, there_id: HexId, level: int, inside: HexId | None,
    backward: bool, top: bool = False, under: bool = False,
) -> StepInto:
    """Returns what entering ``there_id`` from ``here_id`` (standing at ``level``) costs and where the unit
    ends up; ``inside`` is the building hex it is inside, if any; ``top`` asks for the roof or deck
    (step T). Raises IllegalOrderError naming the rule that forbids the step."""
    here, there = board.hex(here_id), board.hex(there_id)
    on_road = follows_road(here, there, here_id.direction_to(there_id))
    mobility = kinds.mobility(unit)
    structure = there.building is not None or there.bridge is not None
    if top and not structure:
        raise IllegalOrderError(
            f"illegal move: T climbs onto a roof or bridge deck; {there_id.label} has neither", "URB-BLD-11"
        )
    rule = prohibited_rule(unit, there, on_road)
    if rule:
        name = there.terrain.value.replace("_", " ")
        if not mobility.enters_buildings and there.building is not None:
            raise IllegalOrderError(
                f"illegal move: {mobility.noun} '{unit.id}' may not enter the building at {there_id.label} "
                f"({mobility.noun} in buildings are not modelled)", rule)
        if there.is_deep_water:
            name = f"depth {there.depth} water"
        raise IllegalOrderError(
            f"illegal move: {unit.motive.value} '{unit.id}' may not enter {name} at {there_id.label}", rule
        )
    place = (0, False, False)
    event = ""
    if there.building is not None:
        b = there.building
        if top:  # URB-BLD-11: roofs are crossed like hills
            if not mobility.climbs_roofs:
                raise IllegalOrderError(f"illegal move: only 'Mechs climb onto roofs ('{unit.id}')", "URB-BLD-11")
            if inside is not None and placement.same_structure(board, inside, there_id):  # URB-MOVE-06
                raise IllegalOrderError(
                    f"illegal move: '{unit.id}' is inside the building and cannot climb onto its roof at "
                    f"{there_id.label} (no level changes inside a building)", "URB-MOVE-06")
            new_level, place, event, mp = there.level + b.height, (0, True, False), "roof", 1
        else:
            if inside is not None and placement.same_structure(board, inside, there_id):
                floor = level - there.level  # URB-MOVE-06: no level changes inside
                if not 0 <= floor < b.height:
                    raise IllegalOrderError(
                        f"illegal move: '{unit.id}' cannot change levels inside the building entering "
                        f"{there_id.label} (it is on level {level}; that hex has levels {there.level}-"
                        f"{there.level + b.height - 1})", "URB-MOVE-06")
            else:  # URB-MOVE-02: the ground floor, or the level of a higher neighbour
                floor = min(max(0, level - there.level), b.height - 1)
            new_level, place, event = there.level + floor, (floor, False, False), "enter"
            mp = TERRAIN_COST[Terrain.BUILDING] + BUILDING_EXTRA_MP[b.type]
    elif there.bridge is not None:
        g = there.bridge
        if top or (on_road and inside is None and not under):  # along the road: onto the deck
            new_level, event, mp = g.level, "deck", 1
        elif placement.fits_under(there, mobility.bridge_height):  # URB-BRG-06/07
            new_level, place = there.level, (0, False, True)
            mp = _terrain_mp(mobility, there)
        else:  # URB-BRG-08: neither over nor under: entered like a building
            new_level, place, event = there.level, (0, False, True), "bridge"
            mp = TERRAIN_COST[Terrain.BUILDING] + BUILDING_EXTRA_MP[g.type]
    else:
        new_level = there.level
        mp = 1 if on_road or there.terrain is Terrain.PAVED else _terrain_mp(mobility, there)
    mp += mobility.level_change(unit, there_id, new_level - level, backward)
    return StepInto(mp, there.paved and not place[2], new_level, place, event)


def _terrain_mp(mobility: kinds.Mobility, there: Hex) -> int:
    if there.terrain is Terrain.WATER:
        return WATER_COST.get(there.depth, DEEP_WATER_COST) if mobility.water_surcharge else 1
    return TERRAIN_COST[there.terrain]

# -- MP available ---------------------------------------------------------------


def parse_mode(unit: Unit, text: str) -> MoveMode | None:
    """Returns the mode named by ``--mode`` for this unit (None = choose automatically): one of its kind's
    modes, by its name or an alias ("flank" for a 'Mech's run, "walk" for a vehicle's cruise)."""
    if not text:
        return None
    mobility = kinds.mobility(unit)
    name = mobility.aliases.get(text.lower(), text.lower())
    try:
        mode = MoveMode(name)
    except ValueError:
        mode = None
    allowed = mobility.modes(unit)
    if mode not in allowed:
        names = ", ".join(sorted(m.value for m in allowed))
        raise InputError(f"bad --mode {text!r} for '{unit.id}' (use one of: {names})")
    return mode


def slow_mode(unit: Unit) -> MoveMode:
    """Returns the unit's slower mode: walking, or a vehicle's cruising."""
    return kinds.mobility(unit).slow


def fast_mode(unit: Unit) -> MoveMode:
    """Returns the unit's faster mode: running, a vehicle's flanking (infantry do not run: walking)."""
    return kinds.mobility(unit).fast


def walking_mp(unit: Unit) -> int:
    """Returns walking (cruise) MP now: a 'Mech's leg damage and heat take some away (tables.md 15)."""
    return kinds.mobility(unit).walking_mp(unit)


def running_mp(unit: Unit) -> int:
    """Returns running (flank) MP now: ceil(1.5 x walking MP) for a damaged or hot 'Mech; none without a leg."""
    return kinds.mobility(unit).running_mp(unit)


def mode_mp(unit: Unit, mode: MoveMode, pavement_bonus: bool) -> int:
    """Returns the MP a mode allows, with the pavement bonus where it applies (VEH-URB-01)."""
    base = walking_mp(unit) if mode in (MoveMode.WALK, MoveMode.CRUISE) else running_mp(unit)
    return base + (1 if pavement_bonus else 0)


def gets_pavement_bonus(unit: Unit) -> bool:
    """Tells whether the unit is of a kind that can earn the +1 MP pavement bonus (VEH-URB-01)."""
    return kinds.mobility(unit).pavement_bonus

# -- checking a path -------------------------------------------------------------


def occupants(state: GameState, hex_id: HexId, exclude: str = "") -> list[Unit]:
    """Returns the active units in a hex, a multi-hex asset in each hex of its footprint (ASSET-MULTI-03)."""
    if type(hex_id) is not HexId:
        return [u for u in state.units.values()
                if (u.hex == hex_id or (u.position is not None and hex_id in u.position.footprint))
                and u.active and u.id != exclude]
    col, row = hex_id.col, hex_id.row  # compared field by field: replay asks this for every unit of every move
    found = []
    for u in state.units.values():
        p = u.position
        if p is None or u.destroyed or u.id == exclude:
            continue
        h = p.hex
        if (p.map == GROUND and h.col == col and h.row == row and type(h) is HexId) or hex_id in p.footprint:
            found.append(u)
    return found


def check_move(
    state: GameState, unit: Unit, mode: MoveMode | None, steps: tuple[str, ...], partial: bool = False
) -> MovePlan:
    """Checks a step path for ``unit`` and returns the plan; raises IllegalOrderError naming the rule."""
    if (mode is MoveMode.STAND or not steps) and not unit.destroyed and unit.hex is not None:
        if steps:
            raise InputError("--mode stand takes no --path")
        return MovePlan(unit.id, MoveMode.STAND, (), (), unit.hex, unit.facing, 0, 0)
    standing = steps[:1] == ("U",)
    if "U" in steps[1:]:
        raise InputError("U (stand up) can only be the first step of a path")
    if standing and not (kinds.mobility(unit).stands_up and unit.built.prone):
        raise IllegalOrderError(f"'{unit.id}' is not a prone 'Mech and cannot stand up", "tables.md 8.6")
    _check_can_move(unit, standing)
    if mode is MoveMode.JUMP:
        raise InputError("a jump goes --to a hex with --facing, not along a --path")
    if kinds.mobility(unit).flies:
        return _check_vtol(state, unit, mode, steps)
    if mode is MoveMode.STAND or not steps:
        if steps:
            raise InputError("--mode stand takes no --path")
        return MovePlan(unit.id, MoveMode.STAND, (), (), unit.hex, unit.facing, 0, 0)
    board = state.board
    here, facing = unit.hex, unit.facing
    start_paved = board.hex(here).paved
    all_paved = start_paved
    mp = 0
    entered: list[HexId] = []
    backward = False
    if here in board.structure_hexes:
        level = move_level(board, unit)
        inside = here if placement.inside(board, unit) is not None else None
        place = (placement.floor_of(unit), placement.on_top(unit), placement.under_bridge(unit))
    else:
        level, inside, place = board.hex(here).level, None, (0, False, False)
    structures: list[StructureMeet] = []
    for index, step in enumerate(steps):
        if step in ("A", "D"):
            raise InputError(f"A and D (climb, descend) are VTOL steps; '{unit.id}' moves on the ground")
        if step == "U":  # standing up costs 2 MP and a PSR, rolled by the engine (tables.md 8.6)
            mp += STAND_UP_MP
            continue
        if step in ("L", "R"):
            facing = facing.turned(-1 if step == "L" else 1)
            mp += 1
            continue
        direction = facing if step in ("F", "T") else facing.opposite()
        there = here.neighbor(direction)
        if not board.contains(there):
            raise InputError(
                f"illegal move: '{unit.id}' would leave the map at {there.label} "
                f"(columns 01-{board.width:02d}, rows 01-{board.height:02d})"
            )
        cost = step_into(unit, board, here, there, level, inside, step == "B", top=step == "T", under=place[2])
        _check_enemy(state, unit, there, cost.place if there in board.structure_hexes else None)
        backward = backward or step == "B"
        mp += cost.mp
        all_paved = all_paved and cost.paved
        entered.append(there)
        if cost.event:
            structures.append(StructureMeet(index, there, cost.event, len(entered), step == "B", cost.place[0]))
        here, level, place = there, cost.level, cost.place
        inside = there if cost.event == "enter" else None
    bonus = gets_pavement_bonus(unit) and all_paved
    plan_mode, minimum = _choose_mode(unit, mode, mp, bonus, backward, entered, steps, board, state.turn)
    if not partial:  # a move cut short by a failed roll may stop in a friend's hex and slide on
        _check_stacking(state, unit, here, place)
    return MovePlan(unit.id, plan_mode, steps, tuple(entered), here, facing, mp, len(entered), minimum,
                    place=place, structures=tuple(structures))

STAND_UP_MP = 2  # TW: standing up costs 2 MP


def _check_vtol(state: GameState, unit: Unit, mode: MoveMode | None, steps: tuple[str, ...]) -> MovePlan:
    """Checks a VTOL's flight (VEH-VTOL-01..15) and returns the plan."""
    mobility = kinds.mobility(unit)
    slow, fast = mobility.slow, mobility.fast  # battle armor flies at walking MP only (its fast mode walks)
    flank = fast.is_fast and (mode is fast or (mode is None and len(steps) > walking_mp(unit)))
    budget = running_mp(unit) if flank else walking_mp(unit)
    if flank and "B" in steps:
        raise IllegalOrderError(f"illegal flight: '{unit.id}' cannot fly backward with flank MP", "VEH-MOVE-08")
    flight = vtol.check_flight(state, unit, budget, steps)
    if flight.crash and not mobility.crashes:  # VEH-VTOL-07: a squad's own rules would decide; btcli refuses it
        raise IllegalOrderError(
            f"illegal flight: battle armor '{unit.id}' would crash: {flight.crash} (battle armor crashes are not "
            f"modelled)", "VEH-VTOL-07")
    if flight.charge and not mobility.crashes:
        raise IllegalOrderError(
            f"illegal flight: battle armor '{unit.id}' may not land on '{flight.charge}' (a charge; not modelled)",
            "VEH-VTOL-07")
    if flight.landed or flight.crash:
        others = occupants(state, flight.end, exclude=unit.id)
        if others and not flight.crash:
            raise IllegalOrderError(
                f"illegal flight: '{unit.id}' cannot land in {flight.end.label} on '{others[0].id}'", "TW p.57 stacking"
            )
    return MovePlan(
        unit.id, fast if flank else slow, steps, (), flight.end, flight.facing, flight.mp,
        flight.hexes, elevation=flight.elevation, crash=flight.crash, charge=flight.charge,
    )


def _check_can_move(unit: Unit, standing: bool = False) -> None:
    if unit.destroyed:
        raise IllegalOrderError(f"'{unit.id}' is destroyed", "TW p.39")
    if unit.hex is None:
        raise IllegalOrderError(f"'{unit.id}' is not on the map", "TW p.39")
    if unit.built.prone and not standing:
        raise IllegalOrderError(f"'{unit.id}' is prone: start its path with U to stand up", "tables.md 8.6")
    if unit.built.shutdown or not unit.conscious:
        raise IllegalOrderError(f"'{unit.id}' is shut down or its crew out of action: it can only stand", "tables.md 15")
    kinds.mobility(unit).check_can_move(unit)  # a vehicle's engine or motive damage (btcli.rules.kinds.vehicle)


def _check_enemy(state: GameState, unit: Unit, there: HexId, place: tuple[int, bool, bool] | None = None) -> None:
    """TW p.57: no entering an enemy's hex; in a building or bridge hex, no entering an enemy's level
    (URB-MOVE-11: each level is stacked separately, so enemies may hold different floors, URB-IN-09)."""
    for other in occupants(state, there, exclude=unit.id):
        if place is not None and (placement.floor_of(other), placement.on_top(other), placement.under_bridge(other)) != place:
            continue
        if other.side != unit.side and kinds.of(other).hinders_movement:  # ASSET-STACK-02: assets do not
            raise IllegalOrderError(
                f"illegal move: '{unit.id}' may not enter {there.label}, held by enemy '{other.id}'", "TW p.57 stacking"
            )


def _check_stacking(state: GameState, unit: Unit, end: HexId, place: tuple[int, bool, bool] = (0, False, False)) -> None:
    """TW p.57: one unit per hex, and per level of a building hex (URB-MOVE-11)."""
    others = [
        u for u in occupants(state, end, exclude=unit.id)
        if (placement.floor_of(u), placement.on_top(u), placement.under_bridge(u)) == place
    ]
    stacking = next((rule for rule in (kinds.of(u).stacking for u in others) if rule is not None), None)
    if stacking is not None:  # seed 004: 1 asset and 1 friendly 'Mech (ASSET-STACK-01, -02)
        stacking(end, unit, others)
        return
    if others:
        raise IllegalOrderError(
            f"illegal move: '{unit.id}' cannot end its move in {end.label} with '{others[0].id}' "
            f"(one 'Mech or vehicle per hex)",
            "TW p.57 stacking",
        )


def _choose_mode(unit, mode, mp, bonus, backward, entered, steps, board, turn=0) -> tuple[MoveMode, bool]:
    mobility = kinds.mobility(unit)
    slow, fast = mobility.slow, mobility.fast
    slow_mp, fast_mp = mode_mp(unit, slow, bonus), mode_mp(unit, fast, bonus)
    if mode is None:
        mode = slow if mp <= slow_mp else fast
    if mode is fast:
        mobility.check_fast(unit, turn)  # a vehicle's stunned crew (VEH-CRIT-10)
    if mode is fast and backward:
        raise IllegalOrderError(f"illegal move: '{unit.id}' cannot move backward using {fast.value} MP",
                                mobility.backward_rule)
    if mode is MoveMode.RUN and any(board.hex(h).is_deep_water for h in entered):
        raise IllegalOrderError(f"illegal move: 'Mech '{unit.id}' may not run into water", "tables.md 11.1")
    limit = slow_mp if mode is slow else fast_mp
    if mp <= limit:
        return mode, False
    # VEH-MOVE-06/07: with at least 1 MP a unit may always enter one hex; that counts as flanking.
    if len(entered) == 1 and steps[-1] in ("F", "B") and fast_mp >= 1 and not any(s in "LRU" for s in steps):
        if not mobility.runs_into_water and board.hex(entered[0]).is_deep_water:
            raise IllegalOrderError(
                f"illegal move: 'Mech '{unit.id}' may not enter water by minimum movement (it counts as running)",
                "tables.md 11.1",
            )
        if backward:
            raise IllegalOrderError(
                f"illegal move: '{unit.id}' minimum movement counts as {fast.value} and cannot go backward",
                "VEH-MOVE-08",
            )
        return fast, True
    raise IllegalOrderError(
        f"illegal move: '{unit.id}' needs {mp} MP for this path, has {limit} ({mode.value})", mobility.mp_rule)


def check_words(state: GameState, unit: Unit, path: str | None, to: str | None, facing: str | None) -> None:
    """Refuses a move order's --path of no steps and a --to the unit's own hex without a new facing, each a
    mistake for --mode stand (a ground unit's order and an asset's)."""
    if path is not None and not path.replace(",", " ").split():
        raise InputError(f"--path {path!r} holds no steps: give steps (e.g. --path F,F), or --mode stand to stand "
                         "still")
    if to is not None and state.board.parse_hex(to) == unit.hex and (facing is None or Facing.parse(facing) == unit.facing):
        raise InputError(f"--to {to} is the hex '{unit.id}' stands in: --mode stand to stand still, or add --facing F "
                         "to turn in place")


def check_jump(state: GameState, unit: Unit, to: HexId, facing: Facing | None) -> MovePlan:
    """Checks a jump: distance and climb within jump MP, terrain ignored on the way (tables.md 11.1)."""
    _check_can_move(unit)
    mobility = kinds.mobility(unit)
    if MoveMode.JUMP not in mobility.modes(unit) or unit.jump <= 0:
        raise IllegalOrderError(f"'{unit.id}' has no jump jets", "tables.md 11.1")
    jump = myomer_jets.jump_mp(unit)  # less the jets critical hits destroyed (EQ-JJ-02)
    if jump <= 0:
        raise IllegalOrderError(f"'{unit.id}' has no working jump jets: critical hits destroyed them", "EQ-JJ-02")
    board = state.board
    board.require(to)
    distance = unit.hex.distance(to)
    if distance == 0:
        raise IllegalOrderError(f"illegal jump: '{unit.id}' must jump at least one hex", "tables.md 11.1")
    if distance > jump:
        raise IllegalOrderError(
            f"illegal jump: '{unit.id}' needs {distance} jump MP to reach {to.label}, has {jump}", "tables.md 11.1"
        )
    landing = board.hex(to)
    barred = prohibited_rule(unit, landing, False)  # a jump flies over terrain but lands where the unit may go
    if barred:
        raise IllegalOrderError(f"illegal jump: {mobility.noun} '{unit.id}' may not land in {to.label}", barred)
    top = landing.building is not None  # URB-MOVE-10: a jump lands on a roof, never inside
    land_level = landing.level + landing.building.height if top else (
        landing.bridge.level if landing.bridge is not None else landing.level)  # a deck, else the ground
    climb = land_level - move_level(board, unit)
    if climb > jump:
        if top:
            raise IllegalOrderError(
                f"illegal jump: '{unit.id}' cannot jump into the building at {to.label}; its roof (level "
                f"{land_level}) is {climb} levels up, more than its {jump} jump MP", "URB-MOVE-10"
            )
        raise IllegalOrderError(
            f"illegal jump: '{unit.id}' cannot climb {climb} levels with {jump} jump MP", "tables.md 11.1"
        )
    place = (0, top, False)
    _check_enemy(state, unit, to, place if to in board.structure_hexes else None)
    _check_stacking(state, unit, to, place)
    end_facing = facing if facing is not None else unit.facing
    structures = (StructureMeet(0, to, "roof", distance, False, 0),) if top else ()
    if landing.bridge is not None and not top:
        structures = (StructureMeet(0, to, "deck", distance, False, 0),)
    return MovePlan(unit.id, MoveMode.JUMP, (), (to,), to, end_facing, distance, distance,
                    place=place, structures=structures)


def water_entries(board: Board, unit: Unit, plan: MovePlan) -> tuple[tuple[int, HexId, int], ...]:
    """PSR-WATER-01: the hexes of water of depth 1 or more a move enters on foot, each with the step that enters it
    (0 for a jump's landing) and its depth: each calls for a PSR (tables.md 8.6: depth 1 -1, 2 +0, 3+ +1; MegaMek
    @f0b2b01 Entity.checkWaterMove, walking and jumping alike). Only a unit that falls (a 'Mech, ``falls_over``)
    makes it: a hover vehicle rides on the surface and no other ground unit enters such water (VEH-MOVE-09, 10). A
    bridge deck it crosses keeps it out of the water."""
    if not kinds.of(unit).falls_over or plan.elevation is not None or plan.mode is MoveMode.STAND:
        return ()
    decks = {m.index for m in plan.structures if m.kind == "deck"}
    if not plan.steps:  # a jump: the landing hex
        landing = board.hex(plan.end)
        return ((0, plan.end, landing.depth),) if landing.is_deep_water and 0 not in decks else ()
    found = []
    entered = iter(plan.hexes)
    for index, step in enumerate(plan.steps):
        if step in ("L", "R", "U"):
            continue
        there = next(entered)
        h = board.hex(there)
        if h.is_deep_water and index not in decks:
            found.append((index, there, h.depth))
    return tuple(found)


def apply_move(state: GameState, plan: MovePlan) -> tuple[GameState, Events]:
    """Moves the unit as planned (trusts a plan from check_move/check_jump)."""
    unit = state.units[plan.unit]
    if plan.steps[:1] == ("U",):
        unit = unit.with_mech(prone=False)
    moved = evolve(
        unit.at(plan.end, elevation=plan.elevation if plan.elevation is not None else unit.elevation),
        facing=plan.facing,
        mode=plan.mode,
        mp_spent=plan.mp,
        hexes_moved=plan.hexes_moved,
    )
    if plan.place is not None:
        moved = placement.placed(moved, *plan.place)
    said: Event
    if plan.mode is MoveMode.STAND:
        said = StoodStill(unit.id, unit.hex)
    elif not plan.hexes_moved:
        said = TurnedInPlace(unit.id, unit.hex, plan.facing, plan.mp, plan.mode.value)
    elif plan.elevation is not None:
        said = Flew(unit.id, unit.hex, plan.end, plan.facing, unit.elevation, plan.elevation, plan.mp,
                    plan.hexes_moved, plan.mode.value)
    elif plan.minimum_move:
        said = MadeMinimumMove(unit.id, unit.hex, plan.end, plan.facing, plan.mode.value)
    else:
        said = Moved(unit.id, plan.mode.value, unit.hex, plan.end, plan.facing, plan.mp, plan.hexes_moved)
    return state.with_unit(moved), [said]

# -- finding a path ---------------------------------------------------------------


def find_path(state: GameState, unit: Unit, to: HexId, facing: Facing | None, mode: MoveMode | None) -> tuple[str, ...]:
    """Returns the cheapest legal step path to ``to`` (ending with ``facing`` if given)."""
    return cheapest_path(state, unit, to, facing, mode)[0]


def cheapest_path(
    state: GameState, unit: Unit, to: HexId, facing: Facing | None, mode: MoveMode | None
) -> tuple[tuple[str, ...], MoveMode | None]:
    """Returns the cheapest legal step path to ``to`` (ending with ``facing`` if given) and the mode whose MP
    it fits (None for a minimum move, VEH-MOVE-06); raises IllegalOrderError saying why there is none.
    (``btcli.rules.ground.routes`` looks for a path with fewer rolls within that mode's MP.)"""
    _check_can_move(unit)
    state.board.require(to)
    if to == unit.hex and (facing is None or facing == unit.facing):
        return (), mode
    if to != unit.hex and to not in state.board.structure_hexes:  # TW p.57: name the stacking rule
        _check_enemy(state, unit, to)
        _check_stacking(state, unit, to)
    candidates = [mode] if mode is not None else [slow_mode(unit), fast_mode(unit)]
    shortfalls = []
    stacked = None
    for m in candidates:
        bonus = gets_pavement_bonus(unit)
        budget = mode_mp(unit, m, False)
        steps, needed, held = _search(state, unit, to, facing, not m.is_fast, budget, bonus)
        if steps is not None:
            try:
                check_move(state, unit, m, steps)
                return steps, m
            except IllegalOrderError:
                pass
        stacked = held if stacked is None else stacked
        shortfalls.append(f"{m.value} needs {needed} MP, has {budget}" if needed is not None else f"no {m.value} path")
    if minimum_move_allowed(unit, to, facing):
        try:
            check_move(state, unit, None, ("F",))
            return ("F",), None
        except IllegalOrderError:
            pass
    if stacked is not None:  # in reach, but that hex (or its level of a building) is taken: name stacking
        _check_stacking(state, unit, to, stacked)
    if all(s.startswith("no ") for s in shortfalls):
        _no_way_in(state, unit, to)  # say why there is no path, when the hex itself keeps the unit out
    raise IllegalOrderError(
        f"illegal move: '{unit.id}' cannot reach {to.label}{f' facing {facing.name}' if facing else ''}: "
        + "; ".join(shortfalls),
        kinds.mobility(unit).mp_rule,
    )


def minimum_move_allowed(unit: Unit, to: HexId, facing: Facing | None) -> bool:
    """Minimum movement (VEH-MOVE-06): one hex straight ahead, whatever it costs, where ``cheapest_path`` finds
    no path within the MP (``to`` the hex ahead, ``facing`` none or the unit's own)."""
    return unit.hex.neighbor(unit.facing) == to and facing in (None, unit.facing)


def _no_way_in(state: GameState, unit: Unit, to: HexId) -> None:
    """Raises the rule that keeps ``unit`` out of ``to`` from every side (prohibited terrain, a cliff), if
    one does: a path search that found no way says why."""
    board = state.board
    refusals = []
    for direction in Facing:
        here = to.neighbor(direction.opposite())
        if not board.contains(here):
            continue
        try:
            step_into(unit, board, here, to, board.hex(here).level, None, False)
            return  # it could step in from here: the way there is what is blocked
        except IllegalOrderError as exc:
            refusals.append(exc)
    if refusals:
        raise refusals[0]


def search_start(state: GameState, unit: Unit) -> tuple:
    """The search's first node: (hex, facing, on pavement, level, place) with the unit's floor, roof or bridge; a
    flier's (a VTOL's) is (hex, facing, (landed, on a road below the treetops, the ceiling of its climbs), elevation,
    place): what its flight's next steps depend on (``vtol.flight_step``, ``vtol.flight_ceiling``)."""
    board = state.board
    place = (placement.floor_of(unit), placement.on_top(unit), placement.under_bridge(unit))
    if kinds.mobility(unit).flies:
        return unit.hex, unit.facing, (*vtol.flight_start(state, unit), vtol.flight_ceiling(state, unit)), \
            unit.elevation, place
    return unit.hex, unit.facing, board.hex(unit.hex).paved, move_level(board, unit), place


def _search(state, unit, to, facing, allow_backward, budget, bonus):
    """Dijkstra over (hex, facing, still on pavement, level, place); returns (steps or None, cheapest MP or
    None, the place taken by another unit when only stacking kept the unit out of ``to`` within its MP, or None).

    ``budget`` is the mode's MP without the pavement bonus; a path that starts and
    stays on pavement gets one more when ``bonus`` (VEH-URB-01). Levels and places
    (floors, roofs, bridge decks) follow ``step_into``, as ``check_move`` does.
    """
    import heapq  # a path search only (move --to, options)

    start = search_start(state, unit)
    frontier = [(0, 0, start, ())]
    best: dict = {start: 0}
    counter = 0
    cheapest = held = None
    while frontier:
        mp, _, node, steps = heapq.heappop(frontier)
        here, face, paved, _, place = node
        if best.get(node, 1 << 30) < mp:
            continue
        if here == to and (facing is None or face == facing):
            if mp <= budget + (1 if bonus and paved else 0):
                if not held_by_others(state, unit, here, place):
                    return steps, mp, None
                held = place if held is None else held
            if cheapest is None:
                cheapest = mp
            continue
        if mp > budget + 12:  # far past anything reachable; stop exploring
            continue
        counter = _expand(state, unit, node, mp, steps, allow_backward, best, frontier, counter)
    return None, cheapest, held


def _expand(state: GameState, unit: Unit, node, mp: int, steps: tuple[str, ...], allow_backward: bool,
            best: dict, frontier: list, counter: int) -> int:
    """Pushes each step from ``node`` that reaches its node for less MP than any before it (the Dijkstra step
    ``_search`` and ``cheapest_paths`` share, in the same push order); returns the push counter."""
    import heapq

    for code, node2, cost, _ in successors(state, unit, node, allow_backward):
        mp2 = mp + cost
        if mp2 < best.get(node2, 1 << 30):
            best[node2] = mp2
            counter += 1
            heapq.heappush(frontier, (mp2, counter, node2, steps + (code,)))
    return counter


def cheapest_paths(state: GameState, unit: Unit, mode: MoveMode) -> dict[HexId, tuple[tuple[str, ...], int] | None]:
    """Returns, for every hex one search in ``mode`` settles, the path ``cheapest_path`` finds to it (facing left
    open) with its MP, or None where that hex's first settled node is past the mode's MP or held by another unit
    (``cheapest_path`` searches on for such a hex: ask it). One Dijkstra for the unit's whole reach (``btcli
    options``, issue #33), the same as ``_search``'s: nodes are settled in the same (MP, order pushed) order, and
    ``_search`` for a hex stops at that hex's first settled node, so until then the two searches push and settle
    the same nodes; a node past the MP (and the pavement bonus) is not expanded, as nothing it reaches is
    within the MP."""
    import heapq  # a path search only (options, the bot)

    budget = mode_mp(unit, mode, False)
    bonus = gets_pavement_bonus(unit)
    limit = budget + (1 if bonus else 0)
    allow_backward = not mode.is_fast
    start = search_start(state, unit)
    frontier = [(0, 0, start, ())]
    best: dict = {start: 0}
    counter = 0
    found: dict[HexId, tuple[tuple[str, ...], int] | None] = {}
    while frontier:
        mp, _, node, steps = heapq.heappop(frontier)
        here, _, paved, _, place = node
        if best.get(node, 1 << 30) < mp:
            continue
        if here not in found and here != unit.hex:
            fits = mp <= budget + (1 if bonus and paved else 0) and not held_by_others(state, unit, here, place)
            found[here] = (steps, mp) if fits else None
        if mp > limit:
            continue
        counter = _expand(state, unit, node, mp, steps, allow_backward, best, frontier, counter)
    return found


def target_refusal(state: GameState, unit: Unit, to: HexId) -> IllegalOrderError | None:
    """The refusal ``cheapest_path`` raises before it searches, for a hex an enemy or stacking keeps the unit out
    of (TW p.57), or None."""
    if to != unit.hex and to not in state.board.structure_hexes:
        try:
            _check_enemy(state, unit, to)
            _check_stacking(state, unit, to)
        except IllegalOrderError as exc:
            return exc
    return None


def held_by_others(state: GameState, unit: Unit, here: HexId, place: tuple[int, bool, bool]) -> bool:
    """Tells whether another unit holds ``place`` (floor, roof, under a bridge) of ``here``: a found path may not
    end there (TW p.57 stacking)."""
    return any((placement.floor_of(u), placement.on_top(u), placement.under_bridge(u)) == place
               for u in occupants(state, here, exclude=unit.id))


def successors(state, unit, node, allow_backward):
    """Returns the legal single steps from a search node: (code, next node, MP, what the structure entered asks:
    ``StepInto.event``, "" for a turn).

    ``allow_backward`` is False for running/flanking, which also keeps a 'Mech out of water (tables.md 11.1).
    A flier's steps are its flight's (``_flight_successors``).
    """
    if kinds.mobility(unit).flies:
        return _flight_successors(state, unit, node, allow_backward)
    board = state.board
    here, face, paved, level, place = node
    keeps_dry = not allow_backward and not kinds.mobility(unit).runs_into_water
    moves = [("L", (here, face.turned(-1), paved, level, place), 1, ""),
             ("R", (here, face.turned(1), paved, level, place), 1, "")]
    inside = here if board.hex(here).building is not None and not place[1] else None
    # No T: a found path enters buildings (and drives onto bridges along the road) as F does; climbing
    # onto roofs is asked for with an explicit --path.
    for code, direction in (("F", face), ("B", face.opposite())):
        if code == "B" and not allow_backward:
            continue
        there = here.neighbor(direction)
        if not board.contains(there):
            continue
        if keeps_dry and board.hex(there).is_deep_water:
            continue
        try:
            step = step_into(unit, board, here, there, level, inside, code == "B", under=place[2])
            _check_enemy(state, unit, there, step.place if there in board.structure_hexes else None)
        except IllegalOrderError:
            continue
        moves.append((code, (there, face, paved and step.paved, step.level, step.place), step.mp, step.event))
    return moves


def _flight_successors(state, unit, node, allow_backward):
    """A VTOL's steps from a search node (``successors``): each of F, B (not at flank, VEH-MOVE-08), L, R and A
    (VEH-VTOL: 1 MP each) that ``vtol.flight_step`` takes, as ``check_move`` plays it, so a route flies over a hill or
    a building at its altitude and climbs where it must. A step that crashes or charges is never part of a route; a
    route never descends (D: a lower flight reaches no hex a higher one does not) nor climbs past the ceiling
    (``vtol.flight_ceiling``: above it nothing is in its way)."""
    here, face, (landed, on_road, ceiling), elevation, place = node
    found = []
    for code in ("L", "R", "F", "B", "A"):
        if (code == "B" and not allow_backward) or (
                code == "A" and not landed and state.board.hex(here).level + elevation >= ceiling):
            continue
        try:
            there, turned, height, down, road, _, outcome = vtol.flight_step(
                state, unit, here, face, elevation, landed, on_road, code)
        except (IllegalOrderError, InputError):
            continue
        if outcome is None:
            found.append((code, (there, turned, (down, road, ceiling), height, place), 1, ""))
    return found


def reachable_hexes(state: GameState, unit: Unit, mode: MoveMode) -> dict[HexId, int]:
    """Returns every hex the unit can reach in ``mode`` with the MP it would cost (a query, no order)."""
    return cheapest_facing(reachable_facings(state, unit, mode))


def cheapest_facing(positions: dict[tuple[HexId, Facing], int]) -> dict[HexId, int]:
    """Returns each hex of ``reachable_facings``' positions with its cheapest facing's MP, in the order reached."""
    out: dict[HexId, int] = {}
    for (here, _), mp in positions.items():  # the cheapest facing first
        out.setdefault(here, mp)
    return out


def reachable_facings(state: GameState, unit: Unit, mode: MoveMode) -> dict[tuple[HexId, Facing], int]:
    """Returns every (hex, facing) the unit can end a move in ``mode`` in, with the MP it would cost, cheapest
    first: where ``cheapest_path(..., facing, mode)`` may find a path (a query, no order)."""
    import heapq  # a path search only (options, the bot)

    budget = mode_mp(unit, mode, False)
    bonus = gets_pavement_bonus(unit)
    start = search_start(state, unit)
    out: dict[tuple[HexId, Facing], int] = {}
    frontier = [(0, 0, start)]
    best = {start: 0}
    counter = 0
    while frontier:
        mp, _, node = heapq.heappop(frontier)
        here, face, paved, _, _ = node
        if mp > best[node]:
            continue
        if mp > budget + (1 if bonus and paved else 0):  # VEH-URB-01: the extra MP only on pavement
            continue
        out.setdefault((here, face), mp)  # nodes leave the heap cheapest first
        limit = budget + (1 if bonus else 0)
        for _code, node2, cost, _ in successors(state, unit, node, not mode.is_fast):
            mp2 = mp + cost
            if mp2 <= limit and mp2 < best.get(node2, 1 << 30):
                best[node2] = mp2
                heapq.heappush(frontier, (mp2, counter := counter + 1, node2))
    return out

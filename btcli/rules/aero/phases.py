"""The aerospace phases of a game's turn (seed 001, issue #13; TURN-01..07, AMB-54..56): who moves in
the aerospace movement phase (every turn) and the space movement phase (turns 6, 12, ...), in which
subphase and order; units arriving from another map; the End Phase's aerospace effects.

Only a game with an aerospace map plays these phases (``in_play``): a ground game's turn is the
ground table of ``btcli.rules.core.phases``, unchanged. ``phases`` builds its tables from here.

During an aerospace phase ``GameState.move_order`` holds one ``SUBPHASE:SIDE`` entry per movement
slot (``dropship:red``, ``fighter:blue``, ...), drawn as the phase begins: DropShips, small craft and
fighters in turn, the sides alternating inside each by the unequal-numbers rule (TURN-04, 05).

Units leaving their map (flying into the ground row, climbing past altitude 10) keep their last
position with ``AeroFlight.transit`` set until the End Phase of that turn, which takes them off the map
(TURN-07: ``position`` None, the map left in ``Transit.from_map``, ``Unit.between_maps``); they take no
part until they arrive: at the next aerospace movement phase going down, at the next space movement
phase going up (AMB-56). Where they arrive is
btcli's default for the controller's choice (``entry_hex``: the entry-edge hex behind their heading
nearest the ground board going down; the first of the two row-1 hexes going up), facing and velocity
kept; docs/aerospace.md.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.aero import LowAltitudeMap, MapKind, SpaceMap
from btcli.model.events import Event
from btcli.model.events_aero import (
    AircraftEvent,
    ArrivedInSpace,
    ArrivedLow,
    CameDownOffTheMaps,
    LeftMap,
    MapTied,
)
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, Phase
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.aero import (
    atmosphere as aero_atmosphere,
    control as aero_control,
    low_altitude as aero_low_altitude,
    movement as aero_movement,
    turn as aero_turn,
)
from btcli.rules.core import turn_order
from btcli.rules.kinds import aero as aero_kind

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

PHASE_OF_MAP = {MapKind.SPACE: Phase.SPACE_MOVEMENT, MapKind.LOW_ALTITUDE: Phase.AERO_MOVEMENT}


def in_play(state: GameState) -> bool:
    """Tells whether the game has an aerospace map, and so plays the aerospace phases (TURN-01)."""
    return len(state.maps) > 1 and any(isinstance(m, (SpaceMap, LowAltitudeMap)) for m in state.maps.values())


def space_turn(turn: int) -> bool:
    """Tells whether ``turn`` has a space movement phase: 6, 12, ... (TURN-02, TURN-03)."""
    return aero_turn.is_space_turn(turn)


def movers(state: GameState, phase: Phase) -> list[Unit]:
    """Returns the aerospace units that move in ``phase``: on a map of that phase, in play, not leaving."""
    found = []
    for unit in aero_kind.aero_units(state):
        if unit.destroyed or unit.position is None or unit.aero.transit is not None or unit.aero.landed:
            continue
        area = state.maps.get(unit.position.map)
        if area is not None and PHASE_OF_MAP.get(getattr(area, "kind", None)) is phase:
            found.append(unit)
    return found


def has_moved(unit: Unit) -> bool:
    """Tells whether an aerospace unit made its move this turn (AMB-26: it records the velocity it moved at)."""
    return unit.aero.moved_velocity is not None


def draw_slots(state: GameState, phase: Phase) -> tuple[str, ...]:
    """Returns the phase's movement slots as ``SUBPHASE:SIDE`` (TURN-04..06, AMB-18, AMB-55)."""
    classes = [(u.side, u.aero_design.aero_class) for u in movers(state, phase)]
    order = state.initiative or tuple(state.sides)
    return tuple(f"{sp.value}:{side}" for sp, side in aero_turn.movement_slots(classes, order,
                                                                              turn_order.movement_slots))


def next_slot(state: GameState) -> tuple[str, str] | None:
    """Returns the (subphase, side) of the next unit to move in this aerospace phase, or None when all moved.

    As on the ground (issue #10), a slot whose side has no unit of that subphase left waiting passes on.
    """
    waiting: dict[tuple[str, str], int] = {}
    done = 0
    for unit in movers(state, state.phase):
        if has_moved(unit):
            done += 1
        else:
            key = (aero_turn.subphase(unit.aero_design.aero_class).value, unit.side)
            waiting[key] = waiting.get(key, 0) + 1
    slots = [tuple(s.split(":", 1)) for s in state.move_order]
    for slot in slots[done:] + slots[:done]:
        if waiting.get(slot):
            return slot
    return next(iter(sorted(waiting, key=lambda k: aero_turn.SUBPHASES.index(aero_turn.Subphase(k[0])))), None)


def side_to_move(state: GameState) -> str | None:
    slot = next_slot(state)
    return slot[1] if slot else None


def missing(state: GameState) -> tuple[str, str] | None:
    """Names the units that have still to move in this aerospace phase (TURN-04, 05)."""
    left = [u.id for u in movers(state, state.phase) if not has_moved(u)]
    if left:
        return (f"{', '.join(left)} {'has' if len(left) == 1 else 'have'} not moved (an aerospace unit flies "
                "its velocity every turn: 'btcli move GAME UNIT --mode safe --path ...')", "AERO-MOVE-01")
    return None


def begin(state: GameState, phase: Phase, dice: Dice) -> tuple[GameState, Events]:
    """Opens an aerospace phase: units due here arrive from their old map (TURN-07, AMB-56), then the
    movement slots are drawn."""
    events: Events = []
    for unit in aero_kind.aero_units(state):
        flight = unit.aero
        if flight.transit is None or unit.destroyed or not flight.transit.to_map or not flight.transit_turn:
            continue  # transit_turn 0: it has not been removed yet, at the end of the turn it left in
        turn, arrival_phase = aero_turn.arrival(flight.transit_turn, flight.transit.kind)
        if state.turn < turn or arrival_phase != phase.value:
            continue
        arrived, said = _arrive(state, unit)
        state = state.with_unit(arrived)
        events.append(said)
    return evolve(state, move_order=draw_slots(state, phase)), events


def _arrive(state: GameState, unit: Unit) -> tuple[Unit, Event]:
    unit = aero_kind.placed(unit)  # on no map since the End Phase it left in (TURN-07): from where it left
    view = aero_kind.view(unit)
    target = state.maps[aero_kind.transit(unit).to_map]
    hex_id = unit.aero.arrival or arrival_hexes(state, unit)[0]
    if isinstance(target, LowAltitudeMap):
        view = aero_low_altitude.arrive_on_low_altitude(view, target, hex_id)
        said: Event = ArrivedLow(unit.id, target.id, hex_id)
    else:
        low = state.maps[transit_from(unit)]
        view = aero_low_altitude.arrive_on_space_map(view, target, low, hex_id, unit.aero.arrival_facing or view.facing)
        said = ArrivedInSpace(unit.id, target.id, hex_id, view.facing)
    return aero_kind.store(unit, view, transit_turn=0, arrival=None, arrival_facing=None), said


def arrival_hexes(state: GameState, unit: Unit) -> tuple[HexId, ...]:
    """Returns the hexes a unit changing maps may enter its new map by, btcli's default first (AMB-56):
    going down, the entry edge behind its heading (the hex nearest the ground board first); going up,
    the two row-1 hexes beside the ground-row hex its map lies under."""
    target = state.maps[aero_kind.transit(unit).to_map]
    if isinstance(target, LowAltitudeMap):
        first = entry_hex(target, unit.facing)
        return (first, *(h for h in aero_low_altitude.entry_edge_hexes(target, unit.facing) if h != first))
    return aero_low_altitude.climb_out_arrival_hexes(target, state.maps[transit_from(unit)])


def choose_arrival(state: GameState, choices: tuple[str, ...]) -> GameState:
    """Records the controllers' ``UNIT=HEX[:FACING]`` choices of where units changing maps enter their new
    one (AMB-56): for a unit on its way to a map, any time before it arrives; a facing only climbing out to
    the space map (coming down, the unit keeps its heading into the map)."""
    for choice in choices:
        uid, eq, rest = choice.partition("=")
        unit = state.unit(uid.strip())
        label, colon, facing_text = rest.partition(":")
        try:
            hex_id = HexId.parse(label.strip()) if eq else None
            facing = Facing.parse(facing_text.strip()) if colon else None
        except InputError:
            hex_id = None
        if hex_id is None:
            raise InputError(f"--arrive {choice!r}: give UNIT=HEX or UNIT=HEX:FACING, e.g. --arrive "
                             f"{uid or 'corsair-1'}=0101")
        transit = aero_kind.flight(unit).transit if kinds.of(unit).flies_on_aerospace_maps else None
        if transit is None or not transit.to_map or (unit.position is None and not unit.between_maps):
            raise IllegalOrderError(f"'{unit.id}' is not on its way to another map", "TURN-07")
        if facing is not None and transit.kind is not MapKind.SPACE:
            raise IllegalOrderError(f"'{unit.id}' comes down with its heading, {unit.facing.name}: give no facing",
                                    "AMB-56")
        options = arrival_hexes(state, unit)
        if hex_id not in options:
            shown = ", ".join(h.label for h in options[:6]) + (", ..." if len(options) > 6 else "")
            raise IllegalOrderError(f"'{unit.id}' enters map {transit.to_map!r} by one of {shown}, not {hex_id.label}",
                                    "AMB-56")
        state = state.with_unit(evolve(unit, aero=evolve(unit.aero, arrival=hex_id, arrival_facing=facing)))
    return state


def entry_hex(area: LowAltitudeMap, facing) -> HexId:
    """Returns where a unit coming down enters a low-altitude map (AMB-56: an edge hex behind its heading):
    btcli's default for the controller's choice, the one nearest the hex holding the ground board (the
    battle it comes for), else nearest the map's centre; the first by label among equals."""
    board = area.board
    aim = area.ground_hex or HexId((board.width + 1) // 2, (board.height + 1) // 2)
    return min(aero_low_altitude.entry_edge_hexes(area, facing), key=lambda h: (h.distance(aim), h.label))


def leave_the_battle(state: GameState, uid: str) -> GameState:
    """Takes an aerospace unit off every map: it flew where the scenario holds no map. Like a ground unit
    pushed off the board it is lost for victory (``Unit.out_of_action``)."""
    unit = state.units[uid]
    return state.with_unit(evolve(unit, position=None, aero=evolve(unit.aero, transit=None)))


def tie_ground_row_hex(state: GameState, uid: str) -> tuple[GameState, Events]:
    """Settles a unit coming down through a ground-row hex tied to no low-altitude map (AMB-56): the first
    low-altitude map of its space map that lies under no hex yet is tied to that hex (the scenario left it
    for the first unit coming down); with none, the unit flies down to ground the scenario does not hold."""
    unit = state.units[uid]
    transit = aero_kind.flight(unit).transit
    if transit is None or transit.to_map or transit.kind is not MapKind.LOW_ALTITUDE:
        return state, []
    space = state.maps[unit.position.map]
    free = next((m for m in state.maps.values() if isinstance(m, LowAltitudeMap) and m.space_map == space.id
                 and m.space_hex is None), None)
    where = transit.from_hex
    if free is None:
        return leave_the_battle(state, uid), [CameDownOffTheMaps(uid, where)]
    maps = {**state.maps, space.id: evolve(space, low_altitude={**space.low_altitude, where: free.id}),
            free.id: evolve(free, space_hex=where)}
    state = evolve(state, maps=maps)
    state = state.with_unit(evolve(unit, aero=evolve(unit.aero, transit=evolve(transit, to_map=free.id))))
    return state, [MapTied(free.id, space.id, where, uid)]


def transit_from(unit: Unit) -> str:
    """Returns the map a unit changing maps left (its own until the End Phase takes it off, TURN-07)."""
    position = aero_kind.placed(unit).position
    if position is None:
        raise InputError(f"'{unit.id}' is on no map and left none")
    return position.map


def arrival_turn(unit: Unit) -> int | None:
    """Returns the turn a unit on its way to another map arrives there (TURN-07, AMB-56), None before it
    has left (the End Phase of the turn it leaves in) or when it is not changing maps."""
    flight = aero_kind.flight(unit)
    if flight.transit is None or not flight.transit_turn:
        return None
    return aero_turn.arrival(flight.transit_turn, flight.transit.kind)[0]


def between_maps_text(unit: Unit) -> str:
    """Says where a unit between maps is going and when it arrives (TURN-07): "'f1' left map 'low' at the
    end of turn 5 and is in transit to map 'space', arriving turn 6"."""
    transit = aero_kind.transit(unit)
    return (f"'{unit.id}' left map {transit.from_map!r} at the end of turn {aero_kind.flight(unit).transit_turn} and is in "
            f"transit to map {transit.to_map!r}, arriving turn {arrival_turn(unit)}")


def leave_maps(state: GameState) -> tuple[GameState, Events]:
    """Takes each unit leaving its map off it at the end of the turn in which it left (TURN-07): on no map
    (``Unit.between_maps``), with the map it left and the turn in its transit record, until it arrives."""
    changed = {}
    events: Events = []
    for unit in aero_kind.aero_units(state):
        flight = aero_kind.flight(unit)
        if flight.transit is None or flight.transit_turn or unit.destroyed or unit.position is None:
            continue
        transit = evolve(flight.transit, from_map=unit.position.map)
        changed[unit.id] = evolve(unit, position=None, aero=evolve(flight, transit=transit, transit_turn=state.turn))
        arrives, _ = aero_turn.arrival(state.turn, transit.kind)
        events.append(LeftMap(unit.id, transit.from_map, transit.to_map, arrives))
    return (evolve(state, units={**state.units, **changed}) if changed else state), events


def end_phase(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """The End Phase's aerospace part: on the space map, once per space turn, over-speed damage, gravity
    and drag (AMB-54); every unit's turn record cleared (momentum kept, AERO-MOVE-02); units that left
    a map this turn are marked gone from it (TURN-07)."""
    events: Events = []
    for unit in aero_kind.aero_units(state):
        if unit.destroyed or unit.position is None:
            continue
        area = state.maps.get(unit.position.map)
        view = aero_kind.view(unit)
        if isinstance(area, SpaceMap) and aero_turn.space_end_phase_due(state.turn):
            choice = unit.aero.gravity_choice or gravity_choice(area, view)
            result = aero_atmosphere.space_end_phase(design_of(unit), view, area, state.turn, dice,
                                                     gravity_choice=choice)
            view = result.state
            events += [AircraftEvent(unit.id, e) for e in result.events]
            for reason in result.control_rolls:  # forced by the damage it took (tables.md 9.4)
                if not view.destroyed:
                    made = aero_control.control_check(design_of(unit), view, area.in_atmosphere(view.hex), dice,
                                                      reason)
                    view = made.state
                    events += [AircraftEvent(unit.id, e) for e in made.events]
        view = aero_movement.end_of_turn(view)
        state = state.with_unit(aero_kind.store(unit, view, gravity_choice=None, path=()))
        state, tied = tie_ground_row_hex(state, unit.id)  # gravity may pull it into the ground row
        events += tied
    state, left = leave_maps(state)
    return state, events + left


def brought_down(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """After the weapon attacks: aircraft whose lost altitude met the ground crash (``aero_grounding``)."""
    from btcli.rules.aero import grounding as aero_grounding

    return aero_grounding.brought_down(state, dice)


def end_movement(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """Closes an aerospace movement phase: units left at velocity 0 over the ground (AERO-GRAV-05)."""
    from btcli.rules.aero import grounding as aero_grounding

    return aero_grounding.end_of_movement(state, movers(state, state.phase), dice)


def choose_gravity(state: GameState, choices: tuple[str, ...]) -> GameState:
    """Records the controllers' ``UNIT=HEX`` hexes for this End Phase's gravity pulls (AERO-GRAV-02): only in
    the End Phase of a space turn, for a unit gravity pulls, into one of the hexes it may be pulled into."""
    wanted = []
    for choice in choices:  # the input first: a malformed choice is an input error in any phase
        uid, eq, label = choice.partition("=")
        unit = state.unit(uid.strip())
        try:
            hex_id = HexId.parse(label.strip()) if eq else None
        except InputError:
            hex_id = None
        if hex_id is None:
            raise InputError(f"--gravity {choice!r}: give UNIT=HEX, e.g. --gravity {uid or 'corsair-1'}=0610")
        wanted.append((unit, hex_id))
    if state.phase is not Phase.END or not in_play(state) or not aero_turn.space_end_phase_due(state.turn):
        raise IllegalOrderError("--gravity is given when the End Phase of a space turn (6, 12, ...) is resolved",
                                "AMB-54")
    for unit, hex_id in wanted:
        area = state.maps.get(unit.position.map) if kinds.of(unit).flies_on_aerospace_maps and unit.position else None
        view = aero_kind.view(unit) if isinstance(area, SpaceMap) else None
        if view is None or not aero_atmosphere.gravity_applies(unit.aero_design, view, area):
            raise IllegalOrderError(f"gravity does not pull '{unit.id}' this End Phase", "AERO-GRAV-01")
        options = aero_atmosphere.gravity_choices(area, view)
        if hex_id not in options:
            raise IllegalOrderError(f"gravity pulls '{unit.id}' into {' or '.join(h.label for h in options)}, not "
                                    f"{hex_id.label}", "AERO-GRAV-02")
        state = state.with_unit(evolve(unit, aero=evolve(unit.aero, gravity_choice=hex_id)))
    return state


def gravity_choice(area: SpaceMap, view) -> object:
    """Returns the hex a gravity pull takes the unit into when it could go to either of two (AERO-GRAV-02):
    btcli's default for the controller's choice, a ground-row hex tied to a low-altitude map first (the
    way down to the battle), else the first hex toward the surface (SW before NW for a west surface,
    SE before NE for an east one). The events say which it took (docs/aerospace.md)."""
    choices = aero_atmosphere.gravity_choices(area, view)
    tied = [h for h in choices if h in area.low_altitude]
    return (tied or list(choices) or [None])[0]


def design_of(unit: Unit):
    return aero_kind.design(unit)

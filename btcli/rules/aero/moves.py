"""``btcli move`` for an aerospace unit (issue #13): the order checked against the phase, the subphase
and the flight rules, then flown with the dice (AERO-GEN-02, AERO-MOVE, TURN-04..06).

A move is ``--mode safe|max`` and a step string (``--path "+ + F F L F"``; docs/aerospace.md). The
order logs the parsed steps (``--path=+,+,F,F,L,F``), so replay flies the same steps.

An out-of-control unit is given no path. Its move begins with a control roll to regain control
(TW p.92 as remembered, UNVERIFIED; docs/rules-notes.md): made, it is back in control and still to
move, so the next order gives its path; failed, it flies on by itself in the same order, moving
randomly if it failed by more than 5 (tables.md 9.4, 9.5). Each is one logged step.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.aero import FlightPoint
from btcli.model.events_aero import (
    AircraftEvent,
    Collided,
    ControlRegainedToMove,
    FlewOffTheMaps,
    FlightPath,
    Flew,
    OutOfControlPlan,
    RegainFailed,
)
from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import FLIGHT_PHASES, GameState, Phase
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.aero import (
    control as aero_control,
    grounding as aero_grounding,
    landing as aero_landing,
    movement as aero_movement,
    phases as aero_phases,
    stacking as aero_stacking,
    turn as aero_turn,
)
from btcli.rules.kinds import aero as aero_kind
from btcli.rules.aero.movement import AeroMode, MovePlan, RequiredRoll

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

MODES = {"safe": AeroMode.SAFE_THRUST, "max": AeroMode.MAX_THRUST}


def order_for(state: GameState, unit: Unit, path: str | None, mode: str | None) -> MoveOrder:
    """Builds an aerospace move order from the command's ``--path`` and ``--mode``; refuses a bad one."""
    check_turn(state, unit)
    if mode not in MODES:
        raise InputError(f"an aerospace move needs --mode safe or --mode max, not {mode!r} (AERO-GEN-02)")
    steps = aero_movement.parse_steps(path or "")
    order = MoveOrder(unit.id, mode, steps)
    check(state, order)
    return order


def check(state: GameState, order: MoveOrder) -> MovePlan:
    """Checks an aerospace move as if every roll were made, and returns its plan (for --dry-run too)."""
    unit = state.unit(order.unit)
    check_turn(state, unit)
    if order.mode not in MODES:
        raise InputError(f"an aerospace move needs --mode safe or --mode max, not {order.mode!r} (AERO-GEN-02)")
    view, area = aero_kind.view(unit), aero_kind.area(state, unit)
    if view.out_of_control:
        if order.steps:
            raise IllegalOrderError(f"'{unit.id}' is out of control: give it no path; it rolls to regain control, "
                                    "then flies on by itself if it fails", "tables.md 9.4")
        return _uncontrolled_plan(unit, view, area)
    steps, landing, touchdown = split_landing(order.steps)
    plan = aero_movement.plan_move(aero_kind.design(unit), view, area, steps, mode=MODES[order.mode])
    if not landing:
        return plan
    if plan.outcome is not aero_movement.Outcome.LAND_OR_CRASH:
        raise IllegalOrderError(f"'{unit.id}' lands where its flight meets the ground (its altitude down to the "
                                f"terrain's, or from altitude 1 to 0); this flight ends {plan.outcome.value}",
                                "AERO-LALT-08")
    if not aero_landing.over_the_board(state, plan.end):
        if touchdown is not None:
            raise IllegalOrderError(f"a touchdown hex is for a landing on the ground board; '{unit.id}' comes down "
                                    f"in {plan.end.map_id} {plan.end.hex.label}", aero_landing.RULE)
        return plan
    landed = aero_kind.store(unit, plan.end)
    touchdown = touchdown or aero_landing.default_touchdown(state.board, aero_kind.design(unit), plan.end)
    target, mods, _ = aero_landing.landing_target(state, landed, plan.end, plan.velocity, touchdown)
    roll = RequiredRoll(len(steps), f"landing roll at {touchdown.label}", target, mods, aero_landing.RULE)
    return evolve(plan, rolls=plan.rolls + (roll,))


def split_landing(steps: tuple[str, ...]) -> tuple[tuple[str, ...], bool, HexId | None]:
    """Returns the steps to fly, whether the move ends with a landing, and the touchdown hex it names."""
    lands = [i for i, code in enumerate(steps) if code.split(":")[0] == aero_movement.LAND]
    if not lands:
        return steps, False, None
    if lands != [len(steps) - 1]:
        raise InputError("LAND is the last step of a move (docs/aerospace.md)")
    _, _, where = steps[-1].partition(":")
    return steps[:-1], True, HexId.parse(where) if where else None


def _uncontrolled_plan(unit: Unit, view, area) -> MovePlan:
    target, mods = aero_control.control_target(aero_kind.design(unit), view, area.in_atmosphere(view.hex))
    roll = RequiredRoll(-1, "control roll: regain control", target, mods, "tables.md 9.4")
    return MovePlan((), view.velocity, (), (), (roll,), view, aero_movement.Outcome.MOVED,
                    (OutOfControlPlan(unit.id),))


def check_turn(state: GameState, unit: Unit) -> None:
    """Raises unless ``unit`` moves now: in its map's phase (TURN-01, 02), once a turn, in its subphase and
    its side's slot (TURN-04..06)."""
    if not kinds.of(unit).flies_on_aerospace_maps:
        raise IllegalOrderError(f"'{unit.id}' is a ground unit: it moves in the movement phase, before the "
                                "aerospace units", "TURN-01")
    if state.phase not in FLIGHT_PHASES:
        raise IllegalOrderError(f"'{unit.id}' is an aerospace unit: it moves in the aerospace movement phase, after "
                                "the ground units", "TURN-01")
    if unit not in aero_phases.movers(state, state.phase):
        where = "the space movement phase of turns 6, 12, ..." if state.phase is Phase.AERO_MOVEMENT else \
            "the aerospace movement phase"
        if aero_kind.flight(unit).transit is not None:
            raise IllegalOrderError(f"'{unit.id}' is leaving its map and moves again when it arrives", "TURN-07")
        raise IllegalOrderError(f"'{unit.id}' does not move in this phase (units on its map move in {where})",
                                "TURN-02")
    if aero_phases.has_moved(unit):
        raise IllegalOrderError(f"'{unit.id}' has already moved this turn", "AERO-MOVE-01")
    slot = aero_phases.next_slot(state)
    mine = (aero_turn.subphase(unit.aero_design.aero_class).value, unit.side)
    if slot is not None and slot != mine:
        raise IllegalOrderError(
            f"out of order: '{unit.id}' ({mine[1]}, {mine[0].replace('_', ' ')} subphase) cannot move now; "
            f"{slot[1]} moves a unit of the {slot[0].replace('_', ' ')} subphase first", "TURN-04")


def apply_move(state: GameState, order: MoveOrder, dice: Dice) -> tuple[GameState, Events]:
    """Flies an aerospace move with the dice and writes the unit back."""
    check(state, order)
    unit = state.units[order.unit]
    view, area, design = aero_kind.view(unit), aero_kind.area(state, unit), aero_kind.design(unit)
    said: Events = []
    landing, touchdown = False, None
    if view.out_of_control:
        regained = aero_control.regain_control(design, view, area.in_atmosphere(view.hex), dice)
        roll = regained.roll
        if regained.success:  # still to move: the next order gives its path
            return state.with_unit(aero_kind.store(unit, regained.state)), [
                ControlRegainedToMove(unit.id, roll.total, roll.target)]
        said.append(RegainFailed(unit.id, -roll.margin, roll.total, roll.target))
        plan = aero_movement.apply_out_of_control(design, regained.state, area, dice)
    else:
        steps, landing, touchdown = split_landing(order.steps)
        plan = aero_movement.apply_move(design, view, area, steps, dice, mode=MODES[order.mode])
    path = flight_path(plan)
    state = state.with_unit(aero_kind.store(unit, plan.end, path=unit.aero.path + path))
    said += [describe(unit, plan), FlightPath(unit.id, format_path(path))]
    said += [AircraftEvent(unit.id, e) for e in plan.events]
    if plan.outcome is aero_movement.Outcome.LEFT_MAP:  # the game holds no map beyond the edge
        state = aero_phases.leave_the_battle(state, unit.id)
        return state, said + [FlewOffTheMaps(unit.id, area.id)]
    if plan.outcome is aero_movement.Outcome.LAND_OR_CRASH and landing:
        state, landed = aero_landing.land(state, unit.id, touchdown, plan.velocity, dice)
        return state, said + landed
    if plan.outcome in (aero_movement.Outcome.CRASH, aero_movement.Outcome.LAND_OR_CRASH):  # no landing: a crash
        state, crashed = aero_grounding.crash(state, unit.id, plan.velocity, dice)
        return state, said + crashed
    state, tied = aero_phases.tie_ground_row_hex(state, unit.id)
    return state, said + tied + collisions(state, unit.id, dice)


def flight_path(plan: MovePlan) -> tuple[FlightPoint, ...]:
    """Returns the hexes a flight went through, the start first, each once (a turn in place is no new hex):
    kept on the unit for the turn and written in the move's log entry (issue #14: attacks along it)."""
    points: list[FlightPoint] = []
    for p in plan.path:
        point = FlightPoint(p.map_id, p.hex, p.altitude or 0)
        if not points or points[-1] != point:
            points.append(point)
    return tuple(points)


def format_path(path: tuple[FlightPoint, ...]) -> str:
    """Says a flight path: ``low 0808@6 0807@6 0806@5`` (the altitude on a low-altitude map)."""
    shown, last_map = [], None
    for p in path:
        where = p.hex.label + (f"@{p.altitude}" if p.altitude else "")
        shown.append(where if p.map == last_map else f"{p.map} {where}")
        last_map = p.map
    return " ".join(shown) or "none"


def collisions(state: GameState, uid: str, dice: Dice) -> Events:
    """Rolls for a collision between the unit that moved and each unit it shares its hex (and altitude)
    with, where either is out of control (AERO-STACK-02; the reading in btcli.rules.aero.stacking). What a
    collision does, an accidental ram, comes with the aerospace attacks (issue #14)."""
    unit = state.units[uid]
    if unit.position is None or unit.aero.transit is not None:
        return []
    here = {uid: aero_kind.view(unit)}
    here.update((other.id, aero_kind.view(other)) for other in aero_kind.aero_units(state)
                if other.id != uid and other.position is not None and other.position == unit.position)
    pairs = [pair for pair in aero_stacking.collision_pairs(here) if uid in pair]
    return [Collided(a, b) for a, b in aero_stacking.roll_collisions(pairs, dice)]


def describe(unit: Unit, plan: MovePlan) -> Flew:
    """Says a flight in one event: its steps, where it went, its velocity and thrust."""
    start, end = plan.path[0].hex if plan.path else None, plan.end
    return Flew(unit.id, plan.steps, end.map_id, start, end.hex, end.facing, end.altitude, plan.velocity,
                end.velocity, plan.total_thrust, plan.outcome.value)


def dry_run_lines(plan: MovePlan) -> list[str]:
    """Returns what a dry run shows: the thrust of each step and every roll the move will need."""
    lines = [f"step {i + 1} {code}: thrust {cost}" for i, (code, cost) in enumerate(zip(plan.steps, plan.thrust))]
    lines.append(f"total thrust {plan.total_thrust}; velocity {plan.velocity}, next turn {plan.end.velocity}; "
                 f"ends {plan.end.hex.label} facing {plan.end.facing.name} ({plan.outcome.value})")
    for roll in plan.rolls:
        when = "before the move" if roll.step < 0 else f"at step {roll.step + 1}"
        lines.append(f"roll {when}: {roll.purpose}, {roll.target}+ ({roll.rule})")
    if plan.outcome is aero_movement.Outcome.LAND_OR_CRASH and not any(r.purpose.startswith("landing") for r in
                                                                      plan.rolls):
        lines.append("without a LAND step it crashes where its flight meets the ground (AERO-LALT-08, AERO-CRASH-01)")
    return lines

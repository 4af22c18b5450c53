"""Aerospace movement: step strings, thrust, velocity, facing, and the flight they make.

Sources: seed 001 (catalog AERO-GEN, AERO-MOVE, AERO-MNV, AERO-HIGHG, and the
parts of AERO-ATM, AERO-HALT and AERO-LALT met while flying), tables.md 9.2-9.6.

A move is a step string, e.g. ``+ + F F L F ROLL``:

- ``F`` advances one hex in the facing direction; ``L``/``R`` turn one hexside;
- ``+``/``-`` change velocity by 1, only at the start of the move (this turn's
  velocity) or at its end (next turn's) (AERO-MOVE-07, 09);
- ``A``/``D`` climb or descend one altitude on the low-altitude map;
- ``E`` takes evasive action; ``ROLL`` rolls the unit (start or end only, AMB-60);
- ``H`` hovers in place (2 thrust), ``HN``, ``HNE``, ... hover-moves one hex that
  way without turning (3 thrust) (AERO-HALT-11, 12);
- a count repeats a step: ``3F`` = ``F F F``.

An order with no movement step at all has its velocity changes at the start if
the unit is moving (it must stop to stay put) and at the end if it is at rest
(it is getting under way for next turn).

``plan_move`` checks an order and returns the flight it makes if every roll on
the way succeeds; ``apply_move`` flies it with the dice, so a failed re-entry
can end it early. Both return a ``MovePlan``.
"""

from __future__ import annotations

import re
from enum import Enum

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.aero import AeroClass, AeroDesign, AeroMap, AeroState, LowAltitudeMap, Region, SpaceMap
from btcli.model.events import Event
from btcli.model.events_aero import (
    ClimbsOut,
    EndStepsNotMade,
    EntersGroundRow,
    EvasiveAction,
    FlewOffMap,
    FliesIntoTerrain,
    Hovers,
    MoveProhibited,
    MustLandOrCrash,
    RandomTurn,
    ReentryMade,
    Rolled,
    StepsNotFlown,
    StuckInInterface,
)
from btcli.model.frozen import Record, evolve
from btcli.model.hexgrid import Facing, HexId, n_hexes
from btcli.rules.aero import (
    atmosphere as aero_atmosphere,
    control as aero_control,
    low_altitude as aero_low_altitude,
    maneuvers as aero_maneuvers,
    thrust as aero_thrust,
)

MAX_STEPS = 99

FORWARD, LEFT, RIGHT = "F", "L", "R"
ACCELERATE, DECELERATE = "+", "-"
CLIMB, DESCEND = "A", "D"
EVADE, ROLL, HOVER = "E", "ROLL", "H"
LAND = "LAND"  # the last step: land where the flight meets the ground (btcli.rules.aero.landing); LAND:CCRR
HOVER_MOVES = {f"H{f.name}": f for f in Facing}

STEP_CODES = {
    FORWARD: "advance one hex", LEFT: "turn left", RIGHT: "turn right",
    ACCELERATE: "velocity +1", DECELERATE: "velocity -1",
    CLIMB: "climb one altitude", DESCEND: "descend one altitude",
    EVADE: "evasive action", ROLL: "roll", HOVER: "hover", LAND: "land (the last step; LAND:CCRR: touch down there)",
    **{code: f"hover-move {f.name}" for code, f in HOVER_MOVES.items()},
}
MOVEMENT_STEPS = frozenset({FORWARD, LEFT, RIGHT, CLIMB, DESCEND, HOVER, *HOVER_MOVES})
VELOCITY_STEPS = frozenset({ACCELERATE, DECELERATE})

# AERO-MOVE-14: DropShips and small craft may turn two hexsides before advancing.
TWO_HEXSIDE_CLASSES = frozenset({AeroClass.DROPSHIP, AeroClass.SMALL_CRAFT})

_STEP = re.compile(r"(\d{1,2})?([A-Z]+|[+-])")


class AeroMode(str, Enum):
    """The movement mode declared for an aerospace move (AERO-GEN-02)."""

    SAFE_THRUST = "safe"
    MAX_THRUST = "max"


class Outcome(str, Enum):
    """How a flight ends."""

    MOVED = "moved"
    LEFT_MAP = "left_map"  # flew off the map's edge
    TRANSIT = "transit"  # leaves for the other map at the end of the turn (TURN-07)
    STOPPED = "stopped"  # a failed re-entry or a prohibited entry ended it
    LAND_OR_CRASH = "land_or_crash"  # AERO-LALT-08: issue #14
    CRASH = "crash"  # AERO-LALT-09: issue #14


class PathPoint(Record):
    """One hex of a flight path: the start, then every hex entered (issue #14 reads it for attacks)."""

    map_id: str
    hex: HexId
    altitude: int | None
    facing: Facing


class RequiredRoll(Record):
    """A roll the move calls for, with its target number as the move stood at that step."""

    step: int  # index into the steps; -1 for the start of the move
    purpose: str
    target: int
    modifiers: tuple[tuple[str, int], ...]
    rule: str


class MovePlan(Record, slots=False):
    """A checked (``plan_move``) or flown (``apply_move``) aerospace move."""

    steps: tuple[str, ...]
    velocity: int  # the velocity it moved at this turn
    path: tuple[PathPoint, ...]
    thrust: tuple[int, ...]  # thrust of each step
    rolls: tuple[RequiredRoll, ...]
    end: AeroState
    outcome: Outcome
    events: tuple[Event, ...]  # btcli.model.events_aero: what happened to it on the way

    @property
    def total_thrust(self) -> int:
        return sum(self.thrust)

    @property
    def hexes(self) -> int:
        return sum(1 for a, b in zip(self.path, self.path[1:]) if a.hex != b.hex or a.map_id != b.map_id)


def parse_steps(text: str) -> tuple[str, ...]:
    """Parses a step string such as ``+ F F L F ROLL`` or ``2+,3F`` into step codes (InputError if malformed)."""
    steps: list[str] = []
    for part in text.replace(",", " ").split():
        land, colon, where = part.strip().upper().partition(":")
        if land == LAND and colon:  # LAND:CCRR, the touchdown hex on the ground board
            HexId.parse(where)
            steps.append(f"{LAND}:{where}")
            continue
        match = _STEP.fullmatch(part.strip().upper())
        if match is None or match.group(2) not in STEP_CODES:
            codes = ", ".join(STEP_CODES)
            raise InputError(f"bad aerospace step {part!r}: use {codes}")
        count = int(match.group(1) or 1)
        if count < 1:
            raise InputError(f"bad aerospace step {part!r}: a repeat count is 1-{MAX_STEPS}")
        steps += [match.group(2)] * count
        if len(steps) > MAX_STEPS:
            raise InputError(f"aerospace path too long: more than {MAX_STEPS} steps")
    return tuple(steps)


def format_steps(steps: tuple[str, ...]) -> str:
    """Returns the canonical step string (``F F L F``) of parsed steps."""
    return " ".join(steps)


def rule_sets(area: AeroMap, hex_id: HexId) -> tuple[str, ...]:
    """Returns the rule areas that govern a move from this hex (AERO-GEN-01).

    Space movement is the basis everywhere; the high-altitude rules add to it in
    atmosphere rows 1-4 (AERO-HALT-01), the low-altitude rules on the low-altitude map.
    """
    if isinstance(area, LowAltitudeMap):
        return ("AERO-MOVE", "AERO-LALT")
    if area.region(hex_id) is Region.ATMOSPHERE:
        return ("AERO-MOVE", "AERO-HALT")
    return ("AERO-MOVE",)


def atmosphere_row(area: AeroMap, hex_id: HexId) -> bool:
    """Whether ``hex_id`` is in the atmosphere rows of a space map, where +1 velocity costs 2 thrust (AERO-HALT-02)."""
    return isinstance(area, SpaceMap) and area.region(hex_id) is Region.ATMOSPHERE


def required_hexes(design: AeroDesign, area: AeroMap, velocity: int) -> int:
    """Returns how many hexes the unit must fly: its velocity (AERO-MOVE-01, 15; AERO-LALT-02).

    A propeller-driven fixed-wing support vehicle on the high-altitude map flies
    1 hex a turn (AERO-HALT-07).
    """
    if design.propeller and isinstance(area, SpaceMap):
        return min(velocity, 1)
    return velocity


def plan_move(
    design: AeroDesign, state: AeroState, area: AeroMap, steps: tuple[str, ...], *, mode: AeroMode
) -> MovePlan:
    """Checks an aerospace move and returns its flight, every roll on the way assumed made.

    Raises IllegalOrderError (citing the rule) for an order the rules forbid and
    InputError for a unit that is not on ``area``.
    """
    return _Flight(design, state, area, steps, mode, None).fly()


def apply_move(
    design: AeroDesign, state: AeroState, area: AeroMap, steps: tuple[str, ...], dice: Dice, *, mode: AeroMode
) -> MovePlan:
    """Flies a checked move, rolling what it calls for: control rolls, high-G, re-entry, consciousness."""
    plan_move(design, state, area, steps, mode=mode)  # nothing is rolled for an illegal order
    return _Flight(design, state, area, steps, mode, dice).fly()


def apply_out_of_control(design: AeroDesign, state: AeroState, area: AeroMap, dice: Dice) -> MovePlan:
    """Flies an out-of-control unit: its velocity in hexes, no thrust (tables.md 9.4, 9.5).

    With random movement it turns by 1D6 before each hex (tables.md 9.5). It
    enters the interface with the AERO-ATM-08 impact instead of a re-entry roll.
    """
    if not state.out_of_control:
        raise IllegalOrderError(f"'{design.name}' is in control: give it a step path", "tables.md 9.4")
    return _Flight(design, state, area, (), None, dice, controlled=False).fly()


def end_of_turn(state: AeroState) -> AeroState:
    """Clears the turn's record; velocity and heading carry over (AERO-MOVE-02 momentum)."""
    return evolve(state, thrust_spent=0, moved_velocity=None, rolls_this_phase=0, evading=False, hovering=False)


class _Flight:
    """Walks one move step by step; with ``dice`` None it records rolls instead of rolling them."""

    def __init__(self, design, state, area, steps, mode, dice, controlled=True):
        if state.map_id != area.id:
            raise InputError(f"'{design.name}' is on map {state.map_id!r}, not {area.id!r}")
        if controlled and state.out_of_control:
            raise IllegalOrderError(f"'{design.name}' is out of control: it cannot be steered", "tables.md 9.4")
        self.design: AeroDesign = design
        self.s: AeroState = state
        self.area: AeroMap = area
        self.steps = tuple(steps)
        self.mode = mode
        self.dice: Dice | None = dice
        self.controlled = controlled
        self.path = [self._point()]
        self.thrust = [0] * len(self.steps)
        self.rolls: list[RequiredRoll] = []
        self.events: list[Event] = []
        self.outcome = Outcome.MOVED
        self.velocity = state.velocity
        self.hexes = 0
        self.turns_in_run = 0  # facing changes since the last hex (AMB-21)
        self.spheroid_checked = False
        self.at = -1  # the step being flown

    # -- the walk ----------------------------------------------------------

    def fly(self) -> MovePlan:
        if not self.controlled:
            return self._fly_uncontrolled()
        moves = [i for i, code in enumerate(self.steps) if code in MOVEMENT_STEPS]
        if moves:
            start, end = moves[0], moves[-1] + 1
        else:
            start = end = len(self.steps) if self.s.velocity else 0
        self._block(range(0, start), at_start=True)
        self.velocity = self.s.velocity
        self.s = evolve(self.s, moved_velocity=self.velocity, velocity_changed_at_end=False)
        self._spheroid_check()
        for i in range(start, end):
            if self.outcome is not Outcome.MOVED:
                self.events.append(StepsNotFlown(i + 1))
                break
            self.at = i
            self._movement(self.steps[i])
            self._spheroid_check()
        if self.outcome is Outcome.MOVED:
            need = required_hexes(self.design, self.area, self.velocity)
            if self.hexes != need:
                rule = "AERO-HALT-07" if need != self.velocity else (
                    "AERO-LALT-02" if isinstance(self.area, LowAltitudeMap) else "AERO-MOVE-15")
                raise IllegalOrderError(
                    f"'{self.design.name}' must fly {n_hexes(need)} at velocity {self.velocity}, the path flies "
                    f"{self.hexes}", rule)
            self._block(range(end, len(self.steps)), at_start=False)
        elif end < len(self.steps):
            self.events.append(EndStepsNotMade())
        self._check_thrust()
        return self._plan()

    def _block(self, indexes: range, at_start: bool) -> None:
        """Makes the steps before the first or after the last movement step (AERO-MOVE-07, 09, 10)."""
        change = 0
        for i in indexes:
            self.at = i
            code = self.steps[i]
            if code in VELOCITY_STEPS:
                change += self._velocity_step(i, code, at_start)
            elif code == EVADE:
                self._evade(i)
            elif code == ROLL:
                self._roll(i)
        if change:
            self._high_g(change, "velocity change")
            if not at_start:
                self.s = evolve(self.s, velocity_changed_at_end=True)

    def _velocity_step(self, i: int, code: str, at_start: bool) -> int:
        if at_start and self.s.velocity_changed_at_end:
            raise IllegalOrderError(
                f"'{self.design.name}' changed velocity at the end of its last move: not again at the start of this one",
                "AERO-MOVE-10")
        if code == DECELERATE:
            if self.s.velocity == 0:
                raise IllegalOrderError("velocity cannot go below 0", "AERO-MOVE-08")
            cost, velocity = 1, self.s.velocity - 1
        else:
            cost, velocity = aero_thrust.acceleration_cost(self._atmosphere_row()), self.s.velocity + 1
        self.thrust[i] = cost
        self.s = evolve(self.s, velocity=velocity)
        return cost

    def _evade(self, i: int) -> None:
        aero_maneuvers.check_evasive_action(self.design)
        if self.s.evading:
            raise IllegalOrderError("evasive action is taken once a turn", "AERO-MNV-02")
        self.thrust[i] = aero_maneuvers.EVASIVE_ACTION_COST
        self.s = evolve(self.s, evading=True)
        self.events.append(EvasiveAction())

    def _roll(self, i: int) -> None:
        if self.area.in_atmosphere(self.s.hex):
            raise IllegalOrderError("no rolls in an atmosphere (a half roll is a special manoeuvre)", "AERO-MNV-10")
        self.thrust[i] = aero_maneuvers.ROLL_COST
        self.s = evolve(self.s, rolled=not self.s.rolled, rolls_this_phase=self.s.rolls_this_phase + 1)
        self.events.append(Rolled(self.s.rolled))
        if aero_maneuvers.roll_needs_control_roll(self.s.rolls_this_phase):
            self._control(f"roll number {self.s.rolls_this_phase} this phase", "AERO-MNV-08")

    def _movement(self, code: str) -> None:
        if code in VELOCITY_STEPS:
            raise IllegalOrderError("velocity changes only at the start or the end of the move", "AERO-MOVE-07")
        if code == ROLL:
            raise IllegalOrderError("a roll is made before the first hex or after the last one", "AERO-MNV-07")
        if code == EVADE:
            self._evade(self.at)
        elif code == FORWARD:
            self._forward()
        elif code in (LEFT, RIGHT):
            self._turn(-1 if code == LEFT else 1)
        elif code in (CLIMB, DESCEND):
            self._altitude_step(code)
        elif code == HOVER:
            self._hover()
        else:
            self._hover_move(HOVER_MOVES[code])

    def _forward(self) -> None:
        if self.velocity == 0:
            raise IllegalOrderError("at velocity 0 a unit turns in place but does not advance", "AERO-MOVE-01")
        if self.hexes >= required_hexes(self.design, self.area, self.velocity):
            rule = "AERO-HALT-07" if self.design.propeller else "AERO-MOVE-15"
            raise IllegalOrderError(f"velocity {self.velocity}: no more than "
                                    f"{n_hexes(required_hexes(self.design, self.area, self.velocity))}", rule)
        self.turns_in_run = 0
        self._enter(self.s.hex.neighbor(self.s.facing))

    def _enter(self, target: HexId) -> None:
        """Moves into ``target`` (one hex ahead or a hover move) with what the map makes of it."""
        area, here = self.area, self.s.hex
        if not area.contains(target):
            self.hexes += 1
            self.outcome = Outcome.LEFT_MAP
            self.events.append(FlewOffMap(here))
            return
        if isinstance(area, LowAltitudeMap):
            self._enter_low_altitude(target)
            return
        was, now = area.region(here), area.region(target)
        ban = aero_atmosphere.entry_ban(self.design.aero_class, area, target)
        if ban is not None:
            self._prohibited(ban.reason, ban.rule, target)
            return
        if was is Region.INTERFACE and now is Region.SPACE and not aero_atmosphere.may_leave_interface(self.design, self.s):
            if self.controlled:
                raise IllegalOrderError(
                    f"only a craft able to spend 4+ thrust leaves the interface for space; '{self.design.name}' has "
                    f"{aero_thrust.current_max_thrust(self.design, self.s)}", "AERO-ATM-07")
            self.outcome = Outcome.STOPPED
            self.events.append(StuckInInterface())
            return
        if was is Region.SPACE and now is Region.INTERFACE:
            if not self.controlled:
                self._step_into(target)
                hit = aero_atmosphere.interface_impact(self.design, self.s, self.dice)
                self.s = hit.state
                self.events += hit.events
                self._forced_control(hit.control_rolls)
                return
            if not self._reentry():
                return
        self._step_into(target)
        if now is Region.GROUND_ROW:
            self.s = aero_low_altitude.descend_to_low_altitude(self.s, area)
            self.outcome = Outcome.TRANSIT
            self.events.append(EntersGroundRow(target))

    def _enter_low_altitude(self, target: HexId) -> None:
        self._step_into(target)
        self._terrain(self.area.board.hex(target))

    def _terrain(self, hex_) -> None:
        """Ends the flight if the terrain meets the unit's altitude (AERO-LALT-08, 09)."""
        entry = aero_low_altitude.entry(self.s.altitude, hex_)
        if entry is aero_low_altitude.Entry.LAND_OR_CRASH and self.s.out_of_control:
            entry = aero_low_altitude.Entry.CRASH  # no landing out of control (docs/rules-notes.md)
        if entry is aero_low_altitude.Entry.LAND_OR_CRASH:
            self.outcome = Outcome.LAND_OR_CRASH
            self.events.append(MustLandOrCrash(self.s.altitude, self.s.hex))
        elif entry is aero_low_altitude.Entry.CRASH:
            self.outcome = Outcome.CRASH
            self.events.append(FliesIntoTerrain(self.s.altitude, self.s.hex))

    def _step_into(self, target: HexId) -> None:
        self.hexes += 1
        self.s = evolve(self.s, hex=target)
        self.path.append(self._point())

    def _turn(self, direction: int) -> None:
        if self.controlled and self.velocity > 0:
            two = self.design.aero_class in TWO_HEXSIDE_CLASSES
            if two and self.turns_in_run >= 2:
                raise IllegalOrderError("a DropShip or small craft turns at most 2 hexsides before advancing a hex",
                                        "AERO-MOVE-14")
            if not two and (self.turns_in_run >= 1 or self.hexes == 0):
                raise IllegalOrderError("a unit that is moving advances a hex before each facing change",
                                        "AERO-MOVE-15")
        cost = aero_thrust.turn_cost(self.s, self.velocity, direction) if self.controlled else 0
        self.thrust[self.at] = cost
        self.turns_in_run += 1
        self.s = evolve(self.s, facing=self.s.facing.turned(direction))
        if cost:
            self._high_g(cost, "facing change")

    def _altitude_step(self, code: str) -> None:
        if not isinstance(self.area, LowAltitudeMap):
            raise IllegalOrderError("climbing and descending are for the low-altitude map", "AERO-LALT-03")
        if code == CLIMB:
            if self.s.altitude >= aero_low_altitude.TOP_ALTITUDE and not aero_low_altitude.may_climb_out(self.design):
                self._prohibited("airships may not climb into the high-altitude map: stays at altitude 10",
                                 "AERO-LALT-11")
                return
            self.thrust[self.at] = aero_low_altitude.CLIMB_COST
            if self.s.altitude >= aero_low_altitude.TOP_ALTITUDE:
                self.s = aero_low_altitude.climb_out(self.s, self.area)
                self.outcome = Outcome.TRANSIT
                self.events.append(ClimbsOut())
                return
            self.s = evolve(self.s, altitude=self.s.altitude + 1)
        else:
            self.thrust[self.at] = aero_low_altitude.DESCENT_COST
            aero_low_altitude.check_noe(self.s, self.s.altitude - 1)
            self.s = evolve(self.s, altitude=self.s.altitude - 1)
            self._terrain(self.area.board.hex(self.s.hex))
        self.path.append(self._point())

    def _hover(self) -> None:
        aero_atmosphere.check_hover(self.design, self.s, self.area, self.velocity)
        if self.s.hovering:
            raise IllegalOrderError("the hover thrust is paid once a turn", "AERO-HALT-11")
        self.thrust[self.at] = aero_atmosphere.HOVER_COST
        self.s = evolve(self.s, hovering=True)
        self.events.append(Hovers())

    def _hover_move(self, direction: Facing) -> None:
        aero_atmosphere.check_hover(self.design, self.s, self.area, self.velocity)
        target = self.s.hex.neighbor(direction)
        if self.area.contains(target) and not self.area.in_atmosphere(target):
            raise IllegalOrderError(f"a hover move stays in the atmosphere; {target.label} is not", "AERO-HALT-12")
        self.thrust[self.at] = aero_atmosphere.HOVER_MOVE_COST
        self.s = evolve(self.s, hovering=True)
        flown = self.hexes
        self._enter(target)
        self.hexes = flown  # hover moves are not the velocity's hexes

    # -- rolls ---------------------------------------------------------------

    def _atmosphere_row(self) -> bool:
        return atmosphere_row(self.area, self.s.hex)

    def _record(self, purpose: str, target: int, mods, rule: str) -> None:
        self.rolls.append(RequiredRoll(self.at, purpose, target, tuple(mods), rule))

    def _control(self, reason: str, rule: str) -> None:
        """A control roll whose failure means loss of control; the move goes on (docs/rules-notes.md)."""
        atmosphere = self.area.in_atmosphere(self.s.hex)
        target, mods = aero_control.control_target(self.design, self.s, atmosphere)
        self._record(f"control roll: {reason}", target, mods, rule)
        if self.dice is not None:
            outcome = aero_control.control_check(self.design, self.s, atmosphere, self.dice, reason)
            self.s = outcome.state
            self.events += outcome.events
            if isinstance(self.area, LowAltitudeMap) and outcome.state.out_of_control:
                self._terrain(self.area.board.hex(self.s.hex))  # the altitude lost may reach the ground

    def _high_g(self, thrust: int, what: str) -> None:
        """Checks one manoeuvre's thrust against SI and the crew (AERO-HIGHG-01..05, AMB-22)."""
        si_excess, pilot_excess = aero_control.high_g_checks(self.design, self.s, thrust)
        atmosphere = self.area.in_atmosphere(self.s.hex)
        if si_excess:
            target, mods = aero_control.control_target(self.design, self.s, atmosphere, (("thrust over SI", si_excess),))
            self._record(f"control roll: high-G {what}, {thrust} thrust", target, mods, "AERO-HIGHG-02")
            if self.dice is not None:
                self.s, more = aero_control.structural_g_check(self.design, self.s, thrust, atmosphere, self.dice)
                self.events += more
        if pilot_excess:
            target = aero_control.pilot_g_target(self.s, pilot_excess)
            self._record(f"pilot G-load: {what}, {thrust} thrust", target, (), "AERO-HIGHG-04")
            if self.dice is not None:
                self.s, more = aero_control.pilot_g_check(self.design, self.s, thrust, self.dice)
                self.events += more

    def _reentry(self) -> bool:
        """Rolls to enter the interface from space; on failure the move ends where it is (AERO-ATM-02, 05, 06)."""
        target, mods = aero_atmosphere.reentry_target(self.design, self.s)
        self._record("control roll: re-entry", target, mods, "AERO-ATM-02")
        if self.dice is None:
            return True
        roll = aero_atmosphere.reentry_roll(self.design, self.s, self.dice)
        if roll.success:
            self.events.append(ReentryMade())
            return True
        hit = aero_atmosphere.failed_reentry(self.design, self.s, roll, self.dice)
        self.s = hit.state
        self.events += hit.events
        self._forced_control(hit.control_rolls)
        self.outcome = Outcome.STOPPED
        return False

    def _prohibited(self, why: str, rule: str, target: HexId | None = None) -> None:
        """A prohibited entry fails: the unit stays, its move ends, and it makes a control roll (AERO-HALT-05)."""
        reason = why + (f": cannot enter {target.label}" if target is not None else "")
        self.events.append(MoveProhibited(why, rule, target))
        self.outcome = Outcome.STOPPED
        self._control(f"prohibited move ({reason})", rule)

    def _spheroid_check(self) -> None:
        """One control roll a move for a spheroid in the atmosphere not facing away (AERO-HALT-10)."""
        if self.spheroid_checked or self.s.destroyed:
            return
        if aero_atmosphere.spheroid_facing_roll_due(self.design, self.s, self.area):
            self.spheroid_checked = True
            self._control(f"spheroid facing {self.s.facing.name} in the atmosphere", "AERO-HALT-10")

    def _forced_control(self, reasons: tuple[str, ...]) -> None:
        for reason in reasons:
            if not self.s.destroyed:
                self._control(reason, "tables.md 9.4")

    # -- out of control ----------------------------------------------------------

    def _fly_uncontrolled(self) -> MovePlan:
        self.s = evolve(self.s, moved_velocity=self.velocity, velocity_changed_at_end=False)
        for _ in range(required_hexes(self.design, self.area, self.velocity)):
            if self.outcome is not Outcome.MOVED or self.s.destroyed:
                break
            if self.s.random_movement:
                turn = aero_control.random_turn(self.dice.d6("random movement"))
                if turn:
                    self.s = evolve(self.s, facing=self.s.facing.turned(turn))
                    self.events.append(RandomTurn(turn))
            self._enter(self.s.hex.neighbor(self.s.facing))
        return self._plan()

    # -- the result -----------------------------------------------------------------

    def _check_thrust(self) -> None:
        total = self.s.thrust_spent + sum(self.thrust)
        most = aero_thrust.current_max_thrust(self.design, self.s)
        if total > most:
            raise IllegalOrderError(
                f"'{self.design.name}' would spend {total} thrust; its maximum thrust is {most}", "AERO-MOVE-04")
        if self.mode is AeroMode.SAFE_THRUST and aero_thrust.over_safe_thrust(self.design, total):
            raise IllegalOrderError(
                f"declared safe thrust ({self.design.safe_thrust}) but the path spends {total}", "AERO-GEN-02")

    def _point(self) -> PathPoint:
        return PathPoint(self.s.map_id, self.s.hex, self.s.altitude, self.s.facing)

    def _plan(self) -> MovePlan:
        end = evolve(self.s, thrust_spent=self.s.thrust_spent + sum(self.thrust))
        return MovePlan(self.steps, self.velocity, tuple(self.path), tuple(self.thrust), tuple(self.rolls), end,
                        self.outcome, tuple(self.events))

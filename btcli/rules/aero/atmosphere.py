"""The atmosphere of the space map: map bans, the interface, spheroids, hovering, gravity, drag.

Sources: seed 001 "宇宙/大気境界", "高高度移動", "重力" (catalog AERO-ATM, AERO-HALT,
AERO-GRAV), tables.md 9.6. Readings: AMB-24 (current thrust), AMB-25 (interface
damage), AMB-26 and AMB-54 (End-Phase effects on the space map once per space
turn, in the order over-speed, gravity, drag), AMB-27 and AMB-30 (bans),
AMB-28 (hover not paid), AMB-29/59 (what 2 thrust buys in a ground hex),
AMB-61 (the re-entry cap), AMB-63 (map geometry).
"""

from __future__ import annotations

from btcli.dice import Dice, Roll
from btcli.errors import IllegalOrderError
from btcli.model.aero import (
    ATMOSPHERE_ROWS,
    INTERFACE_ROW,
    AeroClass,
    AeroDesign,
    AeroMap,
    AeroState,
    LowAltitudeMap,
    Region,
    Shape,
    SpaceMap,
)
from btcli.model.choices import Choice
from btcli.model.events import Event
from btcli.model.events_aero import (
    Dragged,
    GravityPulled,
    PulledIntoGroundRow,
    PulledIntoInterface,
    PulledTowardInterface,
    ReentryFailed,
)
from btcli.model.frozen import Record, evolve
from btcli.model.hexgrid import HexId
from btcli.rules.aero import (
    control as aero_control,
    damage as aero_damage,
    low_altitude as aero_low_altitude,
    thrust as aero_thrust,
    turn as aero_turn,
)

VTOL = "vtol"  # AERO-HALT-05: VTOLs are ground units; they are named here only to be kept out

REENTRY_CAP = 6  # AERO-ATM-03: the Re-entry Table adds at most +6 (AMB-61)
NO_THRUST_MODIFIER = 6  # AERO-ATM-03
LEAVE_INTERFACE_THRUST = 4  # AERO-ATM-07
INTERFACE_IMPACT_PER_VELOCITY = 250  # AERO-ATM-08
INTERFACE_IMPACT_AT_REST = 50  # AERO-ATM-08
BOMB_CRITICAL_CLASSES = frozenset({AeroClass.AEROSPACE_FIGHTER})  # AERO-ATM-04: 気圏戦闘機
DOOR_CRITICAL_CLASSES = frozenset({AeroClass.SMALL_CRAFT, AeroClass.DROPSHIP})  # AERO-ATM-04
HOVER_COST = 2  # AERO-HALT-11, AERO-GRAV-05 (AMB-59)
HOVER_MOVE_COST = 3  # AERO-HALT-12
DRAG = 1  # AERO-HALT-03

# AERO-HALT-04 / tables.md 9.6: maximum safe velocity by row (ground and interface informational, AMB-26).
SAFE_VELOCITY = {0: 2, 1: 3, 2: 6, 3: 9, 4: 12, 5: 15}

# AERO-HALT-06, AMB-27: conventional fighters and fixed-wing SVs keep to the ground row and row 1.
LOW_ROWS_ONLY = frozenset({AeroClass.CONVENTIONAL_FIGHTER, AeroClass.FIXED_WING})
LOW_ROWS_LIMIT = 1
# AERO-HALT-09, 11: who may hover.
MAY_HOVER = frozenset({AeroClass.AIRSHIP})

SPACE_END_PHASE_ORDER = ("over_speed", "gravity", "drag")  # AMB-54


class Ban(Record, slots=False):
    """Why a unit may not be somewhere, and the rule that says so."""

    reason: str
    rule: str


def entry_ban(unit: AeroClass | str, area: AeroMap, hex_id: HexId | None = None) -> Ban | None:
    """Returns why ``unit`` may not be in ``hex_id`` of ``area``, or None if it may.

    Airships may not enter the high-altitude (space) map and VTOLs neither map
    (AERO-HALT-05); conventional fighters and fixed-wing SVs stay in the ground
    row and row 1 (AERO-HALT-06); so these three classes never fly in space
    (AERO-GEN-03).
    """
    if unit == VTOL:
        return Ban("VTOLs may not enter the low-altitude or high-altitude maps", "AERO-HALT-05")
    if isinstance(area, LowAltitudeMap):
        return None
    if unit is AeroClass.AIRSHIP:
        return Ban("airships may not enter the high-altitude map", "AERO-HALT-05")
    if unit in LOW_ROWS_ONLY and hex_id is not None:
        row = area.row(hex_id)
        if row is None or row > LOW_ROWS_LIMIT:
            kind = unit.value.replace("_", " ")
            rule = "AERO-GEN-03" if area.region(hex_id) is Region.SPACE else "AERO-HALT-06"
            return Ban(f"{kind}s fly only in the ground row and atmosphere row 1", rule)
    return None


def check_placement(design: AeroDesign, state: AeroState, area: AeroMap) -> None:
    """Raises unless the unit may be set up where ``state`` puts it (AERO-GEN-03, AERO-HALT-05/06, AERO-LALT-03)."""
    if state.map_id != area.id:
        raise IllegalOrderError(f"'{design.name}' is on map {state.map_id!r}, not {area.id!r}", "AERO-GEN-01")
    if not area.contains(state.hex):
        raise IllegalOrderError(f"hex {state.hex.label} is off map {area.id!r}", "AERO-GEN-01")
    ban = entry_ban(design.aero_class, area, state.hex)
    if ban is not None:
        raise IllegalOrderError(f"'{design.name}' cannot be placed in {state.hex.label}: {ban.reason}", ban.rule)
    if isinstance(area, LowAltitudeMap):
        aero_low_altitude.check_altitude(state.altitude)
        aero_low_altitude.check_noe(state, state.altitude)
    elif state.altitude is not None:
        raise IllegalOrderError("only the low-altitude map has altitudes", "AERO-LALT-03")


# -- the interface (AERO-ATM) -------------------------------------------------


def reentry_modifiers(design: AeroDesign, state: AeroState) -> aero_control.Modifiers:
    """Returns the re-entry roll's own modifiers: the Re-entry Table capped at +6, then bomb and door criticals.

    Engine and thruster damage +1 per box, no thrust +6, the table's total at
    most +6 (AERO-ATM-03); on top of the cap +1 per bomb critical of an
    aerospace fighter and per door critical of a small craft or DropShip
    (AERO-ATM-04, AMB-61: the seed names those classes only; the class's own
    table decides which it can take, AERO-CRIT-01: a conventional fighter's
    "bomb" critical from the fighter table adds nothing).
    """
    table = state.engine_hits + state.thruster_hits
    if aero_thrust.engine_destroyed(design, state):
        table += NO_THRUST_MODIFIER
    mods: list[tuple[str, int]] = []
    if table:
        mods.append(("re-entry table", min(REENTRY_CAP, table)))
    if state.bomb_hits and design.aero_class in BOMB_CRITICAL_CLASSES:
        mods.append(("bomb criticals", state.bomb_hits))
    if state.door_hits and design.aero_class in DOOR_CRITICAL_CLASSES:
        mods.append(("door criticals", state.door_hits))
    return tuple(mods)


def reentry_roll(design: AeroDesign, state: AeroState, dice: Dice) -> Roll:
    """Rolls the control roll for entering the interface from space (AERO-ATM-02)."""
    return aero_control.roll_control(design, state, False, dice, "re-entry", reentry_modifiers(design, state))


def reentry_target(design: AeroDesign, state: AeroState) -> tuple[int, aero_control.Modifiers]:
    """Returns the re-entry roll's target number and modifiers (AERO-ATM-02..04)."""
    return aero_control.control_target(design, state, False, reentry_modifiers(design, state))


def failed_reentry(design: AeroDesign, state: AeroState, roll: Roll, dice: Dice) -> aero_damage.HitResult:
    """Returns the unit after a failed re-entry: velocity 0, still in its space hex, 5 nose damage per point of failure.

    ``state`` is the unit in the hex it tried to leave (AERO-ATM-06); its move ends.
    """
    state = evolve(state, velocity=0)
    hit = aero_damage.direct_nose_damage(design, state, -roll.margin, dice, f"failed re-entry by {-roll.margin}")
    return aero_damage.HitResult(hit.state, (ReentryFailed(), *hit.events),
                                 hit.control_rolls)


def may_leave_interface(design: AeroDesign, state: AeroState) -> bool:
    """Tells whether the unit may go from the interface into space: 4+ thrust available now (AERO-ATM-07, AMB-24)."""
    return aero_thrust.current_max_thrust(design, state) >= LEAVE_INTERFACE_THRUST


def interface_impact(design: AeroDesign, state: AeroState, dice: Dice) -> aero_damage.HitResult:
    """Damages an out-of-control unit entering the interface: 250 per velocity point, 50 at rest (AERO-ATM-08).

    One hit, located by 2D6 on the Nose column, carried to SI as usual (AMB-25).
    """
    damage = INTERFACE_IMPACT_PER_VELOCITY * state.velocity if state.velocity else INTERFACE_IMPACT_AT_REST
    roll = dice.roll(2, "hit location: out of control into the interface")
    arc, critical = aero_damage.hit_location(aero_damage.AttackDirection.NOSE, roll.total,
                                             table=aero_damage.hit_table(design))
    return aero_damage.apply_hit(design, state, arc, damage, dice, critical=critical,
                                 reason="out of control into the interface")


# -- spheroids and hovering (AERO-HALT-09..12) -----------------------------------


def spheroid_facing_roll_due(design: AeroDesign, state: AeroState, area: AeroMap) -> bool:
    """Tells whether a spheroid in an atmosphere row faces anywhere but away from the planet (AERO-HALT-10)."""
    return (
        design.shape is Shape.SPHEROID
        and isinstance(area, SpaceMap)
        and area.region(state.hex) is Region.ATMOSPHERE
        and state.facing not in area.away_facings
    )


def may_hover(design: AeroDesign) -> bool:
    """Tells whether the unit can hover: spheroids (AERO-HALT-11) and airships (AERO-HALT-09)."""
    return design.shape is Shape.SPHEROID or design.aero_class in MAY_HOVER


def check_hover(design: AeroDesign, state: AeroState, area: AeroMap, velocity: int) -> None:
    """Raises unless the unit may hover where it is now (AERO-HALT-11; the ground hexes of AERO-GRAV-05).

    It must be a unit that hovers, at velocity 0, in the atmosphere (the ground row
    or rows 1-4, or the low-altitude map), facing away from the planet on the space map.
    """
    if not may_hover(design):
        raise IllegalOrderError(f"'{design.name}' cannot hover: only spheroids and airships hover", "AERO-HALT-11")
    if velocity:
        raise IllegalOrderError(f"hovering needs velocity 0, not {velocity}", "AERO-HALT-11")
    if not area.in_atmosphere(state.hex):
        raise IllegalOrderError(f"hex {state.hex.label} is not in the atmosphere: nothing to hover in", "AERO-HALT-11")
    if isinstance(area, SpaceMap) and state.facing not in area.away_facings:
        away = " or ".join(f.name for f in area.away_facings)
        raise IllegalOrderError(f"a hovering spheroid faces away from the planet ({away})", "AERO-HALT-11")


# -- the End Phase on the space map (AERO-HALT-03, 04, AERO-GRAV; AMB-54) -------------


def safe_velocity(area: SpaceMap, hex_id: HexId) -> int | None:
    """Returns the maximum safe velocity of an atmosphere row (AERO-HALT-04), or None outside rows 1-4 (AMB-26)."""
    row = area.row(hex_id)
    return SAFE_VELOCITY[row] if row in ATMOSPHERE_ROWS else None


def over_speed(state: AeroState, area: SpaceMap) -> int:
    """Returns the points by which the unit flew over its row's safe velocity (AERO-HALT-04, AMB-26)."""
    safe = safe_velocity(area, state.hex)
    moved = state.velocity if state.moved_velocity is None else state.moved_velocity
    return 0 if safe is None else max(0, moved - safe)


def gravity_reach(area: SpaceMap, hex_id: HexId) -> bool:
    """Tells whether a hex is within gravity range: up to ``gravity_range`` rows above the interface (AERO-GRAV-01)."""
    row = area.row(hex_id)
    return row is not None and row <= INTERFACE_ROW + area.gravity_range


def gravity_applies(design: AeroDesign, state: AeroState, area: SpaceMap) -> bool:
    """Tells whether the End-Phase pull moves the unit (AERO-GRAV-01, 04; AERO-HALT-08, 11; AMB-28, 54).

    In space hexes within range: whatever its velocity. In the interface or the
    atmosphere: only if it moved at velocity 0, and not if it hovered (paid 2
    thrust or made hover moves) this space turn.
    """
    if state.destroyed or state.landed or state.transit is not None or not gravity_reach(area, state.hex):
        return False
    if area.region(state.hex) is Region.SPACE:
        return True
    moved = state.velocity if state.moved_velocity is None else state.moved_velocity
    return moved == 0 and not state.hovering


def gravity_choices(area: SpaceMap, state: AeroState) -> tuple[HexId, ...]:
    """Returns the hexes one row closer to the surface the pull may move the unit into (AERO-GRAV-02, AMB-63)."""
    near = (state.hex.neighbor(f) for f in area.toward_surface)
    return tuple(h for h in near if area.contains(h))


class EndPhaseResult(Record, slots=False):
    """What the End Phase did to one unit on the space map."""

    state: AeroState
    events: tuple[Event, ...]
    control_rolls: tuple[str, ...] = ()  # forced by damage (tables.md 9.4); resolved by the caller


def apply_gravity(
    design: AeroDesign, state: AeroState, area: SpaceMap, dice: Dice, choice: HexId | None = None
) -> EndPhaseResult:
    """Moves the unit one row toward the surface if gravity applies (AERO-GRAV-02, 03).

    ``choice`` picks between two candidate hexes (the controller's choice); it is
    needed only when there are two. Pulled into the interface: the re-entry roll
    (AERO-GRAV-03), or the AERO-ATM-08 impact if out of control. Pulled into the
    ground row: the unit leaves for the low-altitude map (AERO-LALT-01).
    """
    if not gravity_applies(design, state, area):
        return EndPhaseResult(state, ())
    choices = gravity_choices(area, state)
    if not choices:
        return EndPhaseResult(state, ())
    if choice is None:
        if len(choices) > 1:
            raise IllegalOrderError(
                f"gravity pulls into {' or '.join(h.label for h in choices)}: the controller chooses", "AERO-GRAV-02")
        choice = choices[0]
    if choice not in choices:
        raise IllegalOrderError(
            f"gravity pulls into {' or '.join(h.label for h in choices)}, not {choice.label}", "AERO-GRAV-02")
    if area.region(choice) is Region.INTERFACE and area.region(state.hex) is Region.SPACE:
        if state.out_of_control:
            hit = interface_impact(design, evolve(state, hex=choice), dice)
            return EndPhaseResult(hit.state, (PulledIntoInterface(choice), *hit.events),
                                  hit.control_rolls)
        roll = reentry_roll(design, state, dice)
        if not roll.success:
            hit = failed_reentry(design, state, roll, dice)
            return EndPhaseResult(hit.state, (PulledTowardInterface(choice), *hit.events),
                                  hit.control_rolls)
    events: list[Event] = [GravityPulled(state.hex, choice)]
    state = evolve(state, hex=choice)
    if area.region(choice) is Region.GROUND_ROW:
        state = aero_low_altitude.descend_to_low_altitude(state, area)
        events.append(PulledIntoGroundRow())
    return EndPhaseResult(state, tuple(events))


def apply_drag(state: AeroState, area: SpaceMap) -> AeroState:
    """Takes 1 velocity off a unit in an atmosphere row, never below 0 (AERO-HALT-03)."""
    if area.region(state.hex) is not Region.ATMOSPHERE or state.transit is not None:
        return state
    return evolve(state, velocity=max(0, state.velocity - DRAG))


def space_end_phase(
    design: AeroDesign,
    state: AeroState,
    area: SpaceMap,
    turn: int,
    dice: Dice,
    *,
    gravity_choice: HexId | None = None,
    cadence: int = aero_turn.SPACE_TURN_CADENCE,
    order: tuple[str, ...] = SPACE_END_PHASE_ORDER,
) -> EndPhaseResult:
    """Applies the End-Phase effects to a unit on the space map, once per space turn (AMB-54).

    Only in turns that had a space movement phase (6, 12, ...; ``cadence``), in
    ``order``: over-speed damage (AERO-HALT-04), gravity (AERO-GRAV-02..04),
    drag (AERO-HALT-03). Other End Phases leave units on the space map alone.
    """
    if not aero_turn.space_end_phase_due(turn, cadence) or state.destroyed:
        return EndPhaseResult(state, ())
    events: list[Event] = []
    control: list[str] = []
    for effect in order:
        if effect == "over_speed":
            over = over_speed(state, area)
            if over:
                hit = aero_damage.direct_nose_damage(design, state, over, dice, f"{over} over the safe velocity")
                state, events, control = hit.state, events + list(hit.events), control + list(hit.control_rolls)
        elif effect == "gravity":
            pulled = apply_gravity(design, state, area, dice, gravity_choice)
            state, events, control = pulled.state, events + list(pulled.events), control + list(pulled.control_rolls)
        elif effect == "drag":
            slowed = apply_drag(state, area)
            if slowed.velocity != state.velocity:
                events.append(Dragged(state.velocity, slowed.velocity))
            state = slowed
        else:
            raise ValueError(f"unknown End-Phase effect {effect!r}")
        if state.destroyed:
            break
    return EndPhaseResult(state, tuple(events), tuple(control))


# -- velocity 0 in a ground hex (AERO-GRAV-05) ------------------------------------------


class AtRest(Choice):
    """What a unit at velocity 0 in a ground hex does at the end of the aerospace movement phase."""

    HOVER = "hover"
    LAND = "land"  # TW p.87 landing: issue #14
    CRASH = "crash"  # AERO-CRASH: issue #14


def at_rest_in_ground_hex(state: AeroState, area: AeroMap) -> bool:
    """Tells whether AERO-GRAV-05 applies: velocity 0 on the low-altitude map or in the space map's ground row."""
    if state.velocity or state.landed or state.destroyed or state.transit is not None:
        return False
    if isinstance(area, LowAltitudeMap):
        return True
    return area.region(state.hex) is Region.GROUND_ROW


def rest_in_ground_hex(design: AeroDesign, state: AeroState, area: AeroMap, choice: AtRest) -> AeroState:
    """Resolves a unit at velocity 0 in a ground hex: hover (2 thrust, if it can), land or crash (AERO-GRAV-05, AMB-59).

    Hovering is paid here and must fit in the turn's maximum thrust. Landing and
    crashing only pass the choice on: the unit is returned unchanged for the
    landing and crash rules of issue #14.
    """
    if not at_rest_in_ground_hex(state, area):
        raise IllegalOrderError("only a unit at velocity 0 in a ground hex must hover, land or crash", "AERO-GRAV-05")
    if choice is not AtRest.HOVER or state.hovering:  # a hover step in its move already paid (AERO-HALT-11)
        return state
    if not may_hover(design):
        raise IllegalOrderError(f"'{design.name}' cannot hover: it must land or crash", "AERO-GRAV-05")
    check_hover(design, state, area, state.velocity)
    total = state.thrust_spent + HOVER_COST
    if total > aero_thrust.current_max_thrust(design, state):
        raise IllegalOrderError(
            f"hovering needs {HOVER_COST} more thrust: {total} in all, most is "
            f"{aero_thrust.current_max_thrust(design, state)}", "AERO-GRAV-05")
    return evolve(state, thrust_spent=total, hovering=True)

"""Control rolls, high-G manoeuvres, losing control and random movement.

Sources: seed 001 (high-G checks AERO-HIGHG-01..05, the control roll triggers
it names: second roll, re-entry, prohibited map entry, spheroid facing, climb
past altitude 10), tables.md 9.4 (control roll target and modifiers, failure;
PARTLY VERIFIED from MegaMek ``resolveControl``), 9.5 (random movement,
MegaMek's version; UNVERIFIED against TW p.93).

A control roll succeeds on 2D6 >= Piloting + modifiers. The seed's worked
example (SI 6, 8 thrust: +2, target 7) fixes the base at the Piloting skill
(5 there) with no further modifier, so tables.md 9.4's "+1 above Safe Thrust"
is not added (docs/rules-notes.md).
"""

from __future__ import annotations

from btcli.dice import Dice, Roll
from btcli.model.aero import AeroDesign, AeroState
from btcli.model.events import Event
from btcli.model.events_aero import (
    AltitudeLost,
    ControlRegained,
    ControlRollMade,
    GLoadWithstood,
    HighGDamage,
    HighGMade,
    OutOfControl,
    StillOutOfControl,
    StructureGone,
)
from btcli.model.frozen import Record, evolve
from btcli.rules.aero import damage as aero_damage

Modifiers = tuple[tuple[str, int], ...]

AVIONICS_DESTROYED_HITS = 3  # tables.md 9.4: the third avionics hit makes it +5
AVIONICS_DESTROYED_MODIFIER = 5
ATMOSPHERE_MODIFIER = 2  # tables.md 9.4 (MegaMek): atmospheric operations
FIGHTER_ATMOSPHERE_MODIFIER = -1  # tables.md 9.4 (MegaMek): fighters in an atmosphere
NO_LIFE_SUPPORT_MODIFIER = 2  # tables.md 9.4, AERO-CRIT-04: life support critical
RANDOM_MOVEMENT_MARGIN = 5  # tables.md 9.4: failing by more than 5 also means random movement

# tables.md 9.5: 1D6 -> hexsides turned before the next hex (negative = left).
RANDOM_MOVEMENT_TURN = {1: -2, 2: -1, 3: 0, 4: 0, 5: 1, 6: 2}


class ControlOutcome(Record, slots=False):
    """A control roll made: the roll, the state after its effects, and what happened."""

    roll: Roll
    state: AeroState
    events: tuple[Event, ...]

    @property
    def success(self) -> bool:
        return self.roll.success


def control_modifiers(design: AeroDesign, state: AeroState, atmosphere: bool, extra: Modifiers = ()) -> Modifiers:
    """Returns the modifiers of a control roll (tables.md 9.4), then ``extra`` (the trigger's own).

    Avionics +1 per hit (+5 from the third); +1 per pilot hit; no life support +2
    (AERO-CRIT-04); in an atmosphere +2,
    -1 for a fighter, and + (velocity - 2 x Safe Thrust) when that is positive.
    """
    mods: list[tuple[str, int]] = []
    if state.avionics_hits >= AVIONICS_DESTROYED_HITS:
        mods.append(("avionics destroyed", AVIONICS_DESTROYED_MODIFIER))
    elif state.avionics_hits:
        mods.append(("avionics damage", state.avionics_hits))
    if state.pilot_hits:
        mods.append(("pilot hits", state.pilot_hits))
    if state.life_support_hit:
        mods.append(("no life support", NO_LIFE_SUPPORT_MODIFIER))
    if atmosphere:
        mods.append(("atmospheric operations", ATMOSPHERE_MODIFIER))
        if design.aero_class.is_fighter:
            mods.append(("fighter", FIGHTER_ATMOSPHERE_MODIFIER))
        over = state.velocity - 2 * design.safe_thrust
        if over > 0:
            mods.append(("velocity over 2 x safe thrust", over))
    return tuple(mods) + tuple(extra)


def control_target(design: AeroDesign, state: AeroState, atmosphere: bool, extra: Modifiers = ()) -> tuple[int, Modifiers]:
    """Returns the control roll target number and its modifiers (base: the Piloting skill)."""
    mods = control_modifiers(design, state, atmosphere, extra)
    return state.piloting + sum(v for _, v in mods), mods


def roll_control(
    design: AeroDesign, state: AeroState, atmosphere: bool, dice: Dice, reason: str, extra: Modifiers = ()
) -> Roll:
    """Rolls a control roll for ``reason`` and returns it; the caller applies the result."""
    target, mods = control_target(design, state, atmosphere, extra)
    return dice.roll(2, f"control roll: {reason}", target=target, modifiers=mods)


def lose_control(state: AeroState, roll: Roll, altitude_die: int | None = None) -> tuple[AeroState, list[Event]]:
    """Returns the state after a failed control roll: out of control (tables.md 9.4).

    Failing by more than 5 also means random movement (tables.md 9.5). On the
    low-altitude map the unit loses ``altitude_die`` (1D6) altitudes (tables.md
    9.4, from MegaMek); reaching altitude 0 or below is left for the crash rules
    (#14) through the altitude the state shows.
    """
    margin = -roll.margin
    state = evolve(state, out_of_control=True, random_movement=state.random_movement or margin > RANDOM_MOVEMENT_MARGIN)
    events: list[Event] = [OutOfControl(margin, state.random_movement)]
    if state.altitude is not None and altitude_die is not None:
        altitude = state.altitude - altitude_die
        state = evolve(state, altitude=altitude)
        events.append(AltitudeLost(altitude_die, altitude))
    return state, events


def control_check(
    design: AeroDesign, state: AeroState, atmosphere: bool, dice: Dice, reason: str, extra: Modifiers = ()
) -> ControlOutcome:
    """Makes a control roll whose failure means loss of control (second roll, prohibited entry, ...)."""
    roll = roll_control(design, state, atmosphere, dice, reason, extra)
    if roll.success:
        return ControlOutcome(roll, state, (ControlRollMade(reason),))
    die = dice.d6("altitude lost out of control") if state.altitude is not None else None
    state, events = lose_control(state, roll, die)
    return ControlOutcome(roll, state, tuple(events))


def regain_control(design: AeroDesign, state: AeroState, atmosphere: bool, dice: Dice) -> ControlOutcome:
    """Rolls to regain control before an out-of-control unit moves (TW p.92 from memory, UNVERIFIED).

    Success: back in control, no random movement. Failure: still out of control;
    random movement if it failed by more than 5.
    """
    roll = roll_control(design, state, atmosphere, dice, "regain control")
    if roll.success:
        return ControlOutcome(roll, evolve(state, out_of_control=False, random_movement=False), (ControlRegained(),))
    margin = -roll.margin
    state = evolve(state, random_movement=margin > RANDOM_MOVEMENT_MARGIN)
    return ControlOutcome(roll, state, (StillOutOfControl(margin),))


# -- high-G manoeuvres (AERO-HIGHG) -------------------------------------------


def structural_excess(state: AeroState, thrust: int) -> int:
    """Returns how far one manoeuvre's thrust exceeds the current SI; > 0 means a check (AERO-HIGHG-01)."""
    return max(0, thrust - state.structural_integrity)


def pilot_excess(design: AeroDesign, state: AeroState, thrust: int) -> int:
    """Returns how far one manoeuvre's thrust exceeds twice the unmarked crew boxes (AERO-HIGHG-03)."""
    unmarked = max(0, design.crew_boxes - state.pilot_hits)
    return max(0, thrust - 2 * unmarked)


def pilot_g_target(state: AeroState, excess: int) -> int:
    """Returns the pilot's G-load target: 2 + 2 x marked boxes + excess thrust (AERO-HIGHG-04)."""
    return 2 + 2 * state.pilot_hits + excess


def high_g_checks(design: AeroDesign, state: AeroState, thrust: int) -> tuple[int, int]:
    """Returns (structural excess, pilot excess) of one manoeuvre: both may call for a roll (AERO-HIGHG-05)."""
    return structural_excess(state, thrust), pilot_excess(design, state, thrust)


def structural_g_check(
    design: AeroDesign, state: AeroState, thrust: int, atmosphere: bool, dice: Dice
) -> tuple[AeroState, list[Event]]:
    """Makes the SI check of a manoeuvre over SI: control roll + excess; failure costs 1 SI (AERO-HIGHG-02).

    The manoeuvre completes either way.
    """
    excess = structural_excess(state, thrust)
    roll = roll_control(design, state, atmosphere, dice, f"high-G: {thrust} thrust in one hex, SI "
                        f"{state.structural_integrity}", (("thrust over SI", excess),))
    if roll.success:
        return state, [HighGMade(thrust)]
    state = aero_damage.damage_structure(state, 1)
    events: list[Event] = [HighGDamage(state.structural_integrity)]
    if state.destroyed:
        events.append(StructureGone())
    return state, events


def pilot_g_check(design: AeroDesign, state: AeroState, thrust: int, dice: Dice) -> tuple[AeroState, list[Event]]:
    """Makes the pilot's G-load roll; failure marks a box and calls for consciousness (AERO-HIGHG-04)."""
    target = pilot_g_target(state, pilot_excess(design, state, thrust))
    roll = dice.roll(2, f"pilot G-load: {thrust} thrust in one hex", target=target)
    if roll.success:
        return state, [GLoadWithstood(thrust)]
    return aero_damage.pilot_hit(design, state, dice, "G-load")


def random_turn(die: int) -> int:
    """Returns the hexsides an out-of-control unit turns before its next hex (tables.md 9.5; negative = left)."""
    return RANDOM_MOVEMENT_TURN[die]

"""A flight meeting the ground in a game (issues #13, #14): the crashes the flight rules call for, and the
end of an aerospace movement phase for units left at velocity 0 in a ground hex (AERO-GRAV-05).

The flight rules (``aero_movement``) end a flight with ``Outcome.CRASH`` when it flies into terrain above its
altitude (AERO-LALT-09) and with ``Outcome.LAND_OR_CRASH`` when its altitude meets the ground (AERO-LALT-08);
a unit that does not land then crashes (AERO-CRASH-01). Over the low-altitude hex that holds the ground board
the crash comes down on the board (``aero_crash.crash_on_ground_board``); anywhere else it happens on ground
the game does not hold: the aircraft takes its crash damage (AERO-CRASH-03, 04) and, wrecked or not, leaves
the battle.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.aero import LowAltitudeMap
from btcli.model.events_aero import (
    BroughtDown,
    CrashDamageAway,
    CrashedAway,
    DropShipDestroyed,
    StoppedOverGround,
    SurvivesAway,
    Wrecked,
)
from btcli.model.frozen import evolve
from btcli.model.state import GameState
from btcli.rules.aero import atmosphere as aero_atmosphere, crash as aero_crash, low_altitude as aero_low_altitude
from btcli.rules.core import phase_end
from btcli.rules.kinds import aero as aero_kind

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events


def crash(state: GameState, uid: str, velocity: int, dice: Dice) -> tuple[GameState, Events]:
    """Crashes an aerospace unit where it is, at the velocity it flew (AERO-CRASH-01..07)."""
    unit = state.units[uid]
    area = state.maps.get(unit.position.map)
    if isinstance(area, LowAltitudeMap) and aero_crash.over_ground_board(state, unit):
        before = dict(state.units)
        entry = aero_crash.entry_edge_hex(state.board, unit.facing)
        state, events = aero_crash.crash_on_ground_board(state, uid, entry, unit.facing, velocity, dice)
        state, more = phase_end.after_damage(state, dice, before)  # the crash's damage forces its PSRs at once
        return state, events + more
    design, flight = aero_kind.design(unit), aero_kind.view(unit)
    events = [CrashedAway(uid, unit.position.map, unit.position.hex)]
    if aero_crash.destroyed_on_crash(design, flight):
        events.append(DropShipDestroyed(uid))
        unit = evolve(unit, destroyed=True)
    else:
        amount = aero_crash.roll_crash_damage(dice, uid, velocity)
        events.append(CrashDamageAway(uid, amount))
        unit = aero_crash.damage_aircraft(unit, amount, dice, events, state.turn)
    if unit.destroyed:
        events.append(Wrecked(uid))
        return state.with_unit(unit), events
    events.append(SurvivesAway(uid))
    return state.with_unit(evolve(unit, position=None, aero=evolve(unit.aero, velocity=0, out_of_control=False,
                                                                   random_movement=False))), events


def brought_down(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """Crashes every aerospace unit on a low-altitude map whose altitude has met the ground outside a move:
    the 1D6 altitudes an out-of-control unit loses on a failed control roll (tables.md 9.4) after an attack's
    damage can take it down to its hex's terrain, and out of control it cannot land (AERO-LALT-08, 09,
    AERO-CRASH-01)."""
    events: Events = []
    for unit in aero_kind.aero_units(state):
        if unit.destroyed or unit.position is None or unit.aero.landed or unit.aero.transit is not None:
            continue
        area = state.maps.get(unit.position.map)
        if not isinstance(area, LowAltitudeMap):
            continue
        ground = aero_low_altitude.terrain_altitude(area.board.hex(unit.position.hex))
        if unit.position.altitude > ground:
            continue
        events.append(BroughtDown(unit.id, unit.position.hex))
        state, said = crash(state, unit.id, unit.aero.velocity, dice)
        events += said
    return state, events


def end_of_movement(state: GameState, movers, dice: Dice) -> tuple[GameState, Events]:
    """Closes an aerospace movement phase: a unit at velocity 0 in a ground hex must hover, land or crash
    (AERO-GRAV-05, AMB-59). One whose move hovered (a hover step, 2 thrust) stays; a landing is a move's
    last step; any other crashes, at velocity 0 (counted as 2, AERO-CRASH-03)."""
    events: Events = []
    for unit in movers:
        unit = state.units[unit.id]
        if unit.destroyed or unit.position is None or unit.aero.landed:
            continue
        flight = aero_kind.view(unit)
        area = aero_kind.area(state, unit)
        if not aero_atmosphere.at_rest_in_ground_hex(flight, area) or flight.hovering:
            continue
        events.append(StoppedOverGround(unit.id))
        state, said = crash(state, unit.id, 0, dice)
        events += said
    return state, events

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
from btcli.model.frozen import evolve
from btcli.model.state import GameState
from btcli.rules.aero import atmosphere as aero_atmosphere, crash as aero_crash, low_altitude as aero_low_altitude
from btcli.rules.core import phase_end
from btcli.rules.kinds import aero as aero_kind


def crash(state: GameState, uid: str, velocity: int, dice: Dice) -> tuple[GameState, list[str]]:
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
    events = [f"{uid} crashes in {unit.position.map} {unit.position.hex.label}, away from the battle (AERO-CRASH-01)"]
    if aero_crash.destroyed_on_crash(design, flight):
        events.append(f"{uid} is out of control: the DropShip is destroyed (AERO-CRASH-02)")
        unit = evolve(unit, destroyed=True)
    else:
        amount = aero_crash.roll_crash_damage(dice, uid, velocity)
        events.append(f"{uid} takes {amount} crash damage (AERO-CRASH-03, AERO-CRASH-04)")
        unit = aero_crash.damage_aircraft(unit, amount, dice, events, state.turn)
    if unit.destroyed:
        events.append(f"{uid} is wrecked")
        return state.with_unit(unit), events
    events.append(f"{uid} survives the crash, out of the battle")
    return state.with_unit(evolve(unit, position=None, aero=evolve(unit.aero, velocity=0, out_of_control=False,
                                                                   random_movement=False))), events


def brought_down(state: GameState, dice: Dice) -> tuple[GameState, list[str]]:
    """Crashes every aerospace unit on a low-altitude map whose altitude has met the ground outside a move:
    the 1D6 altitudes an out-of-control unit loses on a failed control roll (tables.md 9.4) after an attack's
    damage can take it down to its hex's terrain, and out of control it cannot land (AERO-LALT-08, 09,
    AERO-CRASH-01)."""
    events: list[str] = []
    for unit in aero_kind.aero_units(state):
        if unit.destroyed or unit.position is None or unit.aero.landed or unit.aero.transit is not None:
            continue
        area = state.maps.get(unit.position.map)
        if not isinstance(area, LowAltitudeMap):
            continue
        ground = aero_low_altitude.terrain_altitude(area.board.hex(unit.position.hex))
        if unit.position.altitude > ground:
            continue
        events.append(f"{unit.id} loses altitude down to the ground at {unit.position.hex.label}: it crashes "
                      "(AERO-LALT-08, AERO-CRASH-01)")
        state, said = crash(state, unit.id, unit.aero.velocity, dice)
        events += said
    return state, events


def end_of_movement(state: GameState, movers, dice: Dice) -> tuple[GameState, list[str]]:
    """Closes an aerospace movement phase: a unit at velocity 0 in a ground hex must hover, land or crash
    (AERO-GRAV-05, AMB-59). One whose move hovered (a hover step, 2 thrust) stays; a landing is a move's
    last step; any other crashes, at velocity 0 (counted as 2, AERO-CRASH-03)."""
    events: list[str] = []
    for unit in movers:
        unit = state.units[unit.id]
        if unit.destroyed or unit.position is None or unit.aero.landed:
            continue
        flight = aero_kind.view(unit)
        area = aero_kind.area(state, unit)
        if not aero_atmosphere.at_rest_in_ground_hex(flight, area) or flight.hovering:
            continue
        events.append(f"{unit.id} ends the phase at velocity 0 over the ground without hovering or landing: it "
                      "crashes (AERO-GRAV-05)")
        state, said = crash(state, unit.id, 0, dice)
        events += said
    return state, events

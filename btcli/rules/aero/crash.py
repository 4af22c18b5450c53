"""Aerospace crashes onto the ground board (seed 001 "墜落", issue #14; catalog AERO-CRASH-01..22): the crash
hex, the aircraft's own damage, buildings, and how the aircraft ends. What the crash does to the units on the
ground is ``btcli.rules.aero.crash_targets``.

A unit that crashes on a low-altitude map in the hex holding the ground board (``LowAltitudeMap.ground_hex``)
comes down on the ground board: ``crash_on_ground_board``. In order, each step with its dice:

1. The crash hex (AERO-CRASH-06): 2D6 random-movement rolls from the entry hex and heading, each a 1D6 on
   tables.md 9.5 (turn, then 8 hexes on); leaving the board destroys the unit (AERO-CRASH-07) and ends the
   crash there, with no damage to anything on the ground.
2. The crash damage (AERO-CRASH-03): 2D6 x 10 x velocity (velocity 0 counts as 2), doubled by a hardened
   building hex it hits (AERO-CRASH-10, 11; once, however many).
3. The aircraft's own damage (AERO-CRASH-04): 10-point groups on the nose table, the aft table for spheroid
   DropShips and small craft; an out-of-control DropShip is destroyed outright instead (AERO-CRASH-02).
4. Buildings (AERO-CRASH-10, 11, 22): a DropShip destroys every building hex it covers; anything else puts its
   damage on the crash hex's building CF (an airship half, AMB-31). A building hex left without CF collapses
   at once (URB-COLL, ``displacement.collapse``), before the crash damage reaches the units in it.
5. The units (``aero_crash_targets.strike``): destroyed, avoidance rolls, damage, displacement.
6. A DropShip lowers the ground it covers (AERO-CRASH-13), after the units are displaced.

How the aircraft ends:

- destroyed off the play area (AERO-CRASH-07): ``Unit.destroyed``, its position left on the low-altitude map
  where it went down;
- destroyed on the board (AERO-CRASH-02, or its structural integrity gone): ``destroyed`` and placed in the
  crash hex of the ground board, where no ground rule meets it (``Unit.active`` is False);
- surviving: a wreck on the ground board. ``Position(map="ground", hex=crash hex, altitude 0)``, a DropShip
  with the six hexes around it as its ``footprint``; facing its last direction of travel; its ``AeroFlight``
  at velocity 0, ``landed`` (ground stacking, AERO-STACK-03; ``aero_phases.movers`` passes landed units by, so
  it flies no more and ``btcli move`` refuses it), ``out_of_control`` and ``random_movement`` cleared. One
  other than a DropShip that crashed into a building hex is also ``AeroFlight.immobile`` for the rest of the
  game (AERO-CRASH-21; ``immobile``): taking off again (TW p.87, not in btcli yet) must refuse it.

Readings and UNVERIFIED pieces: docs/rules-notes.md, "Aerospace crashes (issue #14)".
"""

from __future__ import annotations

from math import ceil

from btcli.dice import Dice
from btcli.errors import InputError
from btcli.model.aero import AeroClass, AeroDesign, AeroState, LowAltitudeMap, Shape
from btcli.model.board import Board, BuildingType, Hex
from btcli.model.events_aero import (
    BuildingCrashDamage,
    BuildingCrushed,
    CrashDamage,
    CrashedOntoBoard,
    CrashHexFound,
    CrashLeftPlayArea,
    DropShipDestroyed,
    GroundLowered,
    SurvivesCrash,
    Wrecked,
)
from btcli.model.frozen import Record, evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState
from btcli.model.units import GROUND, Unit
from btcli.rules import kinds
from btcli.rules.aero import control as aero_control, low_altitude as aero_low_altitude
from btcli.rules.core import combat_tables, displacement
from btcli.rules.kinds import aero as aero_kind
from btcli.rules.urban import structures
from btcli.rules.aero.crash_targets import (
    LEVELS_LOWERED,
    READINGS,
    CrashReadings,
    affected_hexes,
    is_dropship,
    lower_terrain,
    strike,
)
from btcli.rules.aero.crash_targets import targets as crash_targets

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

GROUND_SCALE = 8  # AERO-CRASH-06: every random-movement result x 8 on the ground mapsheet
DAMAGE_PER_VELOCITY = 10  # AERO-CRASH-03
STANDSTILL_VELOCITY = 2  # AERO-CRASH-03: a unit with no velocity counts 2
GROUP = 10  # AERO-CRASH-04: the aircraft's damage in 10-point groups
HARDENED_MULTIPLIER = 2  # AERO-CRASH-10, 11: once, however many hardened hexes
AFT_TABLE_CLASSES = frozenset({AeroClass.DROPSHIP, AeroClass.SMALL_CRAFT})  # AERO-CRASH-04, when spheroid


# -- AERO-CRASH-01, 02: whether it crashes, and whether it is simply destroyed ----------------------------------


def crashes(altitude: int, hex_: Hex, lands: bool, out_of_control: bool = False) -> bool:
    """Tells whether a unit at ``altitude`` in (or entering) ``hex_`` crashes: below the terrain it always does
    (AERO-LALT-09), at the terrain's altitude unless it lands (AERO-CRASH-01; out of control it cannot)."""
    entry = aero_low_altitude.entry(altitude, hex_)
    if entry is aero_low_altitude.Entry.CRASH:
        return True
    return entry is aero_low_altitude.Entry.LAND_OR_CRASH and (out_of_control or not lands)


def over_ground_board(state: GameState, unit: Unit) -> bool:
    """Tells whether the unit flies on a low-altitude map in the hex holding the ground board (AERO-CRASH-05)."""
    area = state.maps.get(unit.position.map) if unit.position is not None else None
    return isinstance(area, LowAltitudeMap) and area.ground_hex == unit.position.hex


def destroyed_on_crash(design: AeroDesign, flight: AeroState) -> bool:
    """Tells whether the crash destroys the unit outright: out of control and a DropShip or larger (AERO-CRASH-02)."""
    return flight.out_of_control and is_dropship(design)


# -- AERO-CRASH-03, 04: the crash damage and the aircraft's own share ---------------------------------------------


def crash_damage(roll: int, velocity: int) -> int:
    """Returns the crash damage for a 2D6 ``roll``: roll x 10 x velocity, velocity 0 counting 2 (AERO-CRASH-03)."""
    return roll * DAMAGE_PER_VELOCITY * (velocity or STANDSTILL_VELOCITY)


def roll_crash_damage(dice: Dice, unit_id: str, velocity: int) -> int:
    """Rolls the 2D6 of the crash damage and returns the damage (AERO-CRASH-03)."""
    return crash_damage(dice.roll(2, f"crash damage {unit_id} (velocity {velocity})").total, velocity)


def hit_side(design: AeroDesign) -> str:
    """Returns the hit location table the crash uses: "front" (the nose table: fighters, aerodyne DropShips and
    small craft) or "rear" (the aft table: spheroid DropShips and small craft) (AERO-CRASH-04). Support vehicles
    are on the nose table too (the seed names them in neither list; UNVERIFIED)."""
    return "rear" if design.shape is Shape.SPHEROID and design.aero_class in AFT_TABLE_CLASSES else "front"


def damage_aircraft(unit: Unit, amount: int, dice: Dice, events: Events, turn: int) -> Unit:
    """Applies the crash damage to the aircraft in 10-point groups, each on a 2D6 location of its table, with the
    critical checks that brings (AERO-CRASH-04; tables.md 9.1 through ``kinds``)."""
    side = hit_side(aero_kind.design(unit))
    for group in combat_tables.damage_groups(amount, GROUP):
        unit = kinds.take_hit(unit, kinds.hit(dice, unit, side, group, "crash"), dice, events, turn)
        if unit.destroyed:
            break
    return unit


# -- AERO-CRASH-06, 07: the crash hex --------------------------------------------------------------------------


class CrashTrack(Record):
    """The random movement that finds the crash hex: every hex entered, the 1D6 results, the heading at the end;
    ``off_board`` when it left the board (its last hex is then the first one off it)."""

    start: HexId
    heading: Facing
    hexes: tuple[HexId, ...] = ()
    dice: tuple[int, ...] = ()
    off_board: bool = False

    @property
    def crash_hex(self) -> HexId:
        return self.hexes[-1] if self.hexes else self.start


def random_step(board: Board, track: CrashTrack, die: int) -> CrashTrack:
    """Returns the track after one random-movement roll: turn by tables.md 9.5, then 8 hexes on, stopping at the
    first hex off the board (AERO-CRASH-06, 07)."""
    heading = track.heading.turned(aero_control.random_turn(die))
    here, hexes = track.crash_hex, list(track.hexes)
    for _ in range(GROUND_SCALE):
        here = here.neighbor(heading)
        hexes.append(here)
        if not board.contains(here):
            return evolve(track, heading=heading, hexes=tuple(hexes), dice=(*track.dice, die), off_board=True)
    return evolve(track, heading=heading, hexes=tuple(hexes), dice=(*track.dice, die))


def walk(board: Board, start: HexId, heading: Facing, dice_results: tuple[int, ...]) -> CrashTrack:
    """Returns the crash track for given random-movement 1D6 results (AERO-CRASH-06); the results after it has
    left the board are not used (AERO-CRASH-07)."""
    track = CrashTrack(start, heading)
    for die in dice_results:
        if track.off_board:
            break
        track = random_step(board, track, die)
    return track


def find_crash_hex(board: Board, start: HexId, heading: Facing, dice: Dice, unit_id: str) -> CrashTrack:
    """Rolls the crash hex: 2D6 random-movement rolls, one 1D6 each, none after the track has left the board
    (AERO-CRASH-06, 07)."""
    count = dice.roll(2, f"crash: random movement rolls {unit_id}").total
    track = CrashTrack(start, heading)
    for i in range(count):
        if track.off_board:
            break
        track = random_step(board, track, dice.d6(f"crash: random movement {unit_id} ({i + 1} of {count})"))
    return track


def entry_edge_hex(board: Board, heading: Facing) -> HexId:
    """Returns a default entry hex for a unit coming down on the ground board flying ``heading``: the edge hex with
    the off-board hex behind it nearest the board's centre (btcli's default; the caller may know better)."""
    edge = [HexId(c, r) for c in range(1, board.width + 1) for r in range(1, board.height + 1)
            if not board.contains(HexId(c, r).neighbor(heading.opposite()))]
    middle = HexId((board.width + 1) // 2, (board.height + 1) // 2)
    return min(edge, key=lambda h: (h.distance(middle), abs(h.col - middle.col) + abs(h.row - middle.row), h))


# -- AERO-CRASH-09..11, 22: buildings --------------------------------------------------------------------------


def hardened(board: Board, hexes: tuple[HexId, ...]) -> bool:
    """Tells whether any of the crash's hexes is a hardened building (AERO-CRASH-10, 11)."""
    return any((b := board.hex(h).building) is not None and b.type is BuildingType.HARDENED for h in hexes)


def damage_taken(base: int, board: Board, hexes: tuple[HexId, ...]) -> int:
    """Returns the damage the aircraft takes: the crash damage, doubled once by any hardened building hex it hits
    (AERO-CRASH-10, 11: not cumulative)."""
    return base * HARDENED_MULTIPLIER if hardened(board, hexes) else base


def building_damage(took: int, design: AeroDesign) -> int:
    """Returns the damage to the crash hex's building CF: what the aircraft took (AERO-CRASH-10; hardened: the
    doubled amount, AMB-32), an airship's halved and rounded up (AERO-CRASH-09, AMB-31, AMB-62)."""
    return ceil(took / 2) if design.aero_class is AeroClass.AIRSHIP else took


def _buildings(state: GameState, crash_hex: HexId, hexes: tuple[HexId, ...], design: AeroDesign, took: int,
               dice: Dice, events: Events) -> GameState:
    """AERO-CRASH-10, 11, 22: the crash's damage to buildings, and the collapses it brings, at once."""
    if is_dropship(design):
        doomed = [h for h in hexes if state.board.hex(h).building is not None]
        board = state.board
        for hex_id in doomed:
            board = structures.damage_structure(board, hex_id, board.hex(hex_id).building.cf)
            events.append(BuildingCrushed(hex_id))
        if not doomed:
            return state
        return displacement.collapse(state.with_board(board), doomed, dice, events,
                                     "destroyed by a crashing DropShip (AERO-CRASH-11)")
    b = state.board.hex(crash_hex).building
    if b is None:
        return state
    amount = building_damage(took, design)
    board = structures.damage_structure(state.board, crash_hex, amount)
    events.append(BuildingCrashDamage(crash_hex, amount, b.cf, board.hex(crash_hex).building.cf))
    return displacement.after_damage(state.with_board(board), crash_hex, dice, events,
                                     "destroyed by a crashing aircraft (AERO-CRASH-10)")


# -- AERO-CRASH-21: the wreck ----------------------------------------------------------------------------------


def immobile(unit: Unit) -> bool:
    """Tells whether an aerospace unit may never move again: it survived a crash into a building (AERO-CRASH-21)."""
    return aero_kind.flight(unit).immobile


def set_down(unit: Unit, board: Board, crash_hex: HexId, heading: Facing, in_building: bool = False) -> Unit:
    """Returns the aircraft come to rest in a hex of the ground board (a crash's survivor, or a landing):
    landed at velocity 0, a DropShip covering the six hexes around it, immobile if it crashed into a building
    and is not a DropShip (AERO-CRASH-21)."""
    design = aero_kind.design(unit)
    rest = evolve(aero_kind.view(unit), map_id=GROUND, hex=crash_hex, altitude=None, facing=heading, velocity=0,
                  landed=True, out_of_control=False, random_movement=False, transit=None)
    unit = aero_kind.store(unit, rest, immobile=in_building and not is_dropship(design))
    footprint = affected_hexes(board, crash_hex, design)[1:]
    return evolve(unit, position=evolve(unit.position, footprint=footprint, floor=0, roof=False, under_bridge=False,
                                        elevation=0))


# -- the crash -------------------------------------------------------------------------------------------------


def crash_on_ground_board(
    state: GameState, unit_id: str, entry_hex: HexId, heading: Facing, velocity: int, dice: Dice,
    readings: CrashReadings = READINGS,
) -> tuple[GameState, Events]:
    """Crashes an aerospace unit onto the ground board from ``entry_hex`` flying ``heading`` at ``velocity``;
    returns the new state and what happened (see the module for the steps and how the aircraft ends)."""
    unit = state.unit(unit_id)
    design, flight = aero_kind.design(unit), aero_kind.view(unit)
    if not state.board.contains(entry_hex):
        raise InputError(f"crash entry hex {entry_hex.label} is off the ground board")
    events: Events = [CrashedOntoBoard(unit_id, entry_hex, heading)]
    track = find_crash_hex(state.board, entry_hex, heading, dice, unit_id)
    if track.off_board:
        events.append(CrashLeftPlayArea(unit_id, track.crash_hex))
        return state.with_unit(evolve(unit, destroyed=True)), events
    crash_hex = track.crash_hex
    events.append(CrashHexFound(unit_id, crash_hex, track.dice, track.heading))
    hexes = affected_hexes(state.board, crash_hex, design)
    base = roll_crash_damage(dice, unit_id, velocity)
    took = damage_taken(base, state.board, hexes)
    in_building = state.board.hex(crash_hex).building is not None
    if destroyed_on_crash(design, flight):
        events.append(DropShipDestroyed(unit_id, took, took != base))
        unit = evolve(unit, destroyed=True)
    else:
        events.append(CrashDamage(unit_id, took, took != base, GROUP, "aft" if hit_side(design) == "rear" else "nose"))
        unit = damage_aircraft(unit, took, dice, events, state.turn)
    struck = crash_targets(state, hexes, exclude=unit_id)  # before any building comes down (AERO-CRASH-22)
    state = _buildings(state, crash_hex, hexes, design, took, dice, events)
    state = strike(state, crash_hex, track.heading, design, took, struck, dice, events, readings)
    if is_dropship(design):
        state = state.with_board(lower_terrain(state.board, crash_hex))
        events.append(GroundLowered(crash_hex, LEVELS_LOWERED))
    unit = set_down(unit, state.board, crash_hex, track.heading, in_building)
    if unit.destroyed:
        events.append(Wrecked(unit_id, crash_hex))
    else:
        events.append(SurvivesCrash(unit_id, crash_hex, immobile(unit)))
    return state.with_unit(unit), events

"""Landing an aerospace unit (issue #14): where a flight meets the ground and the move's last step is
``LAND`` (AERO-LALT-08, AERO-CRASH-01: a unit that does not land crashes).

Total Warfare's landing rules (p.86-87) are not in the seeds or tables.md. This is the book's basic reading
with MegaMek's figures (``IAero.getLandingControlRoll``, ``getLandingLength``, ``attemptLanding``), all
UNVERIFIED (docs/rules-notes.md, "Aerospace landings"):

- Only over the low-altitude hex holding the ground board does a unit land on the board; it touches down
  in the hex the order names (``LAND:CCRR``), by default the board's edge hex behind its heading (an
  aerodyne's run starts there) or, landing vertically, the board's centre.
- Aerodynes land horizontally: a strip of ``LANDING_LENGTH`` hexes (a DropShip ``DROPSHIP_LANDING_LENGTH``,
  three hexes wide) straight ahead from the touchdown hex, each clear, paved or road, at one level, with no
  building, bridge, water or ground unit. The unit stops at the strip's far end.
- Spheroids and airships land vertically: the touchdown hex (a DropShip with the six around it) under the
  same conditions.
- The landing roll: 2D6 against Piloting with the avionics and landing modifiers below; failing it costs
  10 x the margin of failure in 10-point groups on the nose table (the aft for a spheroid), and the unit is
  down all the same.
"""

from __future__ import annotations

from btcli.dice import Dice, Roll
from btcli.errors import IllegalOrderError
from btcli.model.aero import AeroClass, AeroDesign, AeroState, Arc, LowAltitudeMap, Shape
from btcli.model.board import Board, Terrain
from btcli.model.events_aero import DownOnBoard, LandedAway, LandingFailed, LandingRolled
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules.aero import control as aero_control, crash as aero_crash, thrust as aero_thrust
from btcli.rules.kinds import aero as aero_kind

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

RULE = "TW p.87 landing, UNVERIFIED"
LANDING_LENGTH = 8  # MegaMek getLandingLength; UNVERIFIED
DROPSHIP_LANDING_LENGTH = 15  # MegaMek Dropship.getLandingLength; UNVERIFIED
LANDING_SURFACES = frozenset({Terrain.CLEAR, Terrain.PAVED})
FAILURE_DAMAGE_PER_POINT = 10  # MegaMek attemptLanding: 10 x the margin of failure
THRUSTER_DAMAGE, GEAR_DAMAGE, NOSE_GONE, HALF_THRUST = 4, 5, 2, 2  # MegaMek's landing modifiers; UNVERIFIED
NO_THRUST, NO_THRUST_SPHEROID = 4, 8
CLEAR_IN_PATH, CLEAR_IN_PATH_VERTICAL = 2, 1

Modifiers = tuple[tuple[str, int], ...]


def lands_vertically(design: AeroDesign) -> bool:
    """Spheroids and airships come straight down; aerodynes need a strip."""
    return design.shape is Shape.SPHEROID or design.aero_class is AeroClass.AIRSHIP


def default_touchdown(board: Board, design: AeroDesign, flight: AeroState) -> HexId:
    """btcli's default for the controller's choice of touchdown hex (module docstring)."""
    if lands_vertically(design):
        return HexId((board.width + 1) // 2, (board.height + 1) // 2)
    return aero_crash.entry_edge_hex(board, flight.facing)


def landing_zone(board: Board, design: AeroDesign, flight: AeroState, touchdown: HexId) -> tuple[HexId, ...]:
    """Returns the hexes a landing covers: the strip ahead (three wide for a DropShip) or the touchdown hex
    (with the six around it for a DropShip), touchdown first."""
    dropship = design.aero_class is AeroClass.DROPSHIP
    if lands_vertically(design):
        return (touchdown, *(touchdown.neighbor(f) for f in Facing)) if dropship else (touchdown,)
    zone = []
    for here in _run(design, flight, touchdown):
        zone.append(here)
        if dropship:
            zone += [here.neighbor(flight.facing.turned(-2)), here.neighbor(flight.facing.turned(2))]
    return tuple(zone)


def _run(design: AeroDesign, flight: AeroState, touchdown: HexId) -> list[HexId]:
    """Returns a horizontal landing's run: its length in hexes straight ahead from the touchdown hex."""
    run = [touchdown]
    for _ in range((DROPSHIP_LANDING_LENGTH if design.aero_class is AeroClass.DROPSHIP else LANDING_LENGTH) - 1):
        run.append(run[-1].neighbor(flight.facing))
    return run


def stopping_hex(design: AeroDesign, flight: AeroState, touchdown: HexId) -> HexId:
    """Returns where the unit comes to rest: the touchdown hex landing vertically, else the run's far end."""
    return touchdown if lands_vertically(design) else _run(design, flight, touchdown)[-1]


def check_zone(state: GameState, unit_id: str, zone: tuple[HexId, ...]) -> None:
    """Raises unless every hex of the landing zone is on the board, clear or paved, level, and free."""
    board = state.board
    level = None
    for hex_id in zone:
        if not board.contains(hex_id):
            raise IllegalOrderError(f"the landing needs {hex_id.label}, which is off the ground board", RULE)
        h = board.hex(hex_id)
        if h.building is not None or h.bridge is not None:
            raise IllegalOrderError(f"cannot land on the building or bridge in {hex_id.label}", RULE)
        if (h.terrain not in LANDING_SURFACES and not h.road) or h.depth:
            raise IllegalOrderError(f"cannot land on {h.terrain.value.replace('_', ' ')} in {hex_id.label}: a "
                                    "landing needs clear or paved hexes", RULE)
        if level is not None and h.level != level:
            raise IllegalOrderError(f"the landing zone must be level: {hex_id.label} is level {h.level}, not "
                                    f"{level}", RULE)
        level = h.level
        in_the_way = [u.id for u in state.units.values() if u.id != unit_id and u.active and u.hex == hex_id]
        if in_the_way:
            raise IllegalOrderError(f"{', '.join(in_the_way)} in {hex_id.label} is in the landing's way", RULE)


def landing_modifiers(design: AeroDesign, flight: AeroState, velocity: int, board: Board,
                      zone: tuple[HexId, ...]) -> Modifiers:
    """Returns the landing roll's modifiers (the avionics and life support of tables.md 9.4, then the landing
    table)."""
    mods = [m for m in aero_control.control_modifiers(design, flight, False)
            if m[0].startswith("avionics") or m[0] == "no life support"]  # AERO-CRIT-04 (MegaMek checkLanding)
    vertical = lands_vertically(design)
    excess = velocity - (1 if vertical else 2)
    if excess > 0:
        mods.append(("excess velocity", excess))
    if flight.left_thruster_hits + flight.right_thruster_hits:
        mods.append(("manoeuvring thrusters damaged", THRUSTER_DAMAGE))
    if flight.landing_gear_damaged:
        mods.append(("landing gear damaged", GEAR_DAMAGE))
    if flight.armor.get(Arc.NOSE) <= 0:
        mods.append(("nose armor destroyed", NOSE_GONE))
    thrust = aero_thrust.current_max_thrust(design, flight)
    if thrust <= 0:
        mods.append(("no thrust", NO_THRUST_SPHEROID if design.shape is Shape.SPHEROID else NO_THRUST))
    elif thrust * 2 <= design.max_thrust:
        mods.append(("thrust halved or worse", HALF_THRUST))
    if any(board.hex(h).terrain is Terrain.CLEAR and not board.hex(h).road for h in zone if board.contains(h)):
        mods.append(("clear terrain in the landing zone", CLEAR_IN_PATH_VERTICAL if vertical else CLEAR_IN_PATH))
    return tuple(mods)


def landing_target(state: GameState, unit: Unit, flight: AeroState, velocity: int,
                   touchdown: HexId) -> tuple[int, Modifiers, tuple[HexId, ...]]:
    """Checks a landing on the ground board and returns its target number, modifiers and zone."""
    design = aero_kind.design(unit)
    zone = landing_zone(state.board, design, flight, touchdown)
    check_zone(state, unit.id, zone)
    mods = landing_modifiers(design, flight, velocity, state.board, zone)
    return flight.piloting + sum(v for _, v in mods), mods, zone


def over_the_board(state: GameState, flight: AeroState) -> bool:
    area = state.maps.get(flight.map_id)
    return isinstance(area, LowAltitudeMap) and area.ground_hex is not None and flight.hex == area.ground_hex


def land(state: GameState, uid: str, touchdown: HexId | None, velocity: int, dice: Dice) -> tuple[GameState, Events]:
    """Lands a unit whose flight met the ground (module docstring); returns the state and what happened."""
    unit = state.units[uid]
    design, flight = aero_kind.design(unit), aero_kind.view(unit)
    if not over_the_board(state, flight):  # down on ground the game does not hold
        landed = evolve(unit, position=None, aero=evolve(unit.aero, velocity=0, landed=True))
        return state.with_unit(landed), [LandedAway(uid, flight.map_id, flight.hex)]
    touchdown = touchdown or default_touchdown(state.board, design, flight)
    target, mods, zone = landing_target(state, unit, flight, velocity, touchdown)
    roll: Roll = dice.roll(2, f"landing {uid}", target=target, modifiers=mods)
    events: Events = [LandingRolled(uid, touchdown, lands_vertically(design), len(zone), roll.total, roll.target)]
    if not roll.success:
        damage = FAILURE_DAMAGE_PER_POINT * -roll.margin
        events.append(LandingFailed(uid, -roll.margin, damage, RULE))
        unit = aero_crash.damage_aircraft(unit, damage, dice, events, state.turn)
    rest = stopping_hex(design, flight, touchdown)
    if not unit.destroyed:
        events.append(DownOnBoard(uid, rest))
    return state.with_unit(aero_crash.set_down(unit, state.board, rest, flight.facing)), events

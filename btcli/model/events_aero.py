"""Aerospace units' events (rules/aero/, seed 001): a flight's steps and what ends it, control rolls and
high-G checks, damage and criticals, the atmosphere's re-entry, gravity and drag, arrivals on a map, air-to-air,
air-to-ground and ground-to-air fire, heat, landings, and crashes onto the ground board and what they strike.

The flight rules (``aero/movement``, ``control``, ``damage``, ``atmosphere``) work on an ``AeroState``, which
names no unit: their events say what happened to "it" (``EvasiveAction``, ``OutOfControl``) and the rule that
knows the unit says whose it was (``AircraftEvent``). ``unit`` is a unit's id, ``roll`` a 2D6 total, ``tn``
its target number, ``rule`` the catalog ID the sentence cites. Worded by ``btcli.render.events_aero``; only a
game with aerospace units builds these classes.
"""

from __future__ import annotations

from btcli.model.events import Event
from btcli.model.frozen import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.hexgrid import Facing, HexId


class AircraftEvent(Event, Record):
    """What the flight rules said of ``unit``'s flight (``event``, one of the unit-less events below)."""

    unit: str
    event: Event


# -- a flight's steps (aero/movement.py) -------------------------------------------------------------------


class StepsNotFlown(Event, Record):
    """The flight ended early: the steps from ``step`` (counted from 1) on are not flown."""

    step: int


class EndStepsNotMade(Event, Record):
    """The flight ended early: the velocity changes and rolls after its last hex are not made."""


class EvasiveAction(Event, Record):
    """It takes evasive action (AERO-MNV-02)."""


class Rolled(Event, Record):
    """It rolls (AERO-MNV-07): ``inverted`` after it, or upright again."""

    inverted: bool


class FlewOffMap(Event, Record):
    """It flies off its map's edge from ``hex``."""

    hex: HexId


class StuckInInterface(Event, Record):
    """Out of control without the thrust to leave the interface for space, it stays (AERO-ATM-07)."""


class EntersGroundRow(Event, Record):
    """It enters the ground row at ``hex``: it leaves for the low-altitude map at the end of the turn."""

    hex: HexId


class MustLandOrCrash(Event, Record):
    """Its altitude met the ground over ``hex``: it lands or crashes."""

    altitude: int | None  # None off the low-altitude map
    hex: HexId
    rule: str = "AERO-LALT-08"


class FliesIntoTerrain(Event, Record):
    """It flies into terrain higher than its altitude at ``hex``: it crashes."""

    altitude: int | None  # None off the low-altitude map
    hex: HexId
    rule: str = "AERO-LALT-09"


class ClimbsOut(Event, Record):
    """It climbs past altitude 10: it leaves for atmosphere row 1 of the space map at the end of the turn."""


class Hovers(Event, Record):
    """It hovers (AERO-HALT-11)."""


class ReentryMade(Event, Record):
    """It made its re-entry roll into the interface (AERO-ATM-02)."""


class RandomTurn(Event, Record):
    """Out of control and moving randomly, it turns ``turn`` hexsides (negative: left) before a hex (tables.md 9.5)."""

    turn: int


class MoveProhibited(Event, Record):
    """It may not go where its move leads (``why``; ``hex``, the hex it may not enter): it stays, its move ends."""

    why: str
    rule: str
    hex: HexId | None = None


# -- control rolls and high-G (aero/control.py) ------------------------------------------------------------


class ControlRollMade(Event, Record):
    """It made the control roll for ``reason`` (tables.md 9.4)."""

    reason: str


class OutOfControl(Event, Record):
    """It failed a control roll by ``margin``: out of control, and moving randomly if ``random`` (tables.md 9.4,
    9.5)."""

    margin: int
    random: bool


class AltitudeLost(Event, Record):
    """Out of control on the low-altitude map, it loses ``amount`` (1D6) altitudes, to ``altitude`` (tables.md 9.4)."""

    amount: int
    altitude: int


class ControlRegained(Event, Record):
    """It regains control before its move (tables.md 9.4)."""


class StillOutOfControl(Event, Record):
    """It fails to regain control by ``margin``."""

    margin: int


class HighGMade(Event, Record):
    """It made the control roll of a manoeuvre of ``thrust`` over its SI (AERO-HIGHG-02)."""

    thrust: int


class HighGDamage(Event, Record):
    """It failed a high-G control roll: 1 SI lost, ``si`` left (AERO-HIGHG-02)."""

    si: int


class GLoadWithstood(Event, Record):
    """Its pilot made the G-load roll of a manoeuvre of ``thrust`` (AERO-HIGHG-04)."""

    thrust: int


# -- damage and criticals (aero/damage.py) -----------------------------------------------------------------


class AeroDamaged(Event, Record):
    """One hit (``reason``, naming its source) does ``amount`` to the ``arc`` armor, ``through`` of it on to SI."""

    reason: str
    amount: int
    arc: str
    through: int = 0


class StructureGone(Event, Record):
    """Its structural integrity is 0: it is destroyed."""


class AeroCritical(Event, Record):
    """A critical hit on ``critical`` (the system's name, tables.md 9.1)."""

    critical: str


class AeroCriticalNoEffect(Event, Record):
    """A critical hit on a system the unit's class does not have: a small craft's docking collar or K-F boom
    (AERO-CRIT-05)."""

    critical: str
    aero_class: str


class AeroFuelExploded(Event, Record):
    """A fuel tank critical: the tank explodes and it is destroyed (tables.md 9.1)."""


class AeroWeaponDestroyed(Event, Record):
    """A weapon critical destroys ``weapon`` in its ``arc``."""

    weapon: str
    arc: str


class CrewHit(Event, Record):
    """A pilot/crew box is marked (``reason``): ``hits`` of its ``boxes``."""

    reason: str
    hits: int
    boxes: int


class AeroCrewKilled(Event, Record):
    """Every pilot/crew box is marked: the crew is killed."""


class PilotUnconscious(Event, Record):
    """The pilot fails the consciousness roll."""


# -- the atmosphere (aero/atmosphere.py) -------------------------------------------------------------------


class ReentryFailed(Event, Record):
    """It failed its re-entry roll: velocity 0, its move ends (AERO-ATM-06)."""


class PulledIntoInterface(Event, Record):
    """Out of control, gravity pulls it into the interface at ``hex`` (AERO-GRAV-03, AERO-ATM-08)."""

    hex: HexId


class PulledTowardInterface(Event, Record):
    """Gravity pulls it toward the interface at ``hex``, and its re-entry roll fails (AERO-GRAV-03)."""

    hex: HexId


class GravityPulled(Event, Record):
    """Gravity pulls it from ``start`` to ``hex`` (AERO-GRAV-02)."""

    start: HexId
    hex: HexId


class PulledIntoGroundRow(Event, Record):
    """Gravity pulled it into the ground row: it leaves for the low-altitude map (AERO-LALT-01)."""


class Dragged(Event, Record):
    """Drag slows it in an atmosphere row, from ``before`` to ``after`` (AERO-HALT-03)."""

    before: int
    after: int


# -- moves and maps (aero/moves.py, phases.py) -------------------------------------------------------------


class Flew(Event, Record):
    """``unit`` flew its ``steps`` on ``map`` from ``start`` (None: it went nowhere) to ``hex``, at ``velocity``,
    ``next_velocity`` next turn, spending ``thrust``; ``outcome``: how the flight ended."""

    unit: str
    steps: tuple[str, ...]
    map: str
    start: HexId | None
    hex: HexId
    facing: Facing
    altitude: int | None
    velocity: int
    next_velocity: int
    thrust: int
    outcome: str


class FlightPath(Event, Record):
    """The hexes ``unit`` flew through (``path``: ``low 0808@6 0807@6``, the altitude on a low-altitude map)."""

    unit: str
    path: str


class ControlRegainedToMove(Event, Record):
    """An out-of-control ``unit`` regains control before its move: the next order gives its path (tables.md 9.4)."""

    unit: str
    roll: int
    tn: int | None  # Roll.target's type; always set for these rolls


class RegainFailed(Event, Record):
    """An out-of-control ``unit`` fails to regain control by ``margin``: it flies on by itself."""

    unit: str
    margin: int
    roll: int
    tn: int | None  # Roll.target's type; always set for these rolls


class OutOfControlPlan(Event, Record):
    """A dry run of an out-of-control ``unit``'s move: it rolls to regain control first."""

    unit: str


class Collided(Event, Record):
    """``unit`` collides with ``other`` in their hex."""

    unit: str
    other: str
    rule: str = "AERO-STACK-02"


class FlewOffTheMaps(Event, Record):
    """``unit`` flies off map ``map`` where the game holds no map beyond: it leaves the battle."""

    unit: str
    map: str


class CameDownOffTheMaps(Event, Record):
    """``unit`` comes down through ground-row ``hex`` over no low-altitude map of the game: it leaves the battle."""

    unit: str
    hex: HexId
    rule: str = "AMB-56"


class MapTied(Event, Record):
    """Low-altitude map ``map`` is tied to ``space``'s ground-row ``hex``, where ``unit`` came down first."""

    map: str
    space: str
    hex: HexId
    unit: str
    rule: str = "AMB-56"


class LeftMap(Event, Record):
    """``unit`` is taken off map ``map`` at the end of the turn it left it in: on its way to ``to_map``, on no
    map, until it arrives there in turn ``turn``."""

    unit: str
    map: str
    to_map: str
    turn: int
    rule: str = "TURN-07"


class ArrivedLow(Event, Record):
    """``unit`` arrives on low-altitude map ``map`` at ``hex``, altitude 10."""

    unit: str
    map: str
    hex: HexId
    rule: str = "TURN-07, AMB-56"


class ArrivedInSpace(Event, Record):
    """``unit`` arrives on space map ``map`` at ``hex`` (atmosphere row 1) facing ``facing``."""

    unit: str
    map: str
    hex: HexId
    facing: Facing
    rule: str = "TURN-07, AMB-56"


# -- attacks (aero/attacks.py, air_ground.py, ground_to_air.py) --------------------------------------------


class AirShotHeld(Event, Record):
    """``unit`` holds ``weapon``: its to-hit number ``tn`` against ``target`` (with ``modifiers``) cannot be made."""

    unit: str
    weapon: str
    target: str
    tn: int
    modifiers: tuple[tuple[str, int], ...]


class ShotHeld(Event, Record):
    """``unit`` holds ``weapon``: its to-hit number ``tn`` against ``target`` cannot be made."""

    unit: str
    weapon: str
    target: str
    tn: int


class ShotMissed(Event, Record):
    """``unit`` fires ``weapon`` at aircraft ``target`` and misses."""

    unit: str
    weapon: str
    target: str
    tn: int
    roll: int


class StreakNoLock(Event, Record):
    """``unit``'s Streak ``weapon`` does not lock on aircraft ``target`` and does not fire."""

    unit: str
    weapon: str
    target: str
    tn: int
    roll: int


class AirShotHit(Event, Record):
    """``unit``'s ``weapon`` hits aircraft ``target`` (from ``direction``) for ``amount`` on the ``arc`` rolled as
    ``location`` on tables.md 9.1, its ``critical`` system named."""

    unit: str
    weapon: str
    target: str
    tn: int
    roll: int
    direction: str
    amount: int
    arc: str
    location: int
    critical: str


class DamageControlRoll(Event, Record):
    """``unit``'s control roll forced by the damage it took (``reason``): made, or failed with ``effects``
    (tables.md 9.4)."""

    unit: str
    reason: str
    roll: int
    tn: int | None  # Roll.target's type; always set for these rolls
    made: bool
    effects: tuple[Event, ...] = ()


class AeroHeat(Event, Record):
    """``unit``'s heat in the heat phase: ``before`` + ``weapons`` + ``engine`` - ``sinks`` = ``after``."""

    unit: str
    before: int
    after: int
    weapons: int
    engine: int
    sinks: int


class AttackAltitudeLost(Event, Record):
    """``unit`` loses ``amount`` altitude for its air-to-ground ``mode`` (strike, strafe, bomb)."""

    unit: str
    amount: int
    mode: str
    before: int
    after: int


class BombsMissed(Event, Record):
    """``unit``'s ``weapon`` (its bombs) miss ``hex`` (``roll`` None: the to-hit cannot be made); no scatter."""

    unit: str
    weapon: str
    hex: HexId
    tn: int
    roll: int | None = None


class BombsHit(Event, Record):
    """``unit``'s ``weapon`` (its bombs) hit ``hex``: ``per_bomb`` to everything in it."""

    unit: str
    weapon: str
    hex: HexId
    tn: int
    roll: int
    per_bomb: int


class BombsMissSecondElement(Event, Record):
    """The bombs reach only ``unit``'s second element, in another hex: no damage."""

    unit: str
    rule: str = "ASSET-DMG-09"


class BombsStrikeBuilding(Event, Record):
    """The bombs do ``amount`` to the building in ``hex``."""

    amount: int
    hex: HexId


class GroundAttackMissed(Event, Record):
    """``unit``'s ``mode`` attack (strike, strafe) at ``target`` with ``weapon`` misses."""

    unit: str
    mode: str
    target: str
    weapon: str
    tn: int
    roll: int


class GroundAttackHit(Event, Record):
    """``unit``'s ``mode`` attack (strike, strafe) at ``target`` with ``weapon`` hits, on its ``side`` ("" for a
    building), for ``amount``."""

    unit: str
    mode: str
    target: str
    weapon: str
    tn: int
    roll: int
    side: str
    amount: int


# -- landings (aero/landing.py) ----------------------------------------------------------------------------


class LandedAway(Event, Record):
    """``unit`` lands in ``map`` ``hex``, on ground the game does not hold, and leaves the battle."""

    unit: str
    map: str
    hex: HexId


class LandingRolled(Event, Record):
    """``unit`` lands at ``hex``, vertically or on a ``strip`` of hexes, rolling ``roll`` against ``tn``."""

    unit: str
    hex: HexId
    vertical: bool
    strip: int
    roll: int
    tn: int | None  # Roll.target's type; always set for these rolls


class LandingFailed(Event, Record):
    """``unit``'s landing fails by ``margin``: ``amount`` damage."""

    unit: str
    margin: int
    amount: int
    rule: str


class DownOnBoard(Event, Record):
    """``unit`` is down in ``hex`` of the ground board."""

    unit: str
    hex: HexId


# -- crashes (aero/grounding.py, crash.py, crash_targets.py) -----------------------------------------------


class BroughtDown(Event, Record):
    """``unit``'s altitude lost out of control took it down to the ground at ``hex``: it crashes."""

    unit: str
    hex: HexId


class StoppedOverGround(Event, Record):
    """``unit`` ended the movement phase at velocity 0 over the ground without hovering or landing: it crashes."""

    unit: str
    rule: str = "AERO-GRAV-05"


class CrashedAway(Event, Record):
    """``unit`` crashes in ``map`` ``hex``, on ground the game does not hold."""

    unit: str
    map: str
    hex: HexId
    rule: str = "AERO-CRASH-01"


class DropShipDestroyed(Event, Record):
    """Out of control, ``unit`` (a DropShip) is destroyed by its crash; on the ground board its crash deals
    ``amount`` (``doubled`` by a hardened building)."""

    unit: str
    amount: int | None = None
    doubled: bool = False
    rule: str = "AERO-CRASH-02"


class CrashDamageAway(Event, Record):
    """``unit`` takes ``amount`` crash damage, on ground the game does not hold."""

    unit: str
    amount: int


class CrashDamage(Event, Record):
    """``unit`` takes ``amount`` crash damage (``doubled`` by a hardened building) in ``group``-point groups on its
    ``table`` (nose or aft)."""

    unit: str
    amount: int
    doubled: bool
    group: int
    table: str


class Wrecked(Event, Record):
    """``unit`` is wrecked by its crash (in ``hex`` of the ground board)."""

    unit: str
    hex: HexId | None = None


class SurvivesAway(Event, Record):
    """``unit`` survives its crash on ground the game does not hold, out of the battle."""

    unit: str


class CrashedOntoBoard(Event, Record):
    """``unit`` crashes onto the ground board at ``hex`` flying ``heading``."""

    unit: str
    hex: HexId
    heading: Facing
    rule: str = "AERO-CRASH-01, AERO-CRASH-05"


class CrashLeftPlayArea(Event, Record):
    """``unit``'s crash track leaves the board at ``hex``: it is destroyed."""

    unit: str
    hex: HexId
    rule: str = "AERO-CRASH-07"


class CrashHexFound(Event, Record):
    """``unit`` comes down in ``hex`` after the random-movement ``rolls`` (1D6 each), travelling ``heading``."""

    unit: str
    hex: HexId
    rolls: tuple[int, ...]
    heading: Facing
    rule: str = "AERO-CRASH-06"


class BuildingCrushed(Event, Record):
    """The crashing DropShip destroys the building in ``hex``."""

    hex: HexId
    rule: str = "AERO-CRASH-11"


class BuildingCrashDamage(Event, Record):
    """The crash does ``amount`` to the building in ``hex``: CF ``before`` -> ``after``."""

    hex: HexId
    amount: int
    before: int
    after: int
    rule: str = "AERO-CRASH-10"


class GroundLowered(Event, Record):
    """A DropShip's crash lowers ``hex`` and the hexes around it ``levels`` levels."""

    hex: HexId
    levels: int
    rule: str = "AERO-CRASH-13"


class SurvivesCrash(Event, Record):
    """``unit`` survives its crash and lies in ``hex`` of the ground board, ``immobile`` if it hit a building."""

    unit: str
    hex: HexId
    immobile: bool


class CrushedUnderDropShip(Event, Record):
    """``unit`` is crushed under the crashing DropShip in ``hex`` and destroyed."""

    unit: str
    hex: HexId
    rule: str = "AERO-CRASH-12"


class CrashAvoided(Event, Record):
    """``unit`` avoids the crash's damage: its ``rolls`` (1D6 each) at most ``needs``."""

    unit: str
    rolls: tuple[int, ...]
    needs: int
    rule: str


class StruckByCrash(Event, Record):
    """``unit`` is struck by the crash (``rolls``, 1D6 each): ``amount`` in ``group``-point groups, ``times`` over."""

    unit: str
    rolls: tuple[int, ...]
    amount: int
    group: int
    times: int
    rule: str


class StaysUnderDropShip(Event, Record):
    """Infantry ``unit`` stays in ``hex`` under the crashed DropShip."""

    unit: str
    hex: HexId
    rule: str = "AERO-CRASH-18"

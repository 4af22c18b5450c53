"""Damage's events and what it sets off (rules/core/damage.py, falls.py, hits.py, phase_end.py,
displacement.py; ground/infantry.py): damage taken and transferred, locations and units destroyed,
critical hits, ammunition explosions, MechWarrior hits, falls, piloting skill rolls, the heat phase and
units pushed about.

``unit`` is the id of the unit it happens to, ``amount`` damage points, ``location`` a location code
(``CT``, ``LTR`` for rear armor, ``front``, ``troopers``), ``roll`` a 2D6 total and ``tn`` its target number
(a ``Roll``'s, typed as it types it), ``rule`` the catalog ID the sentence cites. Worded by
``btcli.render.events_damage``.
"""

from __future__ import annotations

from btcli.model.events import Event
from btcli.model.frozen import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.hexgrid import Facing, HexId


# -- damage (damage.py, vehicles.py, infantry.py) ---------------------------------------------------


class DamageTaken(Event, Record):
    """A damage group lands on a location of a 'Mech or vehicle (``source``: what dealt it)."""

    unit: str
    amount: int
    location: str
    source: str


class DamageTransferred(Event, Record):
    """What a destroyed 'Mech location cannot hold moves inward (tables.md 8.4)."""

    unit: str
    amount: int
    location: str
    into: str


class LocationDestroyed(Event, Record):
    """A 'Mech location is destroyed, or blown off by a critical roll of 12 (``blown_off``)."""

    unit: str
    location: str
    blown_off: bool = False


class UnitDestroyed(Event, Record):
    """A unit is destroyed; ``why`` says how when the sentence does (a 'Mech's ``head gone``)."""

    unit: str
    why: str = ""


class PilotHit(Event, Record):
    """A MechWarrior takes ``hits`` (``why``: a head hit, a fall, an explosion), ``total`` in all."""

    unit: str
    hits: int
    why: str
    total: int


class PilotKilled(Event, Record):
    """A MechWarrior's hits kill him, and so the 'Mech."""

    unit: str


class PilotUnconscious(Event, Record):
    """A MechWarrior fails a consciousness roll."""

    unit: str


class CriticalHit(Event, Record):
    """A critical hit destroys the ``item`` in a slot (``weapon:Medium Laser``, ``engine``; ``slot`` counts from 1)."""

    unit: str
    item: str
    location: str
    slot: int


class CriticalFindsNothing(Event, Record):
    """A critical hit finds nothing left to damage in the location."""

    unit: str
    location: str


class WeaponExploded(Event, Record):
    """A weapon that explodes when destroyed (a Gauss rifle) does: ``amount`` to internal structure."""

    unit: str
    weapon: str
    location: str
    amount: int


class EngineDestroyed(Event, Record):
    """A third engine critical destroys the 'Mech."""

    unit: str


class EngineSlotsLost(Event, Record):
    """A destroyed side torso takes its ``slots`` engine slots with it: engine hits, ``hits`` in all (EQ-ENG-02)."""

    unit: str
    location: str
    slots: int
    hits: int


class CASEContained(Event, Record):
    """CASE in ``location`` stops the ``amount`` an explosion has left once the location is gone (EQ-CASE-01)."""

    unit: str
    location: str
    amount: int


class CASEIIVented(Event, Record):
    """CASE II in ``location`` prevents ``prevented`` of an explosion (EQ-CASE-03): 1 point strikes the internal
    structure (``into``: 1, or 0 when none is left), the blast strips ``stripped`` from ``armor`` as it vents,
    and a 2D6 ``roll`` of 8 or more cancels the critical check (``no_critical``)."""

    unit: str
    location: str
    prevented: int
    into: int
    armor: str
    stripped: int
    roll: int
    no_critical: bool


class CockpitHit(Event, Record):
    """A cockpit critical kills the MechWarrior and destroys the 'Mech."""

    unit: str


class GyroDestroyed(Event, Record):
    """A second gyro critical destroys the gyro."""

    unit: str


class AmmoInert(Event, Record):
    """An ammunition bin hit is empty or holds rounds that do not explode."""

    unit: str
    weapon: str
    location: str


class AmmoExploded(Event, Record):
    """An ammunition bin explodes: ``shots`` x ``per_shot`` = ``amount`` to internal structure."""

    unit: str
    weapon: str
    location: str
    shots: int
    per_shot: int
    amount: int


class Sank(Event, Record):
    """A hover vehicle immobilized over deep water sinks."""

    unit: str
    rule: str = "tables.md 3"


class TrooperKilled(Event, Record):
    """A battle armor trooper is killed by a damage group his armor could not hold."""

    unit: str
    amount: int
    source: str
    trooper: str


class TrooperArmorHit(Event, Record):
    """A battle armor trooper's armor takes a damage group."""

    unit: str
    amount: int
    source: str
    trooper: str


class TroopersLost(Event, Record):
    """A conventional platoon loses one trooper a point of damage: ``left`` stand."""

    unit: str
    amount: int
    source: str
    left: int


# -- falls (falls.py, phase_end.py) -------------------------------------------------------------------


class Fell(Event, Record):
    """A 'Mech falls: its new facing, and ``amount`` falling damage on the ``side`` it landed on."""

    unit: str
    facing: Facing
    amount: int
    side: str


class FellFromAbove(Event, Record):
    """A unit falls ``levels`` levels: an accidental fall from above."""

    unit: str
    levels: int


class FallingDamage(Event, Record):
    """A unit that is not a 'Mech takes ``amount`` falling damage on one side (VEH-DISP-02)."""

    unit: str
    amount: int
    side: str


class FellAutomatically(Event, Record):
    """A 'Mech falls without a roll (``why``: a gyro destroyed, a leg lost)."""

    unit: str
    why: str


class FootingLost(Event, Record):
    """A 'Mech that must roll a PSR (``reason``) cannot, shut down or unconscious: it falls."""

    unit: str
    reason: str


class PSRFailed(Event, Record):
    """A 'Mech fails a piloting skill roll forced by this phase's damage (``reason``) and falls."""

    unit: str
    reason: str
    roll: int | None  # None: no roll, its target number above 12 (PSR-AUTO-02)
    tn: int | None


class PSRPassed(Event, Record):
    """A 'Mech keeps its footing: a piloting skill roll forced by this phase's damage made."""

    unit: str
    reason: str
    roll: int
    tn: int | None


# -- heat (phase_end.py) -----------------------------------------------------------------------------


class HeatChanged(Event, Record):
    """The heat phase: a 'Mech's heat from ``before`` to ``after``, by movement, weapons and engine hits
    (``engine``: their heat) less its working ``sinks``, 2 each when they are ``double`` (EQ-HS-01)."""

    unit: str
    before: int
    after: int
    movement: int
    weapons: int
    engine: int
    sinks: int
    double: bool = False
    stealth: int = 0  # the heat of its stealth armor switched on (EQ-STEALTH-04)


class Restarted(Event, Record):
    """A shut-down 'Mech restarts: its heat no longer keeps it down."""

    unit: str
    heat: int


class ShutDown(Event, Record):
    """A 'Mech shuts down from heat: ``automatic`` at 30 or more, else on a failed avoidance roll."""

    unit: str
    heat: int
    automatic: bool = False


class ShutdownPSRFailed(Event, Record):
    """A 'Mech fails the piloting skill roll of shutting down and falls (no ``roll``: its target number is above 12,
    PSR-AUTO-02)."""

    unit: str
    roll: int | None
    tn: int | None


# -- displacement (displacement.py) --------------------------------------------------------------------


class Displaced(Event, Record):
    """A unit is pushed one hex, from ``start`` to ``end``."""

    unit: str
    start: HexId
    end: HexId


class PushedOffMap(Event, Record):
    """A displaced unit is pushed off the map at ``hex`` and leaves the battle."""

    unit: str
    hex: HexId


class NowhereToGo(Event, Record):
    """A unit cannot be displaced anywhere and is destroyed."""

    unit: str
    rule: str = "DROP-14"


class PushedIntoWater(Event, Record):
    """A vehicle pushed into water it cannot enter is destroyed."""

    unit: str
    depth: int
    rule: str = "VEH-DISP-01"


class DisplacedPSRFailed(Event, Record):
    """A displaced 'Mech fails its piloting skill roll (no ``roll``: shut down or unconscious; no ``roll`` but a
    ``tn``: a target number above 12, PSR-AUTO-02) and falls."""

    unit: str
    roll: int | None = None
    tn: int | None = None


# IndustrialMechs (issue #31, part "industrial")
class IndustrialCriticalCheck(Event, Record):
    """An IndustrialMech a physical attack struck or that fell this turn checks for a critical hit at the turn's
    end, at a location of the front column of the hit table, +1 a level fallen."""

    unit: str
    location: str
    levels: int
    rule: str = "EQ-IND-01"


class CommercialArmorCheck(Event, Record):
    """A damage group of more than commercial armor's barrier armor rating (5) calls a critical check."""

    unit: str
    location: str
    damage: int
    rule: str = "EQ-IND-03"


# Stealth armor (issue #31, part "industrial")
class StealthSwitched(Event, Record):
    """A 'Mech's stealth armor is switched on or off as the End Phase closes, for the next turn."""

    unit: str
    on: bool
    rule: str = "EQ-STEALTH-02"

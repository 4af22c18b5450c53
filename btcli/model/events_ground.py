"""Ground units' collisions, slides and blows (rules/ground/skids.py, collisions.py, physical.py): skids and
sideslips, accidental charges and falls from above, physical attacks and the piloting skill rolls they force.

``unit`` is the id of the unit acting (the one sliding, falling or attacking), ``target`` the unit it strikes,
``slide`` ``skid`` or ``sideslip``, ``attack`` the physical attack (``punch``, ``punch (LA)``, ``kick``,
``club``, ``charge``, ``dfa``), ``roll`` a 2D6 total, ``to_hit`` the number it needed, ``tn`` a PSR's target
number, ``rule`` the catalog ID the sentence cites. Worded by ``btcli.render.events_ground``.
"""

from __future__ import annotations

from btcli.model.events import Event
from btcli.model.frozen import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.hexgrid import HexId


# -- MASC (masc.py) -----------------------------------------------------------------------------------


class MascRolled(Event, Record):
    """A 'Mech's MASC roll (EQ-MASC-02): ``roll`` against ``tn`` at ``level``; a failure (``passed`` False)
    puts a critical hit in each leg (EQ-MASC-04)."""

    unit: str
    roll: int
    tn: int
    level: int
    passed: bool
    rule: str = "EQ-MASC-02"


# -- skids and sideslips (skids.py) --------------------------------------------------------------------


class SlidOffMap(Event, Record):
    """A sliding unit leaves the map at ``hex`` and the battle."""

    unit: str
    slide: str
    hex: HexId


class SlidOver(Event, Record):
    """A flying VTOL (at ``elevation``) or a WiGE (no elevation) slides over a hex."""

    unit: str
    slide: str
    hex: HexId
    elevation: int | None = None


class SlidInto(Event, Record):
    """A ground vehicle slides into a hex."""

    unit: str
    slide: str
    hex: HexId


class SlidIntoWater(Event, Record):
    """A vehicle slides into water it cannot enter and is destroyed."""

    unit: str
    slide: str
    depth: int
    rule: str = "VEH-URB-06"


class SlippedIntoInfantry(Event, Record):
    """A slipping VTOL or WiGE meets infantry in ``hex``: its height drops to the hex's base level."""

    unit: str
    hex: HexId
    rule: str = "VEH-SLIP-13"


class SlidIntoProhibited(Event, Record):
    """A vehicle slides into terrain it cannot enter: ``amount`` damage, then immobile."""

    unit: str
    slide: str
    amount: int
    rule: str = "VEH-URB-05"


class SlipCrash(Event, Record):
    """A slipping VTOL or WiGE crashes for ``amount``: ``into`` ``terrain`` as high as itself, a large unit
    (``large``, its id) or, ``infantry``, onto infantry."""

    unit: str
    into: str
    amount: int
    large: str = ""
    rule: str = "VTOL-CRASH-01"


# -- collisions (collisions.py) --------------------------------------------------------------------------


class CannotDodge(Event, Record):
    """An asset in a slide's way cannot get out of it: assets make no driving skill rolls."""

    unit: str
    rule: str = "ASSET-GEN-01"


class Dodged(Event, Record):
    """A unit that has not moved gets out of a sliding unit's way."""

    unit: str
    roll: int
    tn: int | None


class SlidIntoUnit(Event, Record):
    """A sliding unit runs into ``target`` in ``hex``: an accidental charge."""

    unit: str
    slide: str
    target: str
    hex: HexId
    rule: str = "VEH-SLIP-09"


class AccidentalChargeMissed(Event, Record):
    """An accidental charge misses: the unit slides on."""

    unit: str
    target: str
    roll: int
    to_hit: int


class AccidentalChargeHit(Event, Record):
    """An accidental charge hits and ends the slide."""

    unit: str
    target: str
    roll: int
    to_hit: int
    slide: str


class BuildingCharged(Event, Record):
    """A slipping VTOL charges a building as high as itself: ``amount`` damage, its CF now ``cf``."""

    unit: str
    hex: HexId
    amount: int
    cf: int
    rule: str = "VEH-SLIP-12"


class AutomaticCharge(Event, Record):
    """A VTOL or WiGE landing on, or slipping into, a large unit charges it without a to-hit roll."""

    unit: str
    target: str
    hex: HexId
    rule: str


class FellBeside(Event, Record):
    """A unit falling from above misses the unit below and comes down beside it."""

    unit: str
    target: str
    roll: int
    to_hit: int
    rule: str


class FellOnto(Event, Record):
    """A unit falling from above lands on ``target``: ``amount`` damage."""

    unit: str
    target: str
    roll: int
    to_hit: int
    amount: int
    rule: str


class EnteredWater(Event, Record):
    """A 'Mech makes its PSR entering water of ``depth`` 1 or more in ``hex`` (PSR-WATER-01, tables.md 8.6)."""

    unit: str
    hex: HexId
    depth: int
    roll: int
    tn: int | None
    rule: str = "PSR-WATER-01"


class FellEnteringWater(Event, Record):
    """A 'Mech fails its PSR entering water of ``depth`` 1 or more in ``hex``: its move ends there and it falls into
    the water (PSR-WATER-01; no ``roll`` but a ``tn``: a target number above 12, PSR-AUTO-02)."""

    unit: str
    hex: HexId
    depth: int
    roll: int | None
    tn: int | None
    rule: str = "PSR-WATER-01"


class FallsAfterPSR(Event, Record):
    """A 'Mech struck, charged or fallen on fails its PSR (no ``roll``: shut down or unconscious; no ``roll`` but a
    ``tn``: a target number above 12, PSR-AUTO-02) and falls."""

    unit: str
    roll: int | None = None
    tn: int | None = None


# -- physical attacks (physical.py) ------------------------------------------------------------------------


class BlowCancelled(Event, Record):
    """A declared physical attack does not happen: a unit was destroyed or left the battle (``why`` empty), or
    an earlier attack this phase made it impossible (``why``)."""

    unit: str
    attack: str
    target: str
    why: str = ""


class BlowMissed(Event, Record):
    """A physical attack misses."""

    unit: str
    attack: str
    target: str
    roll: int
    to_hit: int


class BlowHit(Event, Record):
    """A physical attack hits (its damage follows as ``DamageTaken``)."""

    unit: str
    attack: str
    target: str
    roll: int
    to_hit: int


class BlowDestroysRotor(Event, Record):
    """A physical attack hits an airborne VTOL and destroys its rotor (VEH-PHYS-09's literal reading)."""

    unit: str
    attack: str
    target: str
    roll: int
    to_hit: int
    rule: str = "VEH-PHYS-09"


class DeathFromAboveMissed(Event, Record):
    """A 'Mech misses its death from above and falls."""

    unit: str


class TookThePlace(Event, Record):
    """A 'Mech whose charge or death from above pushed its target moves into the hex it left."""

    unit: str
    hex: HexId


# -- standing up, landing on a unit, going on after a slip (core/moves.py) -----------------------------------


class StoodUp(Event, Record):
    """A prone 'Mech stands up on its PSR (``roll`` vs ``tn``, tables.md 8.6), or with none: a ``body`` that
    stands on all its legs without a roll (a quad, QUAD-08)."""

    unit: str
    roll: int | None = None
    tn: int | None = None
    body: str = ""


class FailedToStand(Event, Record):
    """A prone 'Mech's PSR to stand fails (tables.md 8.6): it falls again where it lies (no ``roll``: its target
    number is above 12, PSR-AUTO-02)."""

    unit: str
    roll: int | None
    tn: int | None


class TriesToLandOn(Event, Record):
    """A VTOL tries to land on a large unit, and so charges it (VEH-VTOL-11)."""

    unit: str
    target: str


class GoesOnAfterSlip(Event, Record):
    """A vehicle goes on with its path after a sideslip (VEH-SLIP-07)."""

    unit: str


class CannotGoOnAfterSlip(Event, Record):
    """A vehicle cannot go on with its path from ``hex`` after a sideslip (VEH-SLIP-07): ``why``."""

    unit: str
    hex: HexId
    why: str


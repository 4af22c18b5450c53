"""Urban combat's events (seed 003; rules/urban/, and the collapses of rules/core/displacement.py):
buildings and bridges damaged, entered, fallen into and through, collapsing with what stands in them,
fire and blows at a building hex, girders found in rubble.

``hex`` is the building or bridge hex, ``unit`` the id of the unit it happens to, ``before`` and ``after``
a construction factor (CF), ``bridge`` tells a bridge hex from a building hex, ``roll`` a 2D6 total and ``tn``
its target number, ``rule`` the catalog ID the sentence cites. A collapse's ``why`` is the reason the rules give in words (``destroyed by attacks``,
``60 tons on level 1 exceed CF 40``). Worded by ``btcli.render.events_urban``.
"""

from __future__ import annotations

from btcli.model.events import Event
from btcli.model.frozen import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.board import BuildingType
    from btcli.model.hexgrid import HexId


# -- damage to structures (buildings.py, structures.py) ----------------------------------------------


class StructureDamaged(Event, Record):
    """A phase's attacks land on a building or bridge hex: ``amount`` damage, its CF ``before`` -> ``after``."""

    hex: HexId
    amount: int
    before: int
    after: int
    bridge: bool = False


class BasementRolled(Event, Record):
    """The first 'Mech in a building hex at ground level rolls on the basement table (URB-BSMT-01):
    ``levels`` deep, 0 for no basement."""

    hex: HexId
    levels: int
    roll: int


class BrokeThroughFloor(Event, Record):
    """A 'Mech heavier than a building's CF breaks through the ground floor into its basement."""

    unit: str
    tons: int
    hex: HexId
    cf: int
    depth: int
    rule: str = "URB-BSMT-02"


class FallDamagesBuilding(Event, Record):
    """A fall into a basement damages the building hex: CF ``before`` -> ``after``."""

    hex: HexId
    amount: int
    before: int
    after: int
    rule: str = "URB-BSMT-04"


# -- entering (buildings.py) ---------------------------------------------------------------------------


class EntryDamagesStructure(Event, Record):
    """A unit entering a building or bridge hex damages it by its weight: CF ``before`` -> ``after``."""

    hex: HexId
    amount: int
    unit: str
    before: int
    after: int
    bridge: bool = False
    rule: str = "URB-MOVE-05"


class BuildingEntered(Event, Record):
    """A unit makes its roll to enter a building hex."""

    unit: str
    hex: HexId
    roll: int
    tn: int | None


class EntryFailed(Event, Record):
    """A unit fails its entry roll (no ``roll``: shut down or unconscious; no ``roll`` but a ``tn``: a target number
    above 12, PSR-AUTO-02) and takes ``amount`` on ``side``."""

    unit: str
    hex: HexId
    roll: int | None
    tn: int | None
    amount: int
    side: str
    rule: str = "URB-MOVE-04"


class FellInside(Event, Record):
    """A 'Mech that fell inside a building hex takes ``amount``, and the building ``building_damage``."""

    unit: str
    hex: HexId
    amount: int
    building_damage: int
    rule: str = "URB-MOVE-08"


class PushedIntoBuilding(Event, Record):
    """A 'Mech displaced into a building hex takes ``amount``, and the building ``building_damage``."""

    unit: str
    hex: HexId
    amount: int
    building_damage: int
    rule: str = "URB-MOVE-09"


# -- collapse (core/displacement.py) -------------------------------------------------------------------


class BuildingHexCollapses(Event, Record):
    """A building hex collapses (``why``): it becomes rubble."""

    hex: HexId
    building_type: BuildingType
    height: int
    why: str


class BridgeHexCollapses(Event, Record):
    """A bridge hex collapses (``why``): everyone on its deck falls."""

    hex: HexId
    bridge_type: BuildingType
    why: str


class WholeStructureCollapses(Event, Record):
    """Half or more of a multi-hex building or bridge is down: the rest of it collapses (URB-COLL-02, URB-BRG-04)."""

    structure: str
    down: int
    hexes: int
    bridge: bool = False


class BuriedInBasement(Event, Record):
    """A unit in a basement when its building collapses is destroyed."""

    unit: str
    rule: str = "URB-COLL-07"


class CollapseDamage(Event, Record):
    """A unit in a collapsing building takes ``amount``: the CF at the phase's start / 10, times the
    levels above it and its own (``levels``, 1 for none above)."""

    unit: str
    amount: int
    cf: int
    levels: int = 1
    rule: str = "URB-COLL-04"


class FellIntoWater(Event, Record):
    """A vehicle on a collapsing bridge falls into water it cannot enter and is destroyed."""

    unit: str
    depth: int
    rule: str = "VEH-DISP-01"


# -- fire at a unit inside a building (core/combat.py, structures.py) ---------------------------------------


class BuildingAbsorbs(Event, Record):
    """The building a target is inside absorbs part of a damage group (URB-IN-02/03)."""

    target: str
    location: str
    amount: int
    absorbed: int
    through: int


class MissStrikesBuilding(Event, Record):
    """An adjacent attacker's miss strikes the building its target is in (URB-IN-04)."""

    hex: HexId
    amount: int


class MissingDamageStrikesBuilding(Event, Record):
    """The part of a cluster hit that missed its target strikes the building it is in (URB-IN-04)."""

    hex: HexId
    amount: int
    rule: str = "URB-IN-04"


# -- attacks on building hexes (building_attacks.py) and girders (buildings.py) -------------------------


class HexFireHeld(Event, Record):
    """A weapon aimed at a building hex is not fired: its to-hit number is above 12."""

    unit: str
    weapon: str
    hex: HexId
    to_hit: int


class HexHitPointBlank(Event, Record):
    """A weapon fired at a building hex from the next hex hits automatically (URB-ATK-04/05)."""

    unit: str
    weapon: str
    hex: HexId
    amount: int


class HexMissed(Event, Record):
    """A weapon fired at a building hex misses (``streak``: a Streak that does not lock on and does not fire)."""

    unit: str
    weapon: str
    hex: HexId
    to_hit: int
    roll: int
    streak: bool = False


class HexHit(Event, Record):
    """A weapon fired at a building hex hits it for ``amount``, which it takes as the phase ends."""

    unit: str
    weapon: str
    hex: HexId
    to_hit: int
    roll: int
    amount: int


class BlowAtHexDeclared(Event, Record):
    """A physical attack (``attack``) declared at a building or bridge hex: it always hits, resolved when the
    phase ends."""

    unit: str
    attack: str
    hex: HexId
    rule: str = "URB-ATK-04"


class BlowAtHexFails(Event, Record):
    """A physical attack on a building hex does not happen: its attacker was destroyed (``why`` empty) or
    lost the limb earlier in the phase (``why``)."""

    unit: str
    attack: str
    hex: HexId
    why: str = ""


class BlowAtHexLands(Event, Record):
    """A physical attack on a building hex always hits: ``amount``, as the phase ends."""

    unit: str
    attack: str
    hex: HexId
    amount: int
    rule: str = "URB-ATK-04"


class GirderSearched(Event, Record):
    """A 'Mech searches rubble for a girder club (URB-CLUB-01): ``found`` it, and picks it up, or not."""

    unit: str
    hex: HexId
    roll: int
    tn: int
    found: bool

"""Vehicles' and VTOLs' events (rules/ground/vehicles.py, vtol.py): rotor hits, vehicle critical hits and
their effects, motive system damage, VTOL crashes and forced landings. The damage a group does is
``events_damage.DamageTaken``, as for a 'Mech.

``unit`` is the vehicle's id, ``roll`` a (modified) 2D6 total, ``rule`` the catalog ID the sentence cites.
Worded by ``btcli.render.events_vehicles``.
"""

from __future__ import annotations

from btcli.model.events import Event
from btcli.model.frozen import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.board import Terrain
    from btcli.model.hexgrid import HexId


# -- damage and criticals (vehicles.py) -----------------------------------------------------------------


class JamCleared(Event, Record):
    """A vehicle's crew spends the weapon phase clearing a jam (VEH-CRIT-18, 23): the jammed ``weapon`` (its
    label), or the turret when ``weapon`` is empty."""

    unit: str
    weapon: str = ""


class RotorDamageReduced(Event, Record):
    """Weapon damage to a rotor does a tenth of itself, rounded up."""

    unit: str
    amount: int
    reduced: int
    rule: str = "VEH-DMG-12"


class ArmorPenetrated(Event, Record):
    """A damage group greater than a support vehicle's barrier armor rating struck armor: a critical roll follows."""

    unit: str
    location: str
    damage: int
    bar: int
    rule: str = "EQ-SV-02"


class VehicleDestroyed(Event, Record):
    """A vehicle location's internal structure is gone: the vehicle and its crew are destroyed."""

    unit: str
    location: str
    rule: str = "VEH-DMG-03"


class VehicleCritical(Event, Record):
    """A roll on a vehicle critical table column: its ``result`` (``engine hit``, ...; ``no critical`` under 6,
    ``nothing left to damage``), ``moved_from`` the result rolled when an inapplicable one moved down the column."""

    unit: str
    roll: int
    column: str
    result: str
    moved_from: str = ""


class CrewKilled(Event, Record):
    """A vehicle's crew is killed: it counts as destroyed and cannot act."""

    unit: str


class CrashedAndDestroyed(Event, Record):
    """A flying VTOL or WiGE whose crew is killed crashes and is destroyed."""

    unit: str


class FuelTankExploded(Event, Record):
    """A fuel tank critical on an ICE vehicle: it explodes and is destroyed."""

    unit: str


class WeaponMalfunctions(Event, Record):
    """A weapon malfunction critical jams a weapon (``weapon``: its label)."""

    unit: str
    weapon: str


class CargoDestroyed(Event, Record):
    """A cargo/infantry hit critical: the cargo is destroyed, carried infantry take ``amount``."""

    unit: str
    amount: int


class RotorDestroyed(Event, Record):
    """A rotor destroyed critical: the VTOL crashes and is destroyed."""

    unit: str


class VehicleWeaponDestroyed(Event, Record):
    """A weapon destroyed critical: the weapon chosen by its owner (``by_owner``) or by the attacker."""

    unit: str
    weapon: str
    by_owner: bool


class AmmoVented(Event, Record):
    """An ammunition explosion of ``amount`` vented by CASE through the rear armor."""

    unit: str
    amount: int


class VehicleAmmoExploded(Event, Record):
    """An ammunition explosion of ``amount`` into a location's internal structure."""

    unit: str
    amount: int
    location: str


class MotiveRolled(Event, Record):
    """A roll on the motive system damage table (modified ``roll``) and its ``result`` (``no effect``, ...)."""

    unit: str
    roll: int
    result: str


class Immobilized(Event, Record):
    """Major motive damage immobilizes a vehicle."""

    unit: str


class CruiseLost(Event, Record):
    """A vehicle's cruise MP falls, ``before`` -> ``after`` (flank ``flank``), for ``why``."""

    unit: str
    before: int
    after: int
    flank: int
    why: str


# -- VTOLs (vtol.py) ----------------------------------------------------------------------------------


class VTOLCrashed(Event, Record):
    """A VTOL crashes (``why``, as the move's check or the damage says it)."""

    unit: str
    why: str


class CrashedIntoWater(Event, Record):
    """A crashing VTOL or WiGE comes down in water and is destroyed."""

    unit: str
    rule: str


class CrashExplosion(Event, Record):
    """A VTOL's crash damaged its internal structure: it explodes."""

    unit: str
    rule: str = "VEH-DMG-06"


class CrashNoRest(Event, Record):
    """A crashed VTOL cannot come to rest in its hex (``why``) and is destroyed."""

    unit: str
    why: str
    rule: str = "VTOL-CRASH-03"


class CrashSurvived(Event, Record):
    """A VTOL survives its crash and is landed in ``hex``."""

    unit: str
    hex: HexId
    rule: str = "VTOL-CRASH-03"


class PilotHitDrop(Event, Record):
    """A VTOL whose pilot is hit fails its driving roll and drops to ``elevation``."""

    unit: str
    elevation: int
    rule: str = "VTOL-CRIT-08"


class ForcedLandingImpossible(Event, Record):
    """A VTOL that must come down (``why``) over terrain it cannot land on is destroyed."""

    unit: str
    terrain: Terrain
    why: str
    rule: str = "VTOL-CRIT-05"


class ForcedLandingFailed(Event, Record):
    """A VTOL fails its forced landing roll and is destroyed."""

    unit: str
    roll: int
    tn: int | None


class ForcedLanding(Event, Record):
    """A VTOL makes a forced landing in ``hex`` (``why``); it cannot move again."""

    unit: str
    hex: HexId
    why: str


class RoofCannotCarry(Event, Record):
    """The building under a VTOL landing on its roof cannot carry it (its CF below the VTOL's tons)."""

    hex: HexId
    cf: int
    unit: str
    tons: int
    rule: str

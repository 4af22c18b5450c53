"""Weapon fire's events (rules/core/combat.py, weapon_modes.py): a weapon held, fired, hitting or
missing, and where each damage group strikes (its damage lands as the phase ends, ``events_damage``). What
a building does to fire at a unit inside it is ``events_urban``'s.

``unit`` is the attacker's id, ``target`` the target's, ``weapon`` the mount's label (``AC/20@RT``),
``to_hit`` the target number and ``roll`` the 2D6 total. Worded by ``btcli.render.events_combat``.
"""

from __future__ import annotations

from btcli.model.events import Event
from btcli.model.frozen import record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.hexgrid import HexId


@record
class WeaponHeld(Event):
    """A weapon is not fired: its to-hit number is above 12 (``modifiers``: the number's parts)."""

    unit: str
    weapon: str
    target: str
    to_hit: int
    modifiers: tuple[tuple[str, int], ...]


@record
class WeaponMissed(Event):
    """A weapon fired and missed."""

    unit: str
    weapon: str
    target: str
    to_hit: int
    roll: int


@record
class WeaponHit(Event):
    """A weapon fired and hit on the target's ``side``: ``damage`` in ``groups`` damage groups."""

    unit: str
    weapon: str
    target: str
    to_hit: int
    roll: int
    side: str
    damage: int
    groups: int


@record
class StreakNoLock(Event):
    """A Streak launcher does not lock on, so it does not fire (nor spend its salvo)."""

    unit: str
    weapon: str
    target: str
    to_hit: int
    roll: int


@record
class GroupStrikes(Event):
    """One damage group of a hit strikes a location (``rear``: the rear armor); it lands as the phase ends."""

    target: str
    amount: int
    location: str
    rear: bool = False


@record
class CoverStruck(Event):
    """A damage group to a leg strikes the partial cover instead: the building hex giving it (``hex``,
    URB-IN-06/07), or else the cover itself."""

    amount: int
    location: str
    hex: HexId | None = None


@record
class WeaponJammed(Event):
    """An Ultra autocannon firing at double rate jams on a natural 2."""

    unit: str
    weapon: str


@record
class RotaryJammed(Event):
    """A Rotary autocannon jams on a to-hit roll at or below its rate's number (EQ-RAC-03)."""

    unit: str
    weapon: str
    shots: int
    roll: int


@record
class RotaryUnjam(Event):
    """A unit spends its turn unjamming a Rotary autocannon: 2D6 against gunnery + 3 (EQ-RAC-04)."""

    unit: str
    weapon: str
    target: int
    roll: int
    cleared: bool

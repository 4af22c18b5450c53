"""Weapon fire's events (rules/core/combat.py, weapon_modes.py): a weapon held, fired, hitting or
missing, and where each damage group strikes; a physical attack declared (rules/core/attacks.py) (its damage lands as the phase ends, ``events_damage``). What
a building does to fire at a unit inside it is ``events_urban``'s.

``unit`` is the attacker's id, ``target`` the target's, ``weapon`` the mount's label (``AC/20@RT``),
``to_hit`` the target number and ``roll`` the 2D6 total. Worded by ``btcli.render.events_combat``.
"""

from __future__ import annotations

from btcli.model.events import Event
from btcli.model.frozen import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.hexgrid import HexId


class WeaponHeld(Event, Record):
    """A weapon is not fired: its to-hit number is above 12 (``modifiers``: the number's parts)."""

    unit: str
    weapon: str
    target: str
    to_hit: int
    modifiers: tuple[tuple[str, int], ...]


class WeaponMissed(Event, Record):
    """A weapon fired and missed."""

    unit: str
    weapon: str
    target: str
    to_hit: int
    roll: int


class WeaponHit(Event, Record):
    """A weapon fired and hit on the target's ``side``: ``damage`` in ``groups`` damage groups."""

    unit: str
    weapon: str
    target: str
    to_hit: int
    roll: int
    side: str
    damage: int
    groups: int


class StreakNoLock(Event, Record):
    """A Streak launcher does not lock on, so it does not fire (nor spend its salvo)."""

    unit: str
    weapon: str
    target: str
    to_hit: int
    roll: int


class GroupStrikes(Event, Record):
    """One damage group of a hit strikes a location from behind (``rear``: the rear armor, or with
    ``no_rear_armor`` the location's own, an arm, a leg or the head having none); it lands as the phase ends."""

    target: str
    amount: int
    location: str
    rear: bool = False
    no_rear_armor: bool = False


class CoverStruck(Event, Record):
    """A damage group to a leg strikes the partial cover instead: the building hex giving it (``hex``,
    URB-IN-06/07), or else the cover itself."""

    amount: int
    location: str
    hex: HexId | None = None


class WeaponJammed(Event, Record):
    """An Ultra autocannon firing at double rate jams on a natural 2."""

    unit: str
    weapon: str


# -- declarations (core/attacks.py) ----------------------------------------------------------------------------


class PhysicalDeclared(Event, Record):
    """A physical attack (``attack``: punch, kick, ...) declared at a unit, rolled when the phase ends: its
    target number ``to_hit``, the attacker's ``piloting`` and the other ``modifiers`` (tables.md 8.7)."""

    unit: str
    attack: str
    target: str
    to_hit: int
    piloting: int
    modifiers: tuple[tuple[str, int], ...]


class ClusterModified(Event, Record):
    """A missile salvo's cluster roll is modified (``modifiers``: Artemis IV +2, ATM +2, Narc pod +2, anti-missile
    system -4; btcli.rules.core.fire_control)."""

    unit: str
    weapon: str
    target: str
    modifiers: tuple[tuple[str, int], ...]


class ClusterBonusLost(Event, Record):
    """A salvo's cluster bonus (``bonus``: Artemis IV, ATM, Narc pod) is cancelled (``why``: an enemy's ECM)."""

    unit: str
    weapon: str
    target: str
    bonus: str
    why: str


class AmsFires(Event, Record):
    """``unit``'s anti-missile system ``weapon`` fires at the missiles of ``attacker``'s ``attack`` (one round, its
    heat; once this turn)."""

    unit: str
    weapon: str
    attacker: str
    attack: str


class PodStopped(Event, Record):
    """An anti-missile system rolls a d6 against a single Narc pod: 1-3 (``stopped``) destroys it."""

    unit: str
    attack: str
    roll: int
    stopped: bool


class PodAttached(Event, Record):
    """A Narc pod from ``unit``'s ``weapon`` attaches to ``target`` for the rest of the game (``side``'s pod)."""

    unit: str
    weapon: str
    target: str
    side: str


class TargetTagged(Event, Record):
    """``unit``'s TAG ``weapon`` tags ``target`` for turn ``turn``."""

    unit: str
    weapon: str
    target: str
    turn: int


class RotaryJammed(Event, Record):
    """A Rotary autocannon jams on a to-hit roll at or below its rate's number (EQ-RAC-03)."""

    unit: str
    weapon: str
    shots: int
    roll: int


class RotaryUnjam(Event, Record):
    """A unit spends its turn unjamming a Rotary autocannon: 2D6 against gunnery + 3 (EQ-RAC-04)."""

    unit: str
    weapon: str
    target: int
    roll: int
    cleared: bool

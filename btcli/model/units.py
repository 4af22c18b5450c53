"""Units: BattleMechs, ground vehicles (VTOLs and WiGEs included) and infantry (platoons, battle armor).

A ``Unit`` carries its design (tonnage, MP, weapons, maximum armor) and its
current state (position, armor left, what it did this turn). Designs come
inline from the scenario or by name from the built-in catalog.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from btcli.model.hexgrid import Facing, HexId


class UnitKind(str, Enum):
    MECH = "mech"
    VEHICLE = "vehicle"
    INFANTRY = "infantry"  # a conventional platoon or a battle armor squad (minimal model, btcli.rules.infantry)


class Motive(str, Enum):
    """How a unit moves over the ground; ``BIPED`` stands for every 'Mech."""

    BIPED = "biped"
    TRACKED = "tracked"
    WHEELED = "wheeled"
    HOVER = "hover"
    VTOL = "vtol"
    WIGE = "wige"
    NAVAL = "naval"
    FOOT = "foot"  # infantry on foot
    JUMP = "jump"  # jump infantry or battle armor with jump jets


class MoveMode(str, Enum):
    """The kind of movement a unit used this turn (sets the attacker movement modifier)."""

    NONE = "none"  # has not moved yet this turn
    STAND = "stand"  # declared no movement
    WALK = "walk"
    RUN = "run"
    JUMP = "jump"
    CRUISE = "cruise"
    FLANK = "flank"

    @property
    def is_fast(self) -> bool:
        """Tells whether this is running or flanking movement."""
        return self in (MoveMode.RUN, MoveMode.FLANK)


@dataclass(frozen=True, slots=True)
class Mount:
    """A weapon mounted in a location (``rear`` for rear-firing 'Mech torso mounts)."""

    weapon: str
    location: str
    rear: bool = False
    destroyed: bool = False
    jammed: bool = False

    @property
    def label(self) -> str:
        return f"{self.weapon}@{self.location}" + ("(R)" if self.rear else "")


@dataclass(frozen=True, slots=True, repr=False)
class AmmoBin:
    weapon: str
    location: str
    shots: int
    kind: str = "standard"  # or "ap": armor-piercing autocannon rounds (VEH-DMG-10)

    def __repr__(self) -> str:
        # The default kind is left out, so state hashes of games saved before AP ammunition still verify.
        kind = f", kind={self.kind!r}" if self.kind != "standard" else ""
        return f"AmmoBin(weapon={self.weapon!r}, location={self.location!r}, shots={self.shots!r}{kind})"


@dataclass(frozen=True)
class Unit:
    """A unit on the board. 'Mechs use walk/run/jump; vehicles cruise/flank in ``walk``/``run``."""

    id: str
    side: str
    name: str
    kind: UnitKind
    motive: Motive
    tons: int
    engine: str  # "fusion" | "ice"
    walk: int  # walking MP ('Mech) or cruise MP (vehicle)
    run: int  # running MP or flank MP
    jump: int
    gunnery: int
    piloting: int  # piloting ('Mech) or driving (vehicle) skill
    max_armor: dict[str, int]
    max_internal: dict[str, int]
    armor: dict[str, int]
    internal: dict[str, int]
    weapons: tuple[Mount, ...] = ()
    ammo: tuple[AmmoBin, ...] = ()
    heat_sinks: int = 0
    position: HexId | None = None
    facing: Facing = Facing.N
    elevation: int = 0  # VTOLs: levels above the hex; 0 = landed
    destroyed: bool = False
    prone: bool = False
    heat: int = 0
    # This turn's movement, read by the target and attacker movement modifiers.
    mode: MoveMode = MoveMode.NONE
    mp_spent: int = 0
    hexes_moved: int = 0
    # Combat state (issue #3).
    pilot_hits: int = 0
    conscious: bool = True
    shutdown: bool = False
    twist: int = 0  # torso twist (or turret offset) this turn, in hexsides: -1 left, +1 right
    slots: dict[str, tuple[str, ...]] = field(default_factory=dict)  # 'Mech critical slots by location
    crits: tuple[str, ...] = ()  # critical hits taken: 'LOC:slot' for 'Mechs, result names for vehicles
    fired: tuple[int, ...] = ()  # indexes of weapons fired this turn
    damage_phase: int = 0  # damage taken this phase (20+ forces a PSR)
    unverified: str = ""
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def is_mech(self) -> bool:
        return self.kind is UnitKind.MECH

    @property
    def is_vehicle(self) -> bool:
        return self.kind is UnitKind.VEHICLE

    @property
    def is_infantry(self) -> bool:
        return self.kind is UnitKind.INFANTRY

    @property
    def cruise(self) -> int:
        return self.walk

    @property
    def flank(self) -> int:
        return self.run

    @property
    def has_moved(self) -> bool:
        return self.mode is not MoveMode.NONE

    @property
    def active(self) -> bool:
        """Tells whether the unit is on the board and not destroyed."""
        return not self.destroyed and self.position is not None

    @property
    def in_reserve(self) -> bool:
        """Tells whether the unit is a dropping reserve still waiting off the map (DROP-01)."""
        return "reserve" in self.extra and self.position is None and not self.destroyed

    @property
    def out_of_action(self) -> bool:
        """Tells whether the unit is lost for victory: destroyed, off the map, or its crew killed (VEH-CRIT-09)."""
        return not self.active or bool(self.extra.get("crew_killed"))

    def locations(self) -> list[str]:
        return list(self.max_armor)

    def slot_hits(self, location: str) -> set[int]:
        """Returns the indexes of the destroyed critical slots in a location."""
        prefix = location + ":"
        return {int(c[len(prefix):]) for c in self.crits if c.startswith(prefix)}

    def count_hits(self, item: str) -> int:
        """Returns how many critical slots holding ``item`` (e.g. 'engine', 'gyro') are destroyed."""
        if not self.crits:
            return 0
        total = 0
        for location, contents in self.slots.items():
            hit = self.slot_hits(location)
            total += sum(1 for i, name in enumerate(contents) if name == item and i in hit)
        return total

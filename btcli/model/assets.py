"""Battlefield Support assets (seed 004): the printed card and the per-game state of one asset.

A card (tables.md 16.1) is data shared by every copy of an asset; the state
holds what one asset in one game carries: whether it is Veteran, its current
destruction-check TN (worn down by survived checks, ASSET-DMG-12) and this
turn's damage. Seed 004 tracks nothing else from turn to turn (ASSET-GEN-02).
"""

from __future__ import annotations

from btcli.errors import IllegalOrderError
from btcli.model.choices import Choice
from btcli.model.frozen import Record, evolve
from btcli.model.hexgrid import Facing, HexId


class AssetKind(Choice):
    """The rules category of an asset (MegaMek's ``assetType``, tables.md 16.1)."""

    VEHICLE = "vehicle"
    CONVENTIONAL_INFANTRY = "conventional_infantry"
    BATTLE_ARMOR = "battle_armor"
    GUN_EMPLACEMENT = "gun_emplacement"

    @property
    def is_infantry(self) -> bool:
        """Tells whether the kind is infantry: conventional infantry and battle armor alike (ASSET-GEN-05)."""
        return self in (AssetKind.CONVENTIONAL_INFANTRY, AssetKind.BATTLE_ARMOR)


class MovementCode(Choice):
    """The movement type printed beside an asset's MP (ASSET-TERR-01, tables.md 16.2)."""

    FOOT = "F"
    JUMP = "J"
    HOVER = "H"
    TRACKED = "T"  # also mechanized/motorized conventional infantry (seed 004)
    WHEELED = "W"
    VTOL = "V"
    NONE = "-"  # immobile: gun emplacements

    @classmethod
    def parse(cls, text: str) -> "MovementCode":
        """Parses a card letter (``H``) or a MegaMek ``movement.mode`` (``HOVER``); raises ValueError otherwise.

        MegaMek's ``INF_MOTORIZED`` (card letter M) maps to T, the code seed 004 gives
        motorized infantry; WiGE (G) has no asset terrain rule and is refused (tables.md 16.2).
        """
        key = text.strip().upper()
        if key in _MEGAMEK_MODES:
            return _MEGAMEK_MODES[key]
        if key in ("", "NONE", "—", "-"):
            return cls.NONE
        for code in cls:
            if code.value == key:
                return code
        if key in ("WIGE", "G"):
            raise ValueError(f"movement {text!r} (WiGE) has no asset terrain rule in seed 004")
        raise ValueError(f"unknown movement code {text!r} (use F, J, H, T, W, V or none)")

    @property
    def is_ground_vehicle(self) -> bool:
        return self in (MovementCode.HOVER, MovementCode.TRACKED, MovementCode.WHEELED)


_MEGAMEK_MODES = {
    "INF_LEG": MovementCode.FOOT,
    "INF_JUMP": MovementCode.JUMP,
    "HOVER": MovementCode.HOVER,
    "TRACKED": MovementCode.TRACKED,
    "WHEELED": MovementCode.WHEELED,
    "VTOL": MovementCode.VTOL,
    "INF_MOTORIZED": MovementCode.TRACKED,  # tables.md 16.2: M is read as T
    "M": MovementCode.TRACKED,
}


class AssumedMode(Choice):
    """The movement mode an asset counts as using when a rule asks for one (ASSET-MOVE-04)."""

    RUN = "run"
    JUMP = "jump"
    IMMOBILE = "immobile"


class RangeBands(Record):
    """The upper limits in hexes of an asset's short, medium and long range bands (tables.md 16.1)."""

    short: int
    medium: int
    long: int

    def band(self, distance: int) -> str | None:
        """Returns 'short', 'medium' or 'long' for a target ``distance`` hexes away, None beyond long range.

        Assets have no minimum range (ASSET-ATK-08): every distance up to ``short`` is short.
        """
        for name, limit in (("short", self.short), ("medium", self.medium), ("long", self.long)):
            if distance <= limit:
                return name
        return None

    def __str__(self) -> str:
        return f"{self.short}/{self.medium}/{self.long}"


class Special(Record):
    """One card Special: its name and the value some carry (``IF2``, ``ECM6``, ``Artillery (LT)``), tables.md 16.5."""

    name: str
    value: str | None = None

    def __str__(self) -> str:
        if self.value is None:
            return self.name
        return f"{self.name}{self.value}" if self.value.isdigit() else f"{self.name} ({self.value})"


# Specials with an effect in seed 004 (tables.md 16.5).
NO_TURRET = "No Turret"
ANTI_INFANTRY = "AI"
IMMOBILE = "Immobile"
ARTILLERY = "Artillery"

# A footprint offset is a walk from the primary hex: each entry is a hexside
# counted clockwise from the asset's facing (0 ahead, 3 directly behind).
Offset = tuple[int, ...]
BEHIND: Offset = (3,)


class AssetCard(Record):
    """A Battlefield Support asset card (tables.md 16.1): everything printed on it, plus its footprint.

    ``range`` is None when the card prints no numeric range (no direct-fire
    attack, or an artillery keyword). ``footprint`` lists the secondary hexes of
    a multi-hex asset as offsets from its primary hex (ASSET-GEN-03); the Long
    Tom's is ``((3,),)``: one hex directly behind. ``sample`` marks the made-up
    cards of tables.md 16.4.
    """

    name: str
    kind: AssetKind
    mp: int
    movement: MovementCode
    tmm: int
    skill: int
    veteran_skill: int | None = None
    damage_per_hit: int = 0
    hits: int = 0
    range: RangeBands | None = None
    destruction_check: int = 7
    threshold: int = 5
    cost: int = 0
    veteran_cost: int | None = None
    specials: tuple[Special, ...] = ()
    footprint: tuple[Offset, ...] = ()
    sample: bool = False

    # -- specials ---------------------------------------------------------------
    def special(self, name: str) -> Special | None:
        """Returns the card's Special called ``name`` (any case), or None."""
        wanted = name.casefold()
        return next((s for s in self.specials if s.name.casefold() == wanted), None)

    def has(self, name: str) -> bool:
        return self.special(name) is not None

    @property
    def is_gun_emplacement(self) -> bool:
        return self.kind is AssetKind.GUN_EMPLACEMENT

    @property
    def is_infantry(self) -> bool:
        return self.kind.is_infantry

    @property
    def has_facing(self) -> bool:
        """Tells whether the asset has a facing: infantry has none (ASSET-MOVE-06, ASSET-DMG-10)."""
        return not self.kind.is_infantry

    @property
    def is_immobile(self) -> bool:
        """Tells whether the asset cannot move: gun emplacements, movement none, the Immobile Special."""
        return self.is_gun_emplacement or self.movement is MovementCode.NONE or self.has(IMMOBILE)

    @property
    def has_attack(self) -> bool:
        """Tells whether the card has a direct-fire attack (a range and a damage value)."""
        return self.range is not None and self.damage_per_hit > 0 and self.hits > 0

    @property
    def damage_groups(self) -> tuple[int, ...]:
        """Returns the damage groups one hit delivers: ``hits`` groups of ``damage_per_hit`` (ASSET-ATK-04)."""
        return (self.damage_per_hit,) * self.hits if self.has_attack else ()

    # -- Veteran (ASSET-GEN-07) -------------------------------------------------
    def skill_for(self, veteran: bool) -> int:
        """Returns the base attack TN: the grey Veteran skill for a Veteran asset (ASSET-GEN-07)."""
        if not veteran:
            return self.skill
        return self._veteran(self.veteran_skill, "skill")

    def cost_for(self, veteran: bool) -> int:
        """Returns the asset's cost: the grey Veteran cost for a Veteran asset (ASSET-GEN-07)."""
        if not veteran:
            return self.cost
        return self._veteran(self.veteran_cost, "cost")

    def _veteran(self, value: int | None, what: str) -> int:
        if value is None:
            raise IllegalOrderError(f"asset card '{self.name}' has no Veteran {what}", "ASSET-GEN-07")
        return value

    # -- footprint (ASSET-GEN-03) -----------------------------------------------
    def occupied_hexes(self, primary: HexId, facing: Facing) -> tuple[HexId, ...]:
        """Returns the hexes the asset occupies, the primary hex first (ASSET-GEN-03, ASSET-MULTI-03)."""
        hexes = [primary]
        for offset in self.footprint:
            here = primary
            for hexside in offset:
                here = here.neighbor(facing.turned(hexside))
            hexes.append(here)
        return tuple(hexes)

    @property
    def is_multi_hex(self) -> bool:
        return bool(self.footprint)


class AssetState(Record):
    """What one asset carries in one game (seed 004 tracks little: ASSET-GEN-02, ASSET-DMG-11).

    Only ``veteran``, ``check`` and ``destroyed`` last beyond a turn; the rest
    is this turn's record and is cleared in the End Phase (ASSET-DMG-11).
    """

    check: int  # current destruction-check TN: the card's CHECK less the wear so far (ASSET-DMG-12)
    veteran: bool = False
    damage: int = 0  # damage this turn, summed over every phase (ASSET-DMG-01, ASSET-DMG-02)
    attackers: tuple[str, ...] = ()  # who damaged it this turn, first first; one of them rolls the check
    anti_infantry: bool = False  # the "AI" note: AI-weapon damage to conventional infantry (ASSET-DMG-07)
    check_due: bool = False  # this turn's damage reached the threshold (ASSET-DMG-02, AMB-51)
    checked: bool = False  # this turn's destruction check was made (ASSET-DMG-06)
    attacked: bool = False  # made its one attack this turn (ASSET-ATK-04)
    destroyed: bool = False

    @classmethod
    def fresh(cls, card: AssetCard, veteran: bool = False) -> "AssetState":
        """Returns the state of a new asset of ``card``; a Veteran needs a card with a Veteran skill."""
        if veteran:
            card.skill_for(True)
        return cls(check=card.destruction_check, veteran=veteran)

    def evolve(self, **changes) -> "AssetState":
        return evolve(self, **changes)


class AssetHitDamage(Record):
    """The damage of one asset hit: every group, and whether each rolls its own hit location (ASSET-ATK-04)."""

    groups: tuple[int, ...]
    location_per_group: bool  # against a 'Mech or vehicle each group rolls on the normal table
    anti_infantry: bool  # the card's AI Special (ASSET-DMG-07)

    @property
    def total(self) -> int:
        return sum(self.groups)

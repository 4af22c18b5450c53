"""The game state: everything in the head of a game file, as plain frozen data."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from btcli.errors import InputError
from btcli.model.board import Board
from btcli.model.units import Unit

FORMAT_VERSION = 1


def evolve(obj, **changes):
    """Returns a copy of a frozen (non-slots) dataclass with some fields changed.

    Like ``dataclasses.replace`` without re-running ``__init__``: several times
    faster, which matters when ``verify`` replays tens of thousands of commands.
    """
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


class Phase(str, Enum):
    """The phases of a turn, in order (TURN-01; Total Warfare p.39)."""

    INITIATIVE = "initiative"
    MOVEMENT = "movement"
    WEAPON = "weapon"
    PHYSICAL = "physical"
    HEAT = "heat"
    END = "end"


@dataclass(frozen=True, slots=True)
class Side:
    id: str
    name: str


@dataclass(frozen=True, slots=True)
class AttackDeclaration:
    """A declared attack, kept until its phase resolves."""

    attacker: str
    target: str
    weapons: tuple[str, ...] = ()
    physical: str = ""
    primary: bool = True


@dataclass(frozen=True, slots=True, repr=False)
class Hit:
    """One damage group that struck a location, waiting for the end of the phase."""

    target: str
    location: str
    damage: int
    side: str = "front"  # attack direction: the table column used
    rear: bool = False
    critical: bool = False  # a 2 on a 'Mech table (through-armor critical) or a [C] vehicle result
    motive: bool = False  # a vehicle [M] result
    source: str = ""
    ap: int = 0  # armor-piercing round: its critical roll modifier (VEH-DMG-10); 0 = not AP

    def __repr__(self) -> str:
        # ``ap`` is left out when 0, so state hashes of games saved before AP ammunition still verify.
        ap = f", ap={self.ap!r}" if self.ap else ""
        return (
            f"Hit(target={self.target!r}, location={self.location!r}, damage={self.damage!r}, side={self.side!r}, "
            f"rear={self.rear!r}, critical={self.critical!r}, motive={self.motive!r}, source={self.source!r}{ap})"
        )

    def to_dict(self) -> dict[str, object]:
        d: dict[str, object] = {
            "target": self.target, "location": self.location, "damage": self.damage, "side": self.side,
            "rear": self.rear, "critical": self.critical, "motive": self.motive, "source": self.source,
        }
        if self.ap:
            d["ap"] = self.ap
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Hit":
        return cls(
            str(d["target"]), str(d["location"]), int(d["damage"]), str(d.get("side", "front")),
            bool(d.get("rear", False)), bool(d.get("critical", False)), bool(d.get("motive", False)),
            str(d.get("source", "")), int(d.get("ap", 0)),
        )


@dataclass(frozen=True, slots=True)
class Victory:
    """Scenario end conditions; zero means "not used"."""

    turn_limit: int = 0
    destroy_share: float = 0.0  # a side loses when this share of its units is destroyed


@dataclass(frozen=True)
class GameState:
    """One game: meta data, board, sides and units, and this turn's bookkeeping."""

    name: str
    seed: int | str
    board: Board
    sides: dict[str, Side]
    units: dict[str, Unit]
    rolls: int = 0  # dice rolled so far; the seeded dice continue from here
    revision: int = 0
    turn: int = 1
    phase: Phase = Phase.INITIATIVE
    initiative: tuple[str, ...] = ()  # sides in movement order: the loser first
    move_order: tuple[str, ...] = ()  # side of each movement slot this phase (unequal-numbers rule)
    declarations: tuple[AttackDeclaration, ...] = ()
    pending: tuple[Hit, ...] = ()  # hits of this weapon phase, applied when it ends (simultaneous fire)
    victory: Victory = Victory()
    winner: str = ""  # side id, "draw", or "" while the game goes on
    result: str = ""  # why the game ended
    options: dict[str, object] = field(default_factory=dict)
    # Dropping reserves (DROP-01..03): per group id {"arrival": schedule text, "after": group or "",
    # "turn": the arrival turn, 0 until rolled}. Public, like every arrival time (DROP-03).
    drops: dict[str, dict[str, object]] = field(default_factory=dict)

    def unit(self, unit_id: str) -> Unit:
        """Returns the unit with this id; raises InputError naming the known ids otherwise."""
        try:
            return self.units[unit_id]
        except KeyError:
            known = ", ".join(self.units) or "none"
            raise InputError(f"unknown unit {unit_id!r} (units: {known})") from None

    def with_unit(self, unit: Unit) -> "GameState":
        units = dict(self.units)
        units[unit.id] = unit
        return evolve(self, units=units)

    def units_of(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

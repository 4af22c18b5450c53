"""A basic artillery attack on a hex, for asset cards with the Artillery Special (UNVERIFIED).

Neither the seeds nor tables.md give the artillery rules (Battlefield Support
p.8 and Total Warfare's artillery chapter are not in the project's sources).
This module implements the basic Total Warfare reading as best known, and
every number in it is UNVERIFIED (docs/rules-notes.md, Battlefield Support assets):

- The attack targets a hex. Its TN is the card's skill plus the modifiers the
  caller passes (btcli's artillery order passes none: spotting for indirect fire,
  ASSET-ATK-08, is not modelled); the card's skill (8
  on the Long Tom) is taken to include the indirect-fire difficulty.
- A hit strikes the target hex with the weapon's full damage and each ring of
  hexes around it with less: 10 points less per hex out (ARTILLERY_DAMAGE).
- A miss scatters: 1D6 for the direction (1 = north, then clockwise, the
  facings' order) and 1D6 for the distance in hexes; the blast is centred
  where the shell lands. A shell that lands off the map harms only the hexes
  of its blast still on the map.

The result is an AreaEffect, so area-effect rules such as ASSET-DMG-08 apply to it.
"""

from __future__ import annotations

from collections.abc import Sequence

from btcli.dice import Dice
from btcli.errors import IllegalOrderError
from btcli.model.area_effect import AreaEffect
from btcli.model.assets import ARTILLERY, AssetCard
from btcli.model.board import Board
from btcli.model.frozen import Record
from btcli.model.hexgrid import Facing, HexId
from btcli.rules.core.modifiers import ToHit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events


class ArtilleryWeapon(Record):
    """An artillery piece: the damage it deals at each distance from the hex it strikes (0 = that hex)."""

    name: str
    damage: tuple[int, ...]

    @property
    def radius(self) -> int:
        return len(self.damage) - 1

    def damage_at(self, distance: int) -> int:
        return self.damage[distance] if 0 <= distance < len(self.damage) else 0


# UNVERIFIED (not in the seeds or tables.md): the Total Warfare artillery table as best known,
# full damage in the target hex and 10 less per hex outward. Keyed by the value of the card's
# Artillery Special (tables.md 16.5: T, S, LT). Another reading gives the Long Tom 20 / 10.
ARTILLERY_DAMAGE = {
    "T": ArtilleryWeapon("Thumper", (15, 5)),
    "S": ArtilleryWeapon("Sniper", (20, 10)),
    "LT": ArtilleryWeapon("Long Tom", (25, 15, 5)),
}


class ArtilleryStrike(Record):
    """Where an artillery attack aimed, whether it hit, where it landed and what it does there."""

    target: HexId
    hit: bool
    impact: HexId  # the target hex on a hit, the scatter hex on a miss (possibly off the map)
    effect: AreaEffect


def artillery_weapon(card: AssetCard) -> ArtilleryWeapon:
    """Returns the artillery piece of a card with the Artillery Special; raises IllegalOrderError otherwise."""
    special = card.special(ARTILLERY)
    weapon = ARTILLERY_DAMAGE.get(special.value or "") if special is not None else None
    if weapon is None:
        raise IllegalOrderError(f"asset '{card.name}' has no artillery attack", "tables.md 16.5")
    return weapon


def hexes_within(centre: HexId, radius: int, board: Board) -> tuple[HexId, ...]:
    """Returns the on-map hexes at most ``radius`` hexes from ``centre`` (which itself may be off the map)."""
    found = []
    for col in range(max(1, centre.col - radius), min(board.width, centre.col + radius) + 1):
        for row in range(max(1, centre.row - radius - 1), min(board.height, centre.row + radius + 1) + 1):
            hex_id = HexId(col, row)
            if centre.distance(hex_id) <= radius:
                found.append(hex_id)
    return tuple(found)


def blast(weapon: ArtilleryWeapon, centre: HexId, board: Board) -> AreaEffect:
    """Returns the area effect of ``weapon`` striking ``centre``: full damage there, less in each ring out (UNVERIFIED)."""
    damage = {h: weapon.damage_at(centre.distance(h)) for h in hexes_within(centre, weapon.radius, board)}
    return AreaEffect.of(f"{weapon.name} artillery at {centre.label}", damage)


def scatter(target: HexId, dice: Dice, what: str) -> tuple[HexId, Events]:
    """Returns where a missed shell lands: 1D6 direction (1 = north, clockwise) and 1D6 hexes (UNVERIFIED)."""
    from btcli.model.events_assets import ShellScatters

    direction = Facing(dice.roll(1, f"artillery scatter direction ({what})").total - 1)
    distance = dice.roll(1, f"artillery scatter distance ({what})").total
    here = target
    for _ in range(distance):
        here = here.neighbor(direction)
    return here, [ShellScatters(distance, direction, target, here)]


def artillery_to_hit(card: AssetCard, veteran: bool, modifiers: Sequence[tuple[str, int]] = ()) -> ToHit:
    """Returns the TN of an asset's artillery attack: its card skill plus the given modifiers (UNVERIFIED)."""
    artillery_weapon(card)
    return ToHit((("skill (Veteran)" if veteran else "skill", card.skill_for(veteran)), *modifiers))


def artillery_attack(
    card: AssetCard,
    *,
    veteran: bool,
    target: HexId,
    board: Board,
    dice: Dice,
    attacker: str,
    modifiers: Sequence[tuple[str, int]] = (),
) -> tuple[ArtilleryStrike, Events]:
    """Resolves an artillery attack on ``target`` hex: the to-hit roll, a scatter on a miss, and the blast (UNVERIFIED)."""
    board.require(target)
    weapon = artillery_weapon(card)
    to_hit = artillery_to_hit(card, veteran, modifiers)
    what = f"{attacker} {weapon.name} at {target.label}"
    roll = dice.roll(2, f"artillery {what}", target=to_hit.target, modifiers=to_hit.modifiers)
    from btcli.model.events_assets import ArtilleryMisses, ArtilleryStrikes, ShellOffMap

    events: Events
    if roll.success:
        impact, events = target, [ArtilleryStrikes(attacker, weapon.name, target, roll.total, to_hit.target)]
    else:
        impact, events = scatter(target, dice, what)
        events.insert(0, ArtilleryMisses(attacker, weapon.name, target, roll.total, to_hit.target))
        if not board.contains(impact):
            events.append(ShellOffMap(impact))
    effect = blast(weapon, impact, board)
    return ArtilleryStrike(target, roll.success, impact, effect), events

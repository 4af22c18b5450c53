"""Battlefield Support assets as a unit kind (seed 004): what ``btcli.rules.kinds`` asks of an asset.

An asset has no hit locations: a damage group that strikes it is one entry of the turn's damage
(ASSET-DMG-01), doubled from the rear (ASSET-DMG-10) or, as area effect, against infantry
(ASSET-DMG-08), and checked in the End Phase (btcli.rules.assets.end_phase). It makes no Piloting or
Driving Skill Rolls (ASSET-GEN-01), no physical attacks, and an attacker aims at it with the
card's fixed TMM (ASSET-ATK-05, -07, -09). Imported only when a game holds an asset.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError
from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import GameState, Hit
from btcli.model.units import Unit, evolve
from btcli.rules.assets import attacks as asset_attacks, damage as asset_damage

ASSET_LOCATION = "asset"  # the one "location" of an asset (ASSET-DMG-01)


def record(unit: Unit, state) -> Unit:
    """Returns the asset with its per-game state replaced."""
    return evolve(unit, asset=evolve(unit.asset, state=state))


def hit(dice: Dice, target: Unit, side: str, amount: int, source: str) -> Hit:
    """Returns one damage group striking an asset: no location is rolled (ASSET-DMG-01); the rear side
    is noted for the doubling (ASSET-DMG-10)."""
    return Hit(target.id, ASSET_LOCATION, amount, side, side == "rear", source=source)


def attacker_of(h: Hit) -> str:
    """Returns who struck: the hit's attacker, else the unit its source names ("kick from wasp")."""
    if h.attacker:
        return h.attacker
    return h.source.rpartition(" from ")[2] or h.source or "the attacker"


def take_hit(unit: Unit, h: Hit, dice: Dice, events: list[str], turn: int) -> Unit:
    """Adds one damage group to the asset's damage this turn (ASSET-DMG-01, -02, -07, -08, -10)."""
    record_ = unit.asset
    assert record_ is not None  # KINDS[ASSET]: an asset always carries its card
    damage = asset_damage.AssetDamage(h.damage, attacker_of(h), rear=h.rear, area_effect=h.area_effect,
                                      anti_infantry=h.anti_infantry)
    state, more = asset_damage.take_damage(record_.card, record_.state, damage, unit.id)
    events.extend(f"  {line}" for line in more)
    return record(unit, state)


def attack_refusal(unit: Unit, weapons: bool) -> str:
    """Assets attack only with their card, once a turn (ASSET-ATK-04): never a physical attack."""
    return "" if weapons else "assets make no physical attacks; an asset attacks once a turn with its card"


def target_modifiers(state: GameState, attacker: Unit, target: Unit) -> list[tuple[str, int]]:
    """Returns what attacking an asset costs: the card's fixed TMM or its hex's woods, the higher only,
    and -4 against a gun emplacement (ASSET-ATK-05, -07, -09; AMB-50, AMB-65)."""
    assert target.asset is not None and target.hex is not None  # an asset on the board, attacked
    card = target.asset.card
    return asset_attacks.target_modifiers(card, state.board.hex(target.hex), elevation=target.elevation)


def check_stacking(end: HexId, unit: Unit, others: list[Unit]) -> None:
    """Refuses ``unit`` ending its move in ``end`` with ``others``, one of them an asset, unless the asset
    stacking rules let them share it (1 asset and 1 friendly 'Mech, 2 friendly assets: ASSET-STACK-01..03)."""
    from btcli.rules.assets import movement as asset_movement, units as asset_units

    asset_movement.check_stacking(end, asset_units.occupant(unit), [asset_units.occupant(u) for u in others])


def move_order(state: GameState, unit: Unit, path: str | None, to: str | None, facing: str | None,
               mode: str | None, after_slip: str | None, batch: int) -> MoveOrder:
    """Builds an asset's move order: read as a ground move's (a --path of steps, or --to a hex), then by the
    asset's rules: fixed MP, no mode (ASSET-MOVE-02), never a sideslip (ASSET-MOVE-13), moved in batches."""
    from btcli.rules.assets import moves as asset_moves
    from btcli.rules.ground import movement

    movement.check_words(state, unit, path, to, facing)
    if after_slip:
        raise IllegalOrderError(f"'{unit.id}' is an asset: it never sideslips", "ASSET-MOVE-13")
    return evolve(asset_moves.move_order_for(state, unit, path, to, facing, mode), batch=batch)


# core: what minefields ask of an asset (issue #30) --------------------------------------------------------


def minefield_hit(dice: Dice, unit: Unit, density: int) -> Hit:
    """ASSET-DMG-08: a minefield is area-effect damage, doubled against infantry assets."""
    return Hit(unit.id, ASSET_LOCATION, density, source="minefield", attacker="minefield", area_effect=True)

"""Battlefield Support assets as a unit kind (seed 004): what ``btcli.rules.kinds`` asks of an asset.

An asset has no hit locations: a damage group that strikes it is one entry of the turn's damage
(ASSET-DMG-01), doubled from the rear (ASSET-DMG-10) or, as area effect, against infantry
(ASSET-DMG-08), and checked in the End Phase (btcli.rules.assets.end_phase). It makes no Piloting or
Driving Skill Rolls (ASSET-GEN-01), no physical attacks, and an attacker aims at it with the
card's fixed TMM (ASSET-ATK-05, -07, -09). What a game with assets asks of every kind an asset answers
here too: an asset card's hit and a blast strike it summed, by its primary hex (ASSET-DMG-01, -08, -09),
it makes the End Phase destruction check (ASSET-DMG-02..13), a VTOL asset flies above the ground's
stacking and blasts (AMB-65), and it stacks as its card's kind (ASSET-STACK). Imported only when a game
holds an asset.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError
from btcli.model.area_effect import AreaEffect
from btcli.model.assets import AssetCard, AssetState
from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import GameState, Hit
from btcli.model.units import Unit, evolve
from btcli.rules.assets import attacks as asset_attacks, damage as asset_damage

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

ASSET_LOCATION = "asset"  # the one "location" of an asset (ASSET-DMG-01)


def record(unit: Unit, state: AssetState) -> Unit:
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


def take_hit(unit: Unit, h: Hit, dice: Dice, events: Events, turn: int) -> Unit:
    """Adds one damage group to the asset's damage this turn (ASSET-DMG-01, -02, -07, -08, -10)."""
    record_ = unit.asset
    assert record_ is not None  # KINDS[ASSET]: an asset always carries its card
    damage = asset_damage.AssetDamage(h.damage, attacker_of(h), rear=h.rear, area_effect=h.area_effect,
                                      anti_infantry=h.anti_infantry)
    state, more = asset_damage.take_damage(record_.card, record_.state, damage, unit.id)
    events.extend(more)  # worded indented under the hit (btcli.render.events_assets)
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


# assets: what a game with assets asks of every kind (btcli.rules.kinds.KindRules), an asset's answers ------------


def struck_by_card(dice: Dice, target: Unit, side: str, card: AssetCard, source: str, attacker: str,
                   events: Events) -> list[Hit]:
    """Returns an asset card's hit on an asset: every damage group summed, no location (ASSET-DMG-01,
    ASSET-ATK-04), its attacker and anti-infantry note kept for the destruction check (ASSET-DMG-03, -07)."""
    from btcli.model.events_assets import AssetStruck

    damage = asset_attacks.hit_damage(card, target_is_asset=True)
    events.append(AssetStruck(target.id, damage.total, side == "rear"))
    return [Hit(target.id, ASSET_LOCATION, damage.total, side, side == "rear", source=source, attacker=attacker,
                anti_infantry=damage.anti_infantry)]


def struck_by_blast(dice: Dice, unit: Unit, effect: AreaEffect, attacker: str, events: Events) -> list[Hit]:
    """Returns a blast's hit on an asset: by its primary hex alone (ASSET-DMG-09), flagged as area effect
    (ASSET-DMG-08); none when the blast reaches only a second element."""
    from btcli.model.events_assets import BlastMissesPrimary, BlastStrikes

    assert unit.asset is not None and unit.hex is not None  # an asset on the board, in the blast
    damage = asset_damage.from_area_effect(unit.asset.card, effect, unit.hex, unit.facing, attacker)
    if not damage.primary_hex:
        events.append(BlastMissesPrimary(unit.id))
        return []
    events.append(BlastStrikes(unit.id, unit.hex, damage.amount))
    return [Hit(unit.id, ASSET_LOCATION, damage.amount, "front", source=effect.source, attacker=attacker,
                area_effect=True)]


def destruction_check(unit: Unit, dice: Dice, events: Events) -> Unit:
    """Returns the asset after its End Phase: its destruction check if one is due, destroyed or worn, and the
    turn's damage forgotten (ASSET-DMG-02..13); the unit itself when nothing changed."""
    record_ = unit.asset
    assert record_ is not None  # KINDS[ASSET]: an asset always carries its card
    if unit.destroyed or record_.state.destroyed:
        return unit
    after, more = asset_damage.end_phase(record_.card, record_.state, dice, unit.id)
    events.extend(more)
    if after == record_.state:
        return unit
    return evolve(record(unit, after), destroyed=True) if after.destroyed else record(unit, after)


def aloft(unit: Unit) -> bool:
    """Whether a VTOL asset flies above the ground, out of its stacking and blasts (AMB-65, VEH-VTOL-03)."""
    assert unit.asset is not None  # KINDS[ASSET]: an asset always carries its card
    return asset_attacks.is_airborne(unit.asset.card, unit.elevation)


def stacks_as(unit: Unit) -> str:
    """An asset counts for the asset stacking rules as its card's kind (ASSET-STACK-01, -03)."""
    assert unit.asset is not None  # KINDS[ASSET]: an asset always carries its card
    return unit.asset.card.kind.value


# -- ground: an asset where a seed's infantry rule names infantry (issue #30) ---------------------------------


def counts_as_infantry(unit: Unit) -> bool:
    """An infantry asset is infantry where another seed's rule names infantry (ASSET-GEN-05)."""
    assert unit.asset is not None  # KINDS[ASSET]: an asset always carries its card
    return unit.asset.card.is_infantry


def conventional_infantry(unit: Unit) -> bool:
    """A conventional infantry asset (not battle armor)."""
    from btcli.model.assets import AssetKind

    assert unit.asset is not None
    return unit.asset.card.kind is AssetKind.CONVENTIONAL_INFANTRY


# core: what minefields ask of an asset (issue #30) --------------------------------------------------------


def minefield_hit(dice: Dice, unit: Unit, density: int) -> Hit:
    """ASSET-DMG-08: a minefield is area-effect damage, doubled against infantry assets."""
    return Hit(unit.id, ASSET_LOCATION, density, source="minefield", attacker="minefield", area_effect=True)

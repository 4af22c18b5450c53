"""An asset's one attack a turn (ASSET-ATK) and the artillery attack of an Artillery card
(UNVERIFIED, btcli.rules.assets.artillery), whose area effect strikes every unit in its hexes (ASSET-DMG-08);
the flags a 'Mech's or vehicle's hit on an asset carries (rear arc, anti-infantry)."""
from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.area_effect import AreaEffect
from btcli.model.assets import ARTILLERY, AssetCard
from btcli.model.hexgrid import HexId
from btcli.model.hits import AimedHex
from btcli.model.orders import WeaponAttackOrder
from btcli.model.state import AttackDeclaration, GameState, Hit, evolve
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.assets import artillery, attacks as asset_attacks
from btcli.rules.core import arcs, los, tohit
from btcli.rules.kinds.asset import record
from btcli.rules.assets.units import airborne, occupied
from btcli.rules.core.modifiers import ToHit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

# ASSET-DMG-07: the weapons a record sheet marks AI (machine guns, flamers), when a 'Mech or vehicle fires them.
# Kept here rather than as a Weapon flag in the catalog: weapon data travels in every game file's
# weapon_specs, so a new field would rewrite saved games (and the goldens), and a game saved without it
# would silently lose the note.
AI_WEAPONS = frozenset({"Machine Gun", "Flamer", "Vehicle Flamer"})


def _artillery_hex(state: GameState, attacker: Unit, target: str) -> HexId | None:
    """Returns the hex an Artillery card aims at (a hex label, or the hex of the unit named), else None."""
    card = attacker.asset.card
    if not card.has(ARTILLERY):
        return None
    if target in state.units:
        aimed = state.units[target]
        if not aimed.active:
            raise IllegalOrderError(f"'{target}' is destroyed or off the map", "TW p.99")
        if aimed.side == attacker.side:
            raise IllegalOrderError(f"'{attacker.id}' cannot attack '{target}' of its own side (aim at a hex to shell "
                                    "one it stands in)", "TW p.99")
        hex_id = aimed.hex
    elif len(target) == 4 and target.isascii() and target.isdigit():
        hex_id = state.board.parse_hex(target)
    else:
        state.unit(target)  # raises: unknown unit
        return None
    if hex_id == attacker.hex:
        raise IllegalOrderError(f"'{attacker.id}' cannot aim its artillery at its own hex {hex_id.label}",
                                "TW artillery, UNVERIFIED")
    if not asset_attacks.in_firing_arc(card, attacker.hex, attacker.facing, hex_id):
        raise IllegalOrderError(f"{hex_id.label} is not in '{attacker.id}''s firing arc: No Turret, the front arc "
                                "only", "ASSET-ATK-06")
    return hex_id


def _check_attacker(state: GameState, attacker: Unit, order: WeaponAttackOrder) -> None:
    if not attacker.active:
        raise IllegalOrderError(f"'{attacker.id}' is destroyed or off the map and cannot attack", "TW p.99")
    asset_attacks.check_can_attack(attacker.asset.state, attacker.id)
    if order.weapons:
        raise InputError(f"'{attacker.id}' is an asset: it attacks with its card ({_card_attack(attacker.asset.card)}); "
                         "give no --weapon")
    if order.twist:
        raise InputError(f"'{attacker.id}' is an asset: it has no torso or turret to twist (ASSET-ATK-06)")


def _card_attack(card: AssetCard) -> str:
    if card.has(ARTILLERY):
        return f"{artillery.artillery_weapon(card).name} artillery"
    if not card.has_attack:
        return "no attack"
    groups = f"{card.damage_per_hit}x{card.hits}" if card.hits > 1 else str(card.damage_per_hit)
    return f"{groups} at {card.range}"


def plan_attack(state: GameState, attacker: Unit, target: Unit) -> ToHit:
    """Returns the to-hit number of an asset's direct-fire attack on a unit: card skill, card range bands,
    its arc, the target's modifiers and intervening terrain, never attacker movement (ASSET-ATK-03..10)."""
    if not target.active:
        raise IllegalOrderError(f"'{target.id}' is destroyed or off the map", "TW p.99")
    if attacker.side == target.side:
        raise IllegalOrderError(f"'{attacker.id}' cannot attack '{target.id}' of its own side", "TW p.99")
    card = attacker.asset.card
    if airborne(attacker) and attacker.hex == target.hex:
        raise IllegalOrderError(f"airborne VTOL '{attacker.id}' cannot attack a unit in its own hex", "VTOL-ATK-02")
    sight = los.line_of_sight(state.board, attacker, target)
    mods: list[tuple[str, int]] = []
    if sight.partial_cover:
        mods.append((tohit.PARTIAL_COVER, 1))
    if sight.inside >= 0:
        mods.append(("inside a building" + (f", {sight.inside} intervening" if sight.inside else ""), 1 + sight.inside))
    result = asset_attacks.asset_to_hit(
        card, veteran=attacker.asset.state.veteran, attacker_hex=attacker.hex, facing=attacker.facing,
        target_hex=target.hex, target_modifiers=tohit.target_modifiers(state, attacker, target),
        intervening_woods=sight.woods, other_modifiers=mods)
    if result.impossible:
        raise IllegalOrderError(f"{attacker.id} cannot attack '{target.id}': {result.impossible}", result.rule)
    if sight.blocked:
        raise IllegalOrderError(f"no line of sight to '{target.id}': {sight.reason}", "tables.md 6.4")
    return result


def weapon_attack(state: GameState, order: WeaponAttackOrder, dice: Dice) -> tuple[GameState, Events]:
    """Resolves an asset's one attack this turn: its card's direct fire at a unit, or an Artillery card's
    attack on a hex (ASSET-ATK-01..10; artillery UNVERIFIED). Damage waits for the phase's end."""
    attacker = state.unit(order.attacker)
    _check_attacker(state, attacker, order)
    card = attacker.asset.card
    aimed = _artillery_hex(state, attacker, order.target)
    if aimed is not None:
        return _artillery(state, attacker, aimed, dice)
    target = state.unit(order.target)
    result = plan_attack(state, attacker, target)
    from btcli.model.events_assets import AssetAttackHit, AssetAttackMissed, AssetHoldsFire

    events: Events = []
    pending = list(state.pending)
    tn = result.target
    if tn > 12:
        events.append(AssetHoldsFire(attacker.id, card.name, target.id, tn))
    else:
        roll = dice.roll(2, f"to-hit {attacker.id} (asset card) vs {target.id}", target=tn, modifiers=result.modifiers)
        if not roll.success:
            events.append(AssetAttackMissed(attacker.id, card.name, target.id, tn, roll.total))
        else:
            struck = kinds.of(target)
            side = arcs.attack_direction(target.hex, target.facing, attacker.hex, struck.vehicle_sides)
            groups = card.damage_groups
            events.append(AssetAttackHit(attacker.id, card.name, target.id, tn, roll.total, side, sum(groups),
                                         len(groups)))
            # ASSET-ATK-04: every group, each at its own location or summed on an asset (ASSET-DMG-01)
            pending.extend(struck.struck_by_card(dice, target, side, card, f"{card.name} from {attacker.id}",
                                                 attacker.id, events))
    new = record(attacker, asset_attacks.record_attack(attacker.asset.state))
    decl = AttackDeclaration(attacker.id, target.id, (card.name,), "", True)
    return evolve(state.with_unit(new), pending=tuple(pending), declarations=state.declarations + (decl,)), events


def _artillery(state: GameState, attacker: Unit, aimed: HexId, dice: Dice) -> tuple[GameState, Events]:
    """An Artillery card's attack on a hex (UNVERIFIED basic Total Warfare reading, btcli.rules.assets.artillery):
    a hit or a scatter, then the blast strikes every unit in its hexes at the phase's end."""
    card = attacker.asset.card
    strike, events = artillery.artillery_attack(card, veteran=attacker.asset.state.veteran, target=aimed,
                                                board=state.board, dice=dice, attacker=attacker.id)
    hits = area_hits(state, strike.effect, attacker.id, dice, events)
    new = record(attacker, asset_attacks.record_attack(attacker.asset.state))
    decl = AttackDeclaration(attacker.id, AimedHex(aimed), (f"{artillery.artillery_weapon(card).name} artillery",), "", True)
    return evolve(state.with_unit(new), pending=state.pending + tuple(hits),
                  declarations=state.declarations + (decl,)), events


def area_hits(state: GameState, effect: AreaEffect, attacker: str, dice: Dice, events: Events) -> list[Hit]:
    """Returns the hits an area effect deals every unit in its hexes: an asset by its primary hex only
    (ASSET-DMG-09), the damage flagged area effect (ASSET-DMG-08); a 'Mech or vehicle in 5-point groups,
    each with its own location (UNVERIFIED); airborne VTOLs fly above it."""
    hits: list[Hit] = []
    reached = set(effect.affected)
    for u in state.units.values():
        if not u.active or airborne(u) or not reached.intersection(occupied(u)):
            continue
        hits.extend(kinds.of(u).struck_by_blast(dice, u, effect, attacker, events))
    return hits


def preview(state: GameState, order: WeaponAttackOrder) -> list[str]:
    """Returns the dry-run lines of an asset's attack: its to-hit number, modifiers and odds; rolls nothing."""
    attacker = state.unit(order.attacker)
    _check_attacker(state, attacker, order)
    card = attacker.asset.card
    aimed = _artillery_hex(state, attacker, order.target)
    if aimed is not None:
        result = artillery.artillery_to_hit(card, attacker.asset.state.veteran)
        what = f"{artillery.artillery_weapon(card).name} artillery -> {aimed.label}"
    else:
        target = state.unit(order.target)
        result = plan_attack(state, attacker, target)
        what = f"{_card_attack(card)} -> {target.id}"
    lines = [f"{attacker.id} {what}: to-hit {result.target}, {tohit.odds(result.target):.1%} to hit"]
    for i, (name, value) in enumerate(result.modifiers):
        lines.append(f"  {name:32s} {value}" if i == 0 else f"  {name:32s} {value:+d}")
    return lines


def with_weapon_flags(hit: Hit, attacker: Unit, weapon: str) -> Hit:
    """Returns a 'Mech's or vehicle's hit on an asset with its attacker and the AI note (ASSET-DMG-03, -07)."""
    return evolve(hit, attacker=attacker.id, anti_infantry=weapon in AI_WEAPONS)

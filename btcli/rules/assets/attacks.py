"""Attacks by and against assets (seed 004, ASSET-ATK).

By an asset: one attack a turn in the weapon attack phase, declared like a
'Mech's; TN = the card's skill + every standard modifier except attacker
movement; the card's range bands, no minimum range; a 360-degree arc except
for gun emplacements and No Turret assets (the BattleMech front arc); a hit
delivers every damage group. Against an asset: the card's fixed TMM whether it
moved or not, only the higher of that TMM and its own hex's terrain modifier,
-4 against a gun emplacement, no partial cover, 1 level tall for line of sight.

The caller computes line of sight (intervening woods) and any other standard
modifier (secondary target, ...) and passes them in; ``ToHit`` is the same
breakdown weapon attacks use (btcli.rules.core.tohit).
"""

from __future__ import annotations

from collections.abc import Sequence

from btcli.errors import IllegalOrderError
from btcli.model.assets import (  # noqa: F401  (AssetHitDamage: this module's result type)
    ANTI_INFANTRY,
    NO_TURRET,
    AssetCard,
    AssetHitDamage,
    AssetState,
    MovementCode,
)
from btcli.model.board import Hex
from btcli.model.hexgrid import Facing, HexId, n_hexes
from btcli.rules.core import arcs
from btcli.rules.core.modifiers import IMMOBILE, RANGE_MODIFIER, WOODS_IN_HEX, ToHit

# -- one attack a turn (ASSET-ATK-04) --------------------------------------------------


def check_can_attack(state: AssetState, name: str) -> None:
    """Raises IllegalOrderError if the asset has attacked this turn already or is destroyed (ASSET-ATK-04)."""
    if state.destroyed:
        raise IllegalOrderError(f"asset '{name}' is destroyed", "ASSET-DMG-03")
    if state.attacked:
        raise IllegalOrderError(f"asset '{name}' has made its one attack this turn", "ASSET-ATK-04")


def record_attack(state: AssetState) -> AssetState:
    """Returns the state after the asset's attack this turn (ASSET-ATK-04)."""
    return state.evolve(attacked=True)


# -- arcs and range (ASSET-ATK-06, ASSET-ATK-08) --------------------------------


def fires_front_only(card: AssetCard) -> bool:
    """Tells whether the asset fires only into the BattleMech front arc: gun emplacements and No Turret (ASSET-ATK-06)."""
    return card.is_gun_emplacement or card.has(NO_TURRET)


def in_firing_arc(card: AssetCard, attacker_hex: HexId, facing: Facing, target_hex: HexId) -> bool:
    """Tells whether ``target_hex`` is in the asset's firing arc: 360 degrees, or the 'Mech front arc (ASSET-ATK-06)."""
    if not fires_front_only(card):
        return True
    return arcs.in_arc(attacker_hex, facing, "front", target_hex)


def range_modifier(card: AssetCard, distance: int) -> tuple[str, int] | None:
    """Returns the range modifier of the card's band at ``distance`` hexes, None beyond long range; no minimum range (ASSET-ATK-08)."""
    band = card.range.band(distance) if card.range is not None else None
    if band is None:
        return None
    return f"{band} range ({n_hexes(distance)})", RANGE_MODIFIER[band]


# -- the attack's to-hit number (ASSET-ATK-03) -----------------------------------------


def asset_to_hit(
    card: AssetCard,
    *,
    veteran: bool,
    attacker_hex: HexId,
    facing: Facing,
    target_hex: HexId,
    target_modifiers: Sequence[tuple[str, int]] = (),
    intervening_woods: int = 0,
    other_modifiers: Sequence[tuple[str, int]] = (),
) -> ToHit:
    """Returns the to-hit number of an asset's attack: card skill + standard modifiers, never attacker movement (ASSET-ATK-03).

    ``target_modifiers`` are the target's (``target_modifiers`` below for an
    asset target; the usual movement and terrain modifiers for a unit);
    ``intervening_woods`` the line of sight's intervening woods points, the
    target's own hex never among them (ASSET-ATK-10).
    """
    mods: list[tuple[str, int]] = [("skill (Veteran)" if veteran else "skill", card.skill_for(veteran))]
    if not card.has_attack:
        return ToHit(tuple(mods), f"'{card.name}' has no direct-fire attack", "tables.md 16.1")
    if not in_firing_arc(card, attacker_hex, facing, target_hex):
        return ToHit(tuple(mods), f"{target_hex.label} is outside the front arc of '{card.name}'", "ASSET-ATK-06")
    distance = attacker_hex.distance(target_hex)
    in_range = range_modifier(card, distance)
    if in_range is None:
        return ToHit(tuple(mods), f"{target_hex.label} is {n_hexes(distance)} away, beyond long range {card.range.long}", "tables.md 6.1")
    mods.append(in_range)
    mods.extend(target_modifiers)
    if intervening_woods:
        mods.append(("intervening woods", intervening_woods))  # ASSET-ATK-10
    mods.extend(other_modifiers)
    return ToHit(tuple(mods))


# -- an asset as the target (ASSET-ATK-02, -05, -07, -09) -------------------------------


def is_airborne(card: AssetCard, elevation: int) -> bool:
    return card.movement is MovementCode.VTOL and elevation > 0


def target_modifiers(
    card: AssetCard,
    own_hex: Hex,
    *,
    elevation: int = 0,
    indirect_or_artillery: bool = False,
    tmm_set_aside_against_indirect: bool = False,
) -> list[tuple[str, int]]:
    """Returns the modifiers for attacking an asset of ``card`` standing in ``own_hex``.

    The card's fixed TMM applies whether or not it moved (ASSET-ATK-05); only
    the higher of it and the hex's terrain modifier counts, a tie counting as
    terrain (ASSET-ATK-09); every weapon attack on a gun emplacement gets the
    immobile -4 (ASSET-ATK-07). An airborne VTOL asset is treated as in a clear
    hex (AMB-65). AMB-50: the TMM stays even against indirect fire and
    artillery; ``tmm_set_aside_against_indirect`` gives the alternative reading
    (no TMM when ``indirect_or_artillery``).
    """
    tmm = 0 if (indirect_or_artillery and tmm_set_aside_against_indirect) else card.tmm
    terrain = 0 if is_airborne(card, elevation) else WOODS_IN_HEX.get(own_hex.terrain, 0)
    mods: list[tuple[str, int]] = []
    if terrain and terrain >= tmm:
        mods.append((f"target in {own_hex.terrain.value.replace('_', ' ')}", terrain))
    elif tmm:
        mods.append(("target movement modifier (card)", tmm))
    if card.is_immobile:
        mods.append(("target immobile (gun emplacement)", IMMOBILE))
    return mods


# -- what a hit delivers (ASSET-ATK-04) ---------------------------------------------------


def hit_damage(card: AssetCard, target_is_asset: bool) -> AssetHitDamage:
    """Returns what a hit by ``card``'s asset delivers: all its damage groups (ASSET-ATK-04).

    Against a unit with hit locations each group rolls its own location on the
    normal tables (the caller rolls and applies them); against an asset the
    groups are summed with no location (ASSET-DMG-01).
    """
    return AssetHitDamage(card.damage_groups, not target_is_asset, card.has(ANTI_INFANTRY))

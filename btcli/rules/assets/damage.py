"""Damage to assets, the End Phase destruction check and wear (seed 004, ASSET-DMG).

An asset has no hit locations: the damage of a turn is summed over every
phase (rear-arc hits doubled except on infantry, area-effect damage doubled on
infantry, and only a multi-hex asset's primary hex counts). Once the turn's
damage reaches the card's threshold, one of the attackers rolls one 2D6
destruction check in the End Phase: a result at least the asset's check TN
destroys it, +1 to the roll for each full 10 points beyond 10. An asset that
survives loses 1 from its check TN (2 after anti-infantry damage to
conventional infantry), and its damage is forgotten at the end of the turn.
A check TN worn down to 2 destroys the asset at its next check, whatever the
modifiers.

Each function returns a new AssetState and the events to log; the check is
rolled through the Dice with its purpose, target number and modifiers.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.area_effect import AreaEffect
from btcli.model.assets import AssetCard, AssetHitDamage, AssetState
from btcli.model.frozen import Record
from btcli.model.hexgrid import Facing, HexId
from btcli.rules.core import arcs
from btcli.rules.kinds import asset_card

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

FREE_DAMAGE = 10  # ASSET-DMG-04: 0-10 damage adds nothing to the check
DAMAGE_STEP = 10  # ASSET-DMG-04: +1 for each further 10 points (11-20 +1, 21-30 +2, ...)
WEAR = 1  # ASSET-DMG-12
ANTI_INFANTRY_WEAR = 2  # ASSET-DMG-07
LAST_CHECK = 2  # ASSET-DMG-13: a check TN of 2 means destroyed at the next check
REAR_MULTIPLIER = 2  # ASSET-DMG-10
AREA_EFFECT_MULTIPLIER = 2  # ASSET-DMG-08


class AssetDamage(Record):
    """Damage reaching an asset from one attack or blast, before the asset's own multipliers."""

    amount: int
    attacker: str  # the unit (or player) responsible; one of them rolls the check
    rear: bool = False  # it struck the asset's rear damage arc (ASSET-DMG-10)
    area_effect: bool = False  # artillery, minefields and other area effects (ASSET-DMG-08)
    anti_infantry: bool = False  # an AI weapon (ASSET-DMG-07)
    primary_hex: bool = True  # False: it reached only a secondary hex of a multi-hex asset (ASSET-DMG-09)


def from_hit(hit: AssetHitDamage, attacker: str, rear: bool = False) -> AssetDamage:
    """Returns the damage an asset's hit deals to an asset: every group summed, no locations (ASSET-DMG-01)."""
    return AssetDamage(hit.total, attacker, rear=rear, anti_infantry=hit.anti_infantry)


def from_area_effect(card: AssetCard, effect: AreaEffect, primary: HexId, facing: Facing, attacker: str) -> AssetDamage:
    """Returns the damage a blast deals an asset whose primary hex is ``primary``: only that hex counts (ASSET-DMG-09, AMB-52)."""
    amount = effect.damage_at(primary)
    reached_secondary = any(effect.damage_at(h) for h in card.occupied_hexes(primary, facing)[1:])
    return AssetDamage(amount, attacker, area_effect=effect.area_effect, primary_hex=bool(amount) or not reached_secondary)


def in_rear_arc(target_hex: HexId, target_facing: Facing, attacker_hex: HexId) -> bool:
    """Tells whether an attack from ``attacker_hex`` strikes an asset's rear damage arc (ASSET-DMG-10).

    Battlefield Support p.8 is not in the seed; btcli uses the vehicle rear
    side of tables.md 0 (the rear hexside, 150-210 degrees).
    """
    return arcs.attack_direction(target_hex, target_facing, attacker_hex, vehicle=True) == "rear"


def damage_counted(card: AssetCard, damage: AssetDamage) -> int:
    """Returns the damage an asset of ``card`` counts for this turn from ``damage``.

    Nothing if it reached only a secondary hex (ASSET-DMG-09); doubled from the
    rear arc, except on infantry, which has no facing (ASSET-DMG-10); doubled
    when area-effect damage strikes infantry (ASSET-DMG-08).
    """
    if not damage.primary_hex:
        return 0
    amount = damage.amount
    if damage.rear and card.has_facing:
        amount *= REAR_MULTIPLIER
    if damage.area_effect and asset_card.of(card).doubled_by_area_effect:
        amount *= AREA_EFFECT_MULTIPLIER
    return amount


def take_damage(card: AssetCard, state: AssetState, damage: AssetDamage, name: str) -> tuple[AssetState, Events]:
    """Returns the state after ``damage``: added to this turn's total, the check due once the total reaches the threshold.

    ASSET-DMG-01 (no locations), ASSET-DMG-02 (threshold over all phases, AMB-51),
    ASSET-DMG-07 (the AI note on conventional infantry).
    """
    if state.destroyed:
        return state, []
    from btcli.model.events_assets import AssetDamaged, AssetUndamaged, ThresholdReached

    counted = damage_counted(card, damage)
    if counted == 0:
        return state, [AssetUndamaged(name, secondary=not damage.primary_hex)]
    total = state.damage + counted
    attackers = state.attackers if damage.attacker in state.attackers else state.attackers + (damage.attacker,)
    kind = asset_card.of(card)
    worn = damage.anti_infantry and kind.worn_by_anti_infantry
    note = state.anti_infantry or worn
    due = total >= card.threshold
    events: Events = [AssetDamaged(name, counted, damage.attacker, total, rear=damage.rear and card.has_facing,
                                   area_effect=damage.area_effect and kind.doubled_by_area_effect, anti_infantry=worn)]
    if due and not state.check_due:
        events.append(ThresholdReached(name, card.threshold))
    return state.evolve(damage=total, attackers=attackers, anti_infantry=note, check_due=due), events


def check_modifier(damage: int) -> int:
    """Returns what a turn's ``damage`` adds to the destruction check roll: 0-10 +0, 11-20 +1, 21-30 +2, ... (ASSET-DMG-04)."""
    if damage <= FREE_DAMAGE:
        return 0
    return (damage - 1) // DAMAGE_STEP


def destruction_check(
    card: AssetCard,
    state: AssetState,
    dice: Dice,
    name: str,
    attacker: str | None = None,
) -> tuple[AssetState, Events]:
    """Makes the asset's End Phase destruction check if one is due; returns the new state and events.

    Made once per turn however many attackers (ASSET-DMG-06), rolled by the
    designated ``attacker`` (default: the first to damage it this turn). The
    2D6 roll plus the damage modifier (ASSET-DMG-04; the seed names no other,
    ASSET-DMG-05) destroys the asset on a result
    of at least its check TN (ASSET-DMG-03). Recorded as a roll against the TN
    lowered by the modifiers. A check TN of 2 destroys it without a roll
    (ASSET-DMG-13). A survivor's check TN drops by 1, or 2 after anti-infantry
    damage to conventional infantry (ASSET-DMG-12, ASSET-DMG-07), never below 2.
    """
    if state.destroyed or state.checked or not state.check_due:
        return state, []
    from btcli.model.events_assets import AssetDestroyed, AssetSurvived, AssetWornOut, DestructionCheckRolled

    roller = attacker or (state.attackers[0] if state.attackers else "the attacker")
    if state.check <= LAST_CHECK:
        return state.evolve(checked=True, destroyed=True), [AssetWornOut(name, LAST_CHECK)]
    bonus = check_modifier(state.damage)
    mods: list[tuple[str, int]] = [("destruction check TN", state.check)]
    if bonus:
        mods.append((f"damage {state.damage} this turn: +{bonus} to the roll", -bonus))
    target = sum(value for _, value in mods)
    roll = dice.roll(2, f"destruction check {name} (rolled by {roller})", target=target, modifiers=tuple(mods))
    result = roll.total - target + state.check  # the modified roll, for the event
    rolled = DestructionCheckRolled(name, roller, roll.total, result, state.check)
    if roll.success:
        return state.evolve(checked=True, destroyed=True), [rolled, AssetDestroyed(name)]
    ai_wear = state.anti_infantry and asset_card.of(card).worn_by_anti_infantry
    wear = ANTI_INFANTRY_WEAR if ai_wear else WEAR
    worn = max(LAST_CHECK, state.check - wear)
    return state.evolve(checked=True, check=worn), [rolled, AssetSurvived(name, state.check, worn, ai_wear)]


def forget_turn(state: AssetState) -> AssetState:
    """Returns the state at the end of the turn: damage, attackers, the AI note and the attack used are forgotten (ASSET-DMG-11)."""
    return state.evolve(damage=0, attackers=(), anti_infantry=False, check_due=False, checked=False, attacked=False)


def end_phase(
    card: AssetCard,
    state: AssetState,
    dice: Dice,
    name: str,
    attacker: str | None = None,
) -> tuple[AssetState, Events]:
    """Resolves an asset's End Phase: its destruction check if due, then the turn's damage is forgotten (ASSET-DMG-02, ASSET-DMG-11)."""
    state, events = destruction_check(card, state, dice, name, attacker)
    return forget_turn(state), events


def destroyed_hexes(card: AssetCard, primary: HexId, facing: Facing) -> tuple[HexId, ...]:
    """Returns the hexes whose elements are removed when the asset is destroyed: all of them (ASSET-DMG-09)."""
    return card.occupied_hexes(primary, facing)

"""Tests for asset damage, destruction checks and wear (btcli.rules.assets.damage; ASSET-DMG)."""

from __future__ import annotations

import pytest

from btcli.catalog.asset_cards import asset_card, card_from_table
from btcli.dice import ManualDice
from btcli.model.area_effect import AreaEffect
from btcli.model.assets import AssetState
from btcli.model.hexgrid import Facing, HexId
from btcli.render.events import sentence, sentences
from btcli.rules.assets import attacks as atk
from btcli.rules.assets import damage as dmg
from btcli.rules.assets.damage import AssetDamage

H = HexId.parse
HERE = H("0505")
N = Facing.N
TANK = asset_card("S-1 Light tracked tank")  # check 7, threshold 5
PLATOON = card_from_table("Platoon", {"kind": "conventional_infantry", "mp": 1, "movement": "F", "tmm": 0, "skill": 6,
                                      "check": 7, "threshold": 5})
SQUAD = card_from_table("Squad", {"kind": "battle_armor", "mp": 3, "movement": "J", "tmm": 2, "skill": 6,
                                  "check": 7, "threshold": 5})
LONG_TOM = asset_card("Mobile Long Tom Artillery LT-MOB-25")


def card_with_check(check: int, **more):
    return card_from_table(f"Check {check}", {"kind": "vehicle", "mp": 4, "movement": "T", "tmm": 1, "skill": 6,
                                              "check": check, "threshold": 5, **more})


def hit(card, state, amount, attacker="mech-1", **flags):
    state, _ = dmg.take_damage(card, state, AssetDamage(amount, attacker, **flags), "asset-1")
    return state


def test_no_hit_locations_groups_are_summed():  # ASSET-DMG-01
    maxim = asset_card("Maxim Heavy Hover Transport")
    three_groups = atk.hit_damage(card_from_table("Gun", {"kind": "vehicle", "mp": 4, "movement": "T", "tmm": 1, "skill": 6,
                                                          "check": 7, "threshold": 5, "damage": "5x3", "range": [3, 6, 9]}),
                                  target_is_asset=True)
    state, events = dmg.take_damage(maxim, AssetState.fresh(maxim), dmg.from_hit(three_groups, "gun-1"), "maxim-1")
    assert state.damage == 15
    assert sentence(events[0]) == "  maxim-1 takes 15 damage from gun-1: 15 this turn"  # worded under its hit


def test_the_threshold_summed_over_the_turn_triggers_the_check():  # ASSET-DMG-02, AMB-51
    state = hit(TANK, AssetState.fresh(TANK), 4)
    assert not state.check_due
    state = AssetState.fresh(TANK)
    state = hit(TANK, state, 2, "mech-1")
    state = hit(TANK, state, 3, "mech-2")
    assert state.check_due and state.attackers == ("mech-1", "mech-2")


def test_no_check_below_the_threshold():  # ASSET-DMG-02
    dice = ManualDice([])
    state, events = dmg.end_phase(TANK, hit(TANK, AssetState.fresh(TANK), 4), dice, "tank-1")
    assert (events, dice.rolls, state.destroyed) == ([], [], False)


@pytest.mark.parametrize("roll, destroyed", [(8, True), (7, False), (12, True), (2, False)])
def test_the_check_destroys_on_the_tn_or_more(roll, destroyed):  # ASSET-DMG-03
    card = card_with_check(8)
    state = hit(card, AssetState.fresh(card), 5)
    dice = ManualDice([roll])
    state, events = dmg.destruction_check(card, state, dice, "tank-1")
    assert state.destroyed is destroyed
    assert dice.rolls[0].target == 8 and dice.rolls[0].n == 2
    assert dice.rolls[0].purpose == "destruction check tank-1 (rolled by mech-1)"


def test_the_designated_attacker_rolls():  # ASSET-DMG-03
    state = hit(TANK, hit(TANK, AssetState.fresh(TANK), 3, "mech-1"), 3, "mech-2")
    dice = ManualDice([2])
    dmg.destruction_check(TANK, state, dice, "tank-1", attacker="mech-2")
    assert dice.rolls[0].purpose.endswith("(rolled by mech-2)")


@pytest.mark.parametrize("damage, modifier", [(0, 0), (5, 0), (10, 0), (11, 1), (15, 1), (20, 1), (21, 2), (30, 2),
                                              (31, 3), (35, 3), (41, 4)])
def test_damage_modifier_to_the_check(damage, modifier):  # ASSET-DMG-04
    assert dmg.check_modifier(damage) == modifier


def test_the_damage_modifier_is_added_to_the_roll():  # ASSET-DMG-04
    card = card_with_check(9)
    state = hit(card, AssetState.fresh(card), 15)  # +1
    dice = ManualDice([8])  # 8 + 1 = 9: destroyed
    state, events = dmg.destruction_check(card, state, dice, "tank-1")
    assert state.destroyed
    assert dice.rolls[0].target == 8
    assert dice.rolls[0].modifiers == (("destruction check TN", 9), ("damage 15 this turn: +1 to the roll", -1))
    assert sentences(events) == ["destruction check tank-1: mech-1 rolls 8 (modified 9) against check TN 9",
                      "tank-1 is destroyed: the check succeeded (ASSET-DMG-03)"]


@pytest.mark.parametrize("roll, destroyed", [(8, True), (7, False)])
def test_check_modifiers_are_cumulative(roll, destroyed):  # ASSET-DMG-05, ASSET-DMG-04
    # the damage modifier is the only one the seed names: 25 damage in three hits is +2 in all (not one +1 per
    # hit over 10), so against Check 10 a roll of 8 destroys and 7 does not
    card = card_with_check(10)
    state = AssetState.fresh(card)
    for amount in (10, 10, 5):
        state = hit(card, state, amount)
    state, _ = dmg.end_phase(card, state, ManualDice([roll]), "tank-1")
    assert state.destroyed is destroyed


def test_one_check_per_asset_per_turn():  # ASSET-DMG-06
    state = AssetState.fresh(TANK)
    for attacker in ("a", "b", "c"):
        state = hit(TANK, state, 4, attacker)
    dice = ManualDice([3])
    state, _ = dmg.destruction_check(TANK, state, dice, "tank-1")
    state, events = dmg.destruction_check(TANK, state, dice, "tank-1")
    assert len(dice.rolls) == 1 and events == []


@pytest.mark.parametrize("card, check_after", [(PLATOON, 5), (SQUAD, 6)])
def test_anti_infantry_damage_wears_conventional_infantry_twice(card, check_after):  # ASSET-DMG-07
    machine_gun = AssetDamage(6, "scout-1", anti_infantry=True)
    state, _ = dmg.take_damage(card, AssetState.fresh(card), machine_gun, "inf-1")
    state, events = dmg.end_phase(card, state, ManualDice([3]), "inf-1")
    assert (state.destroyed, state.check) == (False, check_after)
    assert state.anti_infantry is False  # the note is cleared with the damage
    why = "anti-infantry wear -2 (ASSET-DMG-07)" if card is PLATOON else "wear -1 (ASSET-DMG-12)"
    assert sentence(events[-1]) == f"inf-1 survives: check TN 7 -> {check_after}, {why}"


def test_the_ai_special_marks_the_hit():  # ASSET-DMG-07
    scout = asset_card("S-2 Scout VTOL")
    damage = dmg.from_hit(atk.hit_damage(scout, target_is_asset=True), "scout-1")
    state, events = dmg.take_damage(PLATOON, AssetState.fresh(PLATOON), damage, "inf-1")
    assert state.anti_infantry and "anti-infantry weapon" in sentence(events[0])


@pytest.mark.parametrize("card, counted", [(SQUAD, 20), (PLATOON, 20), (TANK, 10)])
def test_area_effect_damage_is_doubled_against_infantry(card, counted):  # ASSET-DMG-08
    effect = AreaEffect.of("artillery", {HERE: 10})
    damage = dmg.from_area_effect(card, effect, HERE, N, "battery")
    assert dmg.damage_counted(card, damage) == counted


def test_only_the_primary_hex_of_a_multi_hex_asset_takes_damage():  # ASSET-DMG-09, AMB-52
    secondary = LONG_TOM.occupied_hexes(HERE, N)[1]
    effect = AreaEffect.of("artillery", {secondary: 20})
    damage = dmg.from_area_effect(LONG_TOM, effect, HERE, N, "battery")
    assert not damage.primary_hex
    state, events = dmg.take_damage(LONG_TOM, AssetState.fresh(LONG_TOM), damage, "tom-1")
    assert state.damage == 0 and "secondary hex" in sentence(events[0])
    both = AreaEffect.of("artillery", {HERE: 20, secondary: 10})
    assert dmg.damage_counted(LONG_TOM, dmg.from_area_effect(LONG_TOM, both, HERE, N, "battery")) == 20


def test_destroying_a_multi_hex_asset_removes_every_element():  # ASSET-DMG-09
    assert dmg.destroyed_hexes(LONG_TOM, HERE, N) == (HERE, HERE.neighbor(Facing.S))


def test_rear_damage_is_doubled_except_on_infantry():  # ASSET-DMG-10
    assert dmg.damage_counted(TANK, AssetDamage(6, "mech-1", rear=True)) == 12
    assert dmg.damage_counted(PLATOON, AssetDamage(6, "mech-1", rear=True)) == 6
    assert dmg.damage_counted(TANK, AssetDamage(6, "mech-1")) == 6


@pytest.mark.parametrize("facing_from, rear", [(Facing.S, True), (Facing.SE, False), (Facing.N, False), (Facing.SW, False)])
def test_the_rear_damage_arc_is_the_rear_hexside(facing_from, rear):  # ASSET-DMG-10 (vehicle rear, tables.md 0)
    attacker = HERE.neighbor(facing_from).neighbor(facing_from)
    assert dmg.in_rear_arc(HERE, N, attacker) is rear


@pytest.mark.parametrize("damage", [8, 4])
def test_damage_does_not_carry_over(damage):  # ASSET-DMG-11
    state = hit(TANK, AssetState.fresh(TANK), damage)
    state, _ = dmg.end_phase(TANK, state, ManualDice([2] if damage >= 5 else []), "tank-1")
    assert (state.damage, state.attackers, state.check_due, state.checked, state.attacked) == (0, (), False, False, False)
    assert not state.destroyed


def test_surviving_lowers_the_check_tn_by_one():  # ASSET-DMG-12, AMB-53
    card = card_with_check(8)
    state, events = dmg.end_phase(card, hit(card, AssetState.fresh(card), 5), ManualDice([4]), "tank-1")
    assert state.check == 7
    assert sentences(events) == ["destruction check tank-1: mech-1 rolls 4 (modified 4) against check TN 8",
                      "tank-1 survives: check TN 8 -> 7, wear -1 (ASSET-DMG-12)"]
    # the worn check is the next turn's TN
    dice = ManualDice([7])
    state, _ = dmg.end_phase(card, hit(card, state, 5), dice, "tank-1")
    assert dice.rolls[0].target == 7 and state.destroyed


def test_wear_never_goes_below_two():  # ASSET-DMG-12, ASSET-DMG-13
    state = AssetState(check=3)
    machine_gun = AssetDamage(6, "scout-1", anti_infantry=True)
    state, _ = dmg.take_damage(PLATOON, state, machine_gun, "inf-1")
    state, _ = dmg.end_phase(PLATOON, state, ManualDice([2]), "inf-1")
    assert state.check == 2


def test_a_check_tn_of_two_destroys_at_the_next_check_without_a_roll():  # ASSET-DMG-13
    state = hit(TANK, AssetState(check=2), 35)  # +3 on a roll there will not be
    dice = ManualDice([])
    state, events = dmg.destruction_check(TANK, state, dice, "tank-1")
    assert state.destroyed and dice.rolls == []
    assert "worn down to 2" in sentence(events[0])


def test_a_destroyed_asset_takes_no_more_damage():
    state = AssetState(check=7, destroyed=True)
    assert dmg.take_damage(TANK, state, AssetDamage(10, "x"), "tank-1") == (state, [])

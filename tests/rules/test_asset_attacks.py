"""Tests for attacks by and against assets (btcli.rules.asset_attacks; ASSET-ATK)."""

from __future__ import annotations

import pytest

from btcli.catalog.asset_cards import asset_card, card_from_table
from btcli.errors import IllegalOrderError
from btcli.model.assets import AssetState
from btcli.model.board import Hex, Terrain
from btcli.model.hexgrid import Facing, HexId
from btcli.rules import asset_attacks as atk
from btcli.rules import los
from btcli.rules.turn_order import movement_slots
from tests.builders import asset, changed, design, game

H = HexId.parse
HERE = H("0505")
N = Facing.N
ELEMENTAL = asset_card("Elemental Battle Armor [MG](Sqd5)")  # skill 5, range 1/2/3, 6x2
TANK = asset_card("S-1 Light tracked tank")  # TMM +1
MAXIM = asset_card("Maxim Heavy Hover Transport")  # 5x4, TMM +3
EMPLACEMENT = asset_card("Heavy Emplacement")
LONG_TOM = asset_card("Mobile Long Tom Artillery LT-MOB-25")
JUMP_PLATOON = asset_card("S-3 Jump platoon")  # TMM +2
VTOL = asset_card("S-2 Scout VTOL")
CLEAR = Hex()


def behind(hex_id: HexId, facing: Facing, n: int) -> HexId:
    for _ in range(n):
        hex_id = hex_id.neighbor(facing.opposite())
    return hex_id


def test_assets_declare_attacks_in_the_mech_order():  # ASSET-ATK-01
    counts = {"red": 3, "blue": 2}  # red: one 'Mech and two assets
    assert atk.declaration_slots(counts, ("red", "blue")) == movement_slots(counts, ("red", "blue"))
    assert atk.declaration_slots(counts, ("red", "blue")) == ("red", "blue", "red", "red", "blue")
    assert atk.ATTACK_PHASE == "weapon"


def test_assets_are_one_level_tall_and_never_in_partial_cover():  # ASSET-ATK-02
    # A tank asset behind a level-1 hill seen by a 'Mech: in sight and with no partial cover, where a
    # 'Mech in its place has partial cover (the game's own line of sight, btcli.rules.los).
    hill = {"0509": {"level": 1}}
    state = game(design("Hunchback HBK-4G", "a", at="0510"), asset("S-1 Light tracked tank", "t", at="0508",
                                                                    side="blue"), hexes=hill)
    sight = los.line_of_sight(state.board, state.units["a"], state.units["t"])
    assert (sight.blocked, sight.partial_cover) == (False, False)
    mech = game(design("Hunchback HBK-4G", "a", at="0510"), design("Hunchback HBK-4G", "t", at="0508", side="blue"),
                hexes=hill)
    assert los.line_of_sight(mech.board, mech.units["a"], mech.units["t"]).partial_cover
    assert los.unit_top(state.board, state.units["t"]) == 1  # one level tall


def test_a_flying_vtol_asset_is_as_tall_as_it_flies_over_clear_ground():  # ASSET-ATK-02, AMB-65, VTOL-ATK-03
    # The scout VTOL asset behind a level-2 hill: hidden when landed (1 level tall), seen at elevation 2,
    # as a seed-000 VTOL is; over woods it counts as in a clear hex (only its card TMM).
    state = game(design("Hunchback HBK-4G", "a", at="0510"), asset("S-2 Scout VTOL", "t", at="0508", side="blue"),
                 hexes={"0509": {"level": 2}})
    landed, flying = state.units["t"], changed(state.units["t"], elevation=2)
    assert los.line_of_sight(state.board, state.units["a"], landed).blocked
    assert not los.line_of_sight(state.board, state.units["a"], flying).blocked
    woods = Hex(Terrain.LIGHT_WOODS, level=1)
    assert atk.target_modifiers(VTOL, woods, elevation=3) == [("target movement modifier (card)", 5)]


def test_attack_tn_is_skill_plus_standard_modifiers_without_attacker_movement():  # ASSET-ATK-03
    target = HERE.neighbor(N).neighbor(N)  # 2 hexes: medium for range 1/2/3
    to_hit = atk.asset_to_hit(ELEMENTAL, veteran=False, attacker_hex=HERE, facing=N, target_hex=target,
                              target_modifiers=atk.target_modifiers(TANK, CLEAR), intervening_woods=1)
    assert to_hit.target == 9  # 5 + 2 + 1 + 1, the asset having moved its full MP
    assert [name for name, _ in to_hit.modifiers] == ["skill", "medium range (2 hexes)", "target movement modifier (card)",
                                                      "intervening woods"]


def test_veteran_assets_attack_with_the_grey_skill():  # ASSET-ATK-03, ASSET-GEN-07
    to_hit = atk.asset_to_hit(ELEMENTAL, veteran=True, attacker_hex=HERE, facing=N, target_hex=HERE.neighbor(N))
    assert to_hit.target == 4


def test_one_attack_per_turn():  # ASSET-ATK-04
    state = AssetState.fresh(MAXIM)
    atk.check_can_attack(state, "maxim-1")
    state = atk.record_attack(state)
    with pytest.raises(IllegalOrderError) as e:
        atk.check_can_attack(state, "maxim-1")
    assert e.value.rule == "ASSET-ATK-04"


def test_a_hit_delivers_every_damage_group():  # ASSET-ATK-04
    three = card_from_table("Three", {"kind": "vehicle", "mp": 4, "movement": "T", "tmm": 1, "skill": 6, "check": 7,
                                      "threshold": 5, "damage": "5x3", "range": [3, 6, 9]})
    on_mech = atk.hit_damage(three, target_is_asset=False)
    assert (on_mech.groups, on_mech.location_per_group, on_mech.total) == ((5, 5, 5), True, 15)
    on_asset = atk.hit_damage(MAXIM, target_is_asset=True)
    assert (on_asset.groups, on_asset.location_per_group) == ((5, 5, 5, 5), False)
    assert atk.hit_damage(VTOL, target_is_asset=True).anti_infantry is True


@pytest.mark.parametrize("card", [TANK, MAXIM, JUMP_PLATOON, VTOL])
def test_the_fixed_card_tmm_applies_without_moving(card):  # ASSET-ATK-05
    assert atk.target_modifiers(card, CLEAR) == [("target movement modifier (card)", card.tmm)]


def test_the_tmm_stays_against_indirect_fire_unless_configured():  # ASSET-ATK-05, AMB-50
    assert atk.target_modifiers(MAXIM, CLEAR, indirect_or_artillery=True) == [("target movement modifier (card)", 3)]
    assert atk.target_modifiers(MAXIM, CLEAR, indirect_or_artillery=True, tmm_set_aside_against_indirect=True) == []


def test_assets_fire_all_round_except_emplacements_and_no_turret():  # ASSET-ATK-06
    rear = behind(HERE, N, 2)
    assert atk.in_firing_arc(MAXIM, HERE, N, rear)
    to_hit = atk.asset_to_hit(MAXIM, veteran=False, attacker_hex=HERE, facing=N, target_hex=rear)
    assert not to_hit.impossible
    for card in (EMPLACEMENT, LONG_TOM):
        assert atk.fires_front_only(card)
        assert not atk.in_firing_arc(card, HERE, N, rear)
        assert atk.in_firing_arc(card, HERE, N, HERE.neighbor(Facing.NE))  # the 'Mech front arc takes the front diagonals
    to_hit = atk.asset_to_hit(EMPLACEMENT, veteran=False, attacker_hex=HERE, facing=N, target_hex=rear)
    assert to_hit.rule == "ASSET-ATK-06"


@pytest.mark.parametrize("attacker_movement, tn", [(0, 2), (1, 3)])
def test_gun_emplacements_are_immobile_targets(attacker_movement, tn):  # ASSET-ATK-07
    # gunnery-4 'Mech at medium range (+2) against a gun emplacement with card TMM +0 in clear terrain
    mods = [("gunnery", 4), ("medium range", 2), ("attacker movement", attacker_movement)]
    mods += atk.target_modifiers(EMPLACEMENT, CLEAR)
    assert sum(value for _, value in mods) == tn
    assert ("target immobile (gun emplacement)", -4) in atk.target_modifiers(EMPLACEMENT, CLEAR)


def test_no_minimum_range():  # ASSET-ATK-08
    lrm = card_from_table("LRM carrier", {"kind": "vehicle", "mp": 4, "movement": "T", "tmm": 1, "skill": 6, "check": 7,
                                          "threshold": 5, "damage": "5x2", "range": [7, 14, 21]})
    assert atk.range_modifier(lrm, 2) == ("short range (2 hexes)", 0)
    assert atk.range_modifier(lrm, 1) == ("short range (1 hexes)", 0)
    assert atk.range_modifier(lrm, 22) is None


def test_no_special_munitions():  # ASSET-ATK-08
    atk.check_munition(MAXIM, "standard")
    with pytest.raises(IllegalOrderError) as e:
        atk.check_munition(MAXIM, "inferno")
    assert e.value.rule == "ASSET-ATK-08"


def test_attacker_movement_counts_only_when_spotting():  # ASSET-ATK-08, ASSET-MOVE-04
    assert atk.spotter_movement_modifier(TANK, moved=True) == 2  # assumed running
    assert atk.spotter_movement_modifier(ELEMENTAL, moved=True) == 3  # jump MP
    assert atk.spotter_movement_modifier(TANK, moved=False) == 0


def test_many_attacks_never_run_out_of_ammunition():  # ASSET-ATK-08
    state = AssetState.fresh(MAXIM)
    for _ in range(20):
        atk.check_can_attack(state, "maxim-1")
        state = atk.record_attack(state).evolve(attacked=False)  # a new turn
    assert not hasattr(state, "ammo") and not hasattr(state, "heat")


@pytest.mark.parametrize("card, terrain, expected", [
    (JUMP_PLATOON, Terrain.HEAVY_WOODS, [("target in heavy woods", 2)]),  # tie: counted as terrain, +2 not +4
    (card_from_table("Fast", {"kind": "vehicle", "mp": 8, "movement": "H", "tmm": 3, "skill": 6, "check": 7, "threshold": 5}),
     Terrain.LIGHT_WOODS, [("target movement modifier (card)", 3)]),
    (TANK, Terrain.HEAVY_WOODS, [("target in heavy woods", 2)]),
    (TANK, Terrain.LIGHT_WOODS, [("target in light woods", 1)]),
    (MAXIM, Terrain.CLEAR, [("target movement modifier (card)", 3)]),
])
def test_only_the_higher_of_tmm_and_own_hex_terrain(card, terrain, expected):  # ASSET-ATK-09
    assert atk.target_modifiers(card, Hex(terrain)) == expected


def test_intervening_terrain_is_applied_normally():  # ASSET-ATK-10
    target = HERE.neighbor(N).neighbor(N)
    to_hit = atk.asset_to_hit(ELEMENTAL, veteran=False, attacker_hex=HERE, facing=N, target_hex=target,
                              target_modifiers=atk.target_modifiers(TANK, Hex(Terrain.LIGHT_WOODS)), intervening_woods=1)
    assert ("intervening woods", 1) in to_hit.modifiers and ("target in light woods", 1) in to_hit.modifiers
    assert to_hit.target == 5 + 2 + 1 + 1


def test_cards_without_a_direct_attack_or_out_of_range():
    assert atk.asset_to_hit(LONG_TOM, veteran=False, attacker_hex=HERE, facing=N, target_hex=HERE.neighbor(N)).impossible
    far = atk.asset_to_hit(ELEMENTAL, veteran=False, attacker_hex=HERE, facing=N, target_hex=H("0501"))
    assert far.rule == "tables.md 6.1"

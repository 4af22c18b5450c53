"""Tests for attacks by and against assets (btcli.rules.assets.attacks; ASSET-ATK)."""

from __future__ import annotations

import pytest

from btcli.catalog.asset_cards import asset_card, card_from_table
from btcli.errors import IllegalOrderError, InputError
from btcli.model.assets import AssetState
from btcli.model.board import Hex, Terrain
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import Phase
from btcli.model.units import MoveMode
from btcli.rules.assets import attacks as atk
from btcli.rules.core import los
from tests.builders import asset, changed, design, fire, game, gunner, put, run, weapon_game

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


def test_assets_declare_attacks_like_mechs():  # ASSET-ATK-01
    # the asset's attack is the 'Mechs' weapon attack order, declared in the weapon attack phase among theirs,
    # and its damage waits for the end of the phase as theirs does
    units = (asset("S-1 Light tracked tank", "t", at="0508"), gunner("g", "0509", "Medium Laser"),
             design("Hunchback HBK-4G", "m", at="0505", side="blue", facing="S"))
    with pytest.raises(IllegalOrderError):
        run(weapon_game(*units, phase=Phase.MOVEMENT), WeaponAttackOrder("t", "m"), [])  # not in movement
    state, _, _ = fire(weapon_game(*units), "g", "m", ("Medium Laser",), [12, 7])  # a 'Mech declares first
    state, events, _ = fire(state, "t", "m", (), [12, 7])  # then the asset: hit, the location rolled
    assert [d.attacker for d in state.declarations] == ["g", "t"]
    assert "hit" in events[0] and events[-1] == "  5 to m CT"
    assert state.unit("m").armor == weapon_game(*units).unit("m").armor  # nothing applied yet
    assert [h.damage for h in state.pending] == [5, 5]


def test_assets_are_one_level_tall_and_never_in_partial_cover():  # ASSET-ATK-02
    # A tank asset behind a level-1 hill adjacent to it, seen by a 'Mech on level 0 (the game's own line of
    # sight, btcli.rules.core.los): 1 level tall, the hill reaches its top and hides it (TW p.99-103: terrain
    # adjacent to the target and as high as it counts, however high the attacker stands), where a 'Mech in
    # its place is seen over the hill with partial cover; on the same line the asset never has partial cover.
    hill = {"0509": {"level": 1}}
    state = game(design("Hunchback HBK-4G", "a", at="0510"), asset("S-1 Light tracked tank", "t", at="0508",
                                                                    side="blue"), hexes=hill)
    sight = los.line_of_sight(state.board, state.units["a"], state.units["t"])
    assert (sight.blocked, sight.partial_cover, sight.reason) == (True, False, "level 1 ground at 0509")
    assert los.partial_cover(state.board, state.units["a"], state.units["t"], list(sight.hexes)) is None
    assert los.unit_top(state.board, state.units["t"]) == 1  # one level tall
    mech = game(design("Hunchback HBK-4G", "a", at="0510"), design("Hunchback HBK-4G", "t", at="0508", side="blue"),
                hexes=hill)
    seen = los.line_of_sight(mech.board, mech.units["a"], mech.units["t"])
    assert (seen.blocked, seen.partial_cover, seen.cover_hex) == (False, True, None)
    assert los.partial_cover(mech.board, mech.units["a"], mech.units["t"], list(seen.hexes)) == H("0509")


def test_a_flying_vtol_asset_is_as_tall_as_it_flies_over_clear_ground():  # ASSET-ATK-02, AMB-65, VTOL-ATK-03
    # The scout VTOL asset behind a level-2 hill two hexes from each end (so neither unit is adjacent to it,
    # TW p.99-103): hidden when landed (1 level tall), seen at elevation 2, as a seed-000 VTOL is; over
    # woods it counts as in a clear hex (only its card TMM).
    state = game(design("Hunchback HBK-4G", "a", at="0510"), asset("S-2 Scout VTOL", "t", at="0506", side="blue"),
                 hexes={"0508": {"level": 2}})
    landed, flying = state.units["t"], changed(state.units["t"], elevation=2)
    assert los.line_of_sight(state.board, state.units["a"], landed).blocked
    assert not los.line_of_sight(state.board, state.units["a"], flying).blocked
    woods = Hex(Terrain.LIGHT_WOODS, level=1)
    assert atk.target_modifiers(VTOL, woods, elevation=3) == [("target movement modifier (card)", 5)]


def test_attack_tn_is_skill_plus_standard_modifiers_without_attacker_movement():  # ASSET-ATK-03
    # catalog: skill 5, medium range (+2), target TMM +1, intervening light woods (+1), the asset having moved
    # its full MP -> TN 9. The Elementals jump their full 3 MP through the engine, then attack the tank 2 hexes
    # away (medium for range 1/2/3) across one light woods hex.
    state = game(asset("Elemental Battle Armor [MG](Sqd5)", "e", at="0508"), asset("S-1 Light tracked tank", "t",
                 at="0503", side="blue"), hexes={"0504": {"terrain": "light_woods"}})
    state, _, _ = run(state, MoveOrder("e", "jump", (), H("0505")), [])
    assert state.unit("e").mp_spent == 3
    state, _, dice = fire(changed(state, phase=Phase.WEAPON), "e", "t", (), [2])
    assert dice.rolls[0].target == 9
    assert [name for name, _ in dice.rolls[0].modifiers] == ["skill", "medium range (2 hexes)",
                                                             "target movement modifier (card)", "intervening woods"]


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


@pytest.mark.parametrize("mode, tn", [(MoveMode.STAND, 2), (MoveMode.WALK, 3)])
def test_gun_emplacements_are_immobile_targets(mode, tn):  # ASSET-ATK-07
    # catalog: a gunnery-4 'Mech at medium range (+2) against a gun emplacement with card TMM +0 in clear
    # terrain: 4 + 0 + 2 - 4 = 2 standing still; 3 after walking (+1). Through the engine's weapon attack.
    state = weapon_game(gunner("g", "0510", "Medium Laser"), asset("Heavy Emplacement", "e", at="0505", side="blue",
                                                                     facing="S"))  # 5 hexes: medium
    state = put(state, "g", mode=mode, hexes_moved=0 if mode is MoveMode.STAND else 3)
    _, _, dice = fire(state, "g", "e", ("Medium Laser",), [2])
    assert dice.rolls[0].target == tn


def test_no_minimum_range():  # ASSET-ATK-08
    lrm = card_from_table("LRM carrier", {"kind": "vehicle", "mp": 4, "movement": "T", "tmm": 1, "skill": 6, "check": 7,
                                          "threshold": 5, "damage": "5x2", "range": [7, 14, 21]})
    assert atk.range_modifier(lrm, 2) == ("short range (2 hexes)", 0)
    assert atk.range_modifier(lrm, 1) == ("short range (1 hex)", 0)
    assert atk.range_modifier(lrm, 22) is None


def test_no_minimum_range_in_a_game():  # ASSET-ATK-08
    # an LRM carrier card 2 hexes from a 'Mech that stood still: skill 6 + short range 0, no minimum-range
    # modifier (a 'Mech's LRM would add +5 at range 2)
    lrm = {"name": "LRM carrier", "kind": "vehicle", "mp": 4, "movement": "T", "tmm": 1, "skill": 6, "check": 7,
           "threshold": 5, "damage": "5x2", "range": [7, 14, 21]}
    state = weapon_game(asset(lrm, "l", at="0507"), design("Hunchback HBK-4G", "m", at="0505", side="blue"))
    state = put(state, "m", mode=MoveMode.STAND)
    _, _, dice = fire(state, "l", "m", (), [2])
    assert dice.rolls[0].target == 6


def test_no_special_munitions():  # ASSET-ATK-08
    # an asset attacks with its card: no order can name a weapon or a munition for it
    state = weapon_game(asset("S-1 Light tracked tank", "t", at="0508"), design("Hunchback HBK-4G", "m", at="0505",
                                                                                side="blue"))
    for weapon in ("S-1 Light tracked tank", "LRM 10:cluster"):
        with pytest.raises(InputError, match="give no --weapon"):
            run(state, WeaponAttackOrder("t", "m", (weapon,)), [])


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

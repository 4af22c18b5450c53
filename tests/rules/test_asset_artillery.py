"""Tests for the basic artillery attack and area effects (btcli.rules.assets.artillery; UNVERIFIED numbers)."""

from __future__ import annotations

import pytest

from btcli.catalog.asset_cards import asset_card
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.area_effect import AreaEffect
from btcli.model.assets import AssetState
from btcli.model.board import Board
from btcli.model.hexgrid import Facing, HexId
from btcli.render.events import sentence, sentences
from btcli.rules.assets import artillery
from btcli.rules.assets import damage as dmg

H = HexId.parse
BOARD = Board(16, 17)
LONG_TOM = asset_card("Mobile Long Tom Artillery LT-MOB-25")
SQUAD = asset_card("S-5 Inner Sphere battle-armor squad")


def test_area_effect_value():
    effect = AreaEffect.of("blast", {H("0505"): 20, H("0504"): 10, H("0506"): 0})
    assert effect.affected == (H("0504"), H("0505"))
    assert (effect.damage_at(H("0505")), effect.damage_at(H("0909")), effect.area_effect) == (20, 0, True)


def test_long_tom_card_fires_the_long_tom():
    assert artillery.artillery_weapon(LONG_TOM).name == "Long Tom"
    with pytest.raises(IllegalOrderError):
        artillery.artillery_weapon(SQUAD)


@pytest.mark.parametrize("code, rings", [("LT", (25, 15, 5)), ("S", (20, 10)), ("T", (15, 5))])
def test_blast_damage_falls_off_by_ring(code, rings):  # UNVERIFIED table
    weapon = artillery.ARTILLERY_DAMAGE[code]
    centre = H("0808")
    effect = artillery.blast(weapon, centre, BOARD)
    for distance, damage in enumerate(rings):
        ring = [h for h in effect.affected if centre.distance(h) == distance]
        assert len(ring) == (1 if distance == 0 else 6 * distance)
        assert all(effect.damage_at(h) == damage for h in ring)
    assert len(effect.affected) == 1 + sum(6 * r for r in range(1, len(rings)))


def test_a_blast_at_the_map_edge_keeps_only_hexes_on_the_map():
    effect = artillery.blast(artillery.ARTILLERY_DAMAGE["S"], H("0101"), BOARD)
    assert all(BOARD.contains(h) for h in effect.affected)
    assert effect.damage_at(H("0101")) == 20 and len(effect.affected) == 3


def test_a_hit_strikes_the_target_hex():
    dice = ManualDice([8])
    strike, events = artillery.artillery_attack(LONG_TOM, veteran=False, target=H("0808"), board=BOARD, dice=dice,
                                                attacker="tom-1")
    assert strike.hit and strike.impact == H("0808") and strike.effect.damage_at(H("0808")) == 25
    assert dice.rolls[0].target == 8  # the card's skill
    assert sentences(events) == ["tom-1's Long Tom strikes 0808 (8 vs 8)"]


def test_a_miss_scatters_by_a_direction_and_a_distance_roll():
    dice = ManualDice([7, 4, 3])  # miss; direction 4 = south; 3 hexes
    strike, events = artillery.artillery_attack(LONG_TOM, veteran=False, target=H("0808"), board=BOARD, dice=dice,
                                                attacker="tom-1", modifiers=[("spotter moved", 1)])
    assert not strike.hit and strike.impact == H("0811")
    assert [r.n for r in dice.rolls] == [2, 1, 1] and dice.rolls[0].target == 9
    assert strike.effect.damage_at(H("0811")) == 25 and strike.effect.damage_at(H("0808")) == 0
    assert sentence(events[1]) == "the shell scatters 3 hexes S of 0808 to 0811"


def test_artillery_area_effect_is_doubled_against_infantry():  # ASSET-DMG-08 through artillery
    strike, _ = artillery.artillery_attack(LONG_TOM, veteran=False, target=H("0808"), board=BOARD, dice=ManualDice([12]),
                                           attacker="tom-1")
    damage = dmg.from_area_effect(SQUAD, strike.effect, H("0809"), Facing.N, "tom-1")
    state, _ = dmg.take_damage(SQUAD, AssetState.fresh(SQUAD), damage, "squad-1")
    assert state.damage == 30  # 15 in the adjacent ring, doubled

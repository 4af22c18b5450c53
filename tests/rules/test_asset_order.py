"""Tests for the order assets move in (btcli.rules.asset_order; ASSET-INIT)."""

from __future__ import annotations

import pytest

from btcli.errors import IllegalOrderError
from btcli.model.assets import AssetKind
from btcli.rules.asset_order import (
    AssetBatch,
    NonAssetStage,
    batch_sizes,
    check_batch_size,
    counted_for_movement,
    movement_sequence,
)

B = AssetBatch


def test_all_assets_move_before_any_non_asset():  # ASSET-INIT-01
    sequence = movement_sequence({"red": 3, "blue": 2}, ("red", "blue"), {})
    assert sequence[-1] == NonAssetStage("movement")
    assert all(isinstance(step, AssetBatch) for step in sequence[:-1])
    assert sum(step.size for step in sequence[:-1]) == 5


def test_one_side_alone_with_assets_moves_them_all_first():  # ASSET-INIT-01, AMB-49
    assert movement_sequence({"red": 0, "blue": 3}, ("red", "blue"), {}) == (B("blue", 3), NonAssetStage("movement"))


def test_halves_alternate_from_the_initiative_loser():  # ASSET-INIT-02
    # loser 6, winner 4 -> loser 3, winner 2, loser 3, winner 2
    assert movement_sequence({"loser": 6, "winner": 4}, ("loser", "winner"), {})[:-1] == (
        B("loser", 3), B("winner", 2), B("loser", 3), B("winner", 2))


@pytest.mark.parametrize("larger_first, first, second", [(True, 3, 2), (False, 2, 3)])
def test_loser_with_five_chooses_which_half_goes_first(larger_first, first, second):  # ASSET-INIT-02, AMB-64
    sequence = movement_sequence({"loser": 5, "winner": 4}, ("loser", "winner"), {"loser": larger_first})
    assert sequence[:-1] == (B("loser", first), B("winner", 2), B("loser", second), B("winner", 2))


@pytest.mark.parametrize("count, larger_first, sizes", [(7, True, (4, 3)), (7, False, (3, 4)), (6, True, (3, 3)),
                                                        (1, True, (1, 0)), (1, False, (0, 1)), (0, True, (0, 0))])
def test_odd_counts_let_the_player_place_the_larger_half(count, larger_first, sizes):  # ASSET-INIT-03
    assert batch_sizes(count, larger_first) == sizes


@pytest.mark.parametrize("size", [3, 4])
def test_seven_assets_may_move_three_or_four_first(size):  # ASSET-INIT-03
    check_batch_size(7, 0, size)
    check_batch_size(7, size, 7 - size)


@pytest.mark.parametrize("already, size", [(0, 5), (0, 2), (3, 3), (4, 4)])
def test_other_batch_sizes_are_refused(already, size):  # ASSET-INIT-03
    with pytest.raises(IllegalOrderError) as e:
        check_batch_size(7, already, size)
    assert e.value.rule == "ASSET-INIT-03"


def test_empty_first_batch_is_skipped():  # ASSET-INIT-03 with a single asset moving second
    assert movement_sequence({"a": 1, "b": 2}, ("a", "b"), {"a": False})[:-1] == (B("b", 1), B("a", 1), B("b", 1))


def test_gun_emplacements_are_not_counted_for_movement():  # ASSET-INIT-04
    kinds = [AssetKind.VEHICLE] * 5 + [AssetKind.BATTLE_ARMOR] * 2 + [AssetKind.GUN_EMPLACEMENT] * 3
    counted = counted_for_movement(kinds)
    assert counted == 7
    assert sorted(batch_sizes(counted, True)) == [3, 4]

"""Tests for asset deployment (btcli.rules.asset_deployment; ASSET-DEP)."""

from __future__ import annotations

import pytest

from btcli.catalog.asset_cards import asset_card
from btcli.errors import IllegalOrderError
from btcli.model.board import Board
from btcli.model.hexgrid import HexId
from btcli.rules.asset_deployment import (
    Edge,
    check_deployment_batch,
    check_placement,
    deployment_sequence,
    edge_distance,
)
from btcli.rules.asset_order import AssetBatch, NonAssetStage

B = AssetBatch
H = HexId.parse
BOARD = Board(16, 17)
EMPLACEMENT = asset_card("Heavy Emplacement")
TANK = asset_card("S-1 Light tracked tank")


def test_assets_deploy_before_any_other_unit():  # ASSET-DEP-01
    sequence = deployment_sequence({"a": 2, "b": 2}, ("a", "b"), {})
    assert sequence == (B("a", 1), B("b", 1), B("a", 1), B("b", 1), NonAssetStage("deployment"))


@pytest.mark.parametrize("larger_first, first, second", [(True, 4, 3), (False, 3, 4)])
def test_alternating_halves_in_the_scenario_order(larger_first, first, second):  # ASSET-DEP-02, AMB-64
    # side A deploys first with 7, side B has 4
    sequence = deployment_sequence({"A": 7, "B": 4}, ("A", "B"), {"A": larger_first})
    assert sequence[:-1] == (B("A", first), B("B", 2), B("A", second), B("B", 2))


def test_gun_emplacements_count_in_the_deployment_split():  # ASSET-DEP-02, AMB-48
    assert deployment_sequence({"A": 3}, ("A",), {}) == (B("A", 3), NonAssetStage("deployment"))


def test_a_deployment_batch_must_be_a_half():  # ASSET-DEP-02
    check_deployment_batch(7, 0, 3)
    with pytest.raises(IllegalOrderError) as e:
        check_deployment_batch(7, 0, 5)
    assert e.value.rule == "ASSET-DEP-02"


ZONE = [HexId(col, row) for col in range(1, 17) for row in (1, 2)]  # the enemy's zone: rows 1-2


@pytest.mark.parametrize("hex_label, legal", [("0808", True), ("0807", False), ("0110", True)])
def test_emplacement_at_least_six_hexes_from_the_enemy_zone(hex_label, legal):  # ASSET-DEP-03, AMB-67
    if legal:
        check_placement(EMPLACEMENT, H(hex_label), BOARD, enemy_zone=ZONE)
        return
    with pytest.raises(IllegalOrderError) as e:
        check_placement(EMPLACEMENT, H(hex_label), BOARD, enemy_zone=ZONE)
    assert e.value.rule == "ASSET-DEP-03"


def test_emplacement_range_counts_to_the_nearest_zone_hex():  # ASSET-DEP-03, AMB-67
    zone = [H("0505")]
    check_placement(EMPLACEMENT, H("0511"), BOARD, enemy_zone=zone)  # range 6
    with pytest.raises(IllegalOrderError):
        check_placement(EMPLACEMENT, H("0510"), BOARD, enemy_zone=zone)  # range 5


@pytest.mark.parametrize("row, legal", [(7, True), (6, False), (12, True)])
def test_emplacement_seven_hexes_from_the_enemy_home_edge(row, legal):  # ASSET-DEP-04, AMB-67
    hex_id = HexId(5, row)
    if legal:
        check_placement(EMPLACEMENT, hex_id, BOARD, enemy_home_edge=Edge.NORTH)
        return
    with pytest.raises(IllegalOrderError) as e:
        check_placement(EMPLACEMENT, hex_id, BOARD, enemy_home_edge=Edge.NORTH)
    assert e.value.rule == "ASSET-DEP-04"


@pytest.mark.parametrize("edge, hex_label, distance", [(Edge.NORTH, "0501", 1), (Edge.SOUTH, "0517", 1), (Edge.SOUTH, "0511", 7),
                                                       (Edge.WEST, "0105", 1), (Edge.EAST, "1005", 7)])
def test_edge_distance_counts_the_edge_row_as_one(edge, hex_label, distance):  # AMB-67
    assert edge_distance(H(hex_label), edge, BOARD) == distance
    assert edge_distance(H(hex_label), edge, BOARD, edge_row=0) == distance - 1  # the alternative reading


def test_other_assets_deploy_in_their_own_zone():  # ASSET-DEP-01, ASSET-DEP-03 (emplacements only are free)
    own = [H("0516")]
    check_placement(TANK, H("0516"), BOARD, own_zone=own)
    with pytest.raises(IllegalOrderError):
        check_placement(TANK, H("0508"), BOARD, own_zone=own)

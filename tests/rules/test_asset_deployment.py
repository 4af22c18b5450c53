"""Tests for asset deployment (btcli.rules.assets.deployment, asset_deployment_phase; ASSET-DEP): the order is read
off a game opened from a scenario with a [deployment] table and driven through the engine; the expected orders are
the catalog's worked examples (ASSET-DEP-01, -02), not the implementation's output."""

from __future__ import annotations

import pytest

from btcli.catalog.asset_cards import asset_card
from btcli.errors import IllegalOrderError
from btcli.model.board import Board
from btcli.model.hexgrid import HexId
from btcli.model.orders import DeployOrder
from btcli.model.state import Phase
from btcli.rules.assets.deployment import Edge, check_placement, edge_distance
from btcli.store.scenario import scenario_from_dict
from tests.builders import asset, design, run, scenario

H = HexId.parse
BOARD = Board(16, 17)
EMPLACEMENT = asset_card("Heavy Emplacement")
TANK = asset_card("S-1 Light tracked tank")


def deploying(a: int, b: int, *, a_emplacements: int = 0, mechs: bool = False):
    """A game in its deployment phase: side A (deploying first) with ``a`` tanks and ``a_emplacements`` gun
    emplacements, side B with ``b`` tanks, a 'Mech each if ``mechs``; nothing on the map yet."""
    units = [asset("S-1 Light tracked tank", f"a{i}", at=None, side="A") for i in range(a)]
    units += [asset("Heavy Emplacement", f"g{i}", at=None, side="A") for i in range(a_emplacements)]
    units += [asset("S-1 Light tracked tank", f"b{i}", at=None, side="B", facing="S") for i in range(b)]
    if mechs:
        units += [dict(design("Hunchback HBK-4G", "am", side="A"), position=None),
                  dict(design("Hunchback HBK-4G", "bm", side="B", facing="S"), position=None)]
    for u in units:
        u.pop("position", None)
    data = scenario(*units, sides=("A", "B"), width=12, height=16)
    data["deployment"] = {"order": ["A", "B"], "zones": {"A": ["0101-1203"], "B": ["0114-1216"]}}
    state = scenario_from_dict(data)
    assert (state.phase, state.turn) == (Phase.DEPLOYMENT, 0)
    return state


def place(state, uid: str, hex_label: str, batch: int = 0):
    return run(state, DeployOrder(uid, H(hex_label), batch=batch), [])[0]


def test_assets_deploy_before_any_other_unit():  # ASSET-DEP-01
    state = deploying(2, 2, mechs=True)
    assert state.move_order == ("A", "B", "A", "B", "A", "B") and state.asset_slots == 4
    with pytest.raises(IllegalOrderError) as e:
        place(state, "am", "0102")
    assert e.value.rule == "ASSET-DEP-01"
    for uid, hex_label in (("a0", "0101"), ("b0", "0116"), ("a1", "0201"), ("b1", "0216")):
        state = place(state, uid, hex_label)
    state = place(state, "am", "0102")  # every asset is down: the 'Mechs deploy now
    assert state.unit("am").hex == H("0102")


@pytest.mark.parametrize("first, order", [(0, ("A",) * 4 + ("B",) * 2 + ("A",) * 3 + ("B",) * 2),
                                          (4, ("A",) * 4 + ("B",) * 2 + ("A",) * 3 + ("B",) * 2),
                                          (3, ("A",) * 3 + ("B",) * 2 + ("A",) * 4 + ("B",) * 2)])
def test_alternating_halves_in_the_scenario_order(first, order):  # ASSET-DEP-02, AMB-64
    # catalog: side A (deploys first) 7 assets, side B 4 -> A 4 or 3 (A's choice), B 2, A the other batch, B 2
    state = deploying(7, 4)
    state = place(state, "a0", "0101", batch=first)
    assert state.move_order == order
    for i in range(1, first or 4):
        state = place(state, f"a{i}", f"{i + 1:02d}01")
    with pytest.raises(IllegalOrderError) as e:
        place(state, f"a{first or 4}", "0901")  # B places its first half now
    assert e.value.rule == "ASSET-DEP-02"


def test_a_first_deployment_batch_of_five_of_seven_is_refused():  # ASSET-DEP-02, AMB-64
    with pytest.raises(IllegalOrderError) as e:
        place(deploying(7, 4), "a0", "0101", batch=5)
    assert e.value.rule == "ASSET-DEP-02"


def test_gun_emplacements_count_in_the_deployment_split():  # ASSET-DEP-02, AMB-48
    # A: 2 tanks and a gun emplacement = 3 assets -> 2 then 1; B: 2 -> 1 and 1
    assert deploying(2, 2, a_emplacements=1).move_order == ("A", "A", "B", "A", "B")


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

"""The order assets move in, through the game's initiative and movement phases (ASSET-INIT; btcli.rules.assets.order,
turn_order): the slots drawn when the initiative is resolved, a side's --batch choice, and moves out of turn refused.
The expected orders are the catalog's worked examples (ASSET-INIT-01..04), not the implementation's output."""

from __future__ import annotations

import pytest

from btcli.errors import IllegalOrderError
from btcli.model.orders import MoveOrder
from btcli.model.state import Phase
from btcli.rules.assets.order import batch_sizes, check_batch_size
from tests.builders import asset, design, game, resolve, run

TANK = "S-1 Light tracked tank"
EMPLACEMENT = "Heavy Emplacement"
LOSER_LOW, WINNER_HIGH = [2], [12]  # 2D6 initiative totals


def sides(red: int, blue: int, *, red_emplacements: int = 0, mechs: bool = True) -> list[dict]:
    """Red's and blue's tanks (and red's gun emplacements) in columns 02-09, a 'Mech a side in column 11."""
    units = [asset(TANK, f"r{i}", at=f"{2 + i % 8:02d}{2 + i // 8:02d}") for i in range(red)]
    units += [asset(EMPLACEMENT, f"g{i}", at=f"{2 + i:02d}05", facing="S") for i in range(red_emplacements)]
    units += [asset(TANK, f"b{i}", at=f"{2 + i % 8:02d}{10 - i // 8:02d}", side="blue", facing="S")
              for i in range(blue)]
    if mechs:
        units += [design("Hunchback HBK-4G", "rm", at="1103"), design("Hunchback HBK-4G", "bm", at="1110",
                                                                         side="blue", facing="S")]
    return units


def movement_phase(*units: dict, red_loses: bool = True):
    """Resolves the initiative phase through the engine: red loses (moves first) unless told otherwise."""
    state = game(*units, phase=Phase.INITIATIVE, width=12, height=12)
    state, _, _ = resolve(state, LOSER_LOW + WINNER_HIGH if red_loses else WINNER_HIGH + LOSER_LOW)
    assert state.phase is Phase.MOVEMENT
    return state


def stand(state, uid: str, batch: int = 0):
    return run(state, MoveOrder(uid, "stand", batch=batch), [])[0]


def test_all_assets_move_before_any_non_asset():  # ASSET-INIT-01
    state = movement_phase(*sides(3, 2))
    assert state.asset_slots == 5
    assert sorted(state.move_order[:5]) == ["blue", "blue", "red", "red", "red"]
    assert sorted(state.move_order[5:]) == ["blue", "red"]  # the two 'Mechs, after every asset
    with pytest.raises(IllegalOrderError) as e:
        stand(state, "rm")
    assert e.value.rule == "ASSET-INIT-01"


def test_one_side_alone_with_assets_moves_them_all_first():  # ASSET-INIT-01, AMB-49
    state = movement_phase(*sides(0, 3))
    assert state.move_order[:state.asset_slots] == ("blue", "blue", "blue")
    state = stand(state, "b0")
    state = stand(state, "b1")  # the winner's assets go first when the loser has none
    with pytest.raises(IllegalOrderError) as e:
        stand(state, "rm")
    assert e.value.rule == "ASSET-INIT-01"


def test_halves_alternate_from_the_initiative_loser():  # ASSET-INIT-02
    # catalog: loser 6, winner 4 -> loser 3, winner 2, loser 3, winner 2
    state = movement_phase(*sides(6, 4, mechs=False))
    assert state.move_order == ("red",) * 3 + ("blue",) * 2 + ("red",) * 3 + ("blue",) * 2
    state = movement_phase(*sides(4, 6, mechs=False), red_loses=False)  # blue loses now
    assert state.move_order == ("blue",) * 3 + ("red",) * 2 + ("blue",) * 3 + ("red",) * 2


def test_a_move_out_of_the_alternation_is_refused():  # ASSET-INIT-02
    state = movement_phase(*sides(6, 4, mechs=False))
    for uid in ("r0", "r1", "r2"):
        state = stand(state, uid)
    with pytest.raises(IllegalOrderError) as e:
        stand(state, "r3")  # blue's first half moves now
    assert e.value.rule == "ASSET-INIT-02"


@pytest.mark.parametrize("first, order", [(3, ("red",) * 3 + ("blue",) * 2 + ("red",) * 2 + ("blue",) * 2),
                                          (2, ("red",) * 2 + ("blue",) * 2 + ("red",) * 3 + ("blue",) * 2)])
def test_loser_with_five_chooses_which_half_goes_first(first, order):  # ASSET-INIT-02, ASSET-INIT-03, AMB-64
    state = stand(movement_phase(*sides(5, 4, mechs=False)), "r0", batch=first)
    assert state.move_order == order


@pytest.mark.parametrize("first", [3, 4])
def test_seven_assets_may_move_three_or_four_first(first):  # ASSET-INIT-03
    state = stand(movement_phase(*sides(7, 2, mechs=False)), "r0", batch=first)
    assert state.move_order == ("red",) * first + ("blue",) + ("red",) * (7 - first) + ("blue",)


@pytest.mark.parametrize("first", [5, 2, 7])
def test_a_first_batch_other_than_a_half_is_refused(first):  # ASSET-INIT-03
    with pytest.raises(IllegalOrderError) as e:
        stand(movement_phase(*sides(7, 2, mechs=False)), "r0", batch=first)
    assert e.value.rule == "ASSET-INIT-03"


def test_gun_emplacements_are_not_counted_for_movement():  # ASSET-INIT-04
    # catalog: 10 assets, 3 of them gun emplacements -> 7 counted -> groups of 4 and 3
    state = movement_phase(*sides(7, 2, red_emplacements=3, mechs=False))
    assert state.move_order == ("red",) * 4 + ("blue",) + ("red",) * 3 + ("blue",)


@pytest.mark.parametrize("count, larger_first, sizes", [(7, True, (4, 3)), (7, False, (3, 4)), (6, True, (3, 3)),
                                                        (1, True, (1, 0)), (1, False, (0, 1)), (0, True, (0, 0))])
def test_batch_sizes(count, larger_first, sizes):  # ASSET-INIT-03 (the halves the phase above draws)
    assert batch_sizes(count, larger_first) == sizes


@pytest.mark.parametrize("already, size", [(0, 5), (0, 2), (3, 3), (4, 4)])
def test_other_batch_sizes_are_refused(already, size):  # ASSET-INIT-03
    with pytest.raises(IllegalOrderError) as e:
        check_batch_size(7, already, size)
    assert e.value.rule == "ASSET-INIT-03"


def test_an_aircraft_takes_no_movement_slot_after_the_assets():  # ASSET-INIT-01, AERO-GEN-02
    """An aerospace unit flies in phases of its own, so it takes no ground movement slot, assets or not (a game with
    an asset and an aircraft waited in turn 1 for the aircraft's ground move; issue #32)."""
    from btcli.model.frozen import evolve
    from btcli.rules.core.turn_order import side_to_move
    from btcli.store.scenario import scenario_from_dict
    from tests.builders import aero_scenario, flier

    state = evolve(scenario_from_dict(aero_scenario(flier(side="blue"), ground=tuple(sides(1, 1)), width=12,
                                                     height=12)),
                   phase=Phase.INITIATIVE)
    state, _, _ = resolve(state, LOSER_LOW + WINNER_HIGH)
    assert state.move_order[state.asset_slots:] == ("red", "blue")  # the two 'Mechs; no slot for the fighter
    for uid in ("r0", "b0", "rm", "bm"):
        assert side_to_move(state) == state.units[uid].side
        state = stand(state, uid)
    assert side_to_move(state) is None

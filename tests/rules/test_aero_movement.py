"""Tests for aerospace movement: step strings, thrust, velocity and facing (btcli.rules.aero.movement,
btcli.rules.aero.thrust; catalog AERO-GEN-01, 02, AERO-MOVE-01..15).

Maps and designs are those of tests/rules/aero_fixtures.py: moves here are in
deep space (``DEEP``, no planet) unless a test says otherwise. The Corsair has
SI 6 and safe/max thrust 6/9, the Lucifer 5/8, the Leopard DropShip 4/6.
"""

from __future__ import annotations

import pytest

from btcli.errors import IllegalOrderError, InputError
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing
from btcli.rules.aero import movement as aero_movement, thrust as aero_thrust
from btcli.rules.aero.movement import AeroMode, Outcome
from tests.rules.aero_fixtures import AIRSHIP, CORSAIR, DEEP, LEOPARD, LOW, LUCIFER, SPACE, H, fly, hexes, plan, unit


def refused(rule: str, design, state, path: str, area=DEEP, mode=AeroMode.MAX_THRUST) -> str:
    with pytest.raises(IllegalOrderError) as err:
        plan(design, state, path, area, mode)
    assert err.value.rule == rule, str(err.value)
    return str(err.value)


# -- step strings --------------------------------------------------------------


def test_parse_steps_reads_codes_counts_and_commas():
    assert aero_movement.parse_steps("2+ 3f,l roll HNE e -") == ("+", "+", "F", "F", "F", "L", "ROLL", "HNE", "E", "-")


@pytest.mark.parametrize("text", ["X", "F Q", "0F", "ROL", "H7"])
def test_parse_steps_rejects_unknown_steps_as_input_errors(text):
    with pytest.raises(InputError):
        aero_movement.parse_steps(text)


def test_format_steps_round_trips():
    steps = aero_movement.parse_steps("+ 2F L F")
    assert aero_movement.parse_steps(aero_movement.format_steps(steps)) == steps


def test_a_unit_on_another_map_is_an_input_error():
    with pytest.raises(InputError):
        plan(CORSAIR, unit(CORSAIR, "1010", area=SPACE), "", DEEP)


# -- AERO-GEN -----------------------------------------------------------------------


def test_rule_sets_follow_the_environment():  # AERO-GEN-01
    assert aero_movement.rule_sets(DEEP, H("1010")) == ("AERO-MOVE",)
    assert aero_movement.rule_sets(SPACE, H("0910")) == ("AERO-MOVE",)  # space row 8
    assert aero_movement.rule_sets(SPACE, H("0610")) == ("AERO-MOVE",)  # the interface
    assert aero_movement.rule_sets(SPACE, H("0410")) == ("AERO-MOVE", "AERO-HALT")  # atmosphere row 3
    assert aero_movement.rule_sets(LOW, H("0808")) == ("AERO-MOVE", "AERO-LALT")


def test_declared_safe_thrust_caps_the_move_at_safe_thrust():  # AERO-GEN-02
    state = unit(CORSAIR, "1010")
    assert plan(CORSAIR, state, "6+", mode=AeroMode.SAFE_THRUST).total_thrust == 6
    refused("AERO-GEN-02", CORSAIR, state, "7+", mode=AeroMode.SAFE_THRUST)
    assert plan(CORSAIR, state, "7+", mode=AeroMode.MAX_THRUST).total_thrust == 7


def test_the_mode_must_be_declared():  # AERO-GEN-02
    with pytest.raises(TypeError):
        aero_movement.plan_move(CORSAIR, unit(CORSAIR, "1010"), DEEP, ("F",))  # type: ignore[call-arg]


# -- AERO-MOVE ------------------------------------------------------------------------


def test_velocity_is_the_number_of_hexes_to_fly():  # AERO-MOVE-01
    state = unit(CORSAIR, "1015", velocity=5)
    flight = plan(CORSAIR, state, "5F")
    assert hexes(flight) == ["1014", "1013", "1012", "1011", "1010"]
    assert flight.total_thrust == 0
    refused("AERO-MOVE-15", CORSAIR, state, "4F")
    refused("AERO-MOVE-15", CORSAIR, state, "6F")


def test_at_velocity_0_a_unit_does_not_advance():  # AERO-MOVE-01
    refused("AERO-MOVE-01", CORSAIR, unit(CORSAIR, "1010"), "F")


def test_momentum_carries_velocity_and_heading_to_the_next_turn():  # AERO-MOVE-02
    state = unit(CORSAIR, "1015", Facing.N, velocity=4)
    after = aero_movement.end_of_turn(plan(CORSAIR, state, "4F").end)
    assert (after.velocity, after.facing, after.hex.label) == (4, Facing.N, "1011")
    assert after.thrust_spent == 0 and after.moved_velocity is None
    assert hexes(plan(CORSAIR, after, "4F")) == ["1010", "1009", "1008", "1007"]


def test_a_unit_moves_only_into_the_hex_it_faces():  # AERO-MOVE-03
    state = unit(CORSAIR, "1010", Facing.N, velocity=1)
    assert hexes(plan(CORSAIR, state, "F")) == ["1009"]  # not 1110, its north-east neighbour
    refused("AERO-MOVE-15", CORSAIR, state, "R F")  # and it cannot turn before advancing


@pytest.mark.parametrize("safe, most", [(5, 8), (6, 9), (7, 11), (10, 15), (3, 5)])
def test_maximum_thrust_is_safe_thrust_times_1_5_rounded_up(safe, most):  # AERO-MOVE-04
    assert aero_thrust.maximum_thrust(safe) == most


def test_no_move_spends_more_than_maximum_thrust():  # AERO-MOVE-04
    design = evolve(CORSAIR, safe_thrust=7, max_thrust=11, structural_integrity=12)
    state = unit(design, "1010")
    assert plan(design, state, "11+").total_thrust == 11
    assert "12 thrust" in refused("AERO-MOVE-04", design, state, "12+")


def test_spending_over_safe_thrust_is_over_thrust():  # AERO-MOVE-05, AMB-19
    assert not aero_thrust.over_safe_thrust(LUCIFER, 5)  # at Safe Thrust: no penalty
    assert aero_thrust.over_safe_thrust(LUCIFER, 6)


def test_an_airship_uses_its_listed_thrust():  # AERO-MOVE-06, AMB-20
    state = unit(AIRSHIP, "0808", area=LOW, altitude=5)
    assert plan(AIRSHIP, state, "3+", LOW).end.velocity == 3
    refused("AERO-MOVE-04", AIRSHIP, state, "4+", LOW)


def test_velocity_changes_only_at_the_start_or_end():  # AERO-MOVE-07
    state = unit(CORSAIR, "1010", velocity=2)
    refused("AERO-MOVE-07", CORSAIR, state, "F + F")
    assert plan(CORSAIR, state, "+ 3F").velocity == 3
    assert plan(CORSAIR, state, "2F +").end.velocity == 3


def test_each_thrust_point_changes_velocity_by_one_never_below_zero():  # AERO-MOVE-08
    state = unit(CORSAIR, "1010", velocity=3)
    flight = plan(CORSAIR, state, "- - F")
    assert (flight.velocity, flight.total_thrust, hexes(flight)) == (1, 2, ["1009"])
    refused("AERO-MOVE-08", CORSAIR, unit(CORSAIR, "1010", velocity=1), "- -")


def test_start_changes_apply_now_and_end_changes_next_turn():  # AERO-MOVE-09
    state = unit(CORSAIR, "1015", velocity=4)
    now = plan(CORSAIR, state, "+ + 6F")
    assert (now.velocity, now.hexes, now.end.velocity, now.end.velocity_changed_at_end) == (6, 6, 6, False)
    later = plan(CORSAIR, state, "4F + +")
    assert (later.velocity, later.hexes, later.end.velocity, later.end.velocity_changed_at_end) == (4, 4, 6, True)


def test_no_velocity_change_at_the_start_after_one_at_the_end():  # AERO-MOVE-10
    state = unit(CORSAIR, "1015", velocity=4, velocity_changed_at_end=True)
    refused("AERO-MOVE-10", CORSAIR, state, "+ 5F")
    flight = plan(CORSAIR, state, "4F +")  # another end-of-move change is allowed
    assert flight.end.velocity_changed_at_end
    assert not plan(CORSAIR, state, "4F").end.velocity_changed_at_end  # and the restriction lapses


def test_an_order_without_movement_changes_velocity_at_the_start_when_moving():  # AERO-MOVE-09 (docs/rules-notes.md)
    assert plan(CORSAIR, unit(CORSAIR, "1010", velocity=2), "- -").velocity == 0
    at_rest = plan(CORSAIR, unit(CORSAIR, "1010"), "+ +")
    assert (at_rest.velocity, at_rest.end.velocity, at_rest.end.velocity_changed_at_end) == (0, 2, True)


def test_a_unit_advances_across_the_hexside_it_faces():  # AERO-MOVE-11
    assert hexes(plan(CORSAIR, unit(CORSAIR, "1010", Facing.NE, velocity=1), "F")) == ["1110"]
    assert hexes(plan(CORSAIR, unit(CORSAIR, "1010", Facing.SW, velocity=1), "F")) == ["0911"]


@pytest.mark.parametrize("velocity, cost", [
    (0, 1), (2, 1), (3, 2), (5, 2), (6, 3), (7, 3), (8, 4), (9, 4), (10, 5), (11, 6), (12, 7), (15, 10),
])
def test_facing_change_cost_by_velocity(velocity, cost):  # AERO-MOVE-12
    assert aero_thrust.facing_change_cost(velocity) == cost


def test_a_facing_change_costs_thrust_by_the_current_velocity():  # AERO-MOVE-12
    flight = plan(CORSAIR, unit(CORSAIR, "1015", velocity=5), "F R 4F")
    assert flight.thrust == (0, 2, 0, 0, 0, 0)
    assert flight.end.facing is Facing.NE


def test_no_facing_change_without_the_thrust_for_it():  # AERO-MOVE-12
    state = unit(LUCIFER, "1018", velocity=3)  # 5 thrust to reach velocity 8, then 4 to turn: 9 > 8
    refused("AERO-MOVE-04", LUCIFER, state, "5+ F R 7F")
    assert plan(LUCIFER, state, "4+ F R 6F").total_thrust == 7  # 4, then 3 to turn at velocity 7


def test_thruster_damage_raises_the_cost_of_turning_that_way():  # AERO-MOVE-12 (tables.md 9.3)
    state = unit(LEOPARD, "1010", left_thruster_hits=1)
    assert plan(LEOPARD, state, "L R").thrust == (2, 1)


def test_at_velocity_0_a_unit_turns_in_place_as_far_as_thrust_allows():  # AERO-MOVE-13
    state = unit(CORSAIR, "1010", Facing.N)
    flight = plan(CORSAIR, state, "L L L L")
    assert (flight.total_thrust, flight.end.facing, flight.end.hex.label, flight.hexes) == (4, Facing.SE, "1010", 0)
    refused("AERO-MOVE-04", CORSAIR, state, "10L")


def test_dropships_turn_two_hexsides_before_advancing():  # AERO-MOVE-14, AMB-21
    state = unit(LEOPARD, "1015", Facing.N, velocity=2)
    flight = plan(LEOPARD, state, "L L F R R F")
    assert flight.end.facing is Facing.N and flight.total_thrust == 4
    refused("AERO-MOVE-14", LEOPARD, state, "L L L F F")


def test_fighters_advance_a_hex_before_each_turn():  # AERO-MOVE-15, AMB-21
    state = unit(CORSAIR, "1015", velocity=4)
    refused("AERO-MOVE-15", CORSAIR, state, "L 4F")
    refused("AERO-MOVE-15", CORSAIR, state, "F L L 3F")
    assert plan(CORSAIR, state, "F L 3F").hexes == 4
    refused("AERO-MOVE-15", CORSAIR, state, "3F")


def test_the_flight_path_lists_every_hex_with_map_and_facing():  # issue #14 reads it
    flight = plan(CORSAIR, unit(CORSAIR, "1015", velocity=2), "F R F")
    assert [(p.map_id, p.hex.label, p.facing.name, p.altitude) for p in flight.path] == [
        ("deep", "1015", "N", None), ("deep", "1014", "N", None), ("deep", "1114", "NE", None)]


def test_flying_off_the_edge_leaves_the_map():
    flight = plan(CORSAIR, unit(CORSAIR, "1002", velocity=4), "4F")
    assert flight.outcome is Outcome.LEFT_MAP and flight.end.hex.label == "1001"


def test_apply_rolls_nothing_for_an_illegal_order():
    with pytest.raises(IllegalOrderError):
        fly(CORSAIR, unit(CORSAIR, "1010"), "12+")  # no dice given: none asked for


def test_thrust_spent_is_recorded_on_the_end_state():
    flight = plan(CORSAIR, unit(CORSAIR, "1015", velocity=3), "+ F R 3F")
    assert flight.end.thrust_spent == 3 and flight.end.moved_velocity == 4


def test_thrust_already_spent_this_turn_counts_against_maximum_thrust():  # AERO-MOVE-04
    refused("AERO-MOVE-04", CORSAIR, unit(CORSAIR, "1010", thrust_spent=8), "2+")

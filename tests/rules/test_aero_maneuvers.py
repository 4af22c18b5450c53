"""Tests for evasive action and rolls (btcli.rules.aero.maneuvers and their steps in
btcli.rules.aero.movement; catalog AERO-MNV-01..10). Maps and designs: tests/rules/aero_fixtures.py.
"""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.aero import Arc, FiringArc
from btcli.model.hexgrid import Facing
from btcli.rules.aero import damage as aero_damage, maneuvers as aero_maneuvers
from tests.rules.aero_fixtures import AIRSHIP, CORSAIR, LOW, SPACE, ST46, UNION, fly, plan, unit


def refused(rule, design, state, path, area=None):
    with pytest.raises(IllegalOrderError) as err:
        plan(design, state, path, *([area] if area else []))
    assert err.value.rule == rule, str(err.value)


def test_normal_and_special_movement_combine():  # AERO-MNV-01
    flight = plan(CORSAIR, unit(CORSAIR, "1015", velocity=5), "E 3F R 2F ROLL")
    assert flight.hexes == 5 and flight.total_thrust == 2 + 2 + 1
    assert flight.end.evading and flight.end.rolled and flight.rolls == ()


def test_evasive_action_costs_2_thrust():  # AERO-MNV-02
    flight = plan(CORSAIR, unit(CORSAIR, "1015", velocity=2), "E 2F")
    assert flight.thrust[0] == 2 and flight.end.evading
    refused("AERO-MNV-02", CORSAIR, unit(CORSAIR, "1015", velocity=2), "E 2F E")  # once a turn


def test_airships_cannot_evade():  # AERO-MNV-03
    refused("AERO-MNV-03", AIRSHIP, unit(AIRSHIP, "0808", area=LOW, altitude=5, velocity=1), "E F", LOW)


def test_capital_missiles_take_no_evading_penalty():  # AERO-MNV-04
    assert aero_maneuvers.evading_fire_modifier(UNION, capital_missile=True) == 0
    assert aero_maneuvers.evading_fire_modifier(UNION) == 2


def test_evading_fighters_and_small_craft_fire_only_defensive_systems():  # AERO-MNV-05
    assert aero_maneuvers.evading_fire_modifier(CORSAIR) is None
    assert aero_maneuvers.evading_fire_modifier(ST46) is None
    assert aero_maneuvers.evading_fire_modifier(CORSAIR, defensive=True) == 0


def test_evading_large_craft_fire_at_plus_2():  # AERO-MNV-06
    base = 8
    assert base + aero_maneuvers.evading_fire_modifier(UNION) == 10


def test_a_roll_is_made_before_the_first_hex_or_after_the_last():  # AERO-MNV-07, AMB-60
    state = unit(CORSAIR, "1015", velocity=2)
    assert plan(CORSAIR, state, "ROLL 2F").thrust[0] == 1
    assert plan(CORSAIR, state, "2F ROLL").thrust[-1] == 1
    refused("AERO-MNV-07", CORSAIR, state, "F ROLL F")


def test_a_roll_is_made_only_in_an_aerospace_movement_phase():  # AERO-MNV-07
    aero_maneuvers.check_roll_phase("aero_movement")
    aero_maneuvers.check_roll_phase("space_movement")
    with pytest.raises(IllegalOrderError) as err:
        aero_maneuvers.check_roll_phase("weapon_attack")
    assert err.value.rule == "AERO-MNV-07"


def test_the_second_roll_of_a_phase_needs_a_control_roll():  # AERO-MNV-08
    state = unit(CORSAIR, "1015", velocity=2)
    flight = plan(CORSAIR, state, "ROLL 2F ROLL")
    assert [(r.rule, r.target) for r in flight.rolls] == [("AERO-MNV-08", 5)]
    assert not flight.end.rolled  # rolled twice: upright again
    assert plan(CORSAIR, state, "ROLL 2F").rolls == ()


def test_a_failed_second_roll_control_roll_puts_the_unit_out_of_control():  # AERO-MNV-08, tables.md 9.4
    flown, _ = fly(CORSAIR, unit(CORSAIR, "1015", velocity=2), "ROLL 2F ROLL", rolls=[4])
    assert flown.end.out_of_control and not flown.end.random_movement
    made, _ = fly(CORSAIR, unit(CORSAIR, "1015", velocity=2), "ROLL 2F ROLL", rolls=[5])
    assert not made.end.out_of_control


def test_a_rolled_unit_swaps_left_and_right():  # AERO-MNV-09
    assert aero_maneuvers.rolled_firing_arc(FiringArc.LEFT, True) is FiringArc.RIGHT
    assert aero_maneuvers.rolled_firing_arc(FiringArc.RIGHT_AFT, True) is FiringArc.LEFT_AFT
    assert aero_maneuvers.rolled_firing_arc(FiringArc.NOSE, True) is FiringArc.NOSE
    assert aero_maneuvers.rolled_firing_arc(FiringArc.LEFT, False) is FiringArc.LEFT
    assert aero_maneuvers.rolled_armor_arc(Arc.LEFT, True) is Arc.RIGHT


def test_a_hit_on_the_left_of_a_rolled_unit_strikes_its_right_armor():  # AERO-MNV-09
    state = unit(CORSAIR, "1010", rolled=True)
    hit = aero_damage.apply_hit(CORSAIR, state, Arc.LEFT, 4, ManualDice([]))
    assert (hit.state.armor.left, hit.state.armor.right) == (50, 46)


def test_a_rolled_unit_turns_with_its_thruster_damage_swapped():  # AERO-MNV-09
    upright = unit(UNION, "1010", Facing.N, left_thruster_hits=2)
    assert plan(UNION, upright, "L R").thrust == (3, 1)
    rolled = unit(UNION, "1010", Facing.N, left_thruster_hits=2, rolled=True)
    assert plan(UNION, rolled, "L R").thrust == (1, 3)


def test_no_rolls_in_an_atmosphere():  # AERO-MNV-10
    refused("AERO-MNV-10", CORSAIR, unit(CORSAIR, "0410", area=SPACE, velocity=1), "ROLL F", SPACE)
    refused("AERO-MNV-10", CORSAIR, unit(CORSAIR, "0808", area=LOW, altitude=5, velocity=1), "F ROLL", LOW)
    assert plan(CORSAIR, unit(CORSAIR, "0910", area=SPACE, velocity=1), "ROLL F", SPACE).end.rolled  # space row

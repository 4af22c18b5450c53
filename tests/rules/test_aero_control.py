"""Tests for control rolls, high-G manoeuvres, losing control and random movement
(btcli.rules.aero.control, and the rolls btcli.rules.aero.movement makes; catalog AERO-HIGHG-01..05,
tables.md 9.4, 9.5). Maps and designs: tests/rules/aero_fixtures.py.

The pilots have Piloting 5, the control-roll base of the seed's example. The
Corsair has SI 6 and 6/9 thrust; the Sparrowhawk SI 10 and 10/15; both have
six pilot boxes.
"""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.hexgrid import Facing
from btcli.rules.aero import control as aero_control, movement as aero_movement
from tests.rules.aero_fixtures import CORSAIR, DEEP, LOW, SPARROWHAWK, UNION, fly, hexes, plan, unit


def rules(flight):
    return [(r.rule, r.target) for r in flight.rolls]


# -- AERO-HIGHG -----------------------------------------------------------------


def test_thrust_over_si_in_one_hex_calls_for_a_check():  # AERO-HIGHG-01
    state = unit(CORSAIR, "1010")
    assert plan(CORSAIR, state, "6+").rolls == ()
    assert rules(plan(CORSAIR, state, "7+")) == [("AERO-HIGHG-02", 6)]


def test_only_the_thrust_of_one_manoeuvre_counts():  # AERO-HIGHG-01, AMB-22
    # 4 to accelerate at the start, 4 more at the end: two manoeuvres of 4, neither over SI 6.
    assert plan(CORSAIR, unit(CORSAIR, "1010"), "4+ 4F 4+").rolls == ()


def test_structural_check_adds_the_excess_to_the_control_roll():  # AERO-HIGHG-02
    state = unit(CORSAIR, "1010")
    (roll,) = plan(CORSAIR, state, "8+").rolls
    assert roll.target == 7 and ("thrust over SI", 2) in roll.modifiers
    failed, _ = fly(CORSAIR, state, "8+", rolls=[6])
    assert failed.end.structural_integrity == 5 and failed.end.velocity == 8  # the manoeuvre completes
    made, _ = fly(CORSAIR, state, "8+", rolls=[7])
    assert made.end.structural_integrity == 6


def test_a_facing_change_is_a_manoeuvre_too():  # AERO-HIGHG-01, AMB-22
    state = unit(CORSAIR, "1015", velocity=12)  # a turn costs 7 at velocity 12
    assert rules(plan(CORSAIR, state, "F R 11F")) == [("AERO-HIGHG-02", 6)]


def test_pilot_check_over_twice_the_unmarked_boxes():  # AERO-HIGHG-03
    state = unit(SPARROWHAWK, "1010", pilot_hits=2)  # 4 unmarked: threshold 8; SI 10
    assert plan(SPARROWHAWK, state, "8+").rolls == ()
    assert [r.rule for r in plan(SPARROWHAWK, state, "10+").rolls] == ["AERO-HIGHG-04"]


def test_pilot_check_target_and_failure():  # AERO-HIGHG-04
    state = unit(SPARROWHAWK, "1010", pilot_hits=2)
    (roll,) = plan(SPARROWHAWK, state, "10+").rolls
    assert roll.target == 2 + 2 * 2 + 2
    flown, dice = fly(SPARROWHAWK, state, "10+", rolls=[7, 7])  # G-load fails; consciousness (3 hits: 7) made
    assert flown.end.pilot_hits == 3 and flown.end.conscious
    assert [(r.purpose.split(":")[0], r.target) for r in dice.rolls] == [("pilot G-load", 8), ("consciousness (3 hits)", 7)]
    knocked_out, _ = fly(SPARROWHAWK, state, "10+", rolls=[7, 6])
    assert not knocked_out.end.conscious
    unharmed, _ = fly(SPARROWHAWK, state, "10+", rolls=[8])
    assert unharmed.end.pilot_hits == 2


def test_both_thresholds_mean_both_rolls():  # AERO-HIGHG-05
    state = unit(CORSAIR, "1010", pilot_hits=2)  # SI 6, 4 unmarked boxes
    structural, pilot = plan(CORSAIR, state, "9+").rolls
    assert structural.rule == "AERO-HIGHG-02" and ("thrust over SI", 3) in structural.modifiers
    assert structural.target == 5 + 2 + 3  # the pilot's 2 hits add to every control roll (tables.md 9.4)
    assert pilot.rule == "AERO-HIGHG-04" and pilot.target == 2 + 2 * 2 + 1
    assert aero_control.high_g_checks(CORSAIR, state, 9) == (3, 1)


# -- control rolls (tables.md 9.4) ----------------------------------------------------


def test_control_roll_modifiers():
    state = unit(CORSAIR, "1010", avionics_hits=2, pilot_hits=1)
    assert aero_control.control_target(CORSAIR, state, False) == (8, (("avionics damage", 2), ("pilot hits", 1)))
    destroyed = unit(CORSAIR, "1010", avionics_hits=3)
    assert aero_control.control_target(CORSAIR, destroyed, False)[0] == 10


def test_control_roll_modifiers_in_an_atmosphere():
    fighter = unit(CORSAIR, "0808", area=LOW, altitude=5, velocity=14)  # 2 over twice safe thrust 6
    target, mods = aero_control.control_target(CORSAIR, fighter, True)
    assert target == 5 + 2 - 1 + 2
    union = unit(UNION, "0808", area=LOW, altitude=5, velocity=3)
    assert aero_control.control_target(UNION, union, True)[0] == 7  # no fighter -1, not over 2 x 3


@pytest.mark.parametrize("total, randomly", [(5, False), (4, True)])
def test_failing_by_more_than_5_means_random_movement(total, randomly):  # tables.md 9.4
    state = unit(CORSAIR, "1010", avionics_hits=3)  # target 10: 5 fails by 5, 4 by 6
    outcome = aero_control.control_check(CORSAIR, state, False, ManualDice([total]), "test")
    assert outcome.state.out_of_control and outcome.state.random_movement is randomly


def test_losing_control_low_down_costs_1d6_altitude():  # tables.md 9.4
    state = unit(CORSAIR, "0808", area=LOW, altitude=5)
    outcome = aero_control.control_check(CORSAIR, state, True, ManualDice([3, 4]), "test")
    assert outcome.state.out_of_control and outcome.state.altitude == 1


def test_regaining_control():
    state = unit(CORSAIR, "1010", out_of_control=True, random_movement=True)
    back = aero_control.regain_control(CORSAIR, state, False, ManualDice([5]))
    assert not back.state.out_of_control and not back.state.random_movement
    still = aero_control.regain_control(CORSAIR, state, False, ManualDice([4]))
    assert still.state.out_of_control and not still.state.random_movement  # failed by 1 only


# -- out-of-control flight (tables.md 9.5) -------------------------------------------------


@pytest.mark.parametrize("die, turn", [(1, -2), (2, -1), (3, 0), (4, 0), (5, 1), (6, 2)])
def test_random_movement_table(die, turn):  # tables.md 9.5
    assert aero_control.random_turn(die) == turn


def test_an_out_of_control_unit_flies_straight_on():
    state = unit(CORSAIR, "1015", velocity=3, out_of_control=True)
    flown = aero_movement.apply_out_of_control(CORSAIR, state, DEEP, ManualDice([]))
    assert hexes(flown) == ["1014", "1013", "1012"] and flown.total_thrust == 0


def test_random_movement_turns_before_each_hex():  # tables.md 9.5
    state = unit(CORSAIR, "1015", Facing.N, velocity=3, out_of_control=True, random_movement=True)
    dice = ManualDice([5, 3, 1])  # right 1, straight, left 2
    flown = aero_movement.apply_out_of_control(CORSAIR, state, DEEP, dice)
    assert [p.facing for p in flown.path[1:]] == [Facing.NE, Facing.NE, Facing.NW]
    assert len(dice.rolls) == 3


def test_an_out_of_control_unit_cannot_be_steered():
    with pytest.raises(IllegalOrderError):
        plan(CORSAIR, unit(CORSAIR, "1015", velocity=3, out_of_control=True), "3F")

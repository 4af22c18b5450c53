"""Tests for aerospace damage: hit location, armor, structural integrity, criticals and the crew
(btcli.rules.aero.damage; tables.md 9.1, seed 001 nose damage, tables.md 15 consciousness).

The Corsair: armor nose 73 (threshold 8), wings 50 (5), aft 43 (5); SI 6.
"""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.model.aero import Arc
from btcli.rules.aero import damage as aero_damage
from btcli.rules.aero.damage import AttackDirection, Critical
from btcli.render.events import sentences
from tests.rules.aero_fixtures import ANGEL, CORSAIR, unit


# Source: tables.md 9.1 (MegaMek Aero.rollHitLocation).
@pytest.mark.parametrize("direction, roll, expected", [
    (AttackDirection.NOSE, 2, (Arc.NOSE, Critical.WEAPON)),
    (AttackDirection.NOSE, 4, (Arc.RIGHT, Critical.HEAT_SINK)),
    (AttackDirection.NOSE, 7, (Arc.NOSE, Critical.CONTROL)),
    (AttackDirection.NOSE, 10, (Arc.LEFT, Critical.HEAT_SINK)),
    (AttackDirection.AFT, 4, (Arc.RIGHT, Critical.FUEL_TANK)),
    (AttackDirection.AFT, 8, (Arc.AFT, Critical.ENGINE)),
    (AttackDirection.SIDE, 5, (Arc.NOSE, Critical.CREW)),
    (AttackDirection.SIDE, 12, (Arc.AFT, Critical.WEAPON)),
    (AttackDirection.ABOVE_BELOW, 7, (Arc.NOSE, Critical.AVIONICS)),
])
def test_hit_location_table(direction, roll, expected):
    assert aero_damage.hit_location(direction, roll, side=Arc.LEFT, wing_die=1) == expected


def test_wing_results_hit_the_attacked_side_or_the_wing_die():
    assert aero_damage.hit_location(AttackDirection.SIDE, 6, side=Arc.LEFT) == (Arc.LEFT, Critical.WEAPON)
    assert aero_damage.hit_location(AttackDirection.SIDE, 8, side=Arc.RIGHT) == (Arc.RIGHT, Critical.BOMB)
    assert aero_damage.hit_location(AttackDirection.ABOVE_BELOW, 8, wing_die=3)[0] is Arc.RIGHT
    assert aero_damage.hit_location(AttackDirection.ABOVE_BELOW, 8, wing_die=4)[0] is Arc.LEFT


def test_damage_threshold_is_a_tenth_of_the_starting_armor_rounded_up():
    assert aero_damage.damage_threshold(CORSAIR, Arc.NOSE) == 8
    assert aero_damage.damage_threshold(CORSAIR, Arc.AFT) == 5
    assert aero_damage.damage_threshold(ANGEL, Arc.NOSE) == 1


def test_armor_first_then_structural_integrity():
    state = unit(CORSAIR, "1010", armor=unit(CORSAIR, "1010").armor.with_arc(Arc.AFT, 3))
    hit = aero_damage.apply_hit(CORSAIR, state, Arc.AFT, 4, ManualDice([]))
    assert (hit.state.armor.aft, hit.state.structural_integrity) == (0, 5)
    assert sentences(hit.events) == ["hit: 4 damage to the aft, 1 through to structural integrity"]


def test_si_0_destroys_the_unit():
    hit = aero_damage.apply_hit(CORSAIR, unit(CORSAIR, "1010"), Arc.LEFT, 56, ManualDice([]))
    assert hit.state.structural_integrity == 0 and hit.state.destroyed


def test_a_small_hit_makes_no_critical_check():
    hit = aero_damage.apply_hit(CORSAIR, unit(CORSAIR, "1010"), Arc.NOSE, 7, ManualDice([]), critical=Critical.SENSORS)
    assert hit.state.sensor_hits == 0 and hit.control_rolls == ()


def test_a_hit_at_the_threshold_checks_for_a_critical_and_forces_a_control_roll():  # tables.md 9.1, 9.4
    hit = aero_damage.apply_hit(CORSAIR, unit(CORSAIR, "1010"), Arc.NOSE, 8, ManualDice([8]), critical=Critical.SENSORS)
    assert hit.state.sensor_hits == 1
    assert hit.control_rolls == ("damage 8 at or above the nose threshold 8",)
    missed = aero_damage.apply_hit(CORSAIR, unit(CORSAIR, "1010"), Arc.NOSE, 8, ManualDice([7]), critical=Critical.SENSORS)
    assert missed.state.sensor_hits == 0


def test_a_natural_twelve_checks_for_a_critical():  # tables.md 9.1
    hit = aero_damage.apply_hit(CORSAIR, unit(CORSAIR, "1010"), Arc.AFT, 2, ManualDice([9]), critical=Critical.ENGINE,
                                natural_twelve=True)
    assert hit.state.engine_hits == 1


def test_avionics_and_control_criticals_force_control_rolls():  # tables.md 9.1, 9.4
    dice = ManualDice([8])
    hit = aero_damage.apply_hit(CORSAIR, unit(CORSAIR, "1010"), Arc.NOSE, 10, dice, critical=Critical.AVIONICS)
    assert hit.state.avionics_hits == 1 and "avionics critical" in hit.control_rolls
    state, _, forced = aero_damage.apply_critical(CORSAIR, unit(CORSAIR, "1010"), Critical.CONTROL, Arc.NOSE, dice)
    assert forced == ["control critical"]


def test_a_weapon_critical_destroys_a_weapon_in_that_arc():
    state, events, _ = aero_damage.apply_critical(CORSAIR, unit(CORSAIR, "1010"), Critical.WEAPON, Arc.LEFT, ManualDice([]))
    assert state.weapons_destroyed == (2,) and CORSAIR.weapons[2].name == "Medium Laser"
    again, _, _ = aero_damage.apply_critical(CORSAIR, state, Critical.WEAPON, Arc.LEFT, ManualDice([]))
    assert again.weapons_destroyed == (2,)  # the left wing has no other weapon


def test_a_weapon_critical_destroys_one_of_a_pair():
    state = unit(CORSAIR, "1010")
    for _ in range(3):
        state, _, _ = aero_damage.apply_critical(CORSAIR, state, Critical.WEAPON, Arc.NOSE, ManualDice([]))
    assert state.weapons_destroyed == (0, 0, 1)  # both large lasers, then a small laser


@pytest.mark.parametrize("roll, destroyed", [(10, True), (9, False)])
def test_a_fuel_tank_critical_explodes_on_10_plus(roll, destroyed):
    state, _, _ = aero_damage.apply_critical(CORSAIR, unit(CORSAIR, "1010"), Critical.FUEL_TANK, Arc.LEFT,
                                             ManualDice([roll]))
    assert state.destroyed is destroyed


def test_a_crew_critical_is_a_pilot_hit_with_a_consciousness_roll():  # tables.md 15 (UNVERIFIED)
    state, events, _ = aero_damage.apply_critical(CORSAIR, unit(CORSAIR, "1010", pilot_hits=1), Critical.CREW,
                                                  Arc.NOSE, ManualDice([4]))
    assert state.pilot_hits == 2 and not state.conscious  # 2 hits: 5 to stay conscious


def test_the_last_crew_box_kills_the_crew():
    state, events = aero_damage.pilot_hit(CORSAIR, unit(CORSAIR, "1010", pilot_hits=5), ManualDice([]), "test")
    assert state.destroyed and "the crew is killed" in sentences(events)


def test_direct_nose_damage_is_5_per_point_and_names_no_critical():  # AERO-HALT-04, AERO-ATM-06
    hit = aero_damage.direct_nose_damage(CORSAIR, unit(CORSAIR, "1010"), 3, ManualDice([]), "over-speed")
    assert hit.state.armor.nose == 73 - 15 and hit.state.sensor_hits == 0
    assert hit.control_rolls  # 15 reaches the nose threshold 8


def test_structural_damage_is_never_below_zero():
    assert aero_damage.damage_structure(unit(CORSAIR, "1010"), 9).structural_integrity == 0

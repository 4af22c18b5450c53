"""Tests for aerospace stacking and out-of-control collisions (btcli.rules.aero.stacking;
catalog AERO-STACK-01..03). Maps and designs: tests/rules/aero_fixtures.py.
"""

from __future__ import annotations

from btcli.dice import ManualDice
from btcli.rules.aero import stacking as aero_stacking
from tests.rules.aero_fixtures import CORSAIR, LOW, UNION, unit


def test_any_number_of_units_share_a_hex():  # AERO-STACK-01
    crowd = {f"{side}{i}": unit(CORSAIR, "1010") for side in "AB" for i in range(6)}
    assert aero_stacking.stacking_violations(crowd) == ()
    assert aero_stacking.stacking_violations(crowd, limit=11) == ("B5",)  # the check counts, were there a limit


def test_out_of_control_units_sharing_a_hex_may_collide():  # AERO-STACK-02
    units = {
        "fighter": unit(CORSAIR, "1010", out_of_control=True),
        "union": unit(UNION, "1010"),
        "far": unit(CORSAIR, "1011"),
        "calm": unit(CORSAIR, "1212"),
        "calm2": unit(CORSAIR, "1212"),
    }
    pairs = aero_stacking.collision_pairs(units)
    assert pairs == (("fighter", "union"),)
    assert aero_stacking.roll_collisions(pairs, ManualDice([2])) == (("fighter", "union"),)
    assert aero_stacking.roll_collisions(pairs, ManualDice([7])) == ()


def test_collisions_need_the_same_altitude_low_down():  # AERO-STACK-02
    units = {"a": unit(CORSAIR, "0808", area=LOW, altitude=3, out_of_control=True),
             "b": unit(CORSAIR, "0808", area=LOW, altitude=4)}
    assert aero_stacking.collision_pairs(units) == ()


def test_landed_units_use_ground_stacking():  # AERO-STACK-03
    landed = unit(CORSAIR, "1010", landed=True)
    assert aero_stacking.stacking_rules(landed) == "ground"
    assert aero_stacking.stacking_rules(unit(CORSAIR, "1010")) == "aerospace"
    assert aero_stacking.stacking_violations({"a": landed, "b": landed}, limit=1) == ()  # the ground rules decide
    assert aero_stacking.collision_pairs({"a": landed, "b": unit(CORSAIR, "1010", out_of_control=True)}) == ()

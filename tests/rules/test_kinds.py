"""Tests for btcli.rules.kinds, the one place where the unit kinds differ: where a damage group
strikes (tables.md 1, 2, 8.1), what it does, the control roll (tables.md 8.6 piloting, 3-5 driving)
and which attacks a kind may make. The rule areas' own tests check the numbers in play; these check
that each kind is routed to its own rules."""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.units import Motive, MoveMode, UnitKind
from btcli.rules import kinds
from tests.builders import SCORPION, changed, design, game, platoon

ATLAS = "Atlas AS7-D"


def units():
    state = game(design(ATLAS, "m"), design(SCORPION, "t", at="0505"), platoon("inf", at="0508"))
    return state.units["m"], state.units["t"], state.units["inf"]


def test_every_unit_kind_has_its_rules():
    assert set(kinds.KINDS) == set(UnitKind)


def test_hit_location_uses_each_kinds_table():
    mech, tank, inf = units()
    # tables.md 1: a 'Mech's front 2 is a center torso hit and a through-armor critical chance
    hit = kinds.hit(ManualDice([2]), mech, "front", 5, "x")
    assert (hit.location, hit.critical) == ("CT", True)
    # tables.md 2: a vehicle's front 2-5 ... 12 lands on the turret of a turreted tank
    assert kinds.hit(ManualDice([12]), tank, "front", 5, "x").location == "turret"
    # infantry take damage without a location roll: no die is consumed
    dice = ManualDice([])
    kinds.hit(dice, inf, "front", 5, "x")
    assert dice.used == 0


def test_control_roll_is_piloting_for_a_mech_and_driving_for_a_vehicle():
    mech, tank, inf = units()
    roll = kinds.control_roll(None, mech, "test", ManualDice([8]), 1)
    assert roll.purpose.startswith("piloting skill roll m") and roll.target == mech.piloting + 1
    hurt = changed(tank, crits=("front: driver hit",))
    roll = kinds.control_roll(None, hurt, "test", ManualDice([8]), 1)
    # tables.md 5: a driver hit adds +2 to every driving skill roll; driving first, then lasting, then the reason
    assert roll.purpose.startswith("driving skill roll t")
    assert [name for name, _ in roll.modifiers] == ["driving", "driver hit", "test"]
    assert roll.target == tank.piloting + 2 + 1
    assert kinds.control_roll(None, inf, "test", ManualDice([])) is None  # infantry make no such roll


def test_a_shut_down_mech_fails_its_piloting_roll_without_rolling():
    mech, _, _ = units()
    assert kinds.control_roll(None, changed(mech, shutdown=True), "test", ManualDice([])) is None


@pytest.mark.parametrize("weapons, refusal", [
    (True, "weapon attacks by infantry are not resolved by btcli"),
    (False, "infantry make no physical attacks"),
])
def test_attack_refusal_is_the_kinds(weapons, refusal):
    mech, tank, inf = units()
    assert kinds.of(mech).attack_refusal(mech, weapons) == ""
    assert kinds.of(tank).attack_refusal(tank, weapons) == ""
    assert kinds.of(inf).attack_refusal(inf, weapons) == refusal


def test_each_kind_moves_in_its_own_modes():
    mech, tank, inf = units()
    assert (kinds.mobility(mech).slow, kinds.mobility(mech).fast) == (MoveMode.WALK, MoveMode.RUN)
    assert (kinds.mobility(tank).slow, kinds.mobility(tank).fast) == (MoveMode.CRUISE, MoveMode.FLANK)
    assert (kinds.mobility(inf).slow, kinds.mobility(inf).fast) == (MoveMode.WALK, MoveMode.WALK)  # no running
    assert MoveMode.JUMP in kinds.mobility(mech).modes(mech) and MoveMode.JUMP not in kinds.mobility(tank).modes(tank)


@pytest.mark.parametrize("motive, bonus, surcharge, flies", [
    ("tracked", True, True, False), ("wheeled", True, True, False), ("hover", False, False, False),
    ("wige", False, False, False), ("vtol", False, True, True),
])
def test_a_vehicles_mobility_follows_its_motive(motive, bonus, surcharge, flies):
    """VEH-URB-01: only tracked and wheeled vehicles earn the pavement bonus; tables.md 11.1: hover and WiGE
    pay no water surcharge; a VTOL flies (VEH-VTOL)."""
    _, tank, _ = units()
    found = kinds.mobility(changed(tank, motive=Motive(motive)))
    assert (found.pavement_bonus, found.water_surcharge, found.flies) == (bonus, surcharge, flies)


def test_a_kind_that_never_moves_over_the_ground_has_no_mobility():
    mech, _, _ = units()
    with pytest.raises(IllegalOrderError, match="does not move over the ground"):
        kinds.mobility(changed(mech, kind=UnitKind.AERO))

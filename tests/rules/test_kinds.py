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


# -- the ground rules' questions (issue #30: rules/ground/ asks, the kinds answer) --------------------------


def test_each_kind_says_how_tall_it_stands_and_where_in_water():
    """AMB-45: a 'Mech stands 2 levels tall (1 prone) on the bottom of water; VEH-GEN-05: a vehicle 1;
    VEH-SLIP-13: infantry 1."""
    mech, tank, inf = units()
    assert [kinds.of(u).height(u) for u in (mech, changed(mech, prone=True), tank, inf)] == [2, 1, 1, 1]
    assert [kinds.of(u).stands_on_the_bottom for u in (mech, tank, inf)] == [True, False, False]


@pytest.mark.parametrize("motive, elevation, flies, height", [
    ("tracked", 0, False, 0), ("vtol", 3, True, 3), ("wige", 0, False, 1),
])
def test_a_vehicle_flies_by_its_motive(motive, elevation, flies, height):
    """VEH-VTOL-07: a VTOL flies with an elevation; a WiGE one level above its hex (btcli's reading)."""
    _, tank, _ = units()
    found = changed(tank, motive=Motive(motive))
    found = found.placed_at(elevation=elevation)
    assert (kinds.of(found).flies_as_vtol(found), kinds.of(found).flight_elevation(found)) == (flies, height)


@pytest.mark.parametrize("motive, terrain, rule", [
    ("tracked", "heavy_woods", "VEH-MOVE-11"), ("tracked", "light_woods", None), ("wheeled", "rough", "VEH-MOVE-11"),
    ("hover", "water", None), ("tracked", "water", "VEH-MOVE-10"), ("naval", "clear", "VEH-MOVE-11"),
    ("wige", "building", "VEH-MOVE-11"), ("vtol", "heavy_woods", None),
])
def test_a_vehicles_prohibited_terrain_follows_its_motive(motive, terrain, rule):
    """tables.md 11.2, VEH-MOVE-10, 11: the terrain each motive may not enter, deep water unless it floats."""
    from btcli.model.board import Hex, Terrain

    _, tank, _ = units()
    there = Hex(terrain=Terrain(terrain), depth=2 if terrain == "water" else 0)
    assert kinds.mobility(changed(tank, motive=Motive(motive))).prohibited(there, False) == rule


def test_a_mech_goes_anywhere_and_infantry_keep_out_of_water_and_buildings():
    from btcli.model.board import Hex, Terrain

    mech, _, inf = units()
    water = Hex(terrain=Terrain.WATER, depth=2)
    assert kinds.mobility(mech).prohibited(water, False) is None
    assert kinds.mobility(inf).prohibited(water, False) == "btcli infantry model"


@pytest.mark.parametrize("motive, sideslips, skids, falls", [
    ("tracked", False, True, True), ("hover", True, True, False), ("vtol", True, True, True),
    ("wige", True, True, True), ("naval", False, False, True),
])
def test_what_a_skid_does_follows_the_motive(motive, sideslips, skids, falls):
    """VEH-SLIP-03: hover, VTOL and WiGE sideslip; a naval vessel neither skids nor slips; VEH-URB-03: a
    hovercraft glides down a level in a skid."""
    _, tank, _ = units()
    found = kinds.mobility(changed(tank, motive=Motive(motive)))
    assert (found.sideslips, found.skids, found.falls_in_a_skid) == (sideslips, skids, falls)


def test_each_kind_says_how_blows_meet_it():
    """tables.md 8.7: a 'Mech has limbs, falls after a failed PSR and is struck on its punch table; VEH-PHYS-03:
    a 'Mech may not charge a vehicle (literal reading); VEH-PHYS-07: a death from above strikes a vehicle's
    front."""
    mech, tank, inf = units()
    assert [kinds.of(u).limbs for u in (mech, tank, inf)] == [True, False, False]
    assert [kinds.of(u).falls_over for u in (mech, tank, inf)] == [True, False, False]
    assert [kinds.of(u).blows_on_vehicle_sides for u in (mech, tank, inf)] == [False, True, False]
    assert kinds.of(mech).charge_refusal(mech, tank).startswith("a 'Mech may not charge vehicle 't'")
    assert kinds.of(mech).charge_refusal(mech, inf) == "" and kinds.of(tank).charge_refusal(tank, mech) == ""
    assert kinds.of(tank).side_struck_by(ManualDice([]), tank, "dfa", "rear") == "front"
    assert kinds.of(tank).side_struck_by(ManualDice([6, 3]), tank, "kick", "front") == "rear"  # VEH-PHYS-06
    assert kinds.of(mech).side_struck_by(ManualDice([]), mech, "kick", "left") == "left"
    assert kinds.of(mech).blow_hit(ManualDice([6]), mech, "punch", "front", 5, "x").location == "HD"


def test_infantry_rules_apply_to_infantry():
    mech, tank, inf = units()
    assert [kinds.of(u).counts_as_infantry(u) for u in (mech, tank, inf)] == [False, False, True]
    assert (kinds.of(inf).conventional_infantry(inf), kinds.of(inf).battle_armor(inf)) == (True, False)

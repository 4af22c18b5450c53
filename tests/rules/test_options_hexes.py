"""``btcli options`` lists a unit's attacks on building and bridge hexes (issue #33 item 2; seed 003, URB-ATK):
each an ``attack UNIT HEX --weapon W [--twist T]`` or ``--physical ATTACK`` the order accepts."""

from __future__ import annotations

from btcli.model.state import Phase
from btcli.rules.core import options
from tests.builders import H, building, hunchback, vehicle, weapon_game

BRIDGE = {"terrain": "water", "depth": 1, "road": True, "bridge": {"type": "medium", "cf": 40, "level": 0}}


def _attacks(state, uid: str = "u1"):
    return options.hex_attacks(state, state.units[uid])


def test_a_building_in_range_is_an_immobile_target():  # URB-ATK-03: -4, as an immobile target
    # The Hunchback in 0510 facing N; a building three hexes ahead: gunnery 4, short range 0, immobile -4.
    state = weapon_game(hunchback(at="0510"), hexes={"0507": building("medium", 2)})
    shots = {a.weapon: a for a in _attacks(state) if a.hex == H("0507")}
    assert shots["Medium Laser@LA"].to_hit == 4 + 0 - 4 and not shots["Medium Laser@LA"].twist
    assert shots["AC/20@RT"].to_hit == 4 + 0 - 4


def test_an_adjacent_building_is_hit_without_a_roll_and_takes_blows():  # URB-ATK-04: always hits
    state = weapon_game(hunchback(at="0510"), hexes={"0509": building("light", 1)})
    found = [a for a in _attacks(state) if a.hex == H("0509")]
    assert {a.weapon for a in found if a.weapon} >= {"Medium Laser@LA", "Medium Laser@RA", "AC/20@RT"}
    assert all(a.to_hit is None for a in found)  # no to-hit roll from the next hex
    blows = {a.attack for a in found if a.attack}
    assert {"punch", "kick"} <= blows and "charge" not in blows and "dfa" not in blows  # URB-ATK-04's blows only


def test_a_building_behind_is_listed_only_with_the_twist_that_brings_weapons_to_bear():  # tables.md 6.3 arcs
    state = weapon_game(hunchback(at="0510", facing="N"), hexes={"0612": building("medium", 2)})
    # 0612 is behind the right side: only the right arm's laser reaches it, and only with the torso twisted right.
    found = [(a.weapon, a.twist) for a in _attacks(state) if a.hex == H("0612")]
    assert found == [("Medium Laser@RA", "right")]


def test_a_hex_without_a_building_or_bridge_is_no_target():  # URB-ATK-01
    state = weapon_game(hunchback(at="0510"), hexes={"0507": {"terrain": "rough"}})
    assert _attacks(state) == ()


def test_a_bridge_is_a_target_too():  # URB-ATK-01: a building or bridge hex
    state = weapon_game(hunchback(at="0510"), hexes={"0507": BRIDGE})
    assert {a.hex for a in _attacks(state)} == {H("0507")}


def test_a_vehicle_fires_at_a_building_but_makes_no_blow():  # VEH-PHYS-01: a vehicle only charges
    tank = vehicle("tracked", 4, at="0510", weapons=[{"name": "Medium Laser", "location": "front"}])
    state = weapon_game(tank, hexes={"0509": building("light", 1)})
    assert [(a.weapon, a.attack, a.to_hit) for a in _attacks(state)] == [("Medium Laser@front", "", None)]


def test_hex_attacks_are_listed_in_every_phase_and_shown_in_json():
    from btcli.render.options import options_json

    state = weapon_game(hunchback(at="0510"), hexes={"0509": building("light", 1), "0507": building("medium", 2)},
                        phase=Phase.MOVEMENT)
    data = options_json(options.unit_options(state, state.units["u1"]))
    assert data["hex_targets"]["0507"]["weapons"][0]["to_hit"] == 0
    assert data["hex_targets"]["0509"]["weapons"][0]["to_hit"] is None
    assert {b["attack"] for b in data["hex_targets"]["0509"]["physical"]} >= {"punch", "kick"}

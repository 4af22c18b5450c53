"""The urban rules from the command line on the City Fight scenario: attacks on building hexes,
dry runs, girder searches, the report's buildings and the SVG map (issue #5)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.cli.helpers import assert_refused, init_game, ok
from tests.conftest import SCENARIOS

UNITS = ("atlas", "scorpion", "hunchback", "manticore", "commando", "wasp", "hunchback-2")


@pytest.fixture
def city(tmp_path) -> Path:
    return init_game(tmp_path, SCENARIOS / "city-fight.toml", name="city.toml")


@pytest.fixture
def weapon_phase(city) -> Path:
    """Turn 1's weapon phase with nobody moved (blue moves first)."""
    ok("resolve-phase", city, "--dice", "5,9")
    for unit in UNITS:
        ok("move", city, unit, "--mode", "stand")
    ok("resolve-phase", city)
    return city


def test_urb_atk_04_dry_run_on_an_adjacent_building_says_it_hits_automatically(weapon_phase):
    out = ok("attack", weapon_phase, "hunchback", "0408", "-w", "ML@LA", "--dry-run").out
    assert "hits automatically from the next hex (URB-ATK-04)" in out


def test_urb_atk_03_dry_run_on_a_distant_building_shows_the_immobile_modifier(weapon_phase):
    out = ok("attack", weapon_phase, "manticore", "1103", "-w", "PPC", "--dry-run").out
    assert "building: immobile target" in out and "-4" in out


def test_urb_atk_06_building_damage_lowers_cf_when_the_phase_ends(weapon_phase):
    ok("attack", weapon_phase, "hunchback", "0408", "-w", "AC/20", "-w", "ML@LA")
    before = json.loads(ok("report", weapon_phase, "-f", "json").out)
    assert next(s for s in before["structures"] if s["hex"] == "0408")["cf"] == 120  # not yet: end of phase
    out = ok("resolve-phase", weapon_phase).out
    assert "building hex 0408 takes 25 damage: CF 120 -> 95" in out
    after = json.loads(ok("report", weapon_phase, "-f", "json").out)
    assert next(s for s in after["structures"] if s["hex"] == "0408")["cf"] == 95


def test_a_hex_without_a_building_is_no_target(weapon_phase):
    assert_refused(weapon_phase, 3, "attack", weapon_phase, "atlas", "0505", "-w", "ML@LA", contains="URB-ATK-01")


def test_urb_club_01_girder_search_outside_rubble_is_refused(weapon_phase):
    assert_refused(weapon_phase, 3, "attack", weapon_phase, "atlas", "--girder", contains="URB-CLUB-01")


def test_girder_search_takes_no_target(weapon_phase):
    assert_refused(weapon_phase, 2, "attack", weapon_phase, "atlas", "0705", "--girder")


def test_report_lists_buildings_with_type_height_cf_and_occupants(city):
    out = ok("report", city).unwrapped
    assert "0408 hardened building, level 2, CF 120" in out
    assert "1102 heavy building [factory], level 2, CF 90" in out
    assert "0705 light bridge, deck at level 1, CF 15" in out


def test_report_map_writes_an_svg_with_buildings_and_units(city, tmp_path):
    target = tmp_path / "map.svg"
    ok("report", city, "--map", target)
    root = ET.fromstring(target.read_text(encoding="utf-8"))
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "X2 CF120" in texts and "H2 CF90" in texts and "bridge L CF15" in texts
    assert "atlas" in texts and "0101" in texts
    assert len(list(root.iter("{http://www.w3.org/2000/svg}polygon"))) == 14 * 10


def test_report_map_to_an_unwritable_place_is_a_clear_error(city, tmp_path):
    assert_refused(city, 2, "report", city, "--map", tmp_path / "no" / "such" / "map.svg", contains="cannot write")


def test_attacks_on_buildings_keep_the_twist_rules(weapon_phase):
    ok("attack", weapon_phase, "hunchback", "0408", "-w", "ML@LA")
    assert_refused(weapon_phase, 3, "attack", weapon_phase, "hunchback", "0408", "-w", "ML@RA", "--twist", "left",
                   contains="already fired with its torso twist set")


def test_dry_run_does_not_search_for_a_girder(weapon_phase):
    assert_refused(weapon_phase, 2, "attack", weapon_phase, "atlas", "--girder", "--dry-run", contains="no preview")


def test_dry_run_on_a_building_shows_the_weapon_mode(weapon_phase):
    # The dry run and the attack share one check: no armor-piercing bin, no AP shot; a wrong mode is refused.
    assert_refused(weapon_phase, 3, "attack", weapon_phase, "hunchback", "0603", "-w", "AC/20:ap", "--dry-run",
                   contains="0 AC/20 ap shot(s) left")
    assert_refused(weapon_phase, 3, "attack", weapon_phase, "hunchback", "0603", "-w", "ML:ap", "--dry-run",
                   contains="armor-piercing ammunition is for standard autocannons")

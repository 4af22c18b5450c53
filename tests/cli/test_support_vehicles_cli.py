"""Support vehicles (issue #31, docs/equipment-rules.md EQ-SV) from the command line with forced dice, on real
units of MegaMek's library: the Randolph Support Vehicle (tracked, ICE, BAR 5, basic fire control), the Merkava
Heavy Tank Mk VI (BAR 7, armored chassis, advanced fire control), the Raptor RRV (a fuel cell engine) and the
Strike Falcon Attack VTOL (a support VTOL)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from btcli.megamek import blk
from btcli.megamek.notes import Notes
from tests.builders import ATLAS, design, gunner, weapon_game
from tests.cli.helpers import game_from_state, ok, report_units, run as run_cli

LIBRARY = Path("/work/megamek-library/megamek/data/mechfiles/vehicles")
RANDOLPH = LIBRARY / "XTRs" / "Primitives II" / "Randolph Support Vehicle.blk"
MERKAVA = LIBRARY / "XTRs" / "Primitives" / "Merkava Heavy Tank MK VI.blk"
RAPTOR = LIBRARY / "TRO Vehicle Annex" / "Tracked" / "Raptor.blk"
FALCON = LIBRARY / "XTRs" / "Primitives II" / "Strike Falcon Attack VTOL.blk"
C85 = LIBRARY / "HB HL" / "C-85 Sprinter Delivery Vehicle.blk"

needs_library = pytest.mark.skipif(not RANDOLPH.exists(), reason="MegaMek's unit library is not on disk")


def _design(path: Path, lenient: bool = False) -> dict:
    notes = Notes(path.name, lenient=lenient)
    read = blk.read(path.read_text(), notes)
    assert lenient or not notes.problems
    return read


def _shot_at(tmp_path, target: dict, weapon: str, location_roll: int, side: str = "front") -> Path:
    """A 50-ton 'Mech 'a' fires ``weapon`` (to-hit roll 12) at the support vehicle 'b' one hex away, its
    front (or right side) toward it; the damage lands when the phase is resolved."""
    facing = "S" if side == "front" else "NE"
    at = "0609" if side == "front" else "0509"
    state = weapon_game(gunner("a", "0610", weapon, ammo=[]), design(target, "b", at=at, facing=facing, side="blue"))
    game = game_from_state(tmp_path / "game.toml", state)
    ok("attack", game, "a", "b", "--weapon", weapon, "--dice", f"12,{location_roll}")
    return game


@needs_library
def test_real_support_vehicles_import_exactly_as_vehicles_of_their_motive():  # EQ-SV-01, EQ-SV-06
    randolph = _design(RANDOLPH)
    assert (randolph["kind"], randolph["motive"], randolph["engine"], randolph["tons"]) == ("vehicle", "tracked", "ice", 35)
    assert (randolph["support"], randolph["bar"], randolph["fire_control"]) == (True, 5, "basic")
    assert randolph["armor"] == {"front": 16, "right": 16, "left": 16, "rear": 14}
    assert [w["name"] for w in randolph["weapons"]] == ["Machine Gun"] * 3  # the Tractor chassis plays no part
    assert randolph["cargo_tons"] == 9.0
    merkava = _design(MERKAVA)
    assert (merkava["bar"], merkava["fire_control"], merkava["armored_chassis"]) == (7, "advanced", True)
    falcon = _design(FALCON)
    assert (falcon["motive"], falcon["support"], falcon["bar"]) == ("vtol", True, 7)
    assert falcon["armor"]["rotor"] == 2


@needs_library
def test_a_fraction_of_a_ton_is_noted_and_rounded_up():  # EQ-SV-01
    notes = Notes(C85.name, lenient=True)
    read = blk.read(C85.read_text(), notes)
    assert read["tons"] == 3 and "a fraction of a ton" in {p.key for p in notes.problems}


@needs_library
def test_damage_above_the_bar_rolls_a_critical_and_at_or_below_it_none(tmp_path):  # EQ-SV-02
    randolph = _design(RANDOLPH)  # BAR 5
    (tmp_path / "five").mkdir()
    game = _shot_at(tmp_path / "five", randolph, "Medium Laser", 7)  # 5 damage to the front: not above BAR 5
    resolved = json.loads(ok("resolve-phase", game, "--json").out)
    kinds = [e["kind"] for e in resolved["events"]]
    assert "ArmorPenetrated" not in kinds and "VehicleCritical" not in kinds
    assert report_units(game)["b"]["armor"]["front"] == 11
    (tmp_path / "eight").mkdir()
    game = _shot_at(tmp_path / "eight", randolph, "Large Laser", 7)  # 8 damage: above BAR 5, armor left
    resolved = json.loads(ok("resolve-phase", game, "--dice", "8", "--json").out)
    penetrated = next(e for e in resolved["events"] if e["kind"] == "ArmorPenetrated")
    assert (penetrated["location"], penetrated["damage"], penetrated["bar"]) == ("front", 8, 5)
    assert "BAR 5" in penetrated["text"] and "EQ-SV-02" in penetrated["text"]
    critical = next(e for e in resolved["events"] if e["kind"] == "VehicleCritical")
    assert (critical["roll"], critical["column"], critical["result"]) == (8, "front", "stabilizer")
    b = report_units(game)["b"]
    assert b["armor"]["front"] == 8 and "front: stabilizer" in b["crits"]
    assert b["support"] == {"bar": 5, "fire_control": "basic", "armored_chassis": False}
    assert "support vehicle (BAR 5, basic fire control)" in ok("report", game).out
    assert "hashes match" in ok("verify", game).out


@needs_library
def test_an_armored_chassis_takes_one_from_the_penetration_roll(tmp_path):  # EQ-SV-03
    merkava = _design(MERKAVA)  # BAR 7, armored chassis
    game = _shot_at(tmp_path, merkava, "Large Laser", 7)  # 8 damage above BAR 7
    resolved = json.loads(ok("resolve-phase", game, "--dice", "6", "--json").out)
    critical = next(e for e in resolved["events"] if e["kind"] == "VehicleCritical")
    assert (critical["roll"], critical["result"]) == (5, "no critical")  # 6 - 1


def test_a_combat_vehicle_has_no_bar_and_no_fire_control(tmp_path):  # EQ-SV-02, EQ-SV-04
    tank = {"kind": "vehicle", "name": "Plain", "motive": "tracked", "tons": 35, "cruise": 4,
            "armor": {"front": 16, "right": 16, "left": 16, "rear": 14}, "weapons": [{"name": "Medium Laser",
                                                                                   "location": "front"}]}
    game = _shot_at(tmp_path, tank, "Large Laser", 7)
    resolved = json.loads(ok("resolve-phase", game, "--json").out)
    assert "ArmorPenetrated" not in [e["kind"] for e in resolved["events"]]


@needs_library
def test_fire_control_adds_to_the_to_hit_number(tmp_path):  # EQ-SV-04
    for path, extra in ((RANDOLPH, 1), (MERKAVA, 0)):
        entry = _design(path)
        state = weapon_game(design(entry, "a", at="0610", facing="N"), design(ATLAS, "b", at="0609", facing="S",
                                                                             side="blue"))
        folder = tmp_path / path.stem
        folder.mkdir()
        game = game_from_state(folder / "game.toml", state)
        weapon = "Machine Gun@front" if path == RANDOLPH else "Machine Gun"
        dry = ok("attack", game, "a", "b", "--weapon", weapon, "--dry-run").out
        assert ("basic fire control +1" in " ".join(dry.split())) == (extra == 1), dry
        fired = json.loads(ok("attack", game, "a", "b", "--weapon", weapon, "--dice", "12,7", "--json").out)
        assert fired["events"][0]["to_hit"] == 4 + extra  # gunnery 4, no other modifier at 1 hex
    no_control = {**_design(RANDOLPH), "fire_control": "none"}
    state = weapon_game(design(no_control, "a", at="0610"), design(ATLAS, "b", at="0609", facing="S", side="blue"))
    game = game_from_state(tmp_path / "none.toml", state)
    fired = json.loads(ok("attack", game, "a", "b", "--weapon", "Machine Gun@front", "--dice", "12,7", "--json").out)
    assert fired["events"][0]["to_hit"] == 6


@needs_library
def test_a_fuel_cell_engine_plays_as_an_ice_its_fuel_tank_exploding(tmp_path):  # EQ-SV-05
    raptor = _design(RAPTOR)
    assert (raptor["engine"], raptor["engine_type"]) == ("ice", "fuel_cell")
    # a Medium Laser's 5 into the right side (6 armor) on a location roll of 2, a critical chance (5 is not above
    # BAR 8): the side column's 12 is Fuel Tank, which destroys a vehicle whose engine is not a fusion engine
    game = _shot_at(tmp_path, raptor, "Medium Laser", 2, side="right")
    resolved = json.loads(ok("resolve-phase", game, "--dice", "12", "--json").out)
    kinds = [e["kind"] for e in resolved["events"]]
    assert "ArmorPenetrated" not in kinds and "FuelTankExploded" in kinds
    assert report_units(game)["b"]["status"] == "destroyed"
    report = ok("report", game).out
    assert "Fuel Cell" in report


@needs_library
def test_a_support_vtol_plays_as_a_vtol(tmp_path):  # EQ-SV-01
    falcon = _design(FALCON)
    state = weapon_game(gunner("a", "0610", "Large Laser", ammo=[]),
                        design(falcon, "b", at="0609", facing="S", side="blue", elevation=1))
    game = game_from_state(tmp_path / "game.toml", state)
    ok("attack", game, "a", "b", "--weapon", "Large Laser", "--dice", "12,7")
    resolved = json.loads(ok("resolve-phase", game, "--dice", "12", "--json").out)
    critical = next(e for e in resolved["events"] if e["kind"] == "VehicleCritical")
    assert (critical["column"], critical["result"]) == ("front", "crew killed")  # the VTOL's front column, 12


@pytest.mark.parametrize("keys, message", [
    ({"bar": 11}, "'v' bar must be at most 10"),
    ({"bar": 1}, "'v' bar must be at least 2"),
    ({"fire_control": "superb"}, "fire_control"),
    ({"support": False, "bar": 5}, "describe a support vehicle"),
    ({"engine_type": "fuel_cell", "engine": "fusion"}, "engine = "),
])
def test_check_refuses_impossible_support_values(tmp_path, keys, message):  # EQ-SV-02, EQ-SV-04, EQ-SV-05
    import tomli_w

    from tests.builders import scenario

    vehicle = {"id": "v", "side": "red", "kind": "vehicle", "name": "V", "motive": "tracked", "tons": 20,
               "cruise": 4, "engine": "ice", "armor": {"front": 5, "right": 5, "left": 5, "rear": 5},
               "weapons": [{"name": "Machine Gun", "location": "front"}], "position": "0510", "support": True, **keys}
    path = tmp_path / "bad.toml"
    path.write_text(tomli_w.dumps(scenario(vehicle, design(ATLAS, "b", at="0505", side="blue"))), encoding="utf-8")
    result = run_cli("check", path)
    assert result.code == 4 and message in result.err, result.err


@needs_library
def test_an_armor_piercing_round_rolls_two_more_against_bar_armor(tmp_path):  # EQ-SV-07
    randolph = _design(RANDOLPH)  # BAR 5, front armor 16
    ap = [{"weapon": "AC/10", "location": "LT", "shots": 10, "kind": "ap"}]
    state = weapon_game(gunner("a", "0610", "AC/10", ammo=ap), design(randolph, "b", at="0609", facing="S", side="blue"))
    game = game_from_state(tmp_path / "game.toml", state)
    ok("attack", game, "a", "b", "--weapon", "AC/10:ap", "--dice", "12,7")
    # 10 damage above BAR 5: the penetration roll (2, none), then the armor-piercing roll: 6, -2 for an AC/10's
    # round (VEH-DMG-10), +2 against BAR armor: 6, Driver Hit (without the +2 a 4, no critical)
    resolved = json.loads(ok("resolve-phase", game, "--dice", "2,6", "--json").out)
    rolls = [(e["roll"], e["result"]) for e in resolved["events"] if e["kind"] == "VehicleCritical"]
    assert rolls == [(2, "no critical"), (6, "driver hit")]

"""IndustrialMechs played from the command line with forced dice (issue #31, part "industrial";
docs/equipment-rules.md EQ-IND-01..04): the critical check an IndustrialMech owes after a physical attack hit it
or it fell, an industrial cockpit's +1 to hit, commercial armor's critical checks, an ICE or fuel cell engine's
cold walking; and MegaMek's IndustrialMechs imported and played.

The attacker 'a' (a 50-ton 'Mech with a Medium Laser) stands in 0610 facing north, the target 'b' in 0609 facing
south: a hit location roll of 8 strikes its left torso (tables.md 1, front), and a to-hit roll of 12 always hits.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from btcli.megamek import mtf
from btcli.megamek.notes import Notes
from btcli.model.state import Phase
from btcli.model.units import MoveMode
from tests import builders
from tests.builders import changed, design, gunner, physical_game, scenario_text, weapon_game
from tests.cli.helpers import game_from_state, json_events, ok, report_units, run
from tests.megamek import corpus

needs_corpus = pytest.mark.skipif(not corpus.present(), reason=f"MegaMek's files are not at {corpus.CORPUS}")
ANT = "2021/megamek/data/mechfiles/mechs/TR Vehicle Annex/Harvester Ant KIC-3M AgroMech MOD.mtf"
WRECKER = "2021/megamek/data/mechfiles/mechs/3075/DemolitionMech WI-DM.mtf"


def _kinds(events: list[dict]) -> list[str]:
    return [e["kind"] for e in events]


def _read(path: str) -> dict:
    return mtf.read((corpus.CORPUS / path).read_text(encoding="utf-8"), Notes(path, lenient=True))


# -- import --------------------------------------------------------------------------------------------------


@needs_corpus
def test_megameks_industrialmechs_import_their_structure_armor_cockpit_and_engine():  # EQ-IND-01..04
    ant = _read(ANT)  # Structure:IS Industrial, Armor:Commercial, Engine:60 ICE Engine
    assert (ant["structure"], ant["armor_type"], ant["engine"]) == ("industrial", "commercial", "ice")
    assert "cockpit" not in ant  # a standard cockpit: the IndustrialMech's advanced fire control
    wrecker = _read(WRECKER)  # Fuel Cell, Industrial Cockpit, Industrial armor
    assert (wrecker["structure"], wrecker["armor_type"], wrecker["engine"], wrecker["cockpit"]) == \
        ("industrial", "industrial", "fuel_cell", "industrial")


def test_an_industrial_cockpit_with_afc_reads_as_a_standard_one():  # EQ-IND-02
    """MegaMek matches the cockpit's whole text; "Industrial Cockpit (AFC)" is none of its names: standard."""
    base = (Path(__file__).parent.parent / "megamek" / "fixtures" / "formats" / "Sentinel STN-3Q.mtf").read_text(
        encoding="utf-8")
    lines = [ln for ln in base.splitlines() if not ln.casefold().startswith("cockpit:")]
    at = next(i for i, ln in enumerate(lines) if ln.casefold().startswith("mass:"))
    for line, expected in (("Cockpit:Industrial Cockpit (AFC)", None), ("Cockpit:Industrial Cockpit", "industrial")):
        notes = Notes("x.mtf", lenient=True)
        design = mtf.read("\n".join(lines[:at + 1] + [line] + lines[at + 1:]), notes)
        assert design.get("cockpit") == expected
        assert not [p for p in notes.problems if "cockpit" in p.key]


@pytest.mark.parametrize("change, said", [({"cockpit": "primitive"}, "cockpit must be one of standard, industrial"),
                                          ({"structure": "composite"}, "structure must be one of"),
                                          ({"armor_type": "ballistic"}, "armor_type must be one of")])
def test_check_refuses_a_cockpit_structure_or_armor_btcli_does_not_play(tmp_path, change, said):  # EQ-IND-02
    scenario = tmp_path / "s.toml"
    scenario.write_text(_scenario(**change), encoding="utf-8")
    result = run("check", scenario)
    assert result.code != 0 and said in result.err + result.out


def test_check_refuses_a_vehicle_with_a_fuel_cell(tmp_path):  # EQ-IND-04
    scenario = tmp_path / "s.toml"
    scenario.write_text(_scenario(vehicle=True), encoding="utf-8")
    result = run("check", scenario)
    assert result.code != 0 and "fuel_cell engine is a 'Mech's" in result.err + result.out


def _scenario(vehicle: bool = False, **extra) -> str:
    """An 8 x 8 map: 'a' (red, 0405) a 50-ton 'Mech with ``extra`` keys, or a fuel cell vehicle; 'b' (blue, 0402)."""
    a = (builders.vehicle("tracked", 5, "a", at="0405", engine="fuel_cell",
                          weapons=[{"name": "Medium Laser", "location": "front"}]) if vehicle else
         gunner("a", "0405", "Medium Laser", **extra))
    return scenario_text(a, gunner("b", "0402", "Medium Laser", side="blue"), width=8, height=8)


# -- EQ-IND-02: an industrial cockpit ---------------------------------------------------------------------------


@pytest.mark.parametrize("cockpit, extra", [("industrial", 1), ("standard", 0)])
def test_an_industrial_cockpit_adds_one_to_hit(tmp_path, cockpit, extra):  # EQ-IND-02
    state = weapon_game(gunner("a", "0610", "Medium Laser", cockpit=cockpit, structure="industrial"),
                        gunner("b", "0609", "Medium Laser", facing="S", side="blue"))
    game = game_from_state(tmp_path / "game.toml", state)
    preview = ok("attack", game, "a", "b", "--weapon", "Medium Laser", "--dry-run").out
    assert ("industrial cockpit (no advanced fire control) +1" in preview) == bool(extra)
    entry = json.loads(ok("attack", game, "a", "b", "--weapon", "Medium Laser", "--dice", "12,8", "--json").out)
    hit = entry["events"][0]
    assert hit["kind"] == "WeaponHit" and hit["to_hit"] == 4 + extra


# -- EQ-IND-01: the critical check after a blow or a fall ---------------------------------------------------------


def _kicked(tmp_path, structure: str):
    """'a' kicks 'b' (its left leg: kick table roll 1 from the front); the physical phase ends, then the heat phase
    and the End Phase; returns the End Phase's events and the game."""
    a = gunner("a", "0610", "Medium Laser")
    b = gunner("b", "0609", "Medium Laser", facing="S", side="blue", structure=structure)
    game = game_from_state(tmp_path / "game.toml", physical_game(a, b))
    ok("attack", game, "a", "b", "--physical", "kick")
    ok("resolve-phase", game, "--dice", "12,1,12")  # to-hit 12, kick table 1 (left leg), the kicked 'Mech's PSR
    ok("resolve-phase", game)  # heat phase
    return game


def test_an_industrialmech_kicked_checks_for_a_critical_at_the_turns_end(tmp_path):  # EQ-IND-01
    game = _kicked(tmp_path, "industrial")
    assert report_units(game)["b"]["industrial_check"] == {"levels_fallen": 0}
    assert "critical check due at the turn's end" in ok("report", game).out
    # End Phase: hit location 8 (front: left torso), the critical check 9 (one critical), its slot 1-3 half, slot 1
    events = json_events(ok("resolve-phase", game, "--dice", "8,9,1,1", "--json"))
    check = next(e for e in events if e["kind"] == "IndustrialCriticalCheck")
    assert (check["unit"], check["location"], check["levels"]) == ("b", "LT", 0)
    assert "CriticalHit" in _kinds(events)
    assert "hashes match" in ok("verify", game).out
    assert report_units(game)["b"].get("industrial_check") is None


def test_a_battlemech_kicked_makes_no_end_phase_check(tmp_path):  # EQ-IND-01
    game = _kicked(tmp_path, "standard")
    events = json_events(ok("resolve-phase", game, "--json"))
    assert "IndustrialCriticalCheck" not in _kinds(events)


def test_an_industrialmech_that_falls_adds_the_levels_fallen(tmp_path):  # EQ-IND-01
    """A missed kick's PSR failed: the kicker (an IndustrialMech) falls where it stands, 0 levels: +1 on its check."""
    a = gunner("a", "0610", "Medium Laser", structure="industrial")
    b = gunner("b", "0609", "Medium Laser", facing="S", side="blue")
    game = game_from_state(tmp_path / "game.toml", physical_game(a, b))
    ok("attack", game, "a", "b", "--physical", "kick")
    # to-hit 2 (a miss), the PSR 2 (fails), facing after the fall 1, the hit location of its 5 damage 7, the
    # MechWarrior's fall check 12
    ok("resolve-phase", game, "--dice", "2,2,1,7,12")
    assert report_units(game)["a"]["industrial_check"] == {"levels_fallen": 1}
    ok("resolve-phase", game)  # heat phase
    # location 7 (centre torso), the check 7 + 1 = 8: one critical (a 7 alone is none), slot half 1-3, slot 1
    events = json_events(ok("resolve-phase", game, "--dice", "7,7,1,1", "--json"))
    check = next(e for e in events if e["kind"] == "IndustrialCriticalCheck")
    assert (check["location"], check["levels"]) == ("CT", 1)
    assert "CriticalHit" in _kinds(events)
    assert "hashes match" in ok("verify", game).out


# -- EQ-IND-03: commercial armor --------------------------------------------------------------------------------


@pytest.mark.parametrize("weapon, checks", [("Medium Laser", False), ("Large Laser", True)])
def test_commercial_armor_calls_a_critical_check_above_five_damage(tmp_path, weapon, checks):  # EQ-IND-03
    state = weapon_game(gunner("a", "0610", weapon), gunner("b", "0609", "Medium Laser", facing="S", side="blue",
                                                                 armor_type="commercial"))
    game = game_from_state(tmp_path / "game.toml", state)
    ok("attack", game, "a", "b", "--weapon", weapon, "--dice", "12,8")
    events = json_events(ok("resolve-phase", game, *(("--dice", "9,1,1") if checks else ()), "--json"))
    assert ("CommercialArmorCheck" in _kinds(events)) == checks
    if checks:  # armor left in the left torso, and still a critical hit
        assert "CriticalHit" in _kinds(events) and report_units(game)["b"]["armor"]["LT"] > 0
    assert "hashes match" in ok("verify", game).out


# -- EQ-IND-04: ICE and fuel cell engines --------------------------------------------------------------------------


@pytest.mark.parametrize("engine, mode, heat", [("ice", MoveMode.RUN, 0), ("fuel_cell", MoveMode.WALK, 0),
                                                ("fusion", MoveMode.RUN, 2), ("ice", MoveMode.JUMP, 3)])
def test_an_ice_or_fuel_cell_mech_makes_no_movement_heat_but_jumping(tmp_path, engine, mode, heat):  # EQ-IND-04
    state = weapon_game(gunner("a", "0610", "Medium Laser", engine=engine, jump=3, heat_sinks=0),
                        gunner("b", "0609", "Medium Laser", facing="S", side="blue"), phase=Phase.HEAT)
    state = state.with_unit(changed(state.units["a"], mode=mode, hexes_moved=3))
    game = game_from_state(tmp_path / "game.toml", state)
    events = json_events(ok("resolve-phase", game, "--json"))
    moved = next(e for e in events if e["kind"] == "HeatChanged" and e["unit"] == "a")
    assert (moved["movement"], moved["after"]) == (heat, heat)


# -- a real IndustrialMech ----------------------------------------------------------------------------------------


@needs_corpus
def test_megameks_harvester_ant_plays_its_commercial_armor(tmp_path):  # EQ-IND-03, EQ-IND-01
    """The Harvester Ant KIC-3M AgroMech MOD (a 20-ton quad IndustrialMech of commercial armor with an ICE engine),
    imported straight from MegaMek's file: a Large Laser's 8 damage to its left torso calls the critical check,
    and a kick leaves it its check at the turn's end."""
    ant = design(f"mtf:{corpus.CORPUS / ANT}", "b", at="0609", facing="S", side="blue")
    game = game_from_state(tmp_path / "game.toml", weapon_game(gunner("a", "0610", "Large Laser"), ant))
    b = report_units(game)["b"]
    assert b["construction"] == {"structure": "industrial", "armor_type": "commercial"}
    ok("attack", game, "a", "b", "--weapon", "Large Laser", "--dice", "12,8")
    # 8 damage: 7 to the armor, 1 to the structure (its critical check 2: none), commercial armor's check 2: none
    events = json_events(ok("resolve-phase", game, "--dice", "2,2", "--json"))
    assert "CommercialArmorCheck" in _kinds(events) and "CriticalHit" not in _kinds(events)
    ok("attack", game, "a", "b", "--physical", "kick")
    # to-hit, kick table (a front leg, destroyed: the rest to the left torso), the left torso's structure check,
    # commercial armor's check there (10 damage); the Ant falls with its leg gone: facing 1, its 2 damage at 7
    # (centre torso), the MechWarrior's check 12
    ok("resolve-phase", game, "--dice", "12,1,2,2,1,7,12")
    assert report_units(game)["b"]["industrial_check"] == {"levels_fallen": 1}  # kicked, then fallen where it stood
    ok("resolve-phase", game)
    events = json_events(ok("resolve-phase", game, "--dice", "7,2", "--json"))  # at 7 (centre torso), 2 + 1: none
    check = next(e for e in events if e["kind"] == "IndustrialCriticalCheck")
    assert (check["location"], check["levels"]) == ("CT", 1) and "CriticalHit" not in _kinds(events)
    assert "hashes match" in ok("verify", game).out

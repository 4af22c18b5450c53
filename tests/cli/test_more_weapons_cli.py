"""The Standard-level weapons issue #31 added last (part "weapons"; docs/equipment-rules.md EQ-HLAS, and the rows of
EQ-WPN-01 that tests/cli/test_weapons_cli.py fires one by one): heavy lasers, the Clan light TAG and light active
probe, fired or imported from the command line with forced dice and from MegaMek's own files.
"""

from __future__ import annotations

import json

import pytest

from tests.builders import ATLAS, design, gunner, weapon_game
from tests.cli.helpers import game_from_state, ok, run
from tests.megamek import corpus

needs_corpus = pytest.mark.skipif(not corpus.present(), reason=f"MegaMek's files are not at {corpus.CORPUS}")

JADE_HAWK = "2021/megamek/data/mechfiles/mechs/3145/Merc/Jade Hawk (Standard).mtf"  # a Clan light active probe


def _atlas(at: str) -> dict:
    return design(ATLAS, "b", at=at, facing="S", side="blue")


def _report(game) -> dict:
    return {u["id"]: u for u in json.loads(ok("report", game, "--format", "json").out)["units"]}


def _attack(game, weapon: str, dice: list[int], *more: str) -> dict:
    return json.loads(ok("attack", game, "a", "b", "--weapon", weapon, "--dice", ",".join(map(str, dice)), "--json",
                         *more).out)


def test_a_heavy_laser_adds_one_to_hit(tmp_path):  # EQ-HLAS-01
    # A Clan Heavy Medium Laser at 3 hexes, gunnery 4: to-hit 5 (4 + 1); a roll of 5 hits for 10, a 4 misses.
    state = weapon_game(gunner("a", "0610", "Clan Heavy Medium Laser", heat_sinks=0), _atlas("0607"))
    game = game_from_state(tmp_path / "game.toml", state)
    assert "+1" in ok("attack", game, "a", "b", "--weapon", "CHML", "--dry-run").out
    entry = _attack(game, "CHML", [5, 7])
    assert entry["events"][0]["kind"] == "WeaponHit" and entry["events"][0]["to_hit"] == 5
    assert [e["amount"] for e in entry["events"] if e["kind"] == "GroupStrikes"] == [10]
    missed = game_from_state(tmp_path / "miss.toml", state)
    assert _attack(missed, "CHML", [4])["events"][0]["kind"] == "WeaponMissed"


def test_the_clan_light_tag_tags_at_its_own_range(tmp_path):  # EQ-TAG-01
    # Its brackets are 3/6/9 (MegaMek @f0b2b01 CLLightTAG.java:41-43): at 6 hexes, medium range, to-hit 4 + 2.
    state = weapon_game(gunner("a", "0610", "Clan Light TAG"), _atlas("0604"))
    game = game_from_state(tmp_path / "game.toml", state)
    entry = _attack(game, "CLightTAG", [12])
    assert [e["kind"] for e in entry["events"]] == ["WeaponHit", "TargetTagged"] and entry["events"][0]["to_hit"] == 6
    far = game_from_state(tmp_path / "far.toml", weapon_game(gunner("a", "0612", "Clan Light TAG"), _atlas("0602")))
    refused = run("attack", far, "a", "b", "--weapon", "CLightTAG")  # 10 hexes: beyond its long range of 9
    assert refused.code != 0 and "range" in refused.out + refused.err


@needs_corpus
def test_a_clan_light_active_probe_imports_as_a_probe(tmp_path):  # EQ-PROBE-01
    from btcli.megamek.convert import Source, import_file

    source = Source(str(corpus.CORPUS), True)
    found = import_file(str(corpus.CORPUS / JADE_HAWK), source)[2]
    assert found["probe"] and not [line for line in source.left_out if "Probe" in line]
    entry = {**found, "id": "a", "side": "red", "position": "0610", "facing": "N", "gunnery": 4}
    game = game_from_state(tmp_path / "game.toml", weapon_game(entry, _atlas("0605")))
    assert f"active probe@{found['probe']}" in _report(game)["a"]["electronics"]


def _long_game(tmp_path, weapon: str, distance: int, name: str = "game.toml", **keys):
    """``weapon`` on the 50-ton gunner in 0624 and the Atlas ``distance`` hexes straight ahead, on a 12 x 24 map."""
    state = weapon_game(gunner("a", "0624", weapon, heat_sinks=0, **keys), _atlas(f"06{24 - distance:02d}"), height=24)
    return state


@pytest.mark.parametrize("weapon, distance, damage", [
    ("Snub-Nose PPC", 9, 10), ("Snub-Nose PPC", 10, 8), ("Snub-Nose PPC", 13, 8), ("Snub-Nose PPC", 15, 5),
    ("Heavy Gauss Rifle", 6, 25), ("Heavy Gauss Rifle", 7, 20), ("Heavy Gauss Rifle", 14, 10)])
def test_damage_falls_with_the_range_bracket(tmp_path, weapon, distance, damage):  # EQ-RNG-01
    ammo = [{"weapon": weapon, "location": "LT", "shots": 4}] if weapon == "Heavy Gauss Rifle" else []
    game = game_from_state(tmp_path / "game.toml", _long_game(tmp_path, weapon, distance, ammo=ammo))
    assert f"{damage} damage" in ok("attack", game, "a", "b", "--weapon", weapon, "--dry-run").out
    entry = _attack(game, weapon, [12, 7])
    assert [e["amount"] for e in entry["events"] if e["kind"] == "GroupStrikes"] == [damage]


def _recoil(tmp_path, moved: int, tons: int = 50, name: str = "game.toml"):
    from btcli.model.state import evolve

    state = _long_game(tmp_path, "Heavy Gauss Rifle", 14, ammo=[{"weapon": "Heavy Gauss Rifle", "location": "LT",
                                                                  "shots": 4}], tons=tons)
    state = state.with_unit(evolve(state.units["a"], mp_spent=moved))
    game = game_from_state(tmp_path / name, state)
    _attack(game, "HGR", [12, 7])  # 10 damage at long range: no PSR for the Atlas
    return json.loads(ok("resolve-phase", game, *(("--dice", "7") if moved else ()), "--json").out)


def test_a_mech_that_moved_rolls_when_it_fires_a_heavy_gauss_rifle(tmp_path):  # EQ-HGR-01
    entry = _recoil(tmp_path, moved=3)
    rolls = [e for e in entry["events"] if e["kind"] in ("PSRPassed", "PSRFailed")]
    assert len(rolls) == 1 and rolls[0]["unit"] == "a" and "heavy Gauss" in rolls[0]["reason"]
    assert rolls[0]["tn"] == 5 + 1  # piloting 5, a medium 'Mech +1 (MegaMek HGRHandler.java:53-61)
    still = _recoil(tmp_path, moved=0, name="still.toml")  # no MP spent: no roll
    assert not [e for e in still["events"] if e["kind"] in ("PSRPassed", "PSRFailed")]
    from btcli.rules.core import heavy_gauss

    assert [heavy_gauss.modifier(t) for t in (20, 35, 40, 55, 60, 75, 80, 100)] == [2, 2, 1, 1, 0, 0, -1, -1]

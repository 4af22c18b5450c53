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


# -- one-shot weapons -------------------------------------------------------------------------------------------


def _one_shot_game(tmp_path, weapon: str, name: str = "game.toml", **mount):
    entry = gunner("a", "0610", weapon, heat_sinks=0)
    entry["weapons"] = [{"name": weapon, "location": "RT", **mount}]
    return game_from_state(tmp_path / name, weapon_game(entry, _atlas("0606")))


def test_a_rocket_launcher_fires_once_at_plus_one_with_no_ammunition(tmp_path):  # EQ-RL-01, EQ-OS-01
    # A Rocket Launcher 10 at 4 hexes: to-hit 4 + 1; a cluster roll of 12 lands all 10 rockets in 5-point groups.
    game = _one_shot_game(tmp_path, "Rocket Launcher 10")
    entry = _attack(game, "RL10", [12, 12, 7, 7])
    assert entry["events"][0]["to_hit"] == 5
    assert [e["amount"] for e in entry["events"] if e["kind"] == "GroupStrikes"] == [5, 5]
    weapon = _report(game)["a"]["weapon_states"][0]
    assert weapon["state"] == "fired" and weapon["one_shot"] and weapon["ammo"] is None


def test_a_one_shot_weapon_is_spent_once_fired(tmp_path):  # EQ-OS-01
    from btcli.runner import load

    game = _one_shot_game(tmp_path, "SRM-4", one_shot=True)
    assert "SRM-4 ammunition" not in ok("attack", game, "a", "b", "--weapon", "SRM-4", "--dry-run").out
    _attack(game, "SRM-4", [12, 12, 7, 7, 7, 7])  # no ammunition bin: its own salvo
    assert load(game).state.units["a"].weapons[0].spent
    for _ in range(3):  # the weapon, physical and heat phases
        ok("resolve-phase", game)
    assert "hashes match" in ok("verify", game).out
    spent = _one_shot_game(tmp_path, "SRM-4", "spent.toml", one_shot=True, spent=True)
    assert _report(spent)["a"]["weapon_states"][0]["state"] == "spent"
    refused = run("attack", spent, "a", "b", "--weapon", "SRM-4")
    assert refused.code != 0 and "fired its one shot" in refused.err
    assert "a SRM-4 -> b: cannot fire: it has fired its one shot" in \
        run("attack", spent, "a", "b", "--weapon", "SRM-4", "--dry-run").out
    # A one-shot Streak that does not lock on keeps its salvo (EQ-STREAK-01).
    streak = _one_shot_game(tmp_path, "Streak SRM-2", "streak.toml", one_shot=True)
    assert [e["kind"] for e in _attack(streak, "Streak SRM-2", [2])["events"]] == ["StreakNoLock"]
    assert not load(streak).state.units["a"].weapons[0].spent


def test_btcli_check_refuses_a_one_shot_mount_megamek_has_none_of(tmp_path):  # EQ-OS-01
    from btcli.errors import GameFileError
    from btcli.store.scenario import _check_one_shot

    _check_one_shot("a", {"weapon": "LRM-10", "one_shot": True})
    for bad in ({"weapon": "Medium Laser", "one_shot": True}, {"weapon": "Clan ATM 6", "one_shot": True},
                {"weapon": "SRM-4", "spent": True}, {"weapon": "SRM-4", "one_shot": "yes"}):
        with pytest.raises(GameFileError):
            _check_one_shot("a", bad)


def test_the_importer_reads_one_shot_launchers_and_rocket_launchers():  # EQ-OS-01, EQ-RL-01
    from pathlib import Path

    from btcli.megamek import equipment, mtf
    from btcli.megamek.notes import Notes

    for name, plays in (("ISSRM4 (OS)", "SRM-4"), ("ISSRM4OS", "SRM-4"), ("CLStreakSRM4 (OS)", "Clan Streak SRM-4"),
                        ("ISStreakSRM2OS", "Streak SRM-2"), ("OS SRM-4", "SRM-4")):
        item = equipment.lookup(name, name.startswith("CL"))
        assert item is not None and (item.plays, item.one_shot) == (plays, True), name
    assert equipment.lookup("ISLRM5IOS", False) is None  # an improved one-shot: Experimental, not played
    assert equipment.lookup("RL10", True).plays == "Rocket Launcher 10"
    fixture = Path(__file__).resolve().parents[1] / "megamek" / "fixtures" / "formats" / "Sentinel STN-3C Prime.mtf"
    text = fixture.read_text(encoding="utf-8").replace("CLStreakSRM4 (omnipod)", "CLStreakSRM4 (OS) (omnipod)")
    text = text.replace("Clan Streak SRM 4 Ammo (omnipod)", "RL10 (omnipod)")
    notes = Notes("test.mtf", lenient=True)  # the fixture's heat sinks are noted (tests/megamek/test_formats.py)
    design_ = mtf.read(text, notes)
    assert not [line for line in notes.left_out if "OS" in line or "RL10" in line]
    assert {"name": "Clan Streak SRM-4", "location": "RT", "one_shot": True} in design_["weapons"]
    assert any(w["name"] == "Rocket Launcher 10" for w in design_["weapons"]) and design_["ammo"] == []


# -- anti-personnel pods ----------------------------------------------------------------------------------------

SIROCCO = "2021/megamek/data/mechfiles/mechs/3060u/Sirocco SRC-5C.mtf"  # two A-pods


@needs_corpus
def test_a_mech_with_anti_personnel_pods_imports_and_plays(tmp_path):  # EQ-APOD-01
    from btcli.megamek.convert import Source, import_file
    from btcli.rules.core import damage

    source = Source(str(corpus.CORPUS), True)
    found = import_file(str(corpus.CORPUS / SIROCCO), source)[2]
    assert not [line for line in source.left_out if "Pod" in line]
    pods = [(loc, i) for loc, items in found["slots"].items() for i, item in enumerate(items)
            if item == "equipment:Anti-Personnel Pod"]
    assert pods
    entry = {**found, "id": "a", "side": "red", "position": "0610", "facing": "N", "gunnery": 4}
    game = game_from_state(tmp_path / "game.toml", weapon_game(entry, _atlas("0607")))
    assert "hashes match" in ok("verify", game).out
    from btcli.runner import load

    unit = load(game).state.units["a"]
    location, slot = pods[0]
    events: list = []
    hit = damage.critical_effect(unit, location, slot, "equipment:Anti-Personnel Pod", events)
    assert hit.internal == unit.internal  # a critical hit on a pod: no explosion

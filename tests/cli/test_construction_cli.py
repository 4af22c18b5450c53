"""How a 'Mech is built, played from the command line with forced dice (issue #31 items 2 and 3;
docs/equipment-rules.md EQ-HS, EQ-ENG, EQ-STR, EQ-CASE): double heat sinks and destroyed ones, engine types and
a side torso taking its engine slots with it, Endo Steel and Ferro-Fibrous slots a critical rolls again on,
CASE, Clan CASE and CASE II; and MegaMek's files that carry them, imported and played.

The attacker 'a' (a 50-ton 'Mech with a Medium Laser) stands in 0610 facing north; the target 'b' in 0609 facing
south, so a hit location roll of 8 strikes its left torso (tables.md 1, front). A to-hit roll of 12 always hits.
"""

from __future__ import annotations

import json

import pytest
import tomli_w

from btcli.dice import ManualDice
from btcli.rules.core import damage
from btcli.rules.ground.mechs import standard_slots
from btcli.rules.kinds.mech import BIPED
from tests import builders
from tests.builders import changed, gunner, weapon_game
from tests.cli.helpers import game_from_state, ok, report_units, run
from tests.megamek import corpus

needs_corpus = pytest.mark.skipif(not corpus.present(), reason=f"MegaMek's files are not at {corpus.CORPUS}")
HEAT = 25  # a heat the phase's sinks bring below the shutdown rows whatever the sinks (tables.md 15)


def _target(**keys) -> dict:
    """The target 'b': a 50-ton 'Mech with no heat sinks, its left torso's armor gone (``keys`` change it)."""
    return gunner("b", "0609", "Medium Laser", facing="S", side="blue", heat_sinks=0, **keys)


def _game(tmp_path, target: dict, **changes):
    """The game of 'a' and ``target`` in the weapon phase; ``changes`` are set on 'b' (its armor, structure)."""
    state = weapon_game(gunner("a", "0610", "Medium Laser"), target)
    b = state.units["b"]
    armor = {**b.armor, "LT": 0}
    state = state.with_unit(changed(b, armor=armor, **changes))
    return game_from_state(tmp_path / "game.toml", state)


def _hit_left_torso(game, *landing: int) -> list[dict]:
    """'a' hits 'b''s left torso with its Medium Laser (5 damage); the weapon phase ends with ``landing`` dice
    (the critical checks the damage makes); returns the phase's events."""
    ok("attack", game, "a", "b", "--weapon", "Medium Laser", "--dice", "12,8")
    out = ok("resolve-phase", game, *(("--dice", ",".join(map(str, landing))) if landing else ()), "--json").out
    return json.loads(out)["events"]


def _kinds(events: list[dict]) -> list[str]:
    return [e["kind"] for e in events]


# -- heat sinks --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind, left", [("single", HEAT - 12), ("double", HEAT - 24), ("clan_double", HEAT - 24)])
def test_double_heat_sinks_dissipate_two_each(tmp_path, kind, left):  # EQ-HS-01
    state = weapon_game(gunner("a", "0610", "Medium Laser", heat_sinks=12, heat_sink_type=kind),
                        _target(), phase=_heat_phase())
    state = state.with_unit(changed(state.units["a"], heat=HEAT))
    game = game_from_state(tmp_path / "game.toml", state)
    events = json.loads(ok("resolve-phase", game, "--json").out)["events"]
    heat = next(e for e in events if e["kind"] == "HeatChanged" and e["unit"] == "a")
    assert (heat["after"], heat["sinks"], heat["double"]) == (max(0, left), 12, kind != "single")
    if kind != "single":
        assert "-24 from 12 double sinks" in heat["text"]
    a = report_units(game)["a"]
    assert a["heat"] == max(0, left) and a["heat_sinks"].get("type", "single") == kind
    assert ("12 double heat sinks" in ok("report", game).out) == (kind != "single")


def _heat_phase():
    from btcli.model.state import Phase

    return Phase.HEAT


def test_a_hit_on_any_slot_of_a_double_heat_sink_destroys_that_sink_once(tmp_path):  # EQ-HS-02
    """12 double heat sinks on a 200-rated engine: 8 in the engine, 4 in the left torso's 12 slots (3 each)."""
    state = weapon_game(gunner("a", "0610", "Medium Laser", heat_sinks=12, heat_sink_type="double"), _target(),
                        phase=_heat_phase())
    a = state.units["a"]
    assert a.mech.slots["LT"] == ("heat_sink",) * 12
    for crits, working in (((), 12), (("LT:0",), 11), (("LT:0", "LT:2"), 11), (("LT:0", "LT:2", "LT:3"), 10),
                           (("LT:1", "LT:4", "LT:8", "LT:11"), 8)):
        assert changed(a, crits=crits).working_heat_sinks == working
    state = state.with_unit(changed(a, heat=HEAT, crits=("LT:0", "LT:2", "LT:3")))
    game = game_from_state(tmp_path / "game.toml", state)
    ok("resolve-phase", game)
    a = report_units(game)["a"]
    assert a["heat"] == HEAT - 20 and a["heat_sinks"] == {"total": 12, "working": 10, "type": "double"}
    assert "10 double heat sinks (2 destroyed)" in ok("report", game).out


def test_the_engine_holds_rating_over_25_heat_sinks_of_any_type():  # EQ-HS-03
    from btcli.rules.ground.mechs import engine_heat_sinks

    assert engine_heat_sinks(320, 20) == 12 and engine_heat_sinks(160, 10) == 6 and engine_heat_sinks(300, 10) == 10
    layout = standard_slots([], [], 20, 320, None, BIPED, sink_slots=3)  # 12 in the engine, 8 in 24 slots
    assert sum(items.count("heat_sink") for items in layout.values()) == 24


@needs_corpus
def test_the_awesomes_twenty_double_heat_sinks_are_twelve_in_its_engine_and_eight_in_slots():  # EQ-HS-03, EQ-HS-01
    design = _import("current/megamek/data/mekfiles/meks/3050U/Awesome AWS-9M.mtf")
    assert (design["heat_sinks"], design["heat_sink_type"], design["engine_type"]) == (20, "double", "xl")
    assert sum(items.count("heat_sink") for items in design["slots"].values()) == 24
    assert design["slots"]["LT"][:3] == ["engine"] * 3


# -- engines -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("engine_type, centre, side", [("standard", 6, 0), ("xl", 6, 3), ("clan_xl", 6, 2),
                                                       ("light", 6, 2), ("compact", 3, 0)])
def test_each_engine_fills_its_slots(engine_type, centre, side):  # EQ-ENG-01
    layout = standard_slots([("Medium Laser", "LT", 1)], [], 10, 200, None, BIPED, engine_type)
    assert layout["CT"].count("engine") == centre
    assert layout["LT"][:side + 1] == ("engine",) * side + ("weapon:Medium Laser",)
    assert layout["RT"].count("engine") == side


@pytest.mark.parametrize("change, said", [
    ({"engine_type": "xxl"}, "engine_type must be one of standard, xl, clan_xl, light, compact, fuel_cell, fission, "
                             "steam, battery, solar, not 'xxl'"),  # the last five: a vehicle's, EQ-SV-05
    ({"engine": "ice", "engine_type": "xl"}, "an xl engine is a fusion engine of a 'Mech or vehicle"),
    ({"heat_sink_type": "laser"}, "heat_sink_type must be one of single, double, clan_double, not 'laser'"),
    ({"structure": "endo_composite"}, "structure must be one of standard, endo_steel, clan_endo_steel"),
    ({"armor_type": "reactive"}, "armor_type must be one of standard, ferro_fibrous"),
    ({"case": ["LT", "XX"]}, "case #2 must be one of HD, CT, LT"),
    ({"motive": "quad", "case": ["LA"]}, "case in 'LA', not one of its locations"),
    ({"case": True}, "a 'Mech's case lists the locations that carry it"),
    ({"case": ["LT"], "case_ii": ["LT"]}, "CASE and CASE II both in LT"),
])
def test_check_refuses_a_construction_no_mech_is_built_with(tmp_path, change, said):  # EQ-ENG-01, EQ-CASE-01
    import tomli_w

    from tests.builders import scenario

    path = tmp_path / "scenario.toml"
    path.write_text(tomli_w.dumps(scenario(gunner("a", "0610", "Medium Laser", **change), _target())), encoding="utf-8")
    result = run("check", path)
    assert result.code != 0 and said in result.err, result.err


def test_an_inner_sphere_xl_engine_dies_with_a_side_torso(tmp_path):  # EQ-ENG-02
    game = _game(tmp_path, _target(engine_type="xl"), internal={**_target_internal(), "LT": 1})
    events = _hit_left_torso(game)
    lost = next(e for e in events if e["kind"] == "EngineSlotsLost")
    assert (lost["location"], lost["slots"], lost["hits"]) == ("LT", 3, 3)
    assert "EngineDestroyed" in _kinds(events) and report_units(game)["b"]["destroyed"]


def _target_internal() -> dict[str, int]:
    state = weapon_game(gunner("a", "0610", "Medium Laser"), _target())
    return dict(state.units["b"].internal)


@pytest.mark.parametrize("engine_type", ["clan_xl", "light"])
def test_a_clan_xl_or_light_engine_runs_on_with_two_engine_hits(tmp_path, engine_type):  # EQ-ENG-02
    game = _game(tmp_path, _target(engine_type=engine_type), internal={**_target_internal(), "LT": 1})
    events = _hit_left_torso(game)
    lost = next(e for e in events if e["kind"] == "EngineSlotsLost")
    assert (lost["slots"], lost["hits"]) == (2, 2) and "EngineDestroyed" not in _kinds(events)
    assert "LT takes 2 engine slots with it (2 engine hits in all)" in lost["text"]
    ok("resolve-phase", game)  # physical
    heat = next(e for e in json.loads(ok("resolve-phase", game, "--json").out)["events"]
                if e["kind"] == "HeatChanged" and e["unit"] == "b")
    assert (heat["engine"], heat["after"]) == (10, 10)  # 5 a hit, no heat sinks
    b = report_units(game)["b"]
    assert not b["destroyed"] and b["heat"] == 10
    assert b.get("engine") == {"clan_xl": "Clan XL", "light": "Light"}[engine_type]


def test_the_third_engine_hit_after_a_lost_side_torso_destroys_the_mech():  # EQ-ENG-02
    state = weapon_game(gunner("a", "0610", "Medium Laser"), _target(engine_type="clan_xl"))
    b = state.units["b"]
    b = damage.destroy_location(b, "LT", [])
    assert not b.destroyed
    events: list = []
    b = damage.critical_effect(changed(b, crits=("CT:0",)), "CT", 0, "engine", events, ManualDice([]))
    assert b.destroyed and [type(e).__name__ for e in events] == ["CriticalHit", "EngineDestroyed"]


def test_a_standard_engine_loses_nothing_with_a_side_torso(tmp_path):  # EQ-ENG-02
    game = _game(tmp_path, _target(), internal={**_target_internal(), "LT": 1})
    events = _hit_left_torso(game)
    assert "LocationDestroyed" in _kinds(events) and "EngineSlotsLost" not in _kinds(events)
    assert not report_units(game)["b"]["destroyed"]


# -- Endo Steel, Ferro-Fibrous ----------------------------------------------------------------------------------


@pytest.mark.parametrize("item", ["endo_steel", "ferro_fibrous", "case"])
def test_a_critical_on_endo_steel_or_ferro_fibrous_rolls_again(tmp_path, item):  # EQ-STR-01
    """The left torso: 6 slots of ``item``, then a Medium Laser. The slot roll lands on slot 1 (rolls again),
    then on slot 7, the laser."""
    state = weapon_game(gunner("a", "0610", "Medium Laser"), _target())
    b = state.units["b"]
    slots = dict(b.mech.slots)
    slots["LT"] = (item,) * 6 + ("weapon:Medium Laser",) + ("",) * 5
    weapons = tuple(m if m.location != "RT" else changed(m, location="LT") for m in b.weapons)
    b = changed(b, slots=slots, weapons=weapons, armor={**b.armor, "LT": 0})
    game = game_from_state(tmp_path / "game.toml", state.with_unit(b))
    events = _hit_left_torso(game, 8, 1, 1, 4, 1)  # 1 critical; half 1-3, slot 1; half 4-6, slot 1 (7)
    crit = next(e for e in events if e["kind"] == "CriticalHit")
    assert (crit["item"], crit["slot"]) == ("weapon:Medium Laser", 7)
    assert report_units(game)["b"]["weapon_states"][0]["state"] == "destroyed"


def test_a_location_of_only_roll_again_slots_finds_nothing(tmp_path):  # EQ-STR-01
    state = weapon_game(gunner("a", "0610", "Medium Laser"), _target())
    b = state.units["b"]
    b = changed(b, slots={**b.mech.slots, "LT": ("endo_steel",) * 6 + ("ferro_fibrous",) * 6}, armor={**b.armor, "LT": 0})
    game = game_from_state(tmp_path / "game.toml", state.with_unit(b))
    assert "CriticalFindsNothing" in _kinds(_hit_left_torso(game, 8))


def test_endo_steel_and_ferro_fibrous_fill_a_derived_layout():  # EQ-STR-01
    layout = standard_slots([], [], 10, 200, None, BIPED, spread=("endo_steel", "clan_ferro_fibrous"))
    items = [i for loc in layout.values() for i in loc]
    assert items.count("endo_steel") == 14 and items.count("ferro_fibrous") == 7


# -- CASE --------------------------------------------------------------------------------------------------------

CONSCIOUS = [12, 12]  # the MechWarrior's consciousness rolls after each of the explosion's 2 hits (tables.md 15)
AC5_BIN = {"weapon": "AC/5", "location": "LT", "shots": 20}  # 20 x 5 = 100 damage when it explodes


@pytest.mark.parametrize("case", [False, True])
def test_case_stops_an_ammunition_explosion_at_its_location(tmp_path, case):  # EQ-CASE-01
    keys = {"case": ["LT"]} if case else {}
    game = _game(tmp_path, _target(ammo=[AC5_BIN], **keys))
    events = _hit_left_torso(game, 8, 1, 1, *(CONSCIOUS if case else ()))  # 1 critical: slot 1, the ammunition
    assert "AmmoExploded" in _kinds(events)
    b = report_units(game)["b"]
    assert b["pilot_hits"] == 2  # CASE or not (Server.java:28096: 1 only under an optional rule)
    assert b["internal"]["LT"] == 0 and b["internal"]["LA"] == 0
    if case:
        contained = next(e for e in events if e["kind"] == "CASEContained")
        assert contained["location"] == "LT" and contained["amount"] == 100 - (_target_internal()["LT"] - 5)
        assert b["internal"]["CT"] == _target_internal()["CT"] and not b["destroyed"]
    else:
        assert "CASEContained" not in _kinds(events) and b["destroyed"]


def test_case_does_not_save_an_inner_sphere_xl_engine(tmp_path):  # EQ-CASE-01, EQ-ENG-02
    game = _game(tmp_path, _target(ammo=[AC5_BIN], case=["LT"], engine_type="xl"))
    events = _hit_left_torso(game, 8, 1, 4)  # 1 critical: slot 4, the ammunition (1-3: the engine)
    assert "EngineDestroyed" in _kinds(events) and report_units(game)["b"]["destroyed"]


def test_case_stops_a_gauss_rifle_explosion_too(tmp_path):  # EQ-CASE-01
    state = weapon_game(gunner("a", "0610", "Medium Laser"),
                        _target(weapons=[{"name": "Gauss Rifle", "location": "LT"}], case=["LT"]))
    b = state.units["b"]
    internal = {**b.internal, "LT": 12}
    game = game_from_state(tmp_path / "game.toml", state.with_unit(changed(b, armor={**b.armor, "LT": 0},
                                                                           internal=internal)))
    events = _hit_left_torso(game, 8, 1, 1, *CONSCIOUS)  # the Gauss rifle's first slot: it explodes for 20
    assert "WeaponExploded" in _kinds(events)
    contained = next(e for e in events if e["kind"] == "CASEContained")
    assert contained["amount"] == 20 - (12 - 5)
    b = report_units(game)["b"]
    assert b["pilot_hits"] == 2 and not b["destroyed"] and b["internal"]["CT"] == _target_internal()["CT"]


@needs_corpus
def test_a_clan_mech_has_case_wherever_it_carries_explosive_ammunition():  # EQ-CASE-02
    design = _import("2021/megamek/data/mechfiles/mechs/3050U/Vulture (Mad Dog) Prime.mtf")
    assert design["case"] == ["LT", "RT"] and "case" not in design["slots"]["LT"]
    assert (design["engine_type"], design["heat_sink_type"], design["armor_type"]) == ("clan_xl", "clan_double",
                                                                                      "clan_ferro_fibrous")
    inner = _import("2021/megamek/data/mechfiles/mechs/3050U/Quickdraw QKD-8K.mtf")  # IS CASE takes its slot
    assert inner["case"] == ["RT"] and "case" in inner["slots"]["RT"]
    assert (inner["structure"], inner["armor_type"]) == ("endo_steel", "ferro_fibrous")


@pytest.mark.parametrize("roll, critical", [(6, True), (8, False)])
def test_case_ii_vents_an_explosion(tmp_path, roll, critical):  # EQ-CASE-03
    game = _game(tmp_path, _target(ammo=[AC5_BIN], case_ii=["LT"]))
    internal = _target_internal()["LT"]
    landing = [8, 1, 1, roll] + ([7] if critical else []) + CONSCIOUS  # the ammunition; CASE II's 2D6
    events = _hit_left_torso(game, *landing)
    vented = next(e for e in events if e["kind"] == "CASEIIVented")
    assert (vented["prevented"], vented["into"], vented["armor"], vented["stripped"]) == (99, 1, "LTR", 4)
    assert vented["no_critical"] is (not critical)
    b = report_units(game)["b"]
    assert b["internal"]["LT"] == internal - 5 - 1 and b["armor"]["LTR"] == 0 and not b["destroyed"]
    assert b["pilot_hits"] == 2
    assert ("critical check" in " ".join(e.get("text", "") for e in events)) or not critical


def test_case_ii_in_a_limb_strips_at_most_half_its_original_armor():  # EQ-CASE-03
    from btcli.rules.ground import construction

    state = weapon_game(gunner("a", "0610", "Medium Laser"), _target(case_ii=["LA"]))
    b = state.units["b"]
    assert construction.case_ii_armor(b, "LA", 99, None) == ("LA", 8)  # 16 armor: half is 8
    assert construction.case_ii_armor(b, "LT", 3, "LTR") == ("LTR", 3)


# -- MegaMek's files -----------------------------------------------------------------------------------------------


def _import(path: str) -> dict:
    from btcli.megamek import mtf
    from btcli.megamek.notes import Notes

    text = (corpus.CORPUS / path).read_text(encoding="latin-1")
    notes = Notes(path)
    design = mtf.read(text, notes)
    assert not notes.problems, [p.text for p in notes.problems]  # exact
    return design


@needs_corpus
def test_a_clan_omnimech_from_megamek_plays_its_construction(tmp_path):  # EQ-HS-01, EQ-ENG-02, EQ-STR-01
    """The Mad Cat (Timber Wolf) Prime: Clan XL, 17 Clan double heat sinks (15 in the engine), Clan Endo Steel,
    Clan Ferro-Fibrous, Clan CASE; imported straight from MegaMek's file, it loses its left torso and runs on."""
    path = corpus.CORPUS / "current/megamek/data/mekfiles/meks/3050U/Mad Cat (Timber Wolf) Prime.mtf"
    scenario = tmp_path / "scenario.toml"
    a = {"id": "a", "side": "red", "kind": "mech", "tons": 50, "walk": 4,
         "armor": {"HD": 9, "CT": 20, "CTR": 5, "LT": 16, "LTR": 4, "RT": 16, "RTR": 4, "LA": 12, "RA": 12, "LL": 16,
                   "RL": 16},
         "weapons": [{"name": "Medium Laser", "location": "RT"}], "position": "0610"}
    b = {"id": "b", "side": "blue", "design": f"mtf:{path}", "position": "0609", "facing": "S"}
    scenario.write_text(tomli_w.dumps(builders.scenario(a, b, width=12, height=12)), encoding="utf-8")
    game = tmp_path / "game.toml"
    ok("init", scenario, "-o", game, "--seed", "1")
    b = report_units(game)["b"]
    assert b["engine"] == "Clan XL" and b["heat_sinks"] == {"total": 17, "working": 17, "type": "clan_double"}
    assert b["construction"] == {"structure": "clan_endo_steel", "armor_type": "clan_ferro_fibrous",
                                 "case": ["LT", "RT"]}
    assert "Clan XL engine" in ok("report", game).out


@pytest.mark.parametrize("code, clan, engine_type", [(2, "", "xl"), (2, "<clan_engine>\ntrue\n</clan_engine>\n", "clan_xl"),
                                                     (4, "", "light"), (5, "", "compact")])
def test_a_vehicles_engine_type_is_read_and_kept_and_plays_as_fusion(tmp_path, code, clan, engine_type):  # EQ-ENG-03
    from tests.megamek.helpers import DATA

    text = (DATA / "vehicles" / "Scorpion Light Tank.blk").read_text(encoding="utf-8")
    path = tmp_path / "scorpion.blk"
    path.write_text(text.replace("<engine_type>\n1\n</engine_type>", f"<engine_type>\n{code}\n</engine_type>\n{clan}"),
                    encoding="utf-8")
    entry = json.loads(ok("import", path, "--json").out)["entry"]  # exact: nothing left out
    assert (entry["engine"], entry["engine_type"]) == ("fusion", engine_type)
    state = weapon_game(gunner("a", "0610", "Medium Laser"), {**entry, "id": "s", "side": "blue", "position": "0609"})
    assert state.units["s"].engine_type == engine_type and state.units["s"].engine == "fusion"
    game = game_from_state(tmp_path / "game.toml", state)
    assert report_units(game)["s"]["engine"] == {"xl": "XL", "clan_xl": "Clan XL", "light": "Light",
                                            "compact": "Compact"}[engine_type]

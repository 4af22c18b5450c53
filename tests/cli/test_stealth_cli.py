"""Stealth armor played from the command line with forced dice (issue #31, part "industrial"; docs/equipment-rules.md
EQ-STEALTH-01..05): imported with its ECM suite, switched on in the End Phase (``resolve-phase --stealth UNIT=on``),
+1 and +2 to hit at medium and long range, 10 heat a turn, its ECM suite making no bubble, off with the suite.

The attacker 'a' (a 50-ton 'Mech with a Medium Laser: 3/6/9 hexes) stands in 0610 facing north; the stealthy 'b'
(an ECM suite in its centre torso) straight ahead, facing south.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from btcli.megamek import mtf
from btcli.megamek.notes import Notes
from btcli.model.state import Phase, evolve
from btcli.rules.core import fire_control, stealth
from tests.builders import changed, design, gunner, scenario_text, weapon_game
from tests.cli.helpers import game_from_state, json_events, ok, report_units, run
from tests.megamek import corpus

needs_corpus = pytest.mark.skipif(not corpus.present(), reason=f"MegaMek's files are not at {corpus.CORPUS}")
RAIJIN = "2021/megamek/data/mechfiles/mechs/3055U/Raijin II RJN-200-B.mtf"  # Stealth, Guardian ECM in the RT


def _stealthy(at: str = "0606", **keys) -> dict:
    return gunner("b", at, "Medium Laser", facing="S", side="blue", armor_type="stealth", **{"ecm": "CT", **keys})


def _game(tmp_path, at: str = "0606", on: bool = True, phase: Phase = Phase.WEAPON, **keys) -> Path:
    state = weapon_game(gunner("a", "0610", "Medium Laser", heat_sinks=0), _stealthy(at, **keys), phase=phase)
    state = state.with_unit(changed(state.units["b"], stealth_on=on))
    return game_from_state(tmp_path / "game.toml", state)


# -- EQ-STEALTH-01: the armor and its ECM suite ---------------------------------------------------------------------


@needs_corpus
def test_megameks_stealth_mech_imports_its_armor_slots_and_ecm_suite():  # EQ-STEALTH-01
    path = corpus.CORPUS / RAIJIN
    design_ = mtf.read(path.read_text(encoding="utf-8"), Notes(path.name, lenient=True))
    assert (design_["armor_type"], design_["ecm"]) == ("stealth", "RT")
    counts = {loc: items.count("stealth") for loc, items in design_["slots"].items()}
    assert counts == {"HD": 0, "CT": 0, "LT": 2, "RT": 2, "LA": 2, "RA": 2, "LL": 2, "RL": 2}


def test_stealth_armor_without_an_ecm_suite_is_refused(tmp_path):  # EQ-STEALTH-01
    scenario = tmp_path / "s.toml"
    scenario.write_text(scenario_text(gunner("b", "0402", "Medium Laser", side="blue"),
                                      gunner("a", "0405", "Medium Laser", armor_type="stealth"), width=8, height=8),
                        encoding="utf-8")
    result = run("check", scenario)
    assert result.code != 0 and "stealth armor needs an ECM suite" in result.err


@needs_corpus
def test_a_stealth_file_without_an_ecm_suite_btcli_plays_is_noted():  # EQ-STEALTH-01
    """The Raijin II with its Guardian ECM suite's slots emptied: noted, read as standard armor."""
    path = corpus.CORPUS / RAIJIN
    text = path.read_text(encoding="utf-8").replace("ISGuardianECMSuite", "-Empty-")
    notes = Notes(path.name, lenient=True)
    design_ = mtf.read(text, notes)
    assert "armor_type" not in design_ and "armor: Stealth" in [p.key for p in notes.problems]


def test_a_derived_layout_gives_stealth_armor_two_slots_a_location():  # EQ-STEALTH-01
    unit = weapon_game(_stealthy()).units["b"]
    assert {loc: items.count("stealth") for loc, items in unit.built.slots.items()} == \
        {"HD": 0, "CT": 0, "LT": 2, "RT": 2, "LA": 2, "RA": 2, "LL": 2, "RL": 2}


# -- EQ-STEALTH-02: switched in the End Phase --------------------------------------------------------------------


def test_stealth_is_switched_on_as_the_end_phase_closes_for_the_next_turn(tmp_path):  # EQ-STEALTH-02
    game = _game(tmp_path, on=False, phase=Phase.END)
    result = run("resolve-phase", game, "--stealth", "B=maybe")
    assert result.code != 0 and "give UNIT=on or UNIT=off" in result.err
    assert "has no stealth armor" in run("resolve-phase", game, "--stealth", "a=on").err
    events = json_events(ok("resolve-phase", game, "--stealth", "B=on", "--json"))  # the id as the game spells it
    assert events[0] == {"kind": "StealthSwitched", "unit": "b", "on": True, "rule": "EQ-STEALTH-02",
                         "text": "b switches its stealth armor on for the next turn (10 heat a turn; its ECM suite "
                                 "makes no bubble)"}
    assert report_units(game)["b"]["stealth"] == "working"
    assert "stealth armor on" in ok("report", game).out
    ok("resolve-phase", game, "--dice", "3,4")  # initiative: the next turn
    assert "in the End Phase" in run("resolve-phase", game, "--stealth", "b=off").err
    assert "hashes match" in ok("verify", game).out


def test_stealth_stays_off_with_its_ecm_suite_destroyed(tmp_path):  # EQ-STEALTH-02
    state = weapon_game(gunner("a", "0610", "Medium Laser"), _stealthy(ecm="LA"), phase=Phase.END)
    b = state.units["b"]
    state = state.with_unit(changed(b, internal={**b.internal, "LA": 0}))  # the suite goes with its arm
    game = game_from_state(tmp_path / "hit.toml", state)
    assert "ECM suite is destroyed" in run("resolve-phase", game, "--stealth", "b=on").err
    switched_on = state.with_unit(changed(state.units["b"], stealth_on=True))
    assert not stealth.on(switched_on.units["b"]) and stealth.heat(switched_on.units["b"]) == 0


def test_options_say_when_and_how_stealth_is_switched(tmp_path):  # EQ-STEALTH-02
    game = _game(tmp_path, on=False)
    assert "stealth armor off: switch it in the End Phase, for the next turn (resolve-phase --stealth b=on)" in \
        ok("options", game, "b").out
    assert json.loads(ok("options", game, "b", "--json").out)["stealth"] == {
        "on": False, "active": False, "may_switch_on": True, "switch_now": False,
        "order": "resolve-phase --stealth b=on"}
    assert "stealth" not in json.loads(ok("options", game, "a", "--json").out)
    assert "stealth armor" not in ok("options", game, "a").out
    end_state = weapon_game(gunner("a", "0610", "Medium Laser"), _stealthy(), phase=Phase.END)
    end = game_from_state(tmp_path / "end.toml", end_state.with_unit(changed(end_state.units["b"], stealth_on=True)))
    assert "stealth armor on: switch it as this End Phase closes (resolve-phase --stealth b=off)" in \
        ok("options", end, "b").out
    shown = json.loads(ok("options", end, "b", "--json").out)["stealth"]
    assert (shown["on"], shown["active"], shown["switch_now"]) == (True, True, True)


def test_options_say_stealth_stays_off_with_its_ecm_suite_destroyed(tmp_path):  # EQ-STEALTH-02
    state = weapon_game(gunner("a", "0610", "Medium Laser"), _stealthy(ecm="LA"))
    b = state.units["b"]
    game = game_from_state(tmp_path / "hit.toml", state.with_unit(changed(b, internal={**b.internal, "LA": 0})))
    assert "stealth armor off: its ECM suite is destroyed, so it stays off" in ok("options", game, "b").out
    assert json.loads(ok("options", game, "b", "--json").out)["stealth"]["may_switch_on"] is False


# -- EQ-STEALTH-03: the to-hit modifiers -----------------------------------------------------------------------------


@pytest.mark.parametrize("at, bracket, extra", [("0608", "short", 0), ("0606", "medium", 1), ("0603", "long", 2)])
def test_stealth_adds_one_at_medium_and_two_at_long_range(tmp_path, at, bracket, extra):  # EQ-STEALTH-03
    game = _game(tmp_path, at)
    preview = ok("attack", game, "a", "b", "--weapon", "Medium Laser", "--dry-run").out
    assert (f"stealth armor ({bracket} range)" in preview) == bool(extra)
    entry = json.loads(ok("attack", game, "a", "b", "--weapon", "Medium Laser", "--dice", "12,7", "--json").out)
    hit = entry["events"][0]
    assert hit["kind"] == "WeaponHit" and hit["to_hit"] == 4 + {"short": 0, "medium": 2, "long": 4}[bracket] + extra


def test_stealth_switched_off_or_shut_down_adds_nothing(tmp_path):  # EQ-STEALTH-03
    game = _game(tmp_path, "0603", on=False)
    assert "stealth armor" not in ok("attack", game, "a", "b", "--weapon", "Medium Laser", "--dry-run").out
    state = weapon_game(gunner("a", "0610", "Medium Laser"), _stealthy("0603"))
    shut = changed(state.units["b"], stealth_on=True, shutdown=True)
    assert stealth.on(shut) and not stealth.active(shut) and stealth.to_hit(shut, "long", False) == []


def test_a_working_stealth_mech_is_never_a_secondary_target(tmp_path):  # EQ-STEALTH-03
    state = weapon_game(gunner("a", "0610", "Medium Laser", weapons=[{"name": "Medium Laser", "location": "RT"},
                                                                     {"name": "Medium Laser", "location": "LT"}]),
                        _stealthy("0607"), gunner("c", "0608", "Medium Laser", facing="S", side="blue"))
    state = state.with_unit(changed(state.units["b"], stealth_on=True))
    game = game_from_state(tmp_path / "game.toml", state)
    ok("attack", game, "a", "c", "--weapon", "Medium Laser@RT", "--dice", "12,7")
    result = run("attack", game, "a", "b", "--weapon", "Medium Laser@LT", "--dice", "12,7")
    assert result.code != 0 and "may not be a secondary target" in result.err


def test_its_own_artemis_loses_its_bonus_while_stealth_works():  # EQ-STEALTH-03
    a = gunner("a", "0610", "LRM-10", ammo=[{"weapon": "LRM-10", "location": "LT", "shots": 12}],
               armor_type="stealth", ecm="CT", weapons=[{"name": "LRM-10", "location": "RT", "artemis": True}])
    state = weapon_game(a, gunner("b", "0603", "Medium Laser", facing="S", side="blue"))
    on = changed(state.units["a"], stealth_on=True)
    mods, lost = fire_control.cluster_modifiers(state.with_unit(on), on, 0, "artemis", state.units["b"])
    assert (mods, lost) == ([], [("Artemis IV", "its own stealth armor")])
    mods, lost = fire_control.cluster_modifiers(state, state.units["a"], 0, "artemis", state.units["b"])
    assert mods == [("Artemis IV", 2)]


# -- EQ-STEALTH-04: heat -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("on, heat", [(True, 10), (False, 0)])
def test_stealth_switched_on_makes_ten_heat_a_turn(tmp_path, on, heat):  # EQ-STEALTH-04
    game = _game(tmp_path, on=on, phase=Phase.HEAT, heat_sinks=0)
    events = json_events(ok("resolve-phase", game, "--json"))
    changed_ = next(e for e in events if e["kind"] == "HeatChanged" and e["unit"] == "b")
    assert (changed_["stealth"], changed_["after"]) == (heat, heat)
    assert ("+10 stealth armor" in changed_["text"]) == on


# -- EQ-STEALTH-05: no ECM bubble -------------------------------------------------------------------------------------


def test_its_ecm_suite_makes_no_bubble_while_stealth_is_on():  # EQ-STEALTH-05
    state = weapon_game(gunner("a", "0610", "Medium Laser"), _stealthy("0606"))
    b = state.units["b"]
    assert fire_control.ecm_working(b) and fire_control.ecm_affects(state, "red", [b.hex]) == "b"
    on = state.with_unit(changed(b, stealth_on=True))
    assert not fire_control.ecm_working(on.units["b"]) and fire_control.ecm_affects(on, "red", [b.hex]) == ""


@needs_corpus
def test_megameks_raijin_ii_plays_its_stealth_armor(tmp_path):  # EQ-STEALTH-02, EQ-STEALTH-03, EQ-STEALTH-04
    """The Raijin II RJN-200-B (stealth armor, a Guardian ECM suite; its C3i left out) from MegaMek's file: switched
    on in the End Phase, it makes 10 heat and a Medium Laser at long range rolls against +2 more."""
    path = corpus.CORPUS / RAIJIN
    raijin = mtf.read(path.read_text(encoding="utf-8"), Notes(path.name, lenient=True))
    state = weapon_game(gunner("a", "0610", "Medium Laser"), design(raijin, "b", at="0603", facing="S", side="blue"),
                        phase=Phase.END)
    game = game_from_state(tmp_path / "game.toml", state)
    ok("resolve-phase", game, "--stealth", "b=on")
    assert report_units(game)["b"]["stealth"] == "working"
    assert "hashes match" in ok("verify", game).out
    fired = evolve(state.with_unit(changed(state.units["b"], stealth_on=True)), phase=Phase.WEAPON)
    game = game_from_state(tmp_path / "fired.toml", fired)
    preview = ok("attack", game, "a", "b", "--weapon", "Medium Laser", "--dry-run").out
    assert "stealth armor (long range)       +2" in preview and "to-hit 10" in preview
    heat = game_from_state(tmp_path / "heat.toml", evolve(fired, phase=Phase.HEAT))
    events = json_events(ok("resolve-phase", heat, "--json"))
    assert next(e for e in events if e["kind"] == "HeatChanged" and e["unit"] == "b")["stealth"] == 10

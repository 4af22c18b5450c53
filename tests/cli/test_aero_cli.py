"""Aerospace games from the command line (issue #13): init from a scenario with space and low-altitude
maps, and the one-line errors for bad aerospace scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import assert_refused, init_game, ok, run

SCENARIO = Path(__file__).with_name("aero-scenario.toml")  # scenarios/orbital-descent.toml once it is playable


def test_orbital_descent_starts_and_verifies(tmp_path):  # AERO-ATM-01, AMB-56
    game = init_game(tmp_path, SCENARIO)
    assert "ok: 1 entries replayed" in ok("verify", game).out


def test_a_conventional_fighter_in_space_is_a_one_line_error(tmp_path):  # AERO-GEN-03
    text = SCENARIO.read_text().replace('design = "Battle Taxi NL-42"', 'design = "Light Strike Fighter Angel"')
    (tmp_path / "bad.toml").write_text(text)
    result = run("init", tmp_path / "bad.toml", "-o", tmp_path / "game.toml")
    assert result.code == 4 and result.err.count("\n") == 1
    assert result.err == ("Error: unit 'taxi': 'Light Strike Fighter Angel' cannot be placed in 0910: conventional "
                          "fighters fly only in the ground row and atmosphere row 1 (AERO-GEN-03)\n")
    assert not (tmp_path / "game.toml").exists()


def aero_phase(tmp_path) -> Path:
    """A game in turn 1's aerospace movement phase (the ground 'Mechs stood still)."""
    game = init_game(tmp_path, SCENARIO)
    for args in (("resolve-phase",), ("move", "commando", "--mode", "stand"), ("move", "hunchback", "--mode", "stand"),
                 ("resolve-phase",)):
        ok(args[0], game, *args[1:], "-q")
    return game


def test_move_flies_a_step_string_and_logs_its_canonical_form(tmp_path):  # AERO-GEN-02, AERO-MOVE-01
    game = aero_phase(tmp_path)
    result = ok("move", game, "angel", "--mode", "max", "--path", "2+ F F L F L F F")
    assert result.out.splitlines()[0] == ("angel flies + + F F L F L F F on low: 0808 -> 0507 facing SW, altitude 5, "
                                          "velocity 5 (next turn 5), thrust 6 (moved)")
    assert 'command = "move angel --mode max --path=+,+,F,F,L,F,L,F,F"' in game.read_text()
    assert "hashes match" in ok("verify", game).out
    report = ok("report", game).unwrapped
    assert ("angel: low 0507 altitude 5 (low altitude) facing SW, velocity 5, thrust left 9/15 (safe 10), in control; "
            "SI 10/10, nose 2/2 left 2/2 right 2/2 aft 2/2") in report
    assert "map space (space map 20x20, planet to the west): corsair-1, corsair-2, taxi" in report


def test_dry_run_shows_each_steps_thrust_and_rolls_nothing(tmp_path):  # AERO-MOVE-05, 13
    game = aero_phase(tmp_path)
    before = game.read_bytes()
    out = ok("move", game, "angel", "--mode", "safe", "--path", "+ F F L F F", "--dry-run").out.splitlines()
    assert out[:2] == ["step 1 +: thrust 1", "step 2 F: thrust 0"] and out[3] == "step 4 L: thrust 2"
    assert out[-1].startswith("total thrust 3; velocity 4, next turn 4; ends")
    assert game.read_bytes() == before


@pytest.mark.parametrize("path, mode, code, message", [
    ("F F X", "safe", 2, "bad aerospace step 'X'"),
    ("L F F F", "safe", 3, "advances a hex before each facing change (AERO-MOVE-15)"),
    ("F F", "safe", 3, "must fly 3 hexes at velocity 3, the path flies 2 (AERO-LALT-02)"),
    ("6+ F L F L F L F L 5F", "max", 3, "would spend 22 thrust; its maximum thrust is 15 (AERO-MOVE-04)"),
    ("+ F F F F", "warp", 2, "--mode safe or --mode max"),
])
def test_a_bad_move_is_one_line_naming_the_rule_and_leaves_the_game(tmp_path, path, mode, code, message):
    game = aero_phase(tmp_path)
    assert_refused(game, code, "move", game, "angel", "--mode", mode, "--path", path, contains=message)


def test_a_flier_does_not_move_with_the_ground_units(tmp_path):  # TURN-01
    game = init_game(tmp_path, SCENARIO)
    ok("resolve-phase", game, "-q")
    assert_refused(game, 3, "move", game, "angel", "--mode", "safe", "--path", "F F F",
                   contains="moves in the aerospace movement phase, after the ground units (TURN-01)")


def test_report_map_draws_each_aerospace_map_beside_the_ground_board(tmp_path):
    game = aero_phase(tmp_path)
    ok("report", game, "--map", tmp_path / "m.svg")
    assert (tmp_path / "m.svg").exists()
    assert "map space" in (tmp_path / "m.space.svg").read_text() and "angel" in (tmp_path / "m.low.svg").read_text()


def test_a_bad_gravity_choice_is_one_line_and_leaves_the_game(tmp_path):  # AMB-54, AERO-GRAV-02
    game = aero_phase(tmp_path)
    assert_refused(game, 2, "resolve-phase", game, "--gravity", "taxi", contains="give UNIT=HEX")
    assert_refused(game, 3, "resolve-phase", game, "--gravity", "taxi=0610",
                   contains="--gravity is given when the End Phase of a space turn (6, 12, ...) is resolved (AMB-54)")


def test_an_out_of_control_fighter_rolls_to_regain_control_then_is_given_its_path(tmp_path):  # tables.md 9.4
    from btcli.model.frozen import evolve
    from btcli.model.state import Phase
    from btcli.rules.aero import phases as aero_phases
    from tests.builders import aero_game, flier
    from tests.cli.helpers import game_from_state

    state = aero_game(flier(at="1010", facing="N", velocity=2), phase=Phase.SPACE_MOVEMENT, turn=6)
    state = evolve(state, initiative=("red", "blue"))
    state = evolve(state, move_order=aero_phases.draw_slots(state, Phase.SPACE_MOVEMENT))
    lost = state.units["f1"]
    game = game_from_state(tmp_path / "game.toml",
                           state.with_unit(evolve(lost, aero=evolve(lost.aero, out_of_control=True))))
    assert_refused(game, 3, "move", game, "f1", "--mode", "safe", "--path", "F F", contains="out of control: give it no path")
    dry = ok("move", game, "f1", "--mode", "safe", "--dry-run").out
    assert "roll before the move: control roll: regain control, 5+ (tables.md 9.4)" in dry
    assert ok("move", game, "f1", "--mode", "safe", "--dice", "6").out.startswith("f1 regains control (6 vs 5)")
    out = ok("move", game, "f1", "--mode", "safe", "--path", "F R F").out
    assert out.startswith("f1 flies F R F on space: 1010 -> 1109")
    assert "hashes match" in ok("verify", game).out


def test_resolve_phase_arrive_names_the_hex_a_unit_enters_its_new_map_by(tmp_path):  # AMB-56, TURN-07
    from btcli.model.frozen import evolve
    from btcli.model.state import Phase
    from tests.builders import aero_game, flier
    from tests.cli.helpers import game_from_state

    state = evolve(aero_game(flier(at="0210", facing="N", velocity=0)), phase=Phase.END, turn=6)
    game = game_from_state(tmp_path / "game.toml", state)
    assert_refused(game, 3, "resolve-phase", game, "--arrive", "f1=0317", contains="not on its way to another map")
    ok("resolve-phase", game, "-q")  # gravity pulls f1 into 0110, over the low-altitude map
    assert_refused(game, 3, "resolve-phase", game, "--arrive", "f1=0909", contains="(AMB-56)")
    ok("resolve-phase", game, "--arrive", "f1=0317", "--dice", "2,12", "-q")
    assert 'command = "resolve-phase --arrive f1=0317 --dice 2,12"' in game.read_text()
    assert "in transit to low by 0317, arrives turn 7" in ok("report", game).unwrapped  # off the space map (TURN-07)
    for args in (("move", "g-red", "--mode", "stand"), ("move", "g-blue", "--mode", "stand")):
        ok(args[0], game, *args[1:], "-q")
    assert "f1 arrives on low-altitude map 'low' at 0317, altitude 10" in ok("resolve-phase", game).out
    assert "hashes match" in ok("verify", game).out


AIRSHIP = '''
[[units]]
id = "blimp"
side = "kurita"
kind = "aero"                 # the record sheet inline: no airship is in btcli/catalog/aero.toml
name = "Survey Airship"
class = "airship"
shape = "aerodyne"
tons = 100
safe_thrust = 3
max_thrust = 5
structural_integrity = 4
armor = { nose = 10, left = 8, right = 8, aft = 6 }
map = "low"
position = "1010"
facing = "N"
velocity = 2
altitude = 10
'''


def test_an_inline_airship_plays_the_airship_rules_from_the_cli(tmp_path):  # AERO-LALT-11, AMB-30, AMB-18
    game = init_game(tmp_path, SCENARIO.read_text() + AIRSHIP)
    for args in (("resolve-phase",), ("move", "commando", "--mode", "stand"), ("move", "hunchback", "--mode", "stand"),
                 ("resolve-phase",)):
        ok(args[0], game, *args[1:], "-q")
    assert "blimp: low 1010 altitude 10 (low altitude) facing N, velocity 2" in ok("report", game).unwrapped
    assert_refused(game, 3, "move", game, "angel", "--mode", "safe", "--path", "3F", contains="small craft subphase")
    out = ok("move", game, "blimp", "--mode", "safe", "--path", "A F F", "--dice", "3,2").out
    assert "blimp: airships may not climb into the high-altitude map: stays at altitude 10" in out
    assert "blimp: out of control (failed by 4)" in out and "blimp: loses 2 altitude, now 8" in out
    assert "hashes match" in ok("verify", game).out


def test_an_inline_aerospace_design_with_a_bad_field_is_one_line(tmp_path):
    (tmp_path / "bad.toml").write_text(SCENARIO.read_text() + AIRSHIP.replace("max_thrust = 5", "max_thrust = 6"))
    result = run("init", tmp_path / "bad.toml", "-o", tmp_path / "game.toml")
    assert result.code == 4 and result.err == (
        "Error: unit 'blimp': 'Survey Airship'.max_thrust: 6 is not 1.5 x safe thrust 3, rounded up (5)\n")
    assert not (tmp_path / "game.toml").exists()


def test_report_map_draws_this_turns_flight_path(tmp_path):  # issue #14: the flight path on the SVG
    game = aero_phase(tmp_path)
    ok("move", game, "angel", "--mode", "safe", "--path", "F F F", "-q")
    ok("report", game, "--map", tmp_path / "m.svg")
    low = (tmp_path / "m.low.svg").read_text()
    assert "<title>angel flight path</title>" in low and low.count("<polyline") == 1
    assert "<polyline" not in (tmp_path / "m.space.svg").read_text()


def test_report_map_draws_landed_aircraft_and_wrecks_on_the_ground_board(tmp_path):  # issue #14
    from btcli.model.frozen import evolve
    from btcli.model.orders import MoveOrder
    from tests.builders import run as engine_run
    from tests.cli.helpers import game_from_state
    from tests.rules.test_aero_landing import LAND_HERE, over_board, phase_game

    state, _, _ = engine_run(phase_game(over_board()), MoveOrder("f1", "safe", LAND_HERE), [7])
    game = game_from_state(tmp_path / "game.toml", state)
    ok("report", game, "--map", tmp_path / "m.svg")
    assert "<title>f1: landed aircraft " in (tmp_path / "m.svg").read_text()
    assert "f1: ground 0713 facing N, velocity 0, thrust left 9/9 (safe 6), landed;" in ok("report", game).unwrapped
    wrecked = game_from_state(tmp_path / "wreck.toml", state.with_unit(evolve(state.units["f1"], destroyed=True)))
    ok("report", wrecked, "--map", tmp_path / "w.svg")
    assert "<title>f1: wreck of a crashed aircraft; " in (tmp_path / "w.svg").read_text()


def test_a_landing_on_woods_is_one_line_naming_the_rule_and_leaves_the_game(tmp_path):  # issue #14, TW p.87
    from tests.cli.helpers import game_from_state
    from tests.rules.test_aero_landing import over_board, phase_game

    game = game_from_state(tmp_path / "game.toml", phase_game(over_board(), hexes={"0716": {"terrain": "heavy_woods"}}))
    assert_refused(game, 3, "move", game, "f1", "--mode", "safe", "--path", "F D LAND:0720",
                   contains="cannot land on heavy woods in 0716: a landing needs clear or paved hexes (TW p.87 landing")
    assert "f1 lands on a 8-hex strip at 0520" in ok("move", game, "f1", "--mode", "safe", "--path", "F D LAND:0520",
                                                     "--dice", "7").out
    assert "hashes match" in ok("verify", game).out

"""CLI conventions and messages (issue #15), each through the real command line: --version, -h, completion,
--debug in --help, the step codes in move --help, unit ids, scenarios by name, no lock files, the exit code
of every wrong-phase order, and refusals of what is certainly a mistake."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import btcli
from btcli.model.frozen import evolve
from btcli.model.orders import STEP_CODES as GROUND_STEPS
from btcli.rules.aero.movement import STEP_CODES as AERO_STEPS
from tests.builders import at, building, design, game, hunchback, put, weapon_game
from tests.cli.helpers import assert_refused, game_from_state, init_game, ok, run


@pytest.fixture
def moving(tmp_path, crossroads) -> Path:
    """Crossroads in the movement phase of turn 1: red (wasp at 0616 facing N, ...) moves first."""
    path = init_game(tmp_path, crossroads, "--seed", "7")
    ok("resolve-phase", path, "--dice", "8,5")
    return path


# -- 1. --version, -h, completion, --debug --------------------------------------------------------------------


def test_version_prints_the_package_version():
    assert ok("--version").out == f"btcli {btcli.__version__}\n"


@pytest.mark.parametrize("command", [[], ["move"], ["attack"], ["init"], ["report"], ["scenarios"], ["demo"]])
def test_dash_h_is_help_everywhere(command):
    assert ok(*command, "-h").out == ok(*command, "--help").out
    assert ok(*command, "-h").out.startswith("Usage: btcli")


def test_help_documents_debug_version_and_completion():
    out = ok("--help").out
    for option in ("--debug", "--version", "--install-completion", "--show-completion", "-h, --help"):
        assert option in out, option


def test_shell_completion_script_is_shown():
    out = ok("--show-completion", "bash").out
    assert "_BTCLI_COMPLETE" in out and "complete" in out


# -- 2. move --help lists every step code ---------------------------------------------------------------------


def test_move_help_lists_every_ground_and_aerospace_step_code():
    text = "".join(ok("move", "--help").out.split())  # help is wrapped (at spaces and hyphens): compare unspaced
    ground, aero = text.split("Groundunits:")[1].split("Aerospaceunits,astepstring")
    for codes, listed in ((GROUND_STEPS, ground), (AERO_STEPS, aero)):
        for code, what in codes.items():
            assert code + "".join(what.split()) in listed, code


# -- 3. unit ids ----------------------------------------------------------------------------------------------


def test_unit_ids_are_case_insensitive_and_logged_as_the_game_spells_them(moving):
    assert ok("move", moving, "Wasp", "--path", "F").out.startswith("wasp walks 0616 -> 0615")
    assert 'command = "move wasp --path F"' in moving.read_text()
    assert "hashes match" in ok("verify", moving).out


def test_unknown_unit_suggests_the_nearest_id(moving):
    err = assert_refused(moving, 2, "move", moving, "wsp", "--path", "F", contains="unknown unit 'wsp'")
    assert err.endswith("did you mean 'wasp'?\n")


def test_unknown_unit_in_the_initiative_phase_exits_2(tmp_path, crossroads):
    game = init_game(tmp_path, crossroads)
    assert_refused(game, 2, "move", game, "atlas", "--path", "F", contains="unknown unit 'atlas'")
    assert_refused(game, 2, "attack", game, "atlas", "wasp", "-w", "ML", contains="unknown unit 'atlas'")


# -- 4. scenarios by name -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["crossroads", "crossroads.toml"])
def test_init_finds_a_shipped_scenario_by_name(tmp_path, name, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no crossroads file here: the shipped one is found
    out = ok("init", name, "-o", "game.toml", "--seed", "7").out
    assert out == "game 'Crossroads' set up: 9 units on a 16x17 map\nwrote game.toml\n"
    assert 'command = "init crossroads.toml --seed 7"' in (tmp_path / "game.toml").read_text()


def test_scenarios_lists_each_shipped_scenario_with_its_name(tmp_path):
    from tests.conftest import SCENARIOS

    lines = ok("scenarios").out.splitlines()
    assert [line.split()[0] for line in lines] == sorted(p.stem for p in SCENARIOS.glob("*.toml"))
    crossroads = next(line for line in lines if line.startswith("crossroads "))
    assert re.fullmatch(r"crossroads +Crossroads: a mixed lance a side meets where a road crosses a river\.", crossroads)
    assert all(len(line) <= 120 for line in lines)


# -- 5. no lock file beside a game ----------------------------------------------------------------------------


def test_no_lock_file_is_left_beside_a_game(moving, tmp_path):
    ok("move", moving, "wasp", "--path", "F")
    ok("report", moving, "--map", tmp_path / "board.svg")
    ok("verify", moving)
    ok("init", "crossroads", "-o", tmp_path / "second.toml", "--referee")
    assert_refused(moving, 3, "move", moving, "wasp", "--path", "F")
    assert sorted(p.name for p in tmp_path.iterdir() if ".lock" in p.name or p.suffix == ".tmp") == []


# -- 6. messages ----------------------------------------------------------------------------------------------


def test_a_mech_arm_arc_cites_the_mech_firing_arcs(tmp_path):
    state = weapon_game(design("Wasp WSP-1A", "wasp", at="0505", facing="N"),
                        hunchback("target", at="0507", side="blue"))
    path = game_from_state(tmp_path / "game.toml", state)
    assert_refused(path, 3, "attack", path, "wasp", "target", "-w", "ML",
                   contains="'target' is outside the right arm arc of Medium Laser@RA; --twist right would bring it "
                            "to bear (MECH-ARC-01)")


def test_a_stunned_crew_cites_its_rule_once(tmp_path):
    state = weapon_game(design("Scorpion Light Tank", "tank", at="0505", facing="N"),
                        hunchback("target", at="0503", side="blue"))
    path = game_from_state(tmp_path / "game.toml", put(state, "tank", stunned_from=1, stunned_until=1))
    err = assert_refused(path, 3, "attack", path, "tank", "target", "-w", "AC/5",
                         contains="its crew is stunned (VEH-CRIT-10)")
    assert err.count("VEH-CRIT-10") == 1, err
    err = assert_refused(path, 3, "attack", path, "tank", "--clear", "turret",
                         contains="'tank' cannot act: its crew is stunned (VEH-CRIT-10)")
    assert err.count("VEH-CRIT-10") == 1, err


def _tank_game(tmp_path, **damage) -> Path:
    state = game(design("Scorpion Light Tank", "tank", at="0505"), hunchback("foe", at="0909", side="blue"))
    return game_from_state(tmp_path / "game.toml", evolve(put(state, "tank", **damage), initiative=("red", "blue")))


def test_motive_damage_alone_says_motive_damage(tmp_path):
    path = _tank_game(tmp_path, walk=0, run=0, design_cruise=4, motive_dsr=(2,), immobile=True)
    assert_refused(path, 3, "move", path, "tank", "--path", "F",
                   contains="'tank' cannot move (motive damage): it can only stand (tables.md 3)")


def test_an_engine_hit_alone_says_engine_hit(tmp_path):
    path = _tank_game(tmp_path, engine_hit=True, immobile=True)
    assert_refused(path, 3, "move", path, "tank", "--path", "F",
                   contains="'tank' cannot move (engine hit): it can only stand (VEH-CRIT-13)")


def test_init_from_a_game_file_is_a_clear_error(moving, tmp_path):
    result = run("init", moving, "-o", tmp_path / "new.toml")
    assert result.code == 2
    assert result.err == (f"Error: {moving} is a game file (it has [game] and [[log]] tables), not a scenario: init "
                          "starts a new game from a scenario (btcli scenarios lists the shipped ones); play this game on with move, attack, "
                          "...\n")
    assert not (tmp_path / "new.toml").exists()


def test_verify_and_report_say_a_crlf_game_has_crlf_line_endings(moving, tmp_path):
    crlf = tmp_path / "crlf.toml"
    crlf.write_bytes(moving.read_bytes().replace(b"\n", b"\r\n"))
    assert_refused(crlf, 4, "verify", crlf, contains="Windows (CRLF) line endings")
    assert_refused(crlf, 4, "report", crlf, contains="Windows (CRLF) line endings")


def test_a_hover_into_woods_says_why(moving):
    assert_refused(moving, 3, "move", moving, "savannah", "--to", "1205",
                   contains="illegal move: hover 'savannah' may not enter heavy woods at 1205 (VEH-MOVE-11)")


def test_to_a_building_level_another_unit_holds_names_stacking(tmp_path):
    state = game(hunchback("hbk", at="0404", side="blue"), hunchback("other", at="0406", side="blue"),
                 hunchback("foe", at="0909", side="red"), hexes={"0404": building()})
    path = game_from_state(tmp_path / "game.toml", evolve(at(state, "hbk"), initiative=("blue", "red")))
    assert_refused(path, 3, "move", path, "other", "--to", "0404",
                   contains="illegal move: 'other' cannot end its move in 0404 with 'hbk' (one 'Mech or vehicle "
                            "per hex) (TW p.57 stacking)")


def test_a_physical_attack_in_the_weapon_phase_exits_3(tmp_path):
    path = game_from_state(tmp_path / "game.toml", weapon_game(hunchback("a", at="0505"),
                                                               hunchback("b", at="0504", side="blue")))
    assert_refused(path, 3, "attack", path, "a", "b", "--physical", "punch",
                   contains="cannot make a physical attack in the weapon attack phase")


def test_demo_into_an_impossible_folder_is_one_error_line(tmp_path):
    result = run("demo", "-o", "/proc/nope")
    assert result.code == 4 and result.err == "Error: cannot make the demo folder /proc/nope: No such file or directory\n"


def test_report_map_refuses_a_name_that_is_not_svg(moving, tmp_path):
    assert_refused(moving, 2, "report", moving, "--map", tmp_path / "x.png",
                   contains="the map is drawn as SVG; name the file .svg (e.g. --map x.svg)")
    assert not (tmp_path / "x.png").exists()


# -- 7. every wrong-phase order exits 3 -----------------------------------------------------------------------

ORDERS = {  # order kind: (arguments after GAME, the phases that take it)
    "move": (["wasp", "--mode", "stand"], {"movement"}),
    "weapon attack": (["wasp", "hunchback", "-w", "ML"], {"weapon"}),
    "physical attack": (["wasp", "hunchback", "--physical", "punch"], {"physical"}),
    "girder search": (["wasp", "--girder"], {"weapon"}),
    "clearing a jam": (["scorpion", "--clear", "turret"], {"weapon"}),
    "deployment": (["wasp", "--hex", "0616"], set()),
}
PHASES = ["initiative", "movement", "weapon", "physical", "heat", "end"]


def _phase_games(tmp_path, crossroads) -> dict[str, Path]:
    """A copy of one Crossroads game in each phase of turn 1."""
    path = init_game(tmp_path, crossroads, "--seed", "7")
    games = {}
    for phase in PHASES:
        report = json.loads(ok("report", path, "--format", "json").out)
        assert report["phase"] == phase
        games[phase] = tmp_path / f"{phase}.toml"
        games[phase].write_bytes(path.read_bytes())
        while phase == "movement" and (side := ok("report", path, "--field", "next_to_move").out.strip()) != "null":
            report = json.loads(ok("report", path, "--format", "json").out)
            ok("move", path, report["unmoved"][side][0], "--mode", "stand")
        ok("resolve-phase", path, *(["--dice", "8,5"] if phase == "initiative" else []))
    return games


def test_every_order_in_a_phase_that_does_not_take_it_exits_3(tmp_path, crossroads):
    games = _phase_games(tmp_path, crossroads)
    for kind, (args, phases) in ORDERS.items():
        for phase in PHASES:
            if phase in phases:
                continue
            err = assert_refused(games[phase], 3, "attack" if "attack" in kind or kind in ("girder search",
                                 "clearing a jam") else ("deploy" if kind == "deployment" else "move"),
                                 games[phase], *args)
            assert f"in the {phase}" in err and "phase (only in the" in err, (kind, phase, err)


# -- 8. refusing what is certainly a mistake ------------------------------------------------------------------


@pytest.mark.parametrize(("args", "message"), [
    (["--path", ""], "--path '' holds no steps: give steps (e.g. --path F,F), or --mode stand to stand still"),
    (["--path", ",,,"], "--path ',,,' holds no steps: give steps (e.g. --path F,F), or --mode stand to stand still"),
    (["--to", "0616"], "--to 0616 is the hex 'wasp' stands in: --mode stand to stand still, or add --facing F to "
                       "turn in place"),
    (["--path", "F", "--path", "R"], "--path given twice ('F', then 'R'): give every step in one --path, e.g. "
                                     "--path F,R"),
    (["--to", "0615", "--to", "0614"], "--to given twice ('0615', then '0614'): give it once"),
    (["--path", "F", "--dice", "3", "--dice=4"], "--dice given twice ('3', then '4'): give every roll in one "
                                                 "--dice, e.g. --dice 3,4"),
    (["--mode", "stand", "-q", "-q"], "-q given twice: give it once"),  # a flag too (README: exit codes)
    (["--mode", "stand", "--quiet", "-q"], "-q given twice: give it once"),
])
def test_certain_mistakes_are_refused_saying_what_to_write(moving, args, message):
    assert assert_refused(moving, 2, "move", moving, "wasp", *args) == f"Error: {message}\n"


def test_an_option_twice_is_refused_on_the_typer_path_too(tmp_path):
    result = run("init", "crossroads", "-o", tmp_path / "g.toml", "--seed", "1", "--seed", "2")
    assert (result.code, result.err) == (2, "Error: --seed given twice ('1', then '2'): give it once\n")
    assert not (tmp_path / "g.toml").exists()


def test_turning_in_place_with_to_and_facing_still_works(moving):
    assert ok("move", moving, "wasp", "--to", "0616", "--facing", "NE").out.startswith("wasp turns in place")

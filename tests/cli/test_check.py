"""``btcli check SCENARIO`` (issue #16): a scenario checked as init would, writing nothing; every problem
listed, one a line; a game file and a scenario each named for what it is when given as the other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import init_game, ok, run
from tests.conftest import SCENARIOS

BASEMENT_BESIDE = '"1013" = { terrain = "building", building = { type = "medium", height = 2, cf = 40 }, basement = "none" }'


def _broken(folder: Path) -> Path:
    text = (SCENARIOS / "crossroads.toml").read_text(encoding="utf-8")
    building = '"1013" = { terrain = "building", building = { type = "medium", height = 2, cf = 40 } }'
    assert building in text and "seed = 3025\n" in text
    path = folder / "bad.toml"
    path.write_text(text.replace(building, BASEMENT_BESIDE).replace("seed = 3025\n", "seed = 3025\nsead = 1\n"),
                    encoding="utf-8")
    return path


PROBLEMS = ["[scenario]: unknown key 'sead' (did you mean 'seed'?)",
            "[map.hexes.1013]: unknown key 'basement' (it belongs inside building = { ... })"]


def test_check_a_good_scenario_prints_one_ok_line_and_writes_nothing(tmp_path, crossroads):
    before = sorted(tmp_path.iterdir())
    result = ok("check", crossroads)
    assert result.out == f"{crossroads}: OK: 'Crossroads', 9 units, 16x17 map\n" and result.err == ""
    assert sorted(tmp_path.iterdir()) == before


def test_check_finds_a_shipped_scenario_by_name():
    result = ok("check", "orbital-descent")
    assert result.out.endswith("orbital-descent.toml: OK: 'Orbital Descent', 8 units, 16x17 map\n")


def test_check_lists_every_problem_on_its_own_line_and_exits_4(tmp_path):
    bad = _broken(tmp_path)
    result = run("check", bad)
    assert result.code == 4 and result.out == ""
    assert result.err.splitlines() == [f"Error: {bad} has 2 problems:"] + [f"  {p}" for p in PROBLEMS]


def test_init_lists_the_same_problems_and_writes_no_game(tmp_path):
    bad = _broken(tmp_path)
    result = run("init", bad, "-o", tmp_path / "game.toml")
    assert result.code == 4
    assert result.err.splitlines() == [f"Error: {bad} has 2 problems:"] + [f"  {p}" for p in PROBLEMS]
    assert not (tmp_path / "game.toml").exists()


def test_one_problem_is_one_error_line(tmp_path, crossroads):
    crossroads.write_text(crossroads.read_text().replace('name = "Davion Heavy Guards"', 'nam = "x"'))
    result = run("check", crossroads)
    assert (result.code, result.err) == (4, "Error: [sides.blue]: unknown key 'nam' (did you mean 'name'?)\n")


def test_check_json(tmp_path, crossroads):
    result = ok("check", crossroads, "--json")
    assert json.loads(result.out) == {"scenario": str(crossroads), "ok": True, "name": "Crossroads",
                                      "sides": ["blue", "red"], "units": 9, "map": {"width": 16, "height": 17},
                                      "problems": []}
    bad = _broken(tmp_path)
    result = run("--json", "check", bad)
    assert result.code == 4
    assert json.loads(result.out) == {"scenario": str(bad), "ok": False, "problems": PROBLEMS}
    assert result.err.startswith(f"Error: {bad} has 2 problems:\n")


def test_check_and_init_name_a_game_file_given_as_the_scenario(tmp_path, crossroads):
    game = init_game(tmp_path, crossroads)
    before = game.read_bytes()
    result = run("check", game)
    assert (result.code, result.err) == (2, f"Error: {game} is a game file (it has [game] and [[log]] tables), not a "
                                            f"scenario: check reads scenarios; check a game with btcli verify {game}\n")
    assert run("init", game, "-o", tmp_path / "other.toml").err.startswith(
        f"Error: {game} is a game file (it has [game] and [[log]] tables), not a scenario: init starts a new game")
    assert game.read_bytes() == before


@pytest.mark.parametrize("command", [["report"], ["verify"], ["replay"], ["upgrade"], ["options", "wasp"],
                                     ["move", "wasp", "--path", "F"], ["resolve-phase"]])
def test_a_command_given_a_scenario_as_the_game_says_how_to_make_one(crossroads, command):
    before = crossroads.read_bytes()
    result = run(command[0], crossroads, *command[1:])
    assert (result.code, result.err) == (4, f"Error: {crossroads} is a scenario, not a game; make a game with "
                                            f"'btcli init {crossroads} -o game.toml'\n")
    assert crossroads.read_bytes() == before

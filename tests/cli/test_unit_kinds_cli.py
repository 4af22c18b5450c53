"""WiGEs, infantry, battle armor with VTOL movement and large units from the command line:
a scenario with each loads, moves, reports and verifies (issue #4; docs/scenario-format.md)."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import assert_refused, init_game, ok

SCENARIO = """
[scenario]
name = "Odd Units"
seed = 11

[map]
width = 12
height = 12

[sides.blue]
name = "Blue"

[sides.red]
name = "Red"

[[units]]
id = "skimmer"
side = "red"
kind = "vehicle"
motive = "wige"
tons = 30
cruise = 8
armor = { front = 10, right = 8, left = 8, rear = 6 }
position = "0510"
facing = "N"

[[units]]
id = "dropship"
side = "blue"
kind = "vehicle"
motive = "tracked"
tons = 1000
cruise = 0
large = true
height = 3
armor = { front = 100, right = 100, left = 100, rear = 100 }
position = "1208"

[[units]]
id = "rifles"
side = "blue"
kind = "infantry"
motive = "foot"
tons = 3
troopers = 28
walk = 1
position = "0906"
facing = "N"

[[units]]
id = "sylphs"
side = "blue"
kind = "infantry"
motive = "vtol"
tons = 4
troopers = 4
trooper_armor = 5
walk = 5
position = "0907"
facing = "N"
"""


@pytest.fixture
def game(tmp_path):
    path = init_game(tmp_path, SCENARIO, scenario_name="odd.toml")
    ok("resolve-phase", path, "--dice", "9,4")  # red loses and moves first
    return path


def test_every_kind_moves_from_the_cli_and_the_game_verifies(game):
    ok("move", game, "skimmer", "--path", "F,F,F")  # a WiGE over open ground (VEH-SLIP-03: no turn, no roll)
    ok("move", game, "sylphs", "--path", "A,A,F")  # VEH-VTOL-07: battle armor climbs 2 and flies 1 hex, 3 MP
    ok("move", game, "rifles", "--path", "F")
    ok("move", game, "dropship", "--mode", "stand")
    view = json.loads(ok("report", game, "-f", "json").out)
    units = {u["id"]: u for u in view["units"]}
    assert units["skimmer"]["position"] == "0507"
    assert (units["sylphs"]["elevation"], units["sylphs"]["movement"]["mp_spent"]) == (2, 3)
    assert units["rifles"]["position"] == "0905"
    assert "ok:" in ok("verify", game).out


def test_a_large_unit_without_mp_only_stands(game):
    ok("move", game, "skimmer", "--mode", "stand")
    assert_refused(game, 3, "move", game, "dropship", "--path", "F", contains="large unit without MP")

"""``btcli stand`` (issue #33 item 1): the rest of a side, or the named units, stand still in one command,
each logged as its own ``move UNIT --mode stand`` entry in its own movement slot (TW p.39 movement order),
so the game file is byte for byte what the single commands write; all or nothing."""

from __future__ import annotations

import json
import shutil

import pytest
import tomli_w

from tests import builders as b
from tests.cli.helpers import assert_refused, init_game, ok
from tests.conftest import ROOT

AERO = ROOT / "tests" / "cli" / "aero-scenario.toml"

# 3 red units against 1 blue: with red losing the initiative, red moves all three first (TW p.39: the
# larger side moves several units for each of the smaller side's, here 3 - 1).
UNEQUAL = tomli_w.dumps(b.scenario(
    b.design(b.HUNCHBACK, "h1", at="0502", facing="S", side="red"),
    b.design(b.HUNCHBACK, "h2", at="0602", facing="S", side="red"),
    b.vehicle("tracked", 4, "tank", at="0702", facing="S", side="red"),
    b.design(b.HUNCHBACK, "b1", at="0509", side="blue"),
))


@pytest.fixture
def moving(tmp_path, crossroads):
    """Crossroads in the movement phase of turn 1: blue lost the initiative, so blue, red, blue, red..."""
    path = init_game(tmp_path, crossroads)
    ok("resolve-phase", path, "--dice", "4,8")
    return path


def _copy(path, name):
    copy = path.with_name(name)
    shutil.copy(path, copy)
    return copy


def test_stand_writes_exactly_what_the_single_moves_write_interleaved_with_the_other_side(moving):
    """TW p.39 movement order: the named units of both sides each take their own slot, in alternation."""
    singles = _copy(moving, "singles.toml")
    for unit in ("hunchback", "wasp", "commando", "locust", "manticore", "scorpion", "edgar", "savannah"):
        ok("move", singles, unit, "--mode", "stand")
    ok("stand", moving, "hunchback", "wasp", "commando", "locust", "manticore", "scorpion", "edgar", "savannah")
    assert moving.read_bytes() == singles.read_bytes()
    assert ok("verify", moving).out.startswith("ok: 10 entries replayed")


def test_named_units_take_the_slots_of_their_side_in_the_order_named(moving):
    """The units named take their side's slots in the order given, whatever order the sides are named in."""
    singles = _copy(moving, "singles.toml")
    for unit in ("edgar", "locust", "commando"):
        ok("move", singles, unit, "--mode", "stand")
    ok("stand", moving, "locust", "edgar", "commando")  # edgar's slot comes first: blue moves first
    assert moving.read_bytes() == singles.read_bytes()


def test_the_rest_of_a_side_stands_in_one_command(tmp_path):
    """Without UNITs, every unit of the side to move still to move stands, each in its own slot."""
    game = init_game(tmp_path, UNEQUAL)
    ok("resolve-phase", game, "--dice", "4,8")  # red loses: red moves its three, then blue its one
    singles = _copy(game, "singles.toml")
    for unit in ("h1", "h2", "tank"):
        ok("move", singles, unit, "--mode", "stand")
    out = ok("stand", game).out
    assert out == "h1 stands still in 0502\nh2 stands still in 0602\ntank stands still in 0702\n"
    assert game.read_bytes() == singles.read_bytes()
    ok("stand", game, "--side", "blue")
    assert "end the movement phase" in ok("report", game).out


def test_a_side_that_must_wait_for_the_other_is_refused_up_front_writing_nothing(moving):
    """TW p.39: the other side decides its own slot, so a stand that would need it is refused, whole,
    saying how many of the units can stand now."""
    err = assert_refused(moving, 3, "stand", moving, "--side", "blue")
    assert err == ("Error: side 'red' moves its next unit after hunchback and before commando, manticore, edgar: "
                   "only 1 of the 4 units can stand now (name only hunchback) (TW p.39 movement order); "
                   "nothing was written\n")
    err = assert_refused(moving, 3, "stand", moving, "wasp")
    assert err == ("Error: side 'blue' moves its next unit first, before wasp can stand (TW p.39 movement order); "
                   "nothing was written\n")


def test_a_unit_that_may_not_stand_is_named_and_nothing_is_written(moving):
    """A unit the move rules refuse (here one that has moved already) is named; the units before it in
    the same command are not written either (all or nothing)."""
    ok("move", moving, "hunchback", "--mode", "stand")
    ok("move", moving, "wasp", "--mode", "stand")
    err = assert_refused(moving, 3, "stand", moving, "commando", "wasp")
    assert err.startswith("Error: 'wasp' cannot stand still: ")
    assert err.endswith("; nothing was written\n")


def test_an_aircraft_must_fly_and_is_refused_by_name(tmp_path):
    """AERO-GEN-02: an aerospace unit declares its thrust and flies; it cannot stand still."""
    game = init_game(tmp_path, AERO)
    ok("resolve-phase", game, "--dice", "4,8")
    ok("stand", game)  # the ground units of the side to move
    ok("stand", game)
    assert_refused(game, 3, "stand", game, "angel", contains="'angel' cannot stand still: ")
    ok("resolve-phase", game)
    err = assert_refused(game, 2, "stand", game, "angel")  # the single move's own refusal and exit code
    assert err == ("Error: 'angel' cannot stand still: an aerospace move needs --mode safe or --mode max, not "
                   "'stand' (AERO-GEN-02); nothing was written\n")


def test_bad_input_is_refused_with_exit_2(moving):
    assert_refused(moving, 2, "stand", moving, "nosuch", contains="nosuch")
    assert_refused(moving, 2, "stand", moving, "hunchback", "hunchback",
                   contains="'hunchback' is named twice: a unit stands once a phase")
    assert_refused(moving, 2, "stand", moving, "wasp", "--side", "blue",
                   contains="'wasp' is a unit of side 'red', not of side 'blue'")
    assert_refused(moving, 2, "stand", moving, "--side", "green", contains="no side 'green' in this game")


def test_stand_outside_the_movement_phase_is_refused(tmp_path, crossroads):
    game = init_game(tmp_path, crossroads)
    assert_refused(game, 3, "stand", game, contains="cannot move in the initiative phase")


def test_dry_run_writes_nothing_and_shows_each_unit(moving):
    before = moving.read_bytes()
    out = ok("stand", moving, "hunchback", "wasp", "--dry-run").out
    assert out.splitlines()[0].startswith("hunchback stand: no steps; 0 MP")
    assert any(line.startswith("wasp stand: no steps; 0 MP") for line in out.splitlines())
    data = json.loads(ok("--json", "stand", moving, "hunchback", "wasp", "--dry-run").out)
    assert data["units"] == ["hunchback", "wasp"]
    assert moving.read_bytes() == before


def test_json_holds_each_order_as_its_single_command_prints_it(moving):
    singles = _copy(moving, "singles.toml")
    one = json.loads(ok("--json", "move", singles, "hunchback", "--mode", "stand").out)
    two = json.loads(ok("--json", "move", singles, "wasp", "--mode", "stand").out)
    data = json.loads(ok("--json", "stand", moving, "hunchback", "wasp").out)
    assert data["stood"] == ["hunchback", "wasp"]
    for mine, single in zip(data["orders"], (one, two)):
        single["after"]["next"] = mine["after"]["next"]  # the game file's name differs
        assert mine == single
    assert data["after"] == data["orders"][-1]["after"]


def test_a_referee_game_stands_without_the_seed(tmp_path, crossroads):
    """Standing rolls nothing, so a player without the referee's seed may stand units."""
    game = init_game(tmp_path, crossroads, "--referee")
    ok("resolve-phase", game)
    game.with_suffix(".seed").rename(tmp_path / "kept.seed")
    side = ok("report", game, "--field", "next_to_move").out.strip()
    unit = ok("report", game, "--field", f"unmoved.{side}").out.split()[0]
    ok("stand", game, unit)
    assert f"move {unit} --mode stand" in game.read_text(encoding="utf-8")


def test_play_runs_stand_as_the_single_command(moving):
    script = moving.with_name("orders.txt")
    script.write_text("stand hunchback wasp\nmove commando --mode stand\n", encoding="utf-8")
    singles = _copy(moving, "singles.toml")
    for unit in ("hunchback", "wasp", "commando"):
        ok("move", singles, unit, "--mode", "stand")
    ok("play", moving, "--script", script)
    assert moving.read_bytes() == singles.read_bytes()

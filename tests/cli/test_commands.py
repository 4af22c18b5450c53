"""The commands end to end on temporary game files: output, exit codes (design.md table),
and the guarantee that a failing command leaves the game file byte-for-byte unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from btcli.cli.app import app
from tests.builders import design
from tests.cli.helpers import assert_refused, hunchback_against, init_game, ok, run
from tests.conftest import ROOT

COMMANDS = ["init", "check", "move", "attack", "drop", "resolve-phase", "report", "verify", "demo"]


@pytest.fixture
def game(tmp_path, crossroads) -> Path:
    return init_game(tmp_path, crossroads, "--seed", "7")


@pytest.fixture
def moving(game) -> Path:
    """A game in the movement phase of turn 1; blue rolled 8, red 5: red moves first."""
    ok("resolve-phase", game, "--dice", "8,5")
    return game


def test_init_writes_a_game_in_the_initiative_phase(game):
    result = ok("report", game, "--format", "json")
    assert '"phase": "initiative"' in result.out
    assert '"turn": 1' in result.out


def test_init_refuses_to_overwrite_without_force(game, crossroads):
    assert_refused(game, 2, "init", crossroads, "-o", game, contains="already exists")


def test_init_with_malformed_scenario_exits_4(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[map\nwidth = 3\n")
    result = run("init", bad, "-o", tmp_path / "g.toml")
    assert result.code == 4 and "not valid TOML" in result.err
    assert not (tmp_path / "g.toml").exists()


def test_a_scenario_saved_with_a_byte_order_mark_is_refused_saying_so(tmp_path, crossroads):
    bom = tmp_path / "bom.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + crossroads.read_bytes())  # Windows Notepad's "UTF-8"
    result = run("init", bom, "-o", tmp_path / "g.toml")
    assert (result.code, result.err) == (4, "Error: scenario starts with a byte-order mark (BOM): save it as UTF-8 "
                                            "without one\n")
    assert not (tmp_path / "g.toml").exists()


def test_initiative_loser_moves_first(moving):
    assert ok("report", moving, "--field", "next_to_move").out == "red\n"


def test_move_prints_the_move_and_appends_one_entry(moving):
    before = moving.read_text()
    result = ok("move", moving, "wasp", "--path", "F,F")
    assert result.out == "wasp walks 0616 -> 0614 facing N: 2 MP, 2 hexes\n"
    after = moving.read_text()
    assert after.count("[[log]]") == before.count("[[log]]") + 1
    assert after[after.index("\n[[log]]\n") :].startswith(before[before.index("\n[[log]]\n") :])


def test_move_out_of_order_names_the_side_to_move(moving):
    assert_refused(moving, 3, "move", moving, "hunchback", "--path", "F", contains="side 'red' moves")


def test_unknown_unit_exits_2(moving):
    assert_refused(moving, 2, "move", moving, "atlas", "--path", "F", contains="unknown unit 'atlas'")


def test_hex_off_the_map_exits_2(moving):
    assert_refused(moving, 2, "move", moving, "wasp", "--to", "2001", contains="off the map")


def test_path_off_the_map_exits_2(moving):
    assert_refused(moving, 2, "move", moving, "savannah", "--path", "B,B", contains="leave the map")


def test_illegal_move_exits_3_with_the_rule(moving):
    err = assert_refused(moving, 3, "move", moving, "wasp", "--path", "L,L,L,L,L,L,L,L,L,L", contains="needs 10 MP")
    assert "(tables.md 11.1)" in err


def test_wrong_phase_exits_3(game):
    assert_refused(game, 3, "move", game, "wasp", "--path", "F", contains="initiative phase")


def test_attack_outside_the_attack_phases_exits_3(moving):
    assert_refused(moving, 3, "attack", moving, "wasp", "hunchback", "--weapon", "ML", contains="movement phase")


def test_missing_dice_value_names_the_roll(game):
    assert_refused(game, 2, "resolve-phase", game, "--dice", "8", contains="none left for the 2D6 roll 'initiative red")


def test_out_of_range_dice_value_exits_2(game):
    assert_refused(game, 2, "resolve-phase", game, "--dice", "13,5", contains="out of range for the 2D6 roll")


def test_unused_dice_values_exit_2(game):
    assert_refused(game, 2, "resolve-phase", game, "--dice", "8,5,4", contains="unused: 4")


def test_malformed_dice_exits_2(game):
    assert_refused(game, 2, "resolve-phase", game, "--dice", "8,x", contains="bad --dice value 'x'")


def test_movement_phase_cannot_end_with_units_unmoved(moving):
    assert_refused(moving, 3, "resolve-phase", moving, contains="have not moved")


def test_newer_format_version_exits_4(game):
    game.write_text(game.read_text().replace("format = 2", "format = 99", 1))
    assert_refused(game, 4, "report", game, contains="newer than this btcli")
    assert_refused(game, 4, "resolve-phase", game, contains="newer than this btcli")


def test_truncated_file_exits_4(game):
    data = game.read_bytes()
    game.write_bytes(data[: len(data) // 3])
    assert_refused(game, 4, "resolve-phase", game)


def test_malformed_game_file_exits_4(game):
    game.write_text(game.read_text().replace("[game]", "[game", 1))
    assert_refused(game, 4, "report", game, contains="not valid TOML")


def test_missing_game_file_exits_4(tmp_path):
    result = run("report", tmp_path / "nope.toml")
    assert result.code == 4 and "no game file" in result.err


def test_usage_error_is_one_error_line_exit_2(game):
    assert_refused(game, 2, "move", game)


def test_locked_game_exits_4_unchanged(moving, monkeypatch):
    from btcli.store import gamefile
    from btcli.store.lock import locked_game

    monkeypatch.setattr(gamefile, "LOCK_TIMEOUT_S", 0.05)
    with locked_game(str(moving), 1.0):
        assert_refused(moving, 4, "move", moving, "wasp", "--path", "F", contains="locked")


def test_stale_revision_is_refused(moving):
    """A write whose game changed after it was read (another process won) is refused."""
    from btcli.model.orders import MoveOrder
    from btcli.store import gamefile, journal
    from btcli import runner
    from btcli.store.hashing import entry_hash

    stale = gamefile.load(moving)
    ok("move", moving, "wasp", "--path", "F")
    before = moving.read_bytes()
    outcome = runner.execute(stale.state, MoveOrder("wasp", "", ("F", "F")), None)
    entry = journal.make_entry(stale.state, outcome, entry_hash(stale.last))
    from btcli.errors import GameFileError

    with pytest.raises(GameFileError, match="stale revision"):
        gamefile.append(stale, outcome.state, entry)
    assert moving.read_bytes() == before


def test_verify_passes_on_an_untouched_game(moving):
    ok("move", moving, "wasp", "--path", "F")
    assert ok("verify", moving).out.startswith("ok: 3 entries replayed")


@pytest.mark.parametrize(
    "old,new,entry",
    [
        ('hex = "0616"', 'hex = "0615"', "current state"),
        ('command = "move wasp --path F"', 'command = "move wasp --path F,F"', "entry 3"),
        ('"initiative blue (turn 1): 2D6 = 8"', '"initiative blue (turn 1): 2D6 = 9"', "entry 2"),
    ],
)
def test_verify_reports_an_edit_with_the_first_bad_entry(moving, old, new, entry):
    ok("move", moving, "wasp", "--path", "F")
    text = moving.read_text()
    if old.startswith("hex"):
        text = text.replace('hex = "0615"', 'hex = "0614"', 1)
    else:
        assert old in text
        text = text.replace(old, new, 1)
    moving.write_text(text)
    result = run("verify", moving)
    assert result.code == 4 and entry in result.err, result.err


def test_verify_catches_a_recomputed_hash_chain(moving):
    """Editing a roll and fixing its entry's own hash still breaks the replay."""
    text = moving.read_text().replace("2D6 = 8", "2D6 = 3", 1)
    moving.write_text(text)
    result = run("verify", moving)
    assert result.code == 4 and "entry 2" in result.err


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command):
    result = run(command, "--help")
    assert result.code == 0
    assert "Usage: btcli " + command in result.out
    info = next(c for c in app.registered_commands if (c.name or c.callback.__name__.replace("_", "-")) == command)
    assert info.callback.__doc__


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_appears_in_the_readme(command):
    assert f"btcli {command}" in (ROOT / "README.md").read_text()


def test_report_formats_agree_on_units(moving):
    import json

    data = json.loads(ok("report", moving, "--format", "json").out)
    ids = [u["id"] for u in data["units"]]
    assert ids == ["hunchback", "commando", "manticore", "edgar", "wasp", "locust", "scorpion", "savannah",
                   "hunchback-2"]
    unit = data["units"][0]
    for key in ("id", "side", "kind", "position", "facing", "destroyed", "armor", "internal"):
        assert key in unit
    markdown = ok("report", moving, "--format", "markdown").out
    text = ok("report", moving).unwrapped
    for uid in ids:
        assert f"| {uid} |" in markdown and uid in text


def test_report_field_unknown_exits_2(moving):
    assert_refused(moving, 2, "report", moving, "--field", "nope", contains="unknown report field")


def test_demo_plays_three_turns_and_verifies(tmp_path):
    result = ok("demo", "-o", tmp_path / "demo")
    assert "turn 4, initiative phase" in result.out
    assert ok("verify", tmp_path / "demo" / "demo-game.toml").out.startswith("ok:")
    # issue #15: the demo shows combat, and each command it echoes can be pasted into a shell
    shots = [line for line in result.out.splitlines() if line.startswith("$ btcli attack ")]
    assert shots and ": hit (" in result.out and " damage" in result.out
    assert "'Medium Laser@LA'" in result.out  # quoted as a shell needs it


def test_crlf_game_file_gets_a_clear_error(game):
    game.write_bytes(game.read_bytes().replace(b"\n", b"\r\n"))
    assert_refused(game, 4, "report", game, contains="CRLF")


def test_report_on_a_file_cut_inside_its_last_entry_exits_4(moving):
    ok("move", moving, "wasp", "--path", "F")
    data = moving.read_bytes()
    moving.write_bytes(data[: data.rindex(b"prev = ")])
    assert_refused(moving, 4, "report", moving)


def test_no_arguments_print_the_help():
    result = run()
    assert result.code == 0 and "Usage: btcli" in result.out


def test_path_repeat_counts_are_capped(moving):
    assert_refused(moving, 2, "move", moving, "wasp", "--path", "99999999999F", contains="repeat count")


def test_verify_reports_an_added_key_in_an_entry(moving):
    ok("move", moving, "wasp", "--path", "F")
    moving.write_text(moving.read_text().replace('command = "move wasp', 'note = "x"\ncommand = "move wasp', 1))
    result = run("verify", moving)
    assert result.code == 4 and "entry 3" in result.err


@pytest.mark.parametrize(
    "edit,message",
    [
        (('position = "0616"', 'position = "0702"'), "both start in 0702"),
        (('id = "wasp"', 'id = "--to"'), "must start with a letter or digit"),
        (('level = 0\n', 'level = "high"\n'), "[map] level must be a whole number, not 'high'"),
        (('seed = 3025', 'seed = [1]'), "seed must be a whole number"),
        (('turn_limit = 12', 'turn_limit = "x"'), "turn_limit must be"),
    ],
)
def test_bad_scenarios_exit_4_with_one_line(tmp_path, crossroads, edit, message):
    text = crossroads.read_text()
    assert edit[0] in text
    crossroads.write_text(text.replace(edit[0], edit[1], 1))
    result = run("init", crossroads, "-o", tmp_path / "g.toml")
    assert result.code == 4 and message in result.err and result.err.count("\n") == 1, result.err


def test_init_onto_a_folder_exits_2(tmp_path, crossroads):
    (tmp_path / "dir").mkdir()
    result = run("init", crossroads, "-o", tmp_path / "dir", "--force")
    assert result.code == 2 and "folder" in result.err


def test_an_empty_output_path_is_refused_saying_so(tmp_path, crossroads, game):
    assert run("init", crossroads, "-o", "").err == ("Error: an empty path names no file; give a file name for "
                                                     "the game file\n")
    before = game.read_bytes()
    result = run("report", game, "--map", "")
    assert (result.code, result.err) == (2, "Error: an empty path names no file; give a file name for the map\n")
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    "edit,message",
    [
        (("destroy_share = 0.75", "destroy_share = 2"), "destroy_share must be"),
        (("turn_limit = 12", "turn_limit = -1"), "turn_limit must be"),
        (('"0410" = { terrain = "water", depth = 2 }', '"0410" = { terrain = "water", depth = -2 }'), "depth must be"),
        (("[scenario]", "[options]\nvtol_crash_damage = \"zzz\"\n\n[scenario]"), "[options] vtol_crash_damage must be one of per_hex, product, not 'zzz'"),
        (("[scenario]", "[options]\nno_such_rule = true\n\n[scenario]"), "[options]: unknown key 'no_such_rule'"),
    ],
)
def test_scenario_values_out_of_range_exit_4(tmp_path, crossroads, edit, message):
    text = crossroads.read_text()
    assert edit[0] in text
    crossroads.write_text(text.replace(edit[0], edit[1], 1))
    result = run("init", crossroads, "-o", tmp_path / "g.toml")
    assert result.code == 4 and message in result.err, result.err


EDGE = hunchback_against(design("Locust LCT-1V", "locust", at="0101", facing="S"), hunchback="0103", name="Edge",
                         seed=1, turn_limit=3, destroy_share=1.0, width=4, height=4)


def test_a_physical_attack_by_a_unit_pushed_off_the_map_does_not_happen(tmp_path):
    """A charge pushes its target off the map before the target's own punch resolves: the punch is void
    (found by the random-game player; it used to be an internal error that stopped the game)."""
    game = init_game(tmp_path, EDGE, "--seed", "1", "-q", name="g.toml", scenario_name="edge.toml")
    ok("resolve-phase", game, "-q")  # seeded: blue 3, red 10, blue moves first
    ok("move", game, "hunchback", "--path", "F", "-q")
    ok("move", game, "locust", "--mode", "stand", "-q")
    ok("resolve-phase", game, "-q")
    ok("resolve-phase", game, "-q")
    ok("attack", game, "hunchback", "locust", "--physical", "charge", "-q")
    ok("attack", game, "locust", "hunchback", "--physical", "punch", "-q")
    out = ok("resolve-phase", game).out  # the charge hits (8 vs 6) and pushes the locust off the map
    assert "locust is pushed off the map at 0100 and leaves the battle" in out
    assert "locust's punch at hunchback does not happen (a unit was destroyed or left the battle)" in out
    ok("verify", game)


def test_a_rear_mount_is_named_as_the_report_labels_it(tmp_path, crossroads):
    """NAME@LOC(R) picks the rear mount (the report's label); NAME@LOC any mount there."""
    from btcli.model.units import Mount
    from btcli.rules.core.combat import choose_mounts
    from btcli.store.scenario import parse_scenario_text
    from tests.builders import changed

    state = parse_scenario_text(crossroads.read_text(encoding="utf-8"))
    unit = changed(state.units["hunchback"], weapons=(Mount("Medium Laser", "CT"), Mount("Medium Laser", "CT", rear=True)))
    assert choose_mounts(unit, ("Medium Laser@CT(R)",)) == [1]
    assert choose_mounts(unit, ("Medium Laser@CT",)) == [0]
    assert choose_mounts(unit, ("ML@ct(r)",)) == [1]


def test_init_refuses_an_out_of_range_seed_as_bad_input(tmp_path):
    """``--seed`` is a command-line value: out of range it is bad input (exit 2) naming the option, not a
    scenario problem (exit 4, 'scenario seed ...'); nothing is written."""
    for seed in ("-1", str(2**63), "99999999999999999999999999"):
        result = run("init", "crossroads", "-o", tmp_path / "g.toml", "--seed", seed)
        assert result.code == 2 and result.err == f"Error: --seed must be a whole number from 0 to 2^63-1, not {seed}\n"
        assert not (tmp_path / "g.toml").exists()
    assert ok("init", "crossroads", "-o", tmp_path / "g.toml", "--seed", str(2**63 - 1)).code == 0

"""Format-1 games (btcli 0.1) in progress stay playable (issue #11): ``btcli upgrade`` replays them
into format 2, and the commands refuse format 1 with that advice.

The fixtures in tests/store/format1/ were written by btcli 0.1 (commit 2045465): two example games
(their format-2 goldens are in tests/golden/; drop-zone with the salts the golden run draws, given
by hand) and a referee game stopped mid-turn, with its seed. drop-zone.upgraded.toml is the drop-zone
golden as it stood before issue #16 changed the derived critical slots (a fusion engine holds rating / 25
heat sinks, the rest take slots): an upgraded game keeps the slots it was set up with.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.cli.helpers import assert_refused, ok, run
from tests.conftest import ROOT

FORMAT1 = ROOT / "tests" / "store" / "format1"
GOLDEN = ROOT / "tests" / "golden"


@pytest.mark.parametrize("name", ["drop-zone", "paved-raid"])
def test_an_upgraded_example_is_byte_for_byte_the_format_2_game(tmp_path, name):
    """The same game played by btcli 0.1 and upgraded equals the game played by today's btcli."""
    game = tmp_path / "game.toml"
    shutil.copy(FORMAT1 / f"{name}.toml", game)
    out = ok("upgrade", game).out
    assert "every command, event and roll replays as logged" in out
    expected = FORMAT1 / "drop-zone.upgraded.toml" if name == "drop-zone" else GOLDEN / name / "game.toml"
    assert game.read_bytes() == expected.read_bytes()
    assert (tmp_path / "game.format1.toml").read_bytes() == (FORMAT1 / f"{name}.toml").read_bytes()
    assert ok("verify", game).out.startswith("ok: ")


@pytest.mark.parametrize("command", [["report"], ["verify"], ["move", "wasp", "--mode", "stand"], ["resolve-phase"]])
def test_commands_refuse_a_format_1_game_and_say_how_to_upgrade(tmp_path, command):
    game = tmp_path / "game.toml"
    shutil.copy(FORMAT1 / "paved-raid.toml", game)
    assert_refused(game, 4, command[0], game, *command[1:], contains="btcli upgrade GAME")


def test_a_referee_game_mid_turn_is_upgraded_with_its_seed_and_plays_on(tmp_path):
    game = tmp_path / "refereed.toml"
    shutil.copy(FORMAT1 / "refereed.toml", game)
    seed = tmp_path / "vault.seed"
    shutil.copy(FORMAT1 / "refereed.seed", seed)
    os.chmod(seed, 0o600)
    assert_refused(game, 2, "upgrade", game, contains="--seed-file")
    ok("upgrade", game, "--seed-file", seed)
    assert "ok: 4 entries" in ok("verify", game, "--seed-file", seed).out
    side = ok("report", game, "--field", "next_to_move").out.strip()
    unit = ok("report", game, "--field", f"unmoved.{side}").out.split()[0]
    ok("move", game, unit, "--mode", "stand")  # the game goes on where it stopped


def test_an_edited_format_1_head_is_not_upgraded(tmp_path):
    game = tmp_path / "game.toml"
    text = (FORMAT1 / "paved-raid.toml").read_text(encoding="utf-8")
    head, sep, log = text.partition("\n[[log]]\n")
    assert "heat_sinks = 0" in head
    game.write_text(head.replace("heat_sinks = 0", "heat_sinks = 3", 1) + sep + log, encoding="utf-8")
    assert_refused(game, 4, "upgrade", game, contains="edited by hand")
    assert not (tmp_path / "game.format1.toml").exists()


def test_a_format_2_game_needs_no_upgrade(tmp_path):
    game = tmp_path / "game.toml"
    shutil.copy(GOLDEN / "paved-raid" / "game.toml", game)
    assert_refused(game, 4, "upgrade", game, contains="converts format-1 games")


def test_upgrade_never_writes_over_a_kept_copy_or_another_file(tmp_path):
    game = tmp_path / "game.toml"
    shutil.copy(FORMAT1 / "paved-raid.toml", game)
    (tmp_path / "game.format1.toml").write_text("mine\n", encoding="utf-8")
    assert_refused(game, 2, "upgrade", game, contains="already exists")
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n", encoding="utf-8")
    assert_refused(game, 2, "upgrade", game, "-o", notes, "--force", contains="not a btcli game file")
    ok("upgrade", game, "-o", tmp_path / "new.toml")
    assert game.read_bytes() == (FORMAT1 / "paved-raid.toml").read_bytes()  # -o leaves the original alone
    assert Path(tmp_path / "new.toml").read_bytes() == (GOLDEN / "paved-raid" / "game.toml").read_bytes()


def test_upgrade_has_help_and_refuses_a_missing_file(tmp_path):
    assert run("upgrade", "--help").code == 0
    assert run("upgrade", tmp_path / "nope.toml").code == 4

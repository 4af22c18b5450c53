"""Aerospace games from the command line (issue #13): init from a scenario with space and low-altitude
maps, and the one-line errors for bad aerospace scenarios."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import init_game, ok, run

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

"""Audit of the aerospace movement rules from the command line (seed 001; catalog AERO-GEN-02, AERO-MOVE-04,
05, 07, 09, 10, AERO-MNV-10, AERO-HIGHG-01, 02): ``btcli move GAME UNIT --mode ... --path ...`` and
``resolve-phase`` on tests/cli/aero-scenario.toml, checking the rule's effect on the game, not only that the
command runs.

The Kurita Angel (a conventional fighter: SI 10, safe/max thrust 10/15, Piloting 5) flies on the low-altitude
map from 0808, altitude 5, facing N at velocity 3.
"""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import assert_refused, init_game, ok

SCENARIO = Path(__file__).with_name("aero-scenario.toml")
MECHS = {"davion": "hunchback", "kurita": "commando"}


def stand_the_mechs(game: Path) -> None:
    """Resolves initiative, stands both ground 'Mechs in the order drawn and opens the aerospace movement phase."""
    ok("resolve-phase", game, "-q")
    for _ in MECHS:
        side = ok("report", game, "--field", "next_to_move").out.strip()
        ok("move", game, MECHS[side], "--mode", "stand", "-q")
    ok("resolve-phase", game, "-q")


def aero_phase(tmp_path: Path) -> Path:
    game = init_game(tmp_path, SCENARIO)
    stand_the_mechs(game)
    return game


def next_aero_phase(game: Path) -> None:
    """From the aerospace movement phase (everyone moved) to the next turn's aerospace movement phase."""
    for _ in ("aero_movement", "weapon", "physical", "heat", "end"):
        ok("resolve-phase", game, "-q")
    stand_the_mechs(game)


def angel_line(game: Path) -> str:
    return next(line for line in ok("report", game).unwrapped.splitlines() if line.startswith("angel: "))


def test_safe_mode_caps_the_move_at_safe_thrust_and_max_mode_allows_more(tmp_path):
    """AERO-GEN-02, AERO-MOVE-04, AERO-MOVE-05."""
    game = aero_phase(tmp_path)
    path = "+ + F L F R F L F R F L"  # 2 to accelerate, 5 turns at velocity 5 for 2 each: 12 thrust, over safe 10
    assert_refused(game, 3, "move", game, "angel", "--mode", "safe", "--path", path,
                   contains="declared safe thrust (10) but the path spends 12 (AERO-GEN-02)")
    out = ok("move", game, "angel", "--mode", "max", "--path", path).out
    assert "velocity 5 (next turn 5), thrust 12 (moved)" in out.splitlines()[0]
    assert "thrust left 3/15 (safe 10)" in angel_line(game)


def test_a_velocity_change_between_hexes_is_refused(tmp_path):  # AERO-MOVE-07
    game = aero_phase(tmp_path)
    assert_refused(game, 3, "move", game, "angel", "--mode", "safe", "--path", "F + F F",
                   contains="velocity changes only at the start or the end of the move (AERO-MOVE-07)")


def test_no_roll_on_the_low_altitude_map(tmp_path):  # AERO-MNV-10
    game = aero_phase(tmp_path)
    assert_refused(game, 3, "move", game, "angel", "--mode", "safe", "--path", "F F F ROLL", contains="(AERO-MNV-10)")


def test_an_end_of_move_velocity_change_counts_next_turn_and_bars_a_start_change(tmp_path):
    """AERO-MOVE-09, AERO-MOVE-10."""
    game = aero_phase(tmp_path)
    first = ok("move", game, "angel", "--mode", "safe", "--path", "F F F +").out.splitlines()[0]
    assert first.endswith("0808 -> 0805 facing N, altitude 5, velocity 3 (next turn 4), thrust 1 (moved)")
    next_aero_phase(game)
    assert "velocity 4," in angel_line(game)
    assert_refused(game, 3, "move", game, "angel", "--mode", "safe", "--path", "- F F F",
                   contains="(AERO-MOVE-10)")
    assert_refused(game, 3, "move", game, "angel", "--mode", "safe", "--path", "F F F",
                   contains="must fly 4 hexes at velocity 4, the path flies 3 (AERO-LALT-02)")
    second = ok("move", game, "angel", "--mode", "safe", "--path", "F F F F -").out.splitlines()[0]
    assert "velocity 4 (next turn 3)" in second
    assert "hashes match" in ok("verify", game).out


def test_a_velocity_change_over_si_in_one_hex_makes_the_high_g_roll(tmp_path):  # AERO-HIGHG-01, AERO-HIGHG-02
    game = aero_phase(tmp_path)
    dry = ok("move", game, "angel", "--mode", "max", "--path", "F F F 10+", "--dry-run").out
    assert not [line for line in dry.splitlines() if line.startswith("roll ")]  # 10 thrust = SI 10: no check
    dry = ok("move", game, "angel", "--mode", "max", "--path", "F F F 11+", "--dry-run").out.splitlines()
    assert dry[-1] == "roll at step 14: control roll: high-G velocity change, 11 thrust, 7+ (AERO-HIGHG-02)"
    out = ok("move", game, "angel", "--mode", "max", "--path", "F F F 11+", "--dice", "6").out
    assert "angel: high-G: 1 structural integrity damage, SI now 9" in out
    assert "(atmospheric operations +2, fighter -1, thrust over SI +1) failed by 1" in out
    assert "velocity 14" in angel_line(game) and "SI 9/10" in angel_line(game)  # the manoeuvre still completes

"""The random-game player catches what it is there to catch: broken CLI promises, deadlocks, endless games.

A fake btcli stands in where today's btcli cannot be made to misbehave on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from tests.play import player
from tests.play.player import Call, GameRecord, PlayFailure, Session, play_random_game


def _session(tmp_path: Path) -> Session:
    game = tmp_path / "g.toml"
    return Session(game, GameRecord(SCENARIOS / "crossroads.toml", 1, game), max_calls=100)


def _answer(monkeypatch, code: int, err: str = "", write: bytes | None = None) -> None:
    def fake(args):
        if write is not None:
            Path(args[1]).write_bytes(write)
        return Call(args, code, "", err)

    monkeypatch.setattr(player, "run_btcli", fake)


@pytest.mark.parametrize(
    "code, err, write, broken",
    [
        (1, "Error: internal error (KeyError: 'x')\n", None, "exit code 1"),
        (3, "Error: refused\nTraceback\n", None, "exactly one stderr line"),
        (3, "refused\n", None, "exactly one stderr line"),
        (3, "Error: refused\n", b"changed", "a refused command changed g.toml"),
        (0, "", None, "left the game file unchanged"),
    ],
)
def test_a_broken_cli_promise_fails_the_game(tmp_path, monkeypatch, code, err, write, broken):
    session = _session(tmp_path)
    session.game.write_bytes(b"game")
    _answer(monkeypatch, code, err, write)
    with pytest.raises(PlayFailure, match=broken) as failure:
        session.run("move", "wasp", "--mode", "stand")
    assert failure.value.kind == "invariant" and "btcli move" in failure.value.message


def test_a_report_that_writes_fails_the_game(tmp_path, monkeypatch):
    session = _session(tmp_path)
    session.game.write_bytes(b"game")
    _answer(monkeypatch, 0, write=b"changed")
    with pytest.raises(PlayFailure, match="a read-only command changed g.toml"):
        session.look("report")


def test_a_clean_refusal_is_fine(tmp_path, monkeypatch):
    session = _session(tmp_path)
    session.game.write_bytes(b"game")
    _answer(monkeypatch, 3, "Error: out of order (TW p.39)\n")
    assert session.run("move", "wasp", "--mode", "stand").code == 3
    assert session.record.refused == 1 and session.record.accepted == 0


def test_the_call_cap_stops_a_game(tmp_path):
    with pytest.raises(PlayFailure, match="30 calls made without the game ending") as failure:
        play_random_game(SCENARIOS / "drop-duel.toml", tmp_path / "g.toml", 1, max_calls=30)
    assert failure.value.kind == "call limit" and failure.value.record.calls == 30


class StuckBtcli:
    """A btcli whose movement phase cannot go on: blue is to move but has nothing to move."""

    REPORT = {
        "turn": 1, "phase": "movement", "game_over": False, "winner": None, "result": None,
        "next_to_move": "blue", "unmoved": {"blue": [], "red": ["locust"]}, "dropping": {"blue": [], "red": []},
        "structures": [],
        "units": [{"id": "locust", "side": "red", "kind": "mech", "motive": "biped", "position": "0505",
                   "destroyed": False, "prone": False, "facing": "N", "mp": {"walk": 8, "run": 12, "jump": 0},
                   "weapons": ["Medium Laser@CT"], "ammo": [], "status": ""}],
    }

    def __call__(self, args: tuple[str, ...]) -> Call:
        command, game, *rest = args
        if command == "init":
            Path(rest[1]).write_text("game\n")
            return Call(args, 0, json.dumps({"map": {"width": 16, "height": 17}}), "")
        if command == "report" and rest[:2] == ["--format", "json"]:
            return Call(args, 0, json.dumps(self.REPORT), "")
        if command == "report" and rest[:1] == ["--field"]:
            value = self.REPORT
            for key in rest[1].split("."):
                value = value[key]
            return Call(args, 0, (" ".join(value) if isinstance(value, list) else str(value)) + "\n", "")
        if command == "report":
            return Call(args, 0, "the report\n", "")
        return Call(args, 3, "", "Error: cannot end the movement phase: locust has not moved (TW p.39)\n")


def test_a_deadlock_is_reported_with_the_report(tmp_path, monkeypatch):
    monkeypatch.setattr(player, "run_btcli", StuckBtcli())
    with pytest.raises(PlayFailure) as failure:
        play_random_game(SCENARIOS / "drop-duel.toml", tmp_path / "g.toml", 1)
    assert failure.value.kind == "deadlock"
    assert "side blue is next to move but has no unmoved unit" in failure.value.message
    assert "the report" in failure.value.message
    assert failure.value.reproduction.rstrip().endswith('btcli resolve-phase "$GAME" -q')


def test_the_player_passes_init_options_and_reads_the_board_size_from_init(tmp_path):
    """A scenario may name a MegaMek board (its size is in the board file) and units that need --lenient:
    an .mtf with a weapon btcli does not play."""
    megamek = Path(__file__).resolve().parents[1] / "megamek" / "fixtures"
    scenario = tmp_path / "lenient.toml"
    scenario.write_text(f"""[scenario]
name = "Lakeside"
turn_limit = 2

[map]
board = "{megamek / 'data' / 'boards' / 'Lakeside Works.board'}"

[sides.blue]
name = "Blue"

[sides.red]
name = "Red"

[[units]]
id = "odd"
side = "blue"
design = "mtf:{megamek / 'bad' / 'unknown-weapon.mtf'}"
position = "0101"
facing = "S"

[[units]]
id = "locust"
side = "red"
design = "mtf:{megamek / 'data' / 'mechs' / 'Locust LCT-1V.mtf'}"
position = "0303"
facing = "N"
""", encoding="utf-8")
    game = tmp_path / "g.toml"
    with pytest.raises(PlayFailure, match="init was refused"):
        play_random_game(scenario, game, 1)
    lenient = player.Player(scenario, game, 1, player.DEFAULT_MAX_CALLS, ("--lenient",))
    assert lenient.play().ended_by == "turn limit"
    assert (lenient.width, lenient.height) == (12, 10)  # the board's "size 12 10"

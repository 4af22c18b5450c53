"""``btcli drop`` end to end: the landing hex stays secret in the game file, only the secrets
file beside it holds it, a tampered reveal is refused (exit 4) and the file never changes on an
error (DROP-04..07)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.builders import design, scenario_text
from tests.cli.helpers import assert_refused as refused
from tests.cli.helpers import init_game, ok

SCENARIO = scenario_text(design("Locust LCT-1V", "locust", at="0505"),
                         {"id": "hbk", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha", "facing": "N"},
                         width=12, height=12, drops={"alpha": {"arrival": 1}}, name="drop cli", seed=5, allow_drop=True)


@pytest.fixture
def game(tmp_path) -> Path:
    return init_game(tmp_path, SCENARIO, scenario_name="drop.toml")


def secrets_of(game: Path) -> dict:
    """Returns every side's secrets (one file a side: game.blue.secrets.toml, game.red.secrets.toml)."""
    found: dict = {}
    for path in sorted(game.parent.glob("game.*.secrets.toml")):
        found.update(tomllib.loads(path.read_text(encoding="utf-8"))["drops"])
    return found


def strings(value) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return [value] if isinstance(value, str) else []


def test_the_game_file_holds_only_a_salted_hash(game):
    """DROP-04: neither the hex, nor the facing choice, nor the salt appears in the game file."""
    result = ok("drop", game, "hbk", "--hex", "0707", "--facing", "SW")
    assert result.out.startswith("hbk (blue) commits a secret landing hex (DROP-04)\n")
    secret = secrets_of(game)["hbk"]
    assert (secret["hex"], secret["facing"]) == ("0707", "SW")
    data = game.read_bytes()
    assert secret["salt"].encode() not in data
    # Every string of the file that mentions 0707 is a hex digest, never the hex itself.
    mentions = [s for s in strings(tomllib.loads(data.decode())) if "0707" in s]
    assert all(len(s) in (32, 64) and set(s) <= set("0123456789abcdef") for s in mentions), mentions
    assert f"drop hbk --commit {secret['commitment']}".encode() in data


def test_the_same_hex_committed_twice_hashes_differently(tmp_path, game):
    """DROP-04: the salt is random, so hashing every hex cannot recover the choice."""
    other = tmp_path / "other.toml"
    other.write_bytes(game.read_bytes())
    ok("drop", game, "hbk", "--hex", "0707", "-q")
    ok("drop", other, "hbk", "--hex", "0707", "-q")
    mine = secrets_of(game)["hbk"]
    theirs = tomllib.loads((tmp_path / "other.blue.secrets.toml").read_text())["drops"]["hbk"]
    assert mine["salt"] != theirs["salt"] and mine["commitment"] != theirs["commitment"]


@pytest.fixture
def committed(game) -> Path:
    ok("drop", game, "hbk", "--hex", "0707", "--facing", "SW", "-q")
    ok("resolve-phase", game, "--dice", "5,8", "-q")  # red loses the initiative
    ok("move", game, "locust", "--mode", "stand", "-q")
    return game


def test_a_revealed_hex_other_than_the_committed_one_is_refused(committed):
    """DROP-06: a reveal that does not match the commitment: exit 4, game file unchanged."""
    refused(committed, 4, "drop", committed, "hbk", "--reveal", "--hex", "0708", contains="does not match")
    salt = secrets_of(committed)["hbk"]["salt"]
    refused(committed, 4, "drop", committed, "hbk", "--reveal", "--hex", "0707", "--facing", "N", "--salt", salt)


def test_reveal_lands_and_the_game_verifies(committed):
    """DROP-05..07: the reveal reads the secrets file, logs the hex and lands; verify replays it."""
    result = ok("drop", committed, "hbk", "--reveal", "--dice", "9")
    assert result.out.splitlines()[:2] == [
        "hbk (blue) reveals its landing hex 0707 facing SW (DROP-06)",
        "hbk lands in 0707 facing SW (9 vs 5) (DROP-07)",
    ]
    assert ok("report", committed, "--field", "dropping.blue").out == "\n"
    assert "ok: " in ok("verify", committed).out
    ok("resolve-phase", committed, "-q")
    refused(committed, 3, "attack", committed, "hbk", "locust", "-w", "ML", contains="DROP-09")


def test_next_to_move_names_the_dropping_side(committed):
    """DROP-05: once every unit moved, the report names the side whose 'Mech lands next."""
    assert ok("report", committed, "--field", "next_to_move").out == "blue\n"
    assert ok("report", committed, "--field", "dropping.blue").out == "hbk\n"
    refused(committed, 3, "resolve-phase", committed, contains="DROP-05")


@pytest.mark.parametrize(("args", "code", "contains"), [
    (["nosuch", "--hex", "0707"], 2, "unknown unit"),
    (["hbk", "--hex", "1313"], 2, "off the map"),
    (["hbk", "--hex", "07"], 2, "bad hex"),
    (["hbk"], 2, "--hex"),
    (["hbk", "--hex", "0707", "--facing", "UP"], 2, "unknown facing"),
    (["locust", "--hex", "0707"], 3, "DROP-01"),
    (["hbk", "--reveal"], 2, "no landing secret"),
])
def test_bad_drops_are_refused_and_change_nothing(game, args, code, contains):
    refused(game, code, "drop", game, *args, contains=contains)
    assert not game.with_name("game.secrets.toml").exists()


def test_secrets_go_to_the_sides_own_file(game):
    """DROP-04, hot seat: each side's secrets live in its own file, game.SIDE.secrets.toml."""
    out = ok("drop", game, "hbk", "--hex", "0707").out
    assert "landing hex kept secret in " in out and out.rstrip().endswith("game.blue.secrets.toml (do not commit or share it)")
    assert (game.parent / "game.blue.secrets.toml").exists() and not (game.parent / "game.red.secrets.toml").exists()


def test_a_secrets_path_that_is_the_game_or_another_file_is_refused(game, tmp_path):
    """DROP-04: --secrets never overwrites the game file or a file that is not a btcli secrets file."""
    refused(game, 2, "drop", game, "hbk", "--hex", "0707", "--secrets", game, contains="is the game file")
    notes = tmp_path / "notes.toml"
    notes.write_text("[mine]\nkeep = true\n", encoding="utf-8")
    refused(game, 2, "drop", game, "hbk", "--hex", "0707", "--secrets", notes, contains="not a btcli secrets file")
    assert notes.read_text(encoding="utf-8") == "[mine]\nkeep = true\n"


def test_a_guessable_salt_is_refused(game):
    """DROP-04: a chosen salt must be as hard to guess as the random one (32+ hex digits)."""
    refused(game, 2, "drop", game, "hbk", "--hex", "0707", "--salt", "aaaaaaaaaaaaaaaa", contains="32 hexadecimal")


def test_a_damaged_secrets_record_is_a_clear_error(committed):
    path = committed.parent / "game.blue.secrets.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('facing = "SW"', "facing = 3"), encoding="utf-8")
    refused(committed, 4, "drop", committed, "hbk", "--reveal", contains="must be strings")


def test_a_drop_can_be_called_off_from_the_cli_and_the_game_verifies(game):
    """A lost secret need not stall the game: `drop UNIT --abort` takes the 'Mech out (counts as lost)."""
    out = ok("drop", game, "hbk", "--abort").out
    assert out.startswith("hbk (blue) calls off its drop")
    assert "drop called off in turn 1" in ok("report", game).unwrapped
    assert "ok: " in ok("verify", game).out
    refused(game, 2, "drop", game, "hbk", "--abort", "--reveal", contains="--abort takes no")

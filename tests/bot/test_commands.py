"""``btcli bot`` and ``btcli simulate`` through the real command line (issue #35 item 4: the bot plays every
shipped scenario; a refused order, a traceback or a game that does not verify fails)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import assert_refused, init_game, ok, run
from tests.conftest import SCENARIOS

SHIPPED = sorted(p.stem for p in SCENARIOS.glob("*.toml"))


@pytest.mark.parametrize("name", SHIPPED)
def test_the_bot_plays_every_shipped_scenario_without_a_refused_order(tmp_path, name):
    game = init_game(tmp_path, SCENARIOS / f"{name}.toml", "--seed", "7")
    for _ in range(3):  # three turns (fewer if the game ends), every side by the bot
        result = run("bot", game, "--until", "turn", "--seed", "1", "--json")
        assert result.code == 0, result.err
        done = json.loads(result.out)
        if done["after"]["winner"]:
            break
        assert done["stopped"] == "the turn ended"
    ok("verify", game, "-q")


def test_a_whole_game_bot_against_bot(tmp_path):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3")
    done = json.loads(ok("bot", game, "--until", "game", "--json").out)
    assert done["stopped"] == "the game is over" and done["after"]["winner"]
    log = [o["command"] for o in done["orders"]]
    assert any(c.startswith("move ") for c in log) and any(c.startswith("attack ") for c in log)
    ok("verify", game, "-q")


def test_the_bot_plays_one_side_and_waits_for_the_other(tmp_path):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3")
    ok("resolve-phase", game, "-q")  # initiative
    first = ok("report", game, "--field", "next_to_move").out.strip()
    second = next(s for s in ("red", "blue") if s != first)
    before = game.read_bytes()
    waiting = ok("bot", game, "--side", second)
    assert game.read_bytes() == before
    assert "bot stopped: waiting for another side" in waiting.out
    moved = json.loads(ok("bot", game, "--side", first, "--json").out)
    assert [o["side"] for o in moved["orders"]] == [first]
    assert moved["orders"][0]["command"].startswith("move ")
    assert moved["stopped"] == "waiting for another side"


def test_the_same_game_and_seed_give_the_same_orders(tmp_path):
    files = []
    for name in ("a", "b"):
        folder = tmp_path / name
        folder.mkdir()
        game = init_game(folder, SCENARIOS / "drop-duel.toml", "--seed", "5")
        ok("bot", game, "--until", "turn", "--seed", "9", "-q")
        ok("bot", game, "--until", "turn", "--seed", "9", "-q")
        files.append(game.read_bytes())
    assert files[0] == files[1]


def test_bot_orders_are_logged_as_typed_orders(tmp_path):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3")
    ok("bot", game, "--until", "turn", "-q")
    from btcli.store.journal import parts

    _, log = parts(game.read_bytes())
    from btcli.grammar import order_from_text, order_text

    for entry in log[1:]:
        order, dice = order_from_text(entry["command"])
        assert order_text(order) == entry["command"] and dice is None


@pytest.mark.parametrize("args, code, says", [
    (("--side", "green"), 2, "no side 'green'"),
    (("--aggression", "11"), 2, "--aggression is 0 to 10"),
])
def test_bad_bot_options_are_refused_and_write_nothing(tmp_path, args, code, says):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml")
    assert_refused(game, code, "bot", game, *args, contains=says)


def test_simulate_is_the_same_whatever_the_jobs_and_shards(tmp_path):
    one = json.loads(ok("simulate", "town-strike", "--games", "4", "--seed", "2", "--json").out)
    two = json.loads(ok("simulate", "town-strike", "--games", "4", "--seed", "2", "--jobs", "2", "--json").out)
    assert one["records"] == two["records"] and one["games"] == 4
    shards = []
    for k in (1, 2):
        path = tmp_path / f"shard{k}.json"
        path.write_text(ok("simulate", "town-strike", "--games", "4", "--seed", "2", "--shard", f"{k}/2",
                           "--json").out)
        shards.append(path)
    merged = json.loads(ok("simulate", "--merge", shards[0], "--merge", shards[1], "--json").out)
    for key in ("sides", "strength", "draws", "turns", "units", "records"):
        assert merged[key] == one[key]


def test_simulate_keeps_game_files_that_verify(tmp_path):
    keep = tmp_path / "games"
    result = ok("simulate", "orbital-descent", "--games", "2", "--keep", keep)
    assert "orbital-descent: 2 games" in result.out and "95% interval" in result.out
    kept = sorted(keep.glob("game-*.toml"))
    assert [p.name for p in kept] == ["game-00000.toml", "game-00001.toml"]
    for path in kept:
        ok("verify", path, "-q")


@pytest.mark.parametrize("args, code, says", [
    (("crossroads", "--games", "0"), 2, "--games is at least 1"),
    (("crossroads", "--shard", "3/2"), 2, "--shard is K/N"),
    (("--merge", "nothing.json"), 4, "nothing.json"),
    ((), 2, "name the SCENARIO"),
])
def test_bad_simulate_options_are_refused(tmp_path, monkeypatch, args, code, says):
    monkeypatch.chdir(tmp_path)
    result = run("simulate", *args)
    assert result.code == code and result.err.startswith("Error: ") and says in result.err, result.err


def test_a_referee_game_without_the_seed_stops_the_bot_with_the_games_own_refusal(tmp_path):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--referee")
    (tmp_path / "game.seed").rename(tmp_path / "elsewhere.seed")  # the referee keeps it away from the players
    before = game.read_bytes()
    result = run("bot", game)
    assert result.code in (2, 3, 4) and result.err.startswith("Error: the game refused the bot's order "
                                                               "'resolve-phase': "), result.err
    assert game.read_bytes() == before

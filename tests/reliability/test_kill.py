"""kill -9 in the middle of a write (issue #10): the game is always the old file or the new one,
both verify, a referee's seed and a drop's secret are never lost from their game, and the next
write removes what the killed one left behind."""

from __future__ import annotations

import random
import shutil
import signal
import time
from pathlib import Path

from btcli.runner import verify_text
from tests.conftest import SCENARIOS
from tests.reliability.conftest import btcli, build_long_game, check_reveal_matches, rounds, start


def kill_at_random(args: list, seconds: float, rng: random.Random) -> None:
    process = start(*args)
    time.sleep(rng.uniform(0, seconds))
    process.send_signal(signal.SIGKILL)
    process.wait()


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def duration(args: list) -> float:
    started = time.monotonic()
    btcli(*args)
    return time.monotonic() - started


def test_a_killed_move_leaves_the_old_or_the_new_game(tmp_path):
    pristine = tmp_path / "pristine.toml"
    mover = build_long_game(pristine, 3000)  # a larger file makes a longer write to land in
    game = tmp_path / "g.toml"
    args = ["move", game, mover, "--mode", "stand", "-q"]
    shutil.copy(pristine, game)
    took = duration(args)
    old, new = pristine.read_bytes(), game.read_bytes()
    assert old != new
    assert verify_text(old).count + 1 == verify_text(new).count
    rng = random.Random(10)
    seen = {"old": 0, "new": 0, "mid-write": 0}
    for _ in range(rounds(30)):
        shutil.copy(pristine, game)
        kill_at_random(args, took * 1.2, rng)
        data = game.read_bytes()
        assert data in (old, new), "a killed write left a file that is neither the old game nor the new"
        seen["old" if data == old else "new"] += 1
        if leftovers(tmp_path):
            seen["mid-write"] += 1
            btcli(*args)  # the next write cleans up after the killed one
            assert leftovers(tmp_path) == []
    print(f"kill -9 during move: {seen}")
    assert seen["old"] and seen["new"]  # the kills landed on both sides of the rename


def test_a_killed_referee_init_never_leaves_a_game_without_its_seed(tmp_path):
    game, seed = tmp_path / "r.toml", tmp_path / "r.seed"
    args = ["init", SCENARIOS / "crossroads.toml", "-o", game, "--referee", "-q"]
    took = duration(args)
    rng = random.Random(11)
    for _ in range(rounds(20)):
        for path in (game, seed):
            path.unlink(missing_ok=True)
        kill_at_random(args, took * 1.2, rng)
        if game.exists():
            assert seed.exists(), "a game whose seed was lost"
            btcli("resolve-phase", game, "-q")  # the seed matches its game's commitment
            btcli("verify", game, "-q")
        for tmp in tmp_path.glob(".*.tmp"):
            tmp.unlink()


def test_a_killed_drop_never_leaves_a_commitment_without_its_secret(tmp_path):
    pristine = tmp_path / "pristine.toml"
    btcli("init", SCENARIOS / "drop-duel.toml", "-o", pristine, "-q")
    game = tmp_path / "g.toml"
    secrets = tmp_path / "g.red.secrets.toml"
    args = ["drop", game, "wasp", "--hex", "0404", "-q"]
    shutil.copy(pristine, game)
    took = duration(args)
    rng = random.Random(12)
    committed = 0
    for _ in range(rounds(20)):
        shutil.copy(pristine, game)
        secrets.unlink(missing_ok=True)
        kill_at_random(args, took * 1.2, rng)
        if game.read_bytes() != pristine.read_bytes():
            committed += 1
            assert secrets.exists(), "a commitment whose secret was lost"
            text = secrets.read_text(encoding="utf-8")
            assert 'hex = "0404"' in text
            check_reveal_matches(game, secrets)
    print(f"kill -9 during drop: {committed} of {rounds(20)} landed after the commit")

"""A referee-held seed (design.md, Dice): the game file keeps only a commitment to the seed, so nobody
reading it can foresee the dice; the referee's GAME.seed rolls them, and proves them at verify."""

from __future__ import annotations

import os
import stat

import pytest

from tests.cli.helpers import assert_refused, init_game, ok, run


def seed_of(path) -> str:
    """Returns the seed in a referee's seed file (a comment line, then the number)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# btcli referee seed") and len(lines) == 2
    return lines[1]


@pytest.fixture
def refereed(tmp_path, crossroads):
    return init_game(tmp_path, crossroads, "--referee")


def test_the_game_file_holds_a_commitment_and_the_referee_the_seed(refereed):
    seed_file = refereed.with_suffix(".seed")
    seed = seed_of(seed_file)
    assert seed.isdigit()
    assert stat.S_IMODE(os.stat(seed_file).st_mode) == 0o600
    text = refereed.read_text(encoding="utf-8")
    assert 'seed = "sha256:' in text and seed not in text


def test_without_the_seed_rolls_are_refused_and_the_rest_goes_on(refereed):
    refereed.with_suffix(".seed").rename(refereed.with_name("kept-by-referee.seed"))
    err = assert_refused(refereed, 2, "resolve-phase", refereed, contains="which the referee holds")
    assert "initiative" in err
    # A player without the seed may not pick the dice (issue #10 item 11) ...
    assert_refused(refereed, 2, "resolve-phase", refereed, "--dice", "8,5", contains="referee game")
    os.rename(refereed.with_name("kept-by-referee.seed"), refereed.with_suffix(".seed"))
    ok("resolve-phase", refereed, "--dice", "8,5")  # ... the referee, who has it, may (dice rolled at the table)
    refereed.with_suffix(".seed").rename(refereed.with_name("kept-by-referee.seed"))
    side = ok("report", refereed, "--field", "next_to_move").out.strip()
    unit = ok("report", refereed, "--field", f"unmoved.{side}").out.split()[0]
    ok("move", refereed, unit, "--mode", "stand")  # an order that rolls nothing needs no seed


def test_with_the_seed_the_referee_rolls_and_verify_proves_it(refereed, tmp_path):
    ok("resolve-phase", refereed)  # GAME.seed beside the game: the referee's own folder
    refereed.with_suffix(".seed").rename(tmp_path / "vault.seed")
    assert_refused(refereed, 2, "verify", refereed, contains="held by the referee")
    assert "ok: 2 entries" in ok("verify", refereed, "--seed-file", tmp_path / "vault.seed").out
    (tmp_path / "wrong.seed").write_text("12345\n", encoding="utf-8")
    os.chmod(tmp_path / "wrong.seed", 0o600)
    result = run("verify", refereed, "--seed-file", tmp_path / "wrong.seed")
    assert result.code == 4 and "does not match this game's seed commitment" in result.err


def test_the_seed_file_can_come_from_the_environment(refereed, tmp_path, monkeypatch):
    moved = tmp_path / "elsewhere.seed"
    refereed.with_suffix(".seed").rename(moved)
    monkeypatch.setenv("BTCLI_SEED_FILE", str(moved))
    assert "initiative" in ok("resolve-phase", refereed).out


def test_a_referee_game_draws_its_own_seed(tmp_path, crossroads):
    game = tmp_path / "g.toml"
    result = run("init", crossroads, "-o", game, "--referee", "--seed", "5")
    assert result.code == 2 and "leave --seed out" in result.err and not game.exists()


def test_the_seed_file_is_never_overwritten_without_force(tmp_path, crossroads):
    game = tmp_path / "g.toml"
    game.with_suffix(".seed").write_text("precious\n", encoding="utf-8")
    result = run("init", crossroads, "-o", game, "--referee")
    assert result.code == 2 and "already exists" in result.err
    assert game.with_suffix(".seed").read_text(encoding="utf-8") == "precious\n" and not game.exists()


def test_a_failed_reinit_keeps_the_running_games_seed(refereed, crossroads, monkeypatch):
    """init --referee --force that cannot write the game (locked) leaves the old seed file alone: the
    running game can still roll."""
    from btcli.store import gamefile
    from btcli.store.lock import locked_game

    seed_file = refereed.with_suffix(".seed")
    before = seed_file.read_text(encoding="utf-8")
    monkeypatch.setattr(gamefile, "LOCK_TIMEOUT_S", 0.05)
    with locked_game(str(refereed), 1.0):
        result = run("init", crossroads, "-o", refereed, "--referee", "--force")
    assert result.code == 4 and "locked" in result.err
    assert seed_file.read_text(encoding="utf-8") == before
    assert not list(refereed.parent.glob(".tmp-*"))
    assert "initiative" in ok("resolve-phase", refereed).out


def test_a_referee_seed_is_too_long_to_guess(refereed):
    assert int(seed_of(refereed.with_suffix(".seed"))).bit_length() > 100  # 128 random bits

"""Random bad input over every command (issue #10, widening tests/cli/test_fuzz.py): special files
for every path, numbers of thousands of digits, non-ASCII digits, nesting 1,000 deep, in the
arguments and inside game, scenario, seed and secrets files. The answer is always exit 0, or one
``Error:`` line with exit 2, 3 or 4; never an internal error, a hang or a changed game."""

from __future__ import annotations

import os
import shutil
import signal
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.helpers import init_game, ok, run
from tests.conftest import SCENARIOS

NASTY_NUMBERS = ["9" * 5000, "²", "٣", "１２", "-0", "1e9", "0x10", "9" * 19, "3" * 400 + "F"]
NASTY_TEXT = ["[" * 1000, "{" * 500, "\x00", "\udcff", "'", '"', "--", "-", "=", "\\", "\r\n", " "]


@contextmanager
def deadline(seconds: int):
    """Fails (instead of hanging the suite) if a command blocks, e.g. opening a FIFO."""
    def expired(*_):
        raise AssertionError(f"a command took over {seconds} s (blocked on a special file?)")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="module")
def place(tmp_path_factory) -> dict[str, Path]:
    """A game in its movement phase, and beside it every kind of file that is not a game."""
    folder = tmp_path_factory.mktemp("fuzz-inputs")
    game = init_game(folder, SCENARIOS / "crossroads.toml", "--seed", "5", "-q", name="base.toml")
    ok("resolve-phase", game, "--dice", "8,5", "-q")
    fifo = folder / "fifo.toml"
    os.mkfifo(fifo)
    (folder / "dir.toml").mkdir()
    (folder / "loop.toml").symlink_to(folder / "loop.toml")
    (folder / "zero.toml").symlink_to("/dev/zero")
    (folder / "empty.toml").write_bytes(b"")
    (folder / "deep.toml").write_text("a = " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    (folder / "huge-int.toml").write_text("[scenario]\nseed = " + "9" * 5000 + "\n", encoding="utf-8")
    (folder / "binary.toml").write_bytes(bytes(range(256)) * 4)
    return {"folder": folder, "game": game}


SPECIAL = ["/dev/zero", "/dev/null", "fifo.toml", "dir.toml", "loop.toml", "zero.toml", "empty.toml", "deep.toml",
           "huge-int.toml", "binary.toml", "missing.toml", "/proc/self/mem", "/"]


def _resolve(place, word: str) -> str:
    if word in SPECIAL and not word.startswith("/"):
        return str(place["folder"] / word)
    return word


def _check(place, args: list[str], game: Path) -> None:
    before = game.read_bytes()
    with deadline(20):
        result = run(*args)
    assert result.code in (0, 2, 3, 4), (args, result.code, result.err)
    if result.code != 0:
        assert result.err.startswith("Error: ") and result.err.count("\n") == 1, (args, result.err)
        assert game.read_bytes() == before, args
    leftover = [p.name for p in place["folder"].iterdir() if p.name.endswith((".tmp", ".lock"))]
    assert not leftover, (args, leftover)


@pytest.mark.parametrize("command", [
    ["report"], ["report", "--format", "json"], ["verify"], ["resolve-phase"], ["move", "{}", "wasp", "--path", "F"],
    ["attack", "{}", "wasp", "locust", "-w", "ML"], ["drop", "{}", "wasp", "--reveal"],
    ["init", "{}", "-o", "{out}"], ["init", "crossroads", "-o", "{}", "--force"],
    ["report", "GAME", "--map", "{}"], ["report", "GAME", "--map", "{}", "--force"],
    ["verify", "GAME", "--seed-file", "{}"], ["drop", "GAME", "wasp", "--hex", "0404", "--secrets", "{}"],
])
@pytest.mark.parametrize("special", SPECIAL)
def test_every_path_may_be_a_special_file(place, command, special):
    game = place["folder"] / "work.toml"
    shutil.copy(place["game"], game)
    path = _resolve(place, special)
    if command[0] in ("report", "verify", "resolve-phase") and "{}" not in command and "GAME" not in command:
        args = [command[0], path, *command[1:]]
    else:
        args = [w.replace("{}", path).replace("{out}", str(place["folder"] / "out.toml"))
                .replace("GAME", str(game)).replace("crossroads", str(SCENARIOS / "crossroads.toml"))
                for w in command]
    _check(place, args, game)
    for name in ("out.toml",):
        (place["folder"] / name).unlink(missing_ok=True)


WORDS = st.sampled_from(
    ["move", "attack", "drop", "resolve-phase", "report", "verify", "init", "demo",
     "wasp", "locust", "hunchback", "--path", "--to", "--facing", "--mode", "--dice", "--weapon", "--physical",
     "--format", "--field", "--seed", "--hex", "--salt", "--reveal", "--map", "--force", "-o", "-q",
     "F", "3F", "0613", "N", "walk", "stand", "ML", "punch", "json", "next_to_move"]
    + NASTY_NUMBERS + NASTY_TEXT
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.one_of(WORDS, st.text(max_size=8)), max_size=8),
       command=st.sampled_from(["move", "attack", "drop", "resolve-phase", "report", "verify"]))
def test_random_words_with_nasty_numbers_never_crash(place, words, command):
    game = place["folder"] / "work.toml"
    shutil.copy(place["game"], game)
    words = [w for w in words if w not in ("--debug", "-o", "--map", "--secrets", "--seed-file", "demo")]
    _check(place, [command, str(game), *words], game)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=st.sampled_from(NASTY_NUMBERS + ["[" * 1000 + "]" * 1000, "{" + "a = {" * 300 + "}" * 301,
                                              '"' + "x" * 100_000 + '"', "nan", "inf", "-inf", "1.0e400"]),
       where=st.sampled_from(["[game]\n", "[units.wasp]\n", "[units.wasp.armor]\n", "[map]\n", "[victory]\n"]),
       key=st.sampled_from(["note", "heat", "turn", "HD", "width", "turn_limit"]),
       command=st.sampled_from([["report"], ["verify"], ["move", "wasp", "--path", "F"], ["resolve-phase"]]))
def test_nasty_values_inside_the_game_file_never_crash(place, value, where, key, command):
    game = place["folder"] / "work.toml"
    text = place["game"].read_text(encoding="utf-8")
    head, sep, log = text.partition("\n[[log]]\n")
    game.write_text(head.replace(where, f"{where}{key} = {value}\n", 1) + sep + log, encoding="utf-8")
    _check(place, [command[0], str(game), *command[1:]], game)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=st.sampled_from(NASTY_NUMBERS + ["[" * 1000 + "]" * 1000, "nan", "1.0e400", '"²"']),
       key=st.sampled_from(["seed", "turn_limit", "destroy_share", "width", "position", "tons", "cf"]))
def test_nasty_values_inside_a_scenario_never_crash(place, value, key):
    scenario = place["folder"] / "scenario.toml"
    text = (SCENARIOS / "crossroads.toml").read_text(encoding="utf-8")
    table = {"seed": "[scenario]\n", "turn_limit": "[scenario]\n", "destroy_share": "[scenario]\n",
             "width": "[map]\n", "cf": "[map]\n"}.get(key, "[[units]]\n")
    text = text.replace(table, f"{table}{key} = {value}\n", 1)
    if key in ("seed", "turn_limit", "destroy_share", "width"):  # replace, not duplicate, the key
        lines = text.split("\n")
        first = next(i for i, line in enumerate(lines) if line.startswith(f"{key} = {value}"))
        lines = [line for i, line in enumerate(lines) if i == first or not line.startswith(f"{key} = ")]
        text = "\n".join(lines)
    scenario.write_text(text, encoding="utf-8")
    out = place["folder"] / "from-scenario.toml"
    with deadline(20):
        result = run("init", scenario, "-o", out, "--force")
    assert result.code in (0, 2, 4), (key, value, result.err)
    if result.code:
        assert result.err.startswith("Error: ") and result.err.count("\n") == 1
    out.unlink(missing_ok=True)


@pytest.mark.parametrize("content", ["²\n", "9" * 5000 + "\n", "[" * 1000 + "\n", "", "\x00\x01", "1\n2\n"])
def test_nasty_seed_files_are_refused(tmp_path, content):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--referee", "-q", name="r.toml")
    seed = tmp_path / "r.seed"
    seed.write_text(content, encoding="utf-8")
    os.chmod(seed, 0o600)
    before = game.read_bytes()
    result = run("resolve-phase", game)
    assert result.code == 4 and result.err.startswith("Error: ")
    assert game.read_bytes() == before


@pytest.mark.parametrize("content", ["[drops]\nwasp = " + "[" * 1000 + "]" * 1000, "[drops.wasp]\nhex = 9" + "9" * 5000,
                                     "\x00", "[drops]\nwasp = 3"])
def test_nasty_secrets_files_are_refused(tmp_path, content):
    game = init_game(tmp_path, SCENARIOS / "drop-duel.toml", "-q", name="g.toml")
    secrets = tmp_path / "g.red.secrets.toml"
    secrets.write_text("# btcli secrets: x\n" + content, encoding="utf-8")
    os.chmod(secrets, 0o600)
    before = game.read_bytes()
    result = run("drop", game, "wasp", "--reveal")
    assert result.code in (2, 3, 4) and result.err.startswith("Error: ")
    assert game.read_bytes() == before

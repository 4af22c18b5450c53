"""Throws random arguments and damaged game files at the CLI (issue #2, Bad input).

Whatever comes in, btcli answers with exit 0, or with one 'Error:' line and
exit 2, 3 or 4 and a byte-for-byte unchanged game file; never a traceback
(exit 1 would be a bug).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.helpers import init_game, ok, run
from tests.conftest import SCENARIOS


@pytest.fixture(scope="module")
def base_game(tmp_path_factory) -> Path:
    game = init_game(tmp_path_factory.mktemp("fuzz"), SCENARIOS / "crossroads.toml", "--seed", "5", "-q", "--force",
                     name="base.toml")
    ok("resolve-phase", game, "--dice", "8,5", "-q")
    return game


WORDS = st.sampled_from(
    [
        "move", "attack", "resolve-phase", "report", "verify", "init",
        "wasp", "locust", "hunchback", "manticore", "nobody", "",
        "--path", "--to", "--facing", "--mode", "--dice", "--weapon", "--physical", "--format", "--field", "-q",
        "F", "F,F,R", "3F", "B,B,B", "L", "X", "0613", "0101", "9999", "1717", "0000", "ab12",
        "N", "SE", "Q", "walk", "run", "jump", "stand", "cruise", "flank", "fly",
        "8,5", "13", "0", "1,2,3,4,5,6,7", "-1", "ML", "AC/20", "punch", "json", "markdown", "yaml",
        "next_to_move", "--", "-x", "--help-me",
    ]
)
TEXT = st.text(min_size=0, max_size=12)


def _check(game: Path, args: list[str]) -> None:
    before = game.read_bytes()
    result = run(*args)
    assert result.code in (0, 2, 3, 4), (args, result.code, result.err)
    if result.code != 0:
        assert result.err.startswith("Error: ") and result.err.count("\n") == 1, (args, result.err)
        assert game.read_bytes() == before, args


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.one_of(WORDS, TEXT), min_size=0, max_size=7), command=st.sampled_from(
    ["move", "attack", "resolve-phase", "report", "verify"]))
def test_random_arguments_never_crash_or_corrupt(base_game, tmp_path_factory, words, command):
    game = base_game.parent / "work.toml"
    shutil.copy(base_game, game)
    args = [command, str(game)] + [w for w in words if w != "--debug"]
    if command in ("report", "verify") and "-q" not in args and command == "verify":
        args.append("-q")
    _check(game, args)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.data(),
    damage=st.sampled_from(["truncate", "flip", "insert", "delete"]),
    command=st.sampled_from(
        [["report"], ["verify", "-q"], ["resolve-phase"], ["move", "wasp", "--path", "F"], ["report", "--format", "json"]]
    ),
)
def test_damaged_game_files_never_crash_or_get_overwritten(base_game, data, damage, command):
    game = base_game.parent / "damaged.toml"
    raw = bytearray(base_game.read_bytes())
    at = data.draw(st.integers(min_value=0, max_value=len(raw) - 1))
    if damage == "truncate":
        raw = raw[:at]
    elif damage == "flip":
        raw[at] ^= data.draw(st.integers(min_value=1, max_value=255))
    elif damage == "insert":
        raw[at:at] = data.draw(st.binary(min_size=1, max_size=8))
    else:
        raw[at : at + data.draw(st.integers(min_value=1, max_value=40))] = b""
    game.write_bytes(bytes(raw))
    args = [command[0], str(game), *command[1:]]
    before = game.read_bytes()
    result = run(*args)
    assert result.code in (0, 2, 3, 4), (damage, at, result.err)
    if result.code != 0:
        assert result.err.startswith("Error: ") and result.err.count("\n") == 1
        assert game.read_bytes() == before
    if command[0] == "verify" and result.code == 0:
        # verify may only pass if the damage left the content identical (e.g. whitespace)
        import tomllib

        assert tomllib.loads(bytes(raw).decode()) == tomllib.loads(base_game.read_text())


CITY_WORDS = st.sampled_from(
    [
        "atlas", "hunchback", "commando", "scorpion", "manticore", "wasp", "nobody",
        "--path", "--to", "--mode", "--dice", "--weapon", "-w", "--physical", "--girder", "--twist", "--dry-run",
        "--hex", "--reveal", "--salt", "--secrets", "--map", "--clear",
        "F", "T", "T,T", "F,T,F", "3F", "R,T", "B", "0402", "0408", "0705", "1102", "1103", "0505", "9999",
        "AC/20", "ML", "LRM-20", "PPC", "UAC5:ultra", "AC/20:ap", "LB10X:cluster", "ML:bogus", "punch", "kick",
        "club", "charge", "12", "2", "7,7,7", "left", "N", "walk", "run", "jump", "stand",
    ]
)


@pytest.fixture(scope="module")
def city_games(tmp_path_factory) -> dict[str, Path]:
    """The City Fight game in its movement phase, and after everyone stood, in its weapon phase."""
    folder = tmp_path_factory.mktemp("city-fuzz")
    moving = init_game(folder, SCENARIOS / "city-fight.toml", "-q", name="moving.toml")
    ok("resolve-phase", moving, "--dice", "5,9", "-q")
    firing = folder / "firing.toml"
    shutil.copy(moving, firing)
    for unit in ("atlas", "scorpion", "hunchback", "manticore", "commando", "wasp", "hunchback-2"):
        ok("move", firing, unit, "--mode", "stand", "-q")
    ok("resolve-phase", firing, "-q")
    return {"movement": moving, "weapon": firing}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.one_of(CITY_WORDS, TEXT), min_size=0, max_size=7),
       command=st.sampled_from(["move", "attack", "drop", "report"]), phase=st.sampled_from(["movement", "weapon"]))
def test_urban_commands_never_crash_or_corrupt(city_games, words, command, phase):
    """Buildings, bridges, hex targets, girders, drops and maps: a clean answer or a clean refusal."""
    game = city_games[phase].parent / f"work-{phase}.toml"
    shutil.copy(city_games[phase], game)
    args = [command, str(game)] + [w for w in words if w not in ("--debug", "--map", "--secrets")]
    _check(game, args)

"""The fast path (btcli/cli/fast.py) must accept exactly what the Typer app defines."""

from __future__ import annotations

import pytest
import typer.main

from btcli.cli import fast
from btcli.cli.app import app
from tests.cli.helpers import ok, run

COMMAND = typer.main.get_command(app)


@pytest.mark.parametrize("name", sorted(fast.TABLE))
def test_fast_table_matches_the_typer_command(name):
    command = COMMAND.commands[name]
    positional, options, flags, repeatable = fast.TABLE[name]
    arguments = [p.name for p in command.params if p.param_type_name == "argument"]
    assert list(positional) == arguments
    typer_options = {}
    typer_flags = {}
    typer_repeatable = set()
    for p in command.params:
        if p.param_type_name != "option" or p.name == "help":
            continue
        target = typer_flags if p.is_flag else typer_options
        for opt in p.opts:
            target[opt] = p.name
        if p.multiple:
            typer_repeatable.add(p.name)
    assert options == typer_options
    assert flags == typer_flags
    assert repeatable == typer_repeatable
    assert set(fast.DEFAULTS[name]) == set(options.values()) | set(flags.values())


@pytest.mark.parametrize(
    "args",
    [
        ["move", "g.toml", "u", "--help"],
        ["move", "g.toml"],
        ["move", "g.toml", "u", "--pth", "F"],
        ["move", "g.toml", "u", "--path"],
        ["move", "g.toml", "u", "--path", "F", "--path", "F"],
        ["report", "g.toml", "--format", "yaml"],
        ["init", "s.toml", "-o", "g.toml"],
        ["demo"],
        [],
    ],
)
def test_fast_path_leaves_unusual_invocations_to_typer(args):
    assert fast.parse(args) is None


def test_fast_path_parses_repeated_weapons_and_equals_form():
    name, kwargs = fast.parse(["attack", "g.toml", "a", "b", "-w", "ML", "--weapon=AC/20", "--dice=8"])
    assert name == "attack"
    assert kwargs["weapon"] == ["ML", "AC/20"] and kwargs["dice"] == "8"


def test_fast_and_typer_paths_give_the_same_result(tmp_path, crossroads):
    """The same command through either path writes the same file and prints the same output."""
    outputs = []
    for via_typer in (False, True):
        game = tmp_path / f"g{via_typer}.toml"
        ok("init", crossroads, "-o", game, "-q")
        ok("resolve-phase", game, "--dice", "8,5", "-q")
        args = ["move", str(game), "wasp", "--path", "F,F"]
        if via_typer:
            import io
            from contextlib import redirect_stdout

            from btcli.cli.app import run_typer

            buf = io.StringIO()
            with redirect_stdout(buf):
                run_typer(args)
            outputs.append((buf.getvalue(), game.read_text()))
        else:
            result = run(*args)
            outputs.append((result.out, game.read_text()))
    assert outputs[0] == outputs[1]

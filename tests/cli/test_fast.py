"""The fast path (btcli/cli/fast.py) must accept exactly what the Typer app defines."""

from __future__ import annotations

import pytest
import typer.main

from btcli import grammar
from btcli.cli import fast
from btcli.cli.app import app
from tests.cli.helpers import ok, run

COMMAND = typer.main.get_command(app)


@pytest.mark.parametrize("name", sorted(grammar.COMMANDS))
def test_the_typer_command_is_the_grammars(name):
    """The Typer app, the fast path and replay read one grammar (btcli.grammar): the app's commands
    carry exactly its arguments and options (issue #11)."""
    command = COMMAND.commands[name]
    spec = grammar.COMMANDS[name]
    arguments = [p.name for p in command.params if p.param_type_name == "argument"]
    assert arguments == (["game"] if spec.game else []) + [a.name for a in spec.args]
    options = {p.name: tuple(sorted(p.opts)) for p in command.params if p.param_type_name == "option" and p.name != "help"}
    expected = {o.dest: tuple(sorted(o.flags)) for o in spec.options if o.where != grammar.LOG_ONLY}
    assert options == expected
    repeatable = {p.name for p in command.params if getattr(p, "multiple", False)}
    assert repeatable == {o.dest for o in spec.options if o.takes == grammar.REPEAT}
    assert command.help == spec.help


def test_each_command_is_built_under_its_own_name_when_first_asked_for():
    """Issue #30: a command's process builds its own command's grammar and no other."""
    table = grammar.Commands((("move", lambda: grammar.Command("move", "Move.")),
                              ("attack", lambda: 1 / 0)))  # never built unless asked for
    assert "move" in table and "attack" in table and "stand" not in table and list(table) == ["move", "attack"]
    assert table["move"] is table["move"] and table.get("stand") is None
    assert all(name == command.name for name, command in grammar.COMMANDS.items())


def test_logged_commands_read_back_as_the_same_order():
    from btcli.model.hexgrid import Facing, HexId
    from btcli.model.orders import (
        AbortDropOrder,
        ClearJamOrder,
        CommitDropOrder,
        GirderSearchOrder,
        MoveOrder,
        PhysicalAttackOrder,
        ResolvePhaseOrder,
        RevealDropOrder,
        WeaponAttackOrder,
    )

    orders = [MoveOrder("w", "walk", ("F", "R")), MoveOrder("w", "jump", (), HexId(5, 5), Facing.S),
              MoveOrder("v", "flank", ("F",), after_slip="continue"), WeaponAttackOrder("a", "t", ("ML", "AC/20@RA"), "left"),
              WeaponAttackOrder("a", "0505", ("Medium Laser@CT(R)",)), PhysicalAttackOrder("a", "t", "kick"),
              GirderSearchOrder("a"), ClearJamOrder("t", "turret"), CommitDropOrder("d", "ab" * 32),
              RevealDropOrder("d", HexId(7, 7), Facing.SW, "cd" * 16), AbortDropOrder("d"), ResolvePhaseOrder()]
    for order in orders:
        assert grammar.order_from_text(grammar.order_text(order)) == (order, None), order
    assert grammar.order_from_text("move w --path F --dice 5,6")[1] == [5, 6]


@pytest.mark.parametrize(
    "args",
    [
        ["move", "g.toml", "u", "--help"],
        ["move", "g.toml"],
        ["move", "g.toml", "u", "--pth", "F"],
        ["move", "g.toml", "u", "--path"],
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


@pytest.mark.parametrize("args, collecting", [
    (["move", "g.toml", "wasp", "--mode", "stand"], False),
    (["attack", "g.toml", "wasp", "hunchback"], False),
    (["report", "g.toml"], False),
    (["play", "g.toml"], True),
    (["verify", "g.toml"], True),
])
def test_the_console_script_collects_garbage_cycles_only_for_many_orders(monkeypatch, args, collecting):
    """Issue #30: a one-order process runs without the cycle collector (``entry``); ``play`` and ``verify``,
    which run many orders in one process, with it."""
    import gc
    import os

    from btcli import cli
    from btcli.cli import commands

    seen = []
    monkeypatch.setattr(commands, args[0], lambda **kwargs: seen.append(gc.isenabled()))
    monkeypatch.setattr(os, "_exit", lambda code: seen.append(code))
    monkeypatch.setattr("sys.argv", ["btcli", *args])
    try:
        cli.entry()
    finally:
        gc.enable()
    assert seen == [collecting, 0]

"""The scripts' fast path: plain invocations run without building the Typer app.

A command is a whole Python process, run hundreds of times per game. Building the Typer app
(click, pydantic) costs more than everything btcli does, so ``dispatch`` parses the common,
unambiguous invocations with the command grammar (``btcli.grammar``, which the Typer app is
built from as well) and calls the same command functions. Anything else (help, a typo, a
missing value) returns False and goes to Typer, which explains; an option given twice is refused
here, for every command (Typer would silently keep the last).
"""

from __future__ import annotations

from btcli import grammar

FAST = ("move", "stand", "attack", "drop", "deploy", "resolve-phase", "play", "report", "verify")  # the commands scripts run by the hundred
MANY_ORDERS = ("play", "verify")  # of FAST, the commands that run many orders in one process


def parse(args: list[str]) -> tuple[str, dict] | None:
    """Returns (command, keyword arguments) for a plain invocation, or None to let Typer handle it."""
    if not args or args[0] not in grammar.COMMANDS:
        return None
    values = grammar.parse(args[0], args[1:])  # refuses an option given twice, for every command
    return None if values is None or args[0] not in FAST else (args[0], values)


def dispatch(args: list[str]) -> bool:
    """Runs a plain invocation of a hot command; returns False if Typer must handle ``args``."""
    parsed = parse(args)
    if parsed is None:
        return False
    from btcli.cli import commands

    name, kwargs = parsed
    if name in MANY_ORDERS:  # garbage cycles are collected (entry)
        import gc

        gc.enable()
    getattr(commands, name.replace("-", "_"))(**kwargs)
    return True

"""The scripts' fast path: plain invocations run without building the Typer app.

A command is a whole Python process, run hundreds of times per game. Building the Typer app
(click, pydantic) costs more than everything btcli does, so ``dispatch`` parses the common,
unambiguous invocations with the command grammar (``btcli.grammar``, which the Typer app is
built from as well) and calls the same command functions. Anything else (help, a typo, a
missing value, an option given twice) returns False and goes to Typer, which explains.
"""

from __future__ import annotations

from btcli import grammar

FAST = ("move", "attack", "drop", "resolve-phase", "report", "verify")  # the commands scripts run by the hundred


def parse(args: list[str]) -> tuple[str, dict] | None:
    """Returns (command, keyword arguments) for a plain invocation, or None to let Typer handle it."""
    if not args or args[0] not in FAST:
        return None
    values = grammar.parse(args[0], args[1:])
    return None if values is None else (args[0], values)


def dispatch(args: list[str]) -> bool:
    """Runs a plain invocation of a hot command; returns False if Typer must handle ``args``."""
    parsed = parse(args)
    if parsed is None:
        return False
    from btcli.cli import commands

    name, kwargs = parsed
    getattr(commands, name.replace("-", "_"))(**kwargs)
    return True

"""The btcli command line, built from the command grammar (``btcli.grammar``).

Each command is the Typer face of one entry of ``grammar.COMMANDS``: its arguments, options and
help come from there, so the fast path, replay and ``--help`` can never drift apart. Each
command function (``btcli.cli.commands``) does: parse, load, one engine call, render, save. No
rules live here. Errors are turned into exit codes in one place, ``btcli.cli.main``.
"""

from __future__ import annotations

import inspect
from enum import Enum
from typing import Annotated, Optional

import typer

from btcli import grammar
from btcli.cli import commands

app = typer.Typer(
    name="btcli",
    help="BattleTech scenario runner: one TOML game file, one resolution step per call.",
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},  # -h as --help, for every command
)


def _show_version(value: bool) -> None:
    if value:
        import btcli

        typer.echo(f"btcli {btcli.__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", help="Print btcli's version and exit.", is_eager=True,
                                          callback=_show_version)] = False,
    debug: Annotated[bool, typer.Option("--debug", help="On an internal error (exit 1), show the Python traceback "
                                        "instead of one line (may be given anywhere in the command).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of prose: an order's "
                                          "command, events, rolls and what comes next (docs/json-output.md; may be "
                                          "given anywhere in the command).")] = False,
) -> None:
    """BattleTech scenario runner: one TOML game file, one resolution step per call."""
    # --debug and --json are read by btcli.cli.main before the command runs; declared here for --help.


def _help(opt: grammar.Opt) -> str:
    """Returns an option's help as --help shows it: ``--path`` lists the step codes of the rules that parse
    them (read here, for the Typer app only: the fast path never imports the aerospace rules)."""
    if "{ground}" not in opt.help:
        return opt.help
    from btcli.model.orders import STEP_CODES as GROUND_STEPS
    from btcli.rules.aero.movement import STEP_CODES as AERO_STEPS

    def listing(codes: dict[str, str]) -> str:
        return ", ".join(f"{code} {what}" for code, what in codes.items())

    return opt.help.format(ground=listing(GROUND_STEPS), aero=listing(AERO_STEPS))

_METAVARS = {"path": "FILE", "folder": "DIR", "int": "N", "text": "TEXT", "revision": "REVISION"}


def _parameter(name: str, annotation, default) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)


def _option(opt: grammar.Opt) -> inspect.Parameter:
    if opt.takes == grammar.FLAG:
        return _parameter(opt.dest, Annotated[bool, typer.Option(*opt.flags, help=opt.help)], opt.value_default)
    if isinstance(opt.kind, tuple):  # a fixed set of words: shown and checked as choices
        choices = Enum(opt.dest.title(), {c: c for c in opt.kind}, type=str)
        info = typer.Option(*opt.flags, help=opt.help)
        if opt.default is None:  # left out: the command decides (init --repair: the scenario's [campaign] repair)
            return _parameter(opt.dest, Annotated[Optional[choices], info], None)
        return _parameter(opt.dest, Annotated[choices, info], choices(opt.default))
    value_type = int if opt.kind == "int" else str
    annotation = Optional[list[str]] if opt.takes == grammar.REPEAT else Optional[value_type]
    info = typer.Option(*opt.flags, help=_help(opt), metavar=_METAVARS.get(opt.kind, "TEXT"),
                        show_default=opt.default is not None)
    return _parameter(opt.dest, Annotated[annotation, info], opt.default)


def _signature(command: grammar.Command) -> inspect.Signature:
    params = []
    if command.game:
        params.append(_parameter("game", Annotated[str, typer.Argument(help=grammar.GAME_HELP,
                                                                       show_default=False)], inspect.Parameter.empty))
    for arg in command.args:
        info = typer.Argument(help=arg.help, show_default=False)
        if arg.many:  # the words left (``stand GAME UNIT...``)
            params.append(_parameter(arg.name, Annotated[Optional[list[str]], info], None))
            continue
        params.append(_parameter(arg.name, Annotated[str if arg.required else Optional[str], info],
                                 inspect.Parameter.empty if arg.required else None))
    params += [_option(o) for o in command.options if o.where != grammar.LOG_ONLY]
    return inspect.Signature(params)


def function_name(command: str) -> str:
    """Returns the name of a command's function in ``btcli.cli.commands`` (``import`` is ``import_``)."""
    import keyword

    name = command.replace("-", "_")
    return name + "_" if keyword.iskeyword(name) else name


OWN_MODULES = {"bot": "btcli.cli.bot", "simulate": "btcli.cli.bot"}  # commands whose glue has a module of its own


def command_function(command: str):
    """Returns the function that runs a command: ``btcli.cli.commands``'s, or its own module's (``bot``,
    ``simulate``: btcli/cli/bot.py, which uses the command functions and so cannot be imported by them)."""
    if command in OWN_MODULES:
        import importlib

        return getattr(importlib.import_module(OWN_MODULES[command]), command)
    return getattr(commands, function_name(command))


def _register(command: grammar.Command) -> None:
    def callback(**kwargs) -> None:
        kwargs = {k: (v.value if isinstance(v, Enum) else v) for k, v in kwargs.items()}
        if command.name == "demo":  # the demo runs commands through this app, so it gets the runner
            import sys
            from pathlib import Path

            from btcli.cli.demo import play_demo

            play_demo(Path(kwargs["output"]), sys.stdout, kwargs["force"], run_command)
            return
        command_function(command.name)(**kwargs)

    signature = _signature(command)
    callback.__signature__ = signature
    callback.__annotations__ = {p.name: p.annotation for p in signature.parameters.values()}
    callback.__doc__ = command.help
    callback.__name__ = function_name(command.name)
    app.command(command.name)(callback)


for _command in grammar.COMMANDS.values():
    _register(_command)


def run_command(args: list[str], out) -> None:
    """Runs one btcli command in this process, echoing it as a shell would take it (used by ``demo``)."""
    import shlex

    if commands.OUTPUT["json"]:  # JSON Lines: what runs, then the command's own object
        commands._print_json({"run": "btcli " + shlex.join(args)})
    else:
        out.write("$ btcli " + shlex.join(args) + "\n")
    out.flush()
    app(args=args, prog_name="btcli", standalone_mode=False)


def run_typer(args: list[str]):
    """Runs the Typer app on ``args`` without its own error handling (``btcli.cli.main`` maps errors)."""
    return app(args=args, prog_name="btcli", standalone_mode=False)

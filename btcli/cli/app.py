"""The btcli command line. Each command: parse, load, one engine call, render, save.

No rules live here. Errors are turned into exit codes in one place, ``main``.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

app = typer.Typer(
    name="btcli",
    help="BattleTech scenario runner: one TOML game file, one resolution step per call.",
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    add_completion=False,
    no_args_is_help=True,
)

GameArg = Annotated[Path, typer.Argument(help="The game file (TOML) to read and update.", show_default=False)]
DiceOpt = Annotated[
    Optional[str],
    typer.Option(
        "--dice",
        help="Use these dice instead of the seeded ones, one value per roll in order: "
        "a 2D6 roll takes a total 2-12, a 1D6 roll 1-6. Example: --dice 8,3,11",
        show_default=False,
    ),
]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing on success.")]


class Format(str, Enum):
    text = "text"
    json = "json"
    markdown = "markdown"


def _dice(text: str | None) -> list[int] | None:
    from btcli.dice import parse_dice

    return parse_dice(text) if text is not None else None


def _run(game_path: Path, order_factory, dice: str | None, quiet: bool) -> None:
    """Loads the game, builds the order, applies it once, appends the entry and prints the events."""
    from btcli.store import gamefile, journal
    from btcli.store.hashing import entry_hash

    values = _dice(dice)
    game = gamefile.load(game_path)
    order = order_factory(game.state)
    outcome = journal.execute(game.state, order, values)
    prev = entry_hash(gamefile.last_entry(game.log_bytes))
    entry = journal.make_entry(game.state, outcome, prev)
    gamefile.append(game, outcome.state, entry)
    if not quiet:
        _print_lines(outcome.events + [f"  roll: {line}" for line in entry["rolls"]])


def _print_lines(lines: list[str]) -> None:
    out = sys.stdout
    for line in lines:
        out.write(line + "\n")


@app.command()
def init(
    scenario: Annotated[Path, typer.Argument(help="Scenario file (TOML), e.g. scenarios/crossroads.toml.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Game file to create.")],
    seed: Annotated[Optional[int], typer.Option(help="Dice seed (default: the scenario's seed, else 1).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing game file.")] = False,
    quiet: QuietOpt = False,
) -> None:
    """Create a game file from a scenario (turn 1, initiative phase)."""
    from btcli.errors import GameFileError
    from btcli.store import gamefile, journal
    from btcli.store.scenario import parse_scenario_text

    try:
        text = scenario.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError(f"cannot read scenario {scenario}: {getattr(exc, 'strerror', None) or exc}") from None
    state = parse_scenario_text(text, seed)
    command = f"init {scenario.name} --seed {state.seed}"
    state, entry = journal.init_entry(state, command)
    gamefile.create(output, state, entry, overwrite=force)
    if not quiet:
        _print_lines(entry["events"] + [f"wrote {output}"])


@app.command()
def move(
    game: GameArg,
    unit: Annotated[str, typer.Argument(help="Id of the unit to move.", show_default=False)],
    path: Annotated[
        Optional[str],
        typer.Option(help="Steps: F forward, B backward, L/R turn one hexside; e.g. F,F,R,F or 3F,R.", show_default=False),
    ] = None,
    to: Annotated[Optional[str], typer.Option(help="Destination hex CCRR; btcli finds the cheapest legal path.")] = None,
    facing: Annotated[Optional[str], typer.Option(help="Facing at the end: N, NE, SE, S, SW, NW.")] = None,
    mode: Annotated[
        Optional[str],
        typer.Option(help="walk|run|jump ('Mechs), cruise|flank (vehicles), or stand. Default: the slowest that suffices."),
    ] = None,
    dice: DiceOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Move one unit in the movement phase (or stand it still with --mode stand)."""
    from btcli.errors import InputError

    if path is not None and to is not None:
        raise InputError("give either --path or --to, not both")

    def order(state):
        from btcli.engine import check_phase
        from btcli.model.hexgrid import Facing
        from btcli.orders import MoveOrder, parse_steps
        from btcli.rules import movement

        check_phase(state, MoveOrder)
        u = state.unit(unit)
        wanted = Facing.parse(facing) if facing is not None else None
        chosen = movement.parse_mode(u, mode or "")
        if chosen is movement.MoveMode.JUMP:
            if to is None:
                raise InputError("a jump needs --to HEX")
            return MoveOrder(u.id, "jump", (), state.board.parse_hex(to), wanted)
        if to is not None:
            steps = movement.find_path(state, u, state.board.parse_hex(to), wanted, chosen)
        elif path is not None:
            if facing is not None:
                raise InputError("--facing goes with --to; a --path ends facing where its turns leave it")
            steps = parse_steps(path)
        elif chosen is not movement.MoveMode.STAND:
            raise InputError("give --path STEPS, --to HEX, or --mode stand")
        else:
            steps = ()
        return MoveOrder(u.id, chosen.value if chosen else "", steps)

    _run(game, order, dice, quiet)


@app.command()
def attack(
    game: GameArg,
    attacker: Annotated[str, typer.Argument(help="Id of the attacking unit.", show_default=False)],
    target: Annotated[str, typer.Argument(help="Id of the target unit.", show_default=False)],
    weapon: Annotated[
        Optional[list[str]],
        typer.Option("--weapon", "-w", help="Weapon to fire (name or alias, NAME@LOC to pick a mount); repeatable."),
    ] = None,
    physical: Annotated[
        Optional[str], typer.Option(help="Physical attack: punch, kick, charge, dfa or club.", show_default=False)
    ] = None,
    dice: DiceOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Declare a weapon attack (weapon phase) or a physical attack (physical phase)."""
    from btcli.orders import AttackOrder

    def order(state):
        return AttackOrder(attacker, target, tuple(weapon or ()), physical or "")

    _run(game, order, dice, quiet)


@app.command("resolve-phase")
def resolve_phase(game: GameArg, dice: DiceOpt = None, quiet: QuietOpt = False) -> None:
    """Close the current phase (refusing if an action is missing) and open the next."""
    from btcli.orders import ResolvePhaseOrder

    _run(game, lambda state: ResolvePhaseOrder(), dice, quiet)


@app.command()
def report(
    game: GameArg,
    format: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
    field: Annotated[
        Optional[str],
        typer.Option(
            help="Print one top-level field of the JSON report as plain text, for scripts "
            "(e.g. next_to_move, phase, turn, winner; 'null' when empty).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Show the game: turn, phase, initiative, units, and the result once it is over."""
    from btcli.store import gamefile

    state = gamefile.load(game).state
    if field is not None:
        from btcli.render.json_view import render_field

        sys.stdout.write(render_field(state, field) + "\n")
    elif format is Format.json:
        from btcli.render.json_view import render_json

        sys.stdout.write(render_json(state))
    elif format is Format.markdown:
        from btcli.render.markdown import render_markdown

        sys.stdout.write(render_markdown(state))
    else:
        from btcli.render.text import render_text

        render_text(state, sys.stdout)


@app.command()
def verify(game: GameArg, quiet: QuietOpt = False) -> None:
    """Replay every logged command from the initial state and check every hash (exit 4 on a mismatch)."""
    from btcli.store import gamefile, journal

    data, _ = gamefile.read_bytes(game)
    count, state = journal.verify_text(data)
    if not quiet:
        _print_lines([f"ok: {count} entries replayed, turn {state.turn} {state.phase.value} phase, hashes match"])


@app.command()
def demo(
    output: Annotated[Path, typer.Option("--output", "-o", help="Folder for the demo game file.")] = Path("btcli-demo"),
) -> None:
    """Play three turns of the bundled demo scenario into a folder and print the report."""
    from btcli.cli.demo import play_demo

    play_demo(output, sys.stdout)


def run_command(args: list[str], out) -> None:
    """Runs one btcli command in this process, echoing it (used by ``demo``)."""
    out.write("$ btcli " + " ".join(args) + "\n")
    out.flush()
    app(args=args, prog_name="btcli", standalone_mode=False)


def main(argv: list[str] | None = None) -> None:
    """Runs the CLI, mapping every error to one 'Error:' line and its exit code."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    args = [a for a in args if a != "--debug"]
    from btcli.errors import BtcliError

    try:
        code = app(args=args, prog_name="btcli", standalone_mode=False)
    except BtcliError as exc:
        sys.stderr.write(f"Error: {exc}\n")
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        sys.stderr.write("Error: interrupted; the game file is unchanged unless the command had finished\n")
        sys.exit(130)
    except Exception as exc:
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):  # Typer's usage errors
            sys.stderr.write(f"Error: {exc.format_message()}\n")
            sys.exit(2 if exc.exit_code not in (0, 1) else exc.exit_code or 2)
        if debug:
            raise
        sys.stderr.write(
            f"Error: internal error ({type(exc).__name__}: {exc}); this is a bug in btcli, please report it "
            "(rerun with --debug for the traceback)\n"
        )
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)

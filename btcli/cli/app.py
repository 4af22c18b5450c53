"""The btcli command line. Each command: parse, load, one engine call, render, save.

No rules live here. Errors are turned into exit codes in one place, ``main``.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from btcli.cli import commands

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


@app.command()
def init(
    scenario: Annotated[Path, typer.Argument(help="Scenario file (TOML), e.g. scenarios/crossroads.toml.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Game file to create.")],
    seed: Annotated[Optional[int], typer.Option(help="Dice seed (default: the scenario's seed, else 1).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing btcli game file (and, with --referee, "
                                        "its seed file).")] = False,
    referee: Annotated[
        bool,
        typer.Option("--referee", help="Keep the dice seed secret: the game file gets only its hash, the seed goes "
                     "to GAME.seed for the referee, who runs the commands that roll."),
    ] = False,
    player_dice: Annotated[
        bool,
        typer.Option("--player-dice", help="With --referee: let players give their own --dice without the seed "
                     "(by default a referee game refuses them)."),
    ] = False,
    quiet: QuietOpt = False,
) -> None:
    """Create a game file from a scenario (turn 1, initiative phase)."""
    commands.init(scenario, output, seed, force, quiet, referee, player_dice)


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
    after_slip: Annotated[
        Optional[str],
        typer.Option("--after-slip", help="After a sideslip: stop (default) or continue the rest of the path.",
                     show_default=False),
    ] = None,
    dice: DiceOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Move one unit in the movement phase (or stand it still with --mode stand)."""
    commands.move(game, unit, path, to, facing, mode, after_slip, dice, quiet)


@app.command()
def attack(
    game: GameArg,
    attacker: Annotated[str, typer.Argument(help="Id of the attacking unit.", show_default=False)],
    target: Annotated[
        Optional[str],
        typer.Argument(help="Id of the target unit, or a building/bridge hex CCRR (none with --clear or --girder).",
                       show_default=False),
    ] = None,
    weapon: Annotated[
        Optional[list[str]],
        typer.Option("--weapon", "-w", help="Weapon to fire (name or alias, NAME@LOC to pick a mount; :ap, :cluster or "
                     ":ultra for armor-piercing, LB-X cluster or double-rate fire); repeatable."),
    ] = None,
    physical: Annotated[
        Optional[str], typer.Option(help="Physical attack: punch, kick, charge, dfa or club.", show_default=False)
    ] = None,
    twist: Annotated[
        Optional[str],
        typer.Option(
            help="Torso twist ('Mech: left or right) or turret direction (vehicle: left, right or a facing N..NW).",
            show_default=False,
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show each weapon's to-hit number, modifiers and odds; roll nothing.")
    ] = False,
    clear: Annotated[
        Optional[str],
        typer.Option(help="Vehicle crews: clear this jammed weapon (or 'turret') instead of firing this phase.",
                     show_default=False),
    ] = None,
    girder: Annotated[
        bool,
        typer.Option("--girder", help="Search the rubble this unit stands in for a girder club instead of firing "
                     "(weapon phase; medium 7+, heavy 6+, hardened 5+ on 2D6)."),
    ] = False,
    dice: DiceOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Declare and resolve a weapon attack (weapon phase) or declare a physical attack (physical phase)."""
    commands.attack(game, attacker, target, weapon, physical, twist, dry_run, clear, girder, dice, quiet)


@app.command()
def drop(
    game: GameArg,
    unit: Annotated[str, typer.Argument(help="Id of the dropping 'Mech.", show_default=False)],
    hex: Annotated[
        Optional[str],
        typer.Option("--hex", help="Landing hex CCRR. Alone: commit it in secret (only a salted hash enters the game).",
                     show_default=False),
    ] = None,
    facing: Annotated[
        Optional[str], typer.Option(help="Facing on landing: N, NE, SE, S, SW, NW (default: the unit's).", show_default=False)
    ] = None,
    reveal: Annotated[
        bool, typer.Option("--reveal", help="Reveal the committed hex (from the secrets file) and make the landing roll.")
    ] = False,
    salt: Annotated[
        Optional[str], typer.Option(help="The commitment's salt: when committing, your own (default: random); with --reveal, "
                                    "instead of the secrets file's.", show_default=False)
    ] = None,
    secrets_file: Annotated[
        Optional[str],
        typer.Option("--secrets", help="Secrets file (default: the side's own, e.g. game.blue.secrets.toml).",
                     show_default=False),
    ] = None,
    abort: Annotated[
        bool, typer.Option("--abort", help="Call the drop off (arrival turn): the 'Mech leaves the battle, lost.")
    ] = False,
    dice: DiceOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Drop a reserve 'Mech: commit a secret landing hex, then --reveal it to land (end of movement)."""
    commands.drop(game, unit, hex, facing, reveal, salt, secrets_file, dice, quiet, abort)


@app.command("resolve-phase")
def resolve_phase(game: GameArg, dice: DiceOpt = None, quiet: QuietOpt = False) -> None:
    """Close the current phase (refusing if an action is missing) and open the next."""
    commands.resolve_phase(game, dice, quiet)


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
    map: Annotated[
        Optional[Path],
        typer.Option("--map", help="Also draw the board (terrain, buildings with CF, units) into this SVG file "
                     "(never over a game, seed or secrets file; an existing file needs --force).",
                     show_default=False),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Let --map replace an existing file.")] = False,
) -> None:
    """Show the game: turn, phase, initiative, units, and the result once it is over."""
    commands.report(game, format.value, field, map, force)


@app.command()
def verify(
    game: GameArg,
    seed_file: Annotated[
        Optional[str],
        typer.Option("--seed-file", help="The referee's seed file, for a game whose seed is held (default: GAME.seed).",
                     show_default=False),
    ] = None,
    quiet: QuietOpt = False,
) -> None:
    """Replay every logged command from the initial state and check every hash (exit 4 on a mismatch)."""
    commands.verify(game, quiet, seed_file)


@app.command()
def upgrade(
    game: GameArg,
    output: Annotated[
        Optional[Path],
        typer.Option("--output", "-o", help="Write the format-2 game here (default: in place, keeping the original "
                     "as GAME.format1.toml).", show_default=False),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing output or copy.")] = False,
    seed_file: Annotated[
        Optional[str],
        typer.Option("--seed-file", help="The referee's seed file, for a game whose seed is held (default: GAME.seed).",
                     show_default=False),
    ] = None,
    quiet: QuietOpt = False,
) -> None:
    """Convert a game file from an older btcli (format 1) by replaying its log; the new file verifies."""
    commands.upgrade(game, output, force, seed_file, quiet)


@app.command()
def demo(
    output: Annotated[Path, typer.Option("--output", "-o", help="Folder for the demo game file.")] = Path("btcli-demo"),
    force: Annotated[bool, typer.Option("--force", help="Replace the demo game already in the folder.")] = False,
) -> None:
    """Play three turns of the bundled demo scenario into a folder and print the report."""
    import sys

    from btcli.cli.demo import play_demo

    play_demo(output, sys.stdout, force, run_command)


def run_command(args: list[str], out) -> None:
    """Runs one btcli command in this process, echoing it (used by ``demo``)."""
    out.write("$ btcli " + " ".join(args) + "\n")
    out.flush()
    app(args=args, prog_name="btcli", standalone_mode=False)


def run_typer(args: list[str]):
    """Runs the Typer app on ``args`` without its own error handling (``btcli.cli.main`` maps errors)."""
    return app(args=args, prog_name="btcli", standalone_mode=False)

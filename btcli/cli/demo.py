"""``btcli demo``: plays three turns of the bundled Crossroads scenario and prints the report.

Each unit walks (or drives) toward the enemy with the same path finder that
``move --to`` uses, then fires every weapon that bears at the nearest enemy it can hit;
every step goes through the same commands a script would run, echoed so they can be reused.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

DEMO_SCENARIO = "crossroads.toml"
DEMO_SEED = 3025
DEMO_TURNS = 3


def scenario_path(name: str) -> Path:
    """Returns a bundled scenario: inside the installed package, else the source tree's scenarios/."""
    from btcli.cli import shipped

    found = shipped.find(name)
    if found is not None:
        return found
    from btcli.errors import GameFileError

    raise GameFileError(f"bundled scenario {name} not found (is btcli installed completely?)")


def _advance(state, unit) -> list[str]:
    """Returns move arguments taking ``unit`` as far toward the map's middle row as a walk allows."""
    from btcli.errors import IllegalOrderError
    from btcli.rules.ground import movement

    mode = movement.slow_mode(unit)
    reach = movement.reachable_hexes(state, unit, mode)
    middle = state.board.height // 2 + 1
    occupied = {u.hex for u in state.units.values() if u.active and u.id != unit.id}
    for hex_id, _mp in sorted(reach.items(), key=lambda item: (abs(item[0].row - middle), item[1], item[0])):
        if hex_id in occupied:
            continue
        if hex_id == unit.hex:  # already the best place: stand (a --to its own hex is refused as a mistake)
            break
        try:
            movement.find_path(state, unit, hex_id, None, mode)
        except IllegalOrderError:
            continue
        return ["--to", hex_id.label, "--mode", mode.value]
    return ["--mode", "stand"]


def _shots(state, unit) -> list[str]:
    """Returns attack arguments firing every weapon of ``unit`` that can fire at the nearest enemy one of
    them reaches (``btcli options``' own answer), or [] when none can."""
    from btcli.rules.core.options import targets

    found = targets(state, unit)
    if not found:
        return []
    nearest = min(found, key=lambda uid: (unit.hex.distance(state.units[uid].hex), uid))
    return [nearest, *(arg for shot in found[nearest] for arg in ("--weapon", shot["weapon"]))]


def play_demo(folder: Path, out: TextIO, force: bool, run_command) -> None:
    """Plays the demo into ``folder``, each command through ``run_command(args, out)`` (the CLI's own
    runner, which echoes it)."""
    from btcli.store import files
    from btcli import runner

    if folder.exists() and not folder.is_dir():
        from btcli.errors import InputError

        raise InputError(f"{folder} exists and is not a folder")
    game = folder / "demo-game.toml"
    if folder.is_dir():  # refused before anything is played (init --force replaces only a btcli game)
        files.check_output(game, what="demo game", force=force, replaceable="game")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        from btcli.errors import GameFileError

        raise GameFileError(f"cannot make the demo folder {folder}: {exc.strerror or exc}") from None
    run_command(["init", str(scenario_path(DEMO_SCENARIO)), "-o", str(game), "--seed", str(DEMO_SEED), "--force"], out)
    for _ in range(DEMO_TURNS):
        run_command(["resolve-phase", str(game)], out)
        while True:
            state = runner.load(game).state
            from btcli.rules.core.turn_order import side_to_move

            side = side_to_move(state)
            if side is None:
                break
            unit = next(u for u in state.units.values() if u.side == side and not u.out_of_action and not u.has_moved)
            run_command(["move", str(game), unit.id, *_advance(state, unit)], out)
        run_command(["resolve-phase", str(game)], out)  # movement ends: the weapon attack phase
        state = runner.load(game).state
        for unit in [u for u in state.units.values() if u.active and u.hex is not None and u.weapons]:
            shots = _shots(runner.load(game).state, unit)
            if shots:
                run_command(["attack", str(game), unit.id, *shots], out)
        for _ in range(4):  # weapon (the damage lands), physical, heat, end
            run_command(["resolve-phase", str(game)], out)
    run_command(["report", str(game)], out)
    from btcli.cli import commands

    if commands.OUTPUT["json"]:
        commands._print_json({"game": str(game)})
    else:
        out.write(f"\nThe game file is {game}; try: btcli verify {game}\n")

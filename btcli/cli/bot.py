"""``btcli bot`` and ``btcli simulate`` (issue #35): the bot's orders run as ordinary orders.

``play`` holds the game as ``btcli play`` does (``runner.hold``): each order the policy (``btcli.bot.policy``)
chooses goes through ``runner.run``, the application layer every command uses, so the file logs it exactly
as the typed command (``move wasp --mode walk --path F,F``); a drop goes through ``btcli drop``'s own command
function, which keeps the side's secret. The policy sees the state with its seed hidden (``view``).

``simulate`` plays whole games bot against bot: each game ``index`` from its own seed (the run's seed and the
index), so the same seed gives the same games whatever ``--jobs`` or ``--shard``.
"""

from __future__ import annotations

import os
import sys

from btcli.errors import BtcliError, InputError

UNTIL = ("phase", "turn", "game")
MAX_ORDERS = 20_000  # a whole game of the biggest shipped scenario gives a few hundred
MAX_TURNS = 50  # a game with no turn limit ends as unfinished (a draw) after this many turns


def view(state):
    """The state as a side may see it: the game's seed hidden (the policy never rolls the game's dice)."""
    from btcli.model.state import evolve

    return evolve(state, seed="hidden")


def play(game: str, side: str | None, until: str, seed: int, settings, on_order=None, max_turns: int = 0) -> dict:
    """Plays the bot's orders on ``game`` until ``until`` (the phase, the turn or the game ends) or until the
    side must wait for another; returns what it did: ``{"orders": [...], "stopped": why}``. ``on_order(entry,
    outcome)`` sees each order run (None for a drop)."""
    from btcli import runner
    from btcli.bot import policy
    from btcli.bot.legal_orders import Drop
    from btcli.cli import commands

    if until not in UNTIL:
        raise InputError(f"--until takes phase, turn or game, not {until!r}")
    policy.check_settings(settings)
    given: list[dict] = []
    with runner.hold(game) as held, commands._writers_kept():
        commands.HELD["game"] = held
        try:
            state = held.game.state
            if side is not None and side not in state.sides:
                raise InputError(f"no side {side!r} in this game (sides: {', '.join(state.sides)})")
            sides = (side,) if side else None
            start = (state.turn, state.phase)
            stopped = ""
            while not stopped:
                state = held.game.state
                if state.winner:
                    stopped = "the game is over"
                    break
                if (until == "phase" and (state.turn, state.phase) != start) or (until == "turn" and state.turn != start[0]):
                    stopped = f"the {until} ended"
                    break
                if max_turns and state.turn > max_turns:
                    stopped = f"turn {max_turns} passed"
                    break
                if len(given) >= MAX_ORDERS:
                    raise InputError(f"the bot gave {MAX_ORDERS} orders without the {until} ending; stopped")
                action = policy.choose(view(state), sides, settings, seed)
                if action is None:
                    stopped = "waiting for another side" if side else "nothing left to do"
                    break
                acting = _acting_side(state, action)
                try:
                    if isinstance(action, Drop):
                        entry = _drop(game, action)
                        outcome = None
                    else:
                        _, outcome, entry = runner.run(game, lambda s, a=action: a, None, batch=held)
                except BtcliError as exc:  # a bug in the bot or the rules it asked, or dice it may not roll
                    exc.args = (f"the game refused the bot's order {_shown(action)!r}: {exc}",)  # its exit code kept
                    raise
                given.append({"seq": entry["seq"], "side": acting, "command": entry["command"],
                              "sentences": list(outcome.sentences) if outcome is not None else []})
                if on_order is not None:
                    on_order(entry, outcome)
        finally:
            commands.HELD.clear()
    return {"orders": given, "stopped": stopped}


def _shown(action) -> str:
    """An action as its command reads (a drop as ``drop UNIT --hex H`` or ``--reveal``)."""
    from btcli.bot.legal_orders import Drop
    from btcli.grammar import order_text

    if isinstance(action, Drop):
        return f"drop {action.unit} " + (f"--hex {action.hex}" if action.hex else "--reveal")
    return order_text(action)


def _acting_side(state, action) -> str:
    uid = getattr(action, "unit", None) or getattr(action, "attacker", None)
    return state.units[uid].side if uid in state.units else ""


def _drop(game: str, action) -> dict:
    """Runs a drop through ``btcli drop`` (the secret kept in the side's secrets file); returns its entry."""
    from btcli.cli import commands

    held = commands.HELD["game"]
    shown = commands.OUTPUT["json"]
    commands.OUTPUT["json"] = False  # the drop command prints nothing (quiet); the bot reports it
    try:
        commands.drop(game, action.unit, action.hex or None, action.facing or None, not action.hex,
                      action.salt or None, None, None, True)
    finally:
        commands.OUTPUT["json"] = shown
    return held.game.last


def bot(game: str, side: str | None, until: str, seed: int | None, aggression: int | None, caution: int | None,
        quiet: bool) -> None:
    """``btcli bot GAME``: prints the orders the bot gave (or ``--json`` them)."""
    from btcli.bot.policy import Settings
    from btcli.cli.commands import OUTPUT, _print_json
    from btcli.render.view import next_step
    from btcli import runner

    settings = Settings(aggression if aggression is not None else 5, caution if caution is not None else 5)
    done = play(game, side, until or "phase", seed or 0, settings)
    state = runner.load(game).state
    after = next_step(state, game)
    if OUTPUT["json"]:
        _print_json({"orders": [{k: v for k, v in o.items()} for o in done["orders"]], "stopped": done["stopped"],
                     "after": {"turn": state.turn, "phase": state.phase.value, "winner": state.winner or None,
                               "next": after}})
        return
    if quiet:
        return
    out = sys.stdout
    for order in done["orders"]:
        out.write(f"bot ({order['side'] or 'all'}): {order['command']}\n")
        for sentence in order["sentences"]:
            out.write(f"  {sentence}\n")
    out.write(f"bot stopped: {done['stopped']}; next: {after['hint']}\n")


# -- simulate ---------------------------------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: its dice and its bot's (the same whatever the jobs or shards)."""
    from btcli.digest import sha256

    return int(sha256(f"btcli-simulate:{seed}:{index}".encode()).hexdigest()[:8], 16) % (2**31 - 1) + 1


def play_one(args: tuple) -> dict:
    """Plays game ``index`` to its end; returns its record (winner, turns, each unit's survival and damage)."""
    scenario, index, seed, folder, settings_values, keep, megamek = args
    import contextlib
    import io

    from btcli.bot.policy import Settings
    from btcli.cli import commands
    from btcli import runner

    number = game_seed(seed, index)
    path = os.path.join(folder, f"game-{index:05d}.toml")
    for old in (path, *[os.path.join(folder, f) for f in os.listdir(folder) if f.startswith(f"game-{index:05d}.")]):
        if os.path.exists(old):
            os.unlink(old)
    with contextlib.redirect_stdout(io.StringIO()):
        commands.init(scenario, path, number, True, True, megamek_data=megamek)
    damage: dict[str, int] = {}

    def count(entry, outcome) -> None:
        if outcome is None:
            return
        for event in outcome.events:
            if type(event).__name__ == "WeaponHit":
                damage[event.unit] = damage.get(event.unit, 0) + event.damage

    play(path, None, "game", number, Settings(*settings_values), count, MAX_TURNS)
    state = runner.load(path).state
    if keep:  # every kept game verifies, or the run stops with verify's own error
        with open(path, "rb") as f:
            runner.verify_text(f.read())
    else:
        for f in os.listdir(folder):
            if f.startswith(f"game-{index:05d}."):
                os.unlink(os.path.join(folder, f))
    units = {u.id: {"side": u.side, "survived": not u.out_of_action, "damage": damage.get(u.id, 0)}
             for u in sorted(state.units.values(), key=lambda u: u.id)}
    return {"index": index, "seed": number, "winner": state.winner or "unfinished",
            "result": state.result, "turns": min(state.turn, MAX_TURNS) if state.winner else MAX_TURNS,
            "units": units}


def simulate(scenario: str | None, games: int | None, jobs: int | None, seed: int | None, keep: str | None,
             shard: str | None, merge: list[str] | None, aggression: int | None, caution: int | None,
             megamek_data: str | None = None) -> None:
    """``btcli simulate SCENARIO --games N``: bot against bot, the summary printed (or ``--json``)."""
    from btcli.bot import stats
    from btcli.cli.commands import OUTPUT, _print_json, _print_lines

    if merge:
        if scenario is not None:
            raise InputError("--merge combines results already played: give no SCENARIO with it")
        result = stats.merge([_read_result(f) for f in merge])
        _print_json(result) if OUTPUT["json"] else _print_lines(stats.text(result))
        return
    if scenario is None:
        raise InputError("name the SCENARIO to simulate (a file, or a shipped scenario's name)")
    from btcli.bot.policy import Settings, check_settings
    from btcli.cli.commands import _scenario_text
    from btcli.store.scenario import parse_scenario_text

    settings = Settings(aggression if aggression is not None else 5, caution if caution is not None else 5)
    check_settings(settings)
    path, text = _scenario_text(scenario, "simulate plays a scenario; play a game on with btcli bot GAME")
    state = parse_scenario_text(text, 1, os.path.dirname(os.path.abspath(path)), path, _megamek(megamek_data))
    n = 100 if games is None else games
    if n < 1:
        raise InputError(f"--games is at least 1, not {n}")
    part, parts = _shard(shard)
    indexes = [i for i in range(n) if i % parts == part - 1]
    run_seed = 1 if seed is None else seed
    records = _play_all(path, indexes, run_seed, keep, (settings.aggression, settings.caution), jobs or 1,
                        megamek_data)
    name = os.path.splitext(os.path.basename(path))[0]
    from btcli.bot.policy import strengths

    result = stats.summary(name, list(state.sides), records, strengths(state))
    result.update({"seed": run_seed, "shard": f"{part}/{parts}", "aggression": settings.aggression,
                   "caution": settings.caution})
    _print_json(result) if OUTPUT["json"] else _print_lines(stats.text(result))


def _megamek(folder: str | None):
    from btcli.cli.commands import _megamek_source

    return _megamek_source(folder, False)


def _shard(text: str | None) -> tuple[int, int]:
    if text is None:
        return 1, 1
    k, slash, n = text.partition("/")
    if not (slash and k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise InputError(f"--shard is K/N with 1 <= K <= N (e.g. 2/8), not {text!r}")
    return int(k), int(n)


def _read_result(path: str) -> dict:
    import json

    from btcli.store import files

    data = files.read_regular(path, "simulate result", 256 << 20)
    try:
        result = json.loads(data)
    except ValueError:
        raise InputError(f"{path} is not a simulate --json result") from None
    if not isinstance(result, dict) or "records" not in result:
        raise InputError(f"{path} is not a simulate --json result (no game records)")
    return result


def _play_all(scenario: str, indexes: list[int], seed: int, keep: str | None, settings_values, jobs: int,
              megamek: str | None) -> list[dict]:
    """Plays the games (in ``jobs`` worker processes), in index order, with a progress bar on a terminal."""
    import tempfile

    if keep:
        os.makedirs(keep, exist_ok=True)
        folder, scratch = keep, None
    else:
        scratch = tempfile.TemporaryDirectory(prefix="btcli-simulate-")
        folder = scratch.name
    work = [(os.path.abspath(scenario), i, seed, folder, settings_values, bool(keep), megamek) for i in indexes]
    progress = _progress(len(work))
    try:
        if jobs <= 1 or len(work) <= 1:
            records = []
            for args in work:
                records.append(play_one(args))
                progress(1)
        else:
            import multiprocessing

            context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
            with context.Pool(min(jobs, len(work))) as pool:
                records = []
                for record in pool.imap(play_one, work):
                    records.append(record)
                    progress(1)
    finally:
        progress(0, True)
        if scratch is not None:
            scratch.cleanup()
    return records


def _progress(total: int):
    """A progress bar on a terminal's standard error (rich), nothing elsewhere."""
    if not sys.stderr.isatty():
        return lambda n, done=False: None
    from rich.progress import Progress

    bar = Progress(transient=True)
    task = bar.add_task("playing", total=total)
    bar.start()

    def advance(n: int, done: bool = False) -> None:
        if n:
            bar.advance(task, n)
        if done:
            bar.stop()

    return advance

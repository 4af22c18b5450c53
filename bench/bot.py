"""The bot's benchmark (issue #35's targets): ``python bench/bot.py --opponent random|greedy|self``.

- ``random`` / ``greedy``: the bot against a uniform random legal player or a greedy one (btcli/bot/baselines.py),
  ``--games`` per scenario, the bot on the second side in every other game; games in memory (the engine and the
  application layer's ``runner.execute``, no files), each order checked by the engine as given.
- ``self``: bot against bot through ``btcli simulate``'s own path (game files written, every one verified).

Prints per scenario the bot's wins, draws and losses with a 95% Wilson interval, the same split by the side the
bot played, refused orders and errors, and seconds a game. ``--jobs J`` plays J games at once (the same games and
results whatever J). Run it with the machine otherwise idle for the timings.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from btcli.bot import baselines, policy, stats  # noqa: E402
from btcli.bot.legal_orders import Drop  # noqa: E402
from btcli.errors import BtcliError  # noqa: E402

SCENARIOS = ROOT / "scenarios"
MAX_ORDERS = 5000


def match(scenario: Path, players: dict, seed: int, settings: dict | None = None) -> dict:
    """Plays one game in memory, each side by its player (with its ``settings``, by default the bot's
    defaults); returns the winner, turns, refusals and orders."""
    from btcli import runner
    from btcli.model.orders import CommitDropOrder, RevealDropOrder
    from btcli.model.hexgrid import Facing
    from btcli.model.state import evolve
    from btcli.rules.drops import dropping
    from btcli.store.scenario import parse_scenario_text

    state = parse_scenario_text(scenario.read_text(encoding="utf-8"), seed, str(scenario.parent), str(scenario), None)
    secrets: dict[str, dict] = {}
    refused = orders = 0
    while not state.winner and orders < MAX_ORDERS:
        action = None
        for side in state.sides:
            action = players[side](evolve(state, seed="hidden"), (side,), (settings or {}).get(side, policy.Settings()),
                                  seed, False)
            if action is not None:
                break
        if action is None:
            action = policy._resolve(state)
            if action is None:
                return {"winner": "stuck", "turns": state.turn, "refused": refused + 1, "orders": orders}
        if isinstance(action, Drop):
            if action.hex:
                secret = dropping.secret_landing(state, action.unit, action.hex, action.facing, action.salt)
                secrets[action.unit] = secret
                action = CommitDropOrder(action.unit, secret["commitment"])
            else:
                s = secrets[action.unit]
                action = RevealDropOrder(action.unit, state.board.parse_hex(s["hex"]), Facing.parse(s["facing"]),
                                         s["salt"])
        try:
            state = runner.execute(state, action, None).state
        except BtcliError:
            refused += 1
            return {"winner": "refused", "turns": state.turn, "refused": refused, "orders": orders}
        orders += 1
    lost = sorted(u.id for u in state.units.values() if u.out_of_action)
    return {"winner": state.winner or "unfinished", "turns": state.turn, "refused": refused, "orders": orders,
            "lost": lost, "result": state.result}


def _one(task: tuple) -> dict:
    """One game of ``against`` (a worker's task): the bot on ``bot_side``, the other side by ``opponent``."""
    scenario, i, seed, opponent, bot_side, sides, values = task
    players = {s: (policy.choose if s == bot_side else baselines.PLAYERS[opponent]) for s in sides}
    try:
        return match(Path(scenario), players, seed + i, {bot_side: policy.Settings(*values)})
    except Exception:
        return {"winner": "error", "turns": 0, "refused": 0, "orders": 0, "error": traceback.format_exc()}


def against(opponent: str, scenarios: list[Path], games: int, seed: int, verbose: bool = False,
            jobs: int = 1, values: tuple[int, int] = (5, 5), only: str | None = None) -> int:
    import multiprocessing

    import btcli.store.scenario as sc

    failures = 0
    print(f"bot against {opponent}: {games} games a scenario, the bot on the second side in every other game")
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    for scenario in scenarios:
        text = scenario.read_text(encoding="utf-8")
        sides = tuple(sc.parse_scenario_text(text, 1, str(scenario.parent), str(scenario), None).sides)
        tasks = [(str(scenario), i, seed, opponent, only or sides[i % 2], sides, values) for i in range(games)]
        start = time.perf_counter()
        results = pool.imap(_one, tasks) if pool else map(_one, tasks)
        tally = {s: [0, 0, 0] for s in sides if only in (None, s)}  # per bot side: won, drawn, lost
        refused = errors = 0
        for (_, i, _, _, bot_side, _, _), result in zip(tasks, results):
            if result["winner"] == "error":
                errors += 1
                print(result["error"], file=sys.stderr)
                continue
            refused += result["refused"]
            if verbose and result["winner"] != bot_side:
                print(f"    {scenario.stem} game {i} (seed {seed + i}, bot {bot_side}): {result['winner']} "
                      f"({result.get('result', '')}), turn {result['turns']}, lost {result.get('lost', [])}",
                      flush=True)
            outcome = 0 if result["winner"] == bot_side else 2 if result["winner"] in sides else 1
            tally[bot_side][outcome] += 1
        won, drawn, lost = (sum(t[k] for t in tally.values()) for k in range(3))
        low, high = stats.wilson(won, games)
        seconds = (time.perf_counter() - start) / games
        failures += refused + errors
        per_side = ", ".join(f"as {s} {t[0]}/{t[1]}/{t[2]}" for s, t in tally.items())
        print(f"  {scenario.stem:<16} won {won:>3} drawn {drawn:>3} lost {lost:>3}: {won / games:>4.0%} "
              f"(95% {low:.0%}-{high:.0%}) [{per_side}]; refused {refused}, errors {errors}; "
              f"{seconds:.2f} s a game", flush=True)
    if pool:
        pool.close()
    return 1 if failures else 0


def self_play(scenarios: list[Path], games: int, seed: int, keep: Path) -> int:
    from btcli.cli import bot as glue

    failures = 0
    print(f"bot against bot through btcli simulate's path: {games} games a scenario, each game file verified")
    for scenario in scenarios:
        folder = keep / scenario.stem
        folder.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        bad = 0
        for i in range(games):
            try:
                glue.play_one((str(scenario), i, seed, str(folder), (5, 5), True, None))
            except Exception as exc:  # a refused order, a failed verify, a traceback
                bad += 1
                print(f"  {scenario.stem} game {i}: {type(exc).__name__}: {exc}", flush=True)
        failures += bad
        print(f"  {scenario.stem:<16} {games} games, {bad} failed; {(time.perf_counter() - start) / games:.2f} s a game",
              flush=True)
    return 1 if failures else 0


def strengths(scenarios: list[Path]) -> int:
    """Each scenario's sides' strength at the start (BOT-27: volleys at best range times armor and structure; the
    units still to drop or deploy counted) and the stronger over the weaker: how lopsided it is before a die is
    rolled."""
    import btcli.store.scenario as sc

    print("strength at the start (BOT-27), and the stronger side's over the weaker's")
    for scenario in scenarios:
        state = sc.parse_scenario_text(scenario.read_text(encoding="utf-8"), 1, str(scenario.parent), str(scenario),
                                       None)
        values = policy.strengths(state)
        if values is None:
            print(f"  {scenario.stem:<16} - (assets or aircraft: not measured; BOT-27 leaves the game alone)")
            continue
        low, high = min(values.values()), max(values.values())
        ratio = f"{high / low:.1f}" if low > 0 else "-"
        sides = ", ".join(f"{side} {value:,.0f}" for side, value in values.items())
        print(f"  {scenario.stem:<16} {sides}; {ratio}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", choices=("random", "greedy", "self"), default="random")
    parser.add_argument("--strength", action="store_true", help="print each scenario's sides' strength (BOT-27)")
    parser.add_argument("--games", type=int, default=20, help="games a scenario (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", action="append", default=[], help="a shipped scenario's name; repeatable")
    parser.add_argument("--verbose", action="store_true", help="random, greedy: a line for each game not won")
    parser.add_argument("--jobs", type=int, default=1, help="random, greedy: games played at once (default 1)")
    parser.add_argument("--side", help="random, greedy: the bot plays only this side (default: each in turn)")
    parser.add_argument("--aggression", type=int, default=5, help="the bot's setting (default 5)")
    parser.add_argument("--caution", type=int, default=5, help="the bot's setting (default 5)")
    parser.add_argument("--keep", type=Path, default=Path("bench-bot-games"), help="self: where the games go")
    args = parser.parse_args(argv)
    scenarios = [SCENARIOS / f"{s}.toml" for s in args.scenario] or sorted(SCENARIOS.glob("*.toml"))
    if args.strength:
        return strengths(scenarios)
    if args.opponent == "self":
        return self_play(scenarios, args.games, args.seed, args.keep)
    return against(args.opponent, scenarios, args.games, args.seed, args.verbose, args.jobs,
                   (args.aggression, args.caution), args.side)


if __name__ == "__main__":
    sys.exit(main())

"""Plays many random games: ``python -m tests.play --scenario NAME_OR_PATH --games N --seed S --out DIR``.

Each game goes into DIR/SCENARIO-SEED.toml (seeds S, S+1, ...); one summary line
a game, one line a scenario and a total. A failed game leaves its game file and
DIR/SCENARIO-SEED.failure.txt (the broken promise, the last calls, the report);
the run goes on with the other games, lists every failure at the end and exits 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tests.play.player import DEFAULT_MAX_CALLS, GameRecord, PlayFailure, play_random_game

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def scenario_path(name: str) -> Path:
    """Returns a scenario file from a path, or a name in scenarios/ ('crossroads' or 'crossroads.toml')."""
    path = Path(name)
    if path.exists():
        return path
    bundled = SCENARIOS / (name if name.endswith(".toml") else f"{name}.toml")
    if bundled.exists():
        return bundled
    raise SystemExit(f"no scenario {name!r} (neither a file nor one of {', '.join(p.stem for p in all_scenarios())})")


def all_scenarios() -> list[Path]:
    return sorted(SCENARIOS.glob("*.toml"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.play", description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", action="append", default=[],
                        help="scenario name in scenarios/ or a path; repeatable (default: every bundled scenario)")
    parser.add_argument("--games", type=int, default=1, help="games per scenario (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="first player seed (default 1)")
    parser.add_argument("--out", type=Path, required=True, help="folder for the game files")
    parser.add_argument("--max-calls", type=int, default=DEFAULT_MAX_CALLS, help="btcli calls allowed a game")
    args = parser.parse_args(argv)
    scenarios = [scenario_path(s) for s in args.scenario] or all_scenarios()
    args.out.mkdir(parents=True, exist_ok=True)

    failures: list[tuple[GameRecord, PlayFailure, Path]] = []
    records: list[GameRecord] = []
    start = time.perf_counter()
    for scenario in scenarios:
        mine: list[GameRecord] = []
        for seed in range(args.seed, args.seed + args.games):
            game = args.out / f"{scenario.stem}-{seed}.toml"
            note = game.with_suffix(".failure.txt")
            note.unlink(missing_ok=True)
            try:
                record = play_random_game(scenario, game, seed, args.max_calls)
                print(record.summary(), flush=True)
            except PlayFailure as failure:
                record = failure.record
                note.write_text(str(failure) + "\n", encoding="utf-8")
                failures.append((record, failure, note))
                print(f"FAILED {record.summary()}\n  {failure.kind}: {failure.message.splitlines()[0]}", flush=True)
            mine.append(record)
        records += mine
        print(_totals(f"== {scenario.stem}", mine), flush=True)
    print(_totals("== total", records, time.perf_counter() - start))
    if failures:
        print(f"\n{len(failures)} failed game(s):")
        for record, failure, note in failures:
            print(f"- {record.scenario.stem} seed {record.seed} ({failure.kind}): {failure.message.splitlines()[0]}")
            print(f"    game {record.game}, details {note}")
        return 1
    return 0


def _totals(title: str, records: list[GameRecord], seconds: float | None = None) -> str:
    calls = sum(r.calls for r in records)
    seconds = sum(r.seconds for r in records) if seconds is None else seconds
    ended = [r for r in records if r.ended_by]
    victories = sum(1 for r in ended if r.ended_by == "victory")
    per_game = seconds / len(records) if records else 0.0
    rate = calls / seconds if seconds else 0.0
    return (f"{title}: {len(records)} games, {len(records) - len(ended)} failed, {victories} by victory, "
            f"{len(ended) - victories} by turn limit; {calls} calls in {seconds:.1f} s "
            f"({per_game:.2f} s a game, {rate:.0f} calls/s)")


if __name__ == "__main__":
    sys.exit(main())

"""Plays many random games: ``python -m tests.play --scenario NAME_OR_PATH --games N --seed S --out DIR``.

Each game goes into DIR/SCENARIO-SEED.toml (seeds S, S+1, ...); one summary line
a game, one line a scenario and a total. A failed game leaves its game file and
DIR/SCENARIO-SEED.failure.txt (the broken promise, the last calls, the report)
and DIR/SCENARIO-SEED.repro.sh (init and every accepted order, then the failing call);
every game leaves its last JSON report in DIR/SCENARIO-SEED.report.json (for compare.py);
the run goes on with the other games, lists every failure at the end and exits 1.
``--jobs 2`` plays two games at a time (the output stays in seed order); ``--lenient`` passes
``--lenient`` to ``btcli init`` (MegaMek files with equipment btcli leaves out).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tests.play.player import DEFAULT_MAX_CALLS, GameRecord
from tests.play.pool import Job, Outcome, play_many, workers

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
    parser.add_argument("--jobs", type=int, default=1, help="games played at once in worker processes (default 1)")
    parser.add_argument("--lenient", action="store_true", help="init with --lenient (MegaMek files btcli does not "
                        "wholly model)")
    args = parser.parse_args(argv)
    scenarios = [scenario_path(s) for s in args.scenario] or all_scenarios()
    args.out.mkdir(parents=True, exist_ok=True)

    init_args = ("--lenient",) if args.lenient else ()
    jobs = [Job(scenario, args.out / f"{scenario.stem}-{seed}.toml", seed, args.max_calls, init_args)
            for scenario in scenarios for seed in range(args.seed, args.seed + args.games)]
    for job in jobs:
        for stale in (".failure.txt", ".repro.sh", ".report.json"):
            job.game.with_suffix(stale).unlink(missing_ok=True)
    failed: list[Outcome] = []
    done: list[GameRecord] = []
    start = time.perf_counter()
    for job, outcome in zip(jobs, play_many(jobs, workers(args.jobs))):
        record = outcome.record
        if outcome.kind:
            note = job.game.with_suffix(".failure.txt")
            note.write_text(outcome.failure + "\n", encoding="utf-8")
            if outcome.reproduction:
                job.game.with_suffix(".repro.sh").write_text(outcome.reproduction, encoding="utf-8")
            failed.append(outcome)
            print(f"FAILED {record.summary()}\n  {_headline(outcome)}", flush=True)
        else:
            print(record.summary(), flush=True)
        done.append(record)
        if len(done) % args.games == 0:
            print(_totals(f"== {job.scenario.stem}", done[-args.games:]), flush=True)
    print(_totals("== total", done, time.perf_counter() - start))
    if failed:
        print(f"\n{len(failed)} failed game(s):")
        for outcome in failed:
            record = outcome.record
            print(f"- {record.scenario.stem} seed {record.seed}: {_headline(outcome)}")
            print(f"    game {record.game}, details {record.game.with_suffix('.failure.txt')}, "
                  f"reproduction {record.game.with_suffix('.repro.sh')}")
        return 1
    return 0


def _headline(outcome: Outcome) -> str:
    return outcome.failure.strip().splitlines()[0 if outcome.kind != "player error" else -1]


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

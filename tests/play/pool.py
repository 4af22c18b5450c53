"""Plays a batch of random games, in parallel worker processes when asked (each game is independent)."""

from __future__ import annotations

import multiprocessing
import os
import sys
import traceback
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tests.play.player import DEFAULT_MAX_CALLS, GameRecord, PlayFailure, play_random_game


@dataclass(frozen=True)
class Job:
    scenario: Path
    game: Path
    seed: int
    max_calls: int = DEFAULT_MAX_CALLS
    init_args: tuple[str, ...] = ()  # for btcli init, e.g. ("--lenient",)


@dataclass
class Outcome:
    """A game's record and, when it failed, the failure's kind and full text."""

    record: GameRecord
    kind: str = ""
    failure: str = ""
    reproduction: str = ""  # a shell script rebuilding the failed game


def play_one(job: Job) -> Outcome:
    """Plays one game; a failure (or a bug in the player itself) becomes part of the outcome."""
    try:
        return Outcome(play_random_game(job.scenario, job.game, job.seed, job.max_calls, job.init_args))
    except PlayFailure as failure:
        return Outcome(failure.record, failure.kind, str(failure), failure.reproduction)
    except Exception:  # the player's own bug: reported, and the other games go on
        return Outcome(GameRecord(job.scenario, job.seed, job.game), "player error", traceback.format_exc())


def workers(wanted: int | None = None) -> int:
    return max(1, wanted if wanted is not None else min(2, os.cpu_count() or 1))


def play_many(jobs: Iterable[Job], processes: int = 1) -> Iterator[Outcome]:
    """Yields the outcomes in the order of the jobs; ``processes`` > 1 plays that many games at once."""
    jobs = list(jobs)
    if processes <= 1 or len(jobs) <= 1:
        yield from map(play_one, jobs)
        return
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
    with ProcessPoolExecutor(min(processes, len(jobs)), mp_context=context) as pool:
        yield from pool.map(play_one, jobs)

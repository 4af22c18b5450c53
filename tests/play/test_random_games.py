"""Random legal games over every bundled scenario (and tests/play/scenarios), played through the real CLI.

Guards against deadlocks (issue #10 item 12: a game in which the side to act has
no accepted order and ``resolve-phase`` is refused) and against broken CLI
promises: exit 1, a refusal without its one 'Error:' line or that changed the
file, a game that never ends, a log that does not verify. Each game must end by
victory or at its turn limit.

The default seeds pass with today's btcli (see SEEDS); ``BTCLI_RANDOM_GAMES=N``
plays seeds 1..N of every scenario instead, for longer local runs, and those
include the seeds that still fail (``python -m tests.play`` lists them).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from tests.play.compare import first_difference
from tests.play.player import distance
from tests.play.pool import Job, Outcome, play_many, play_one, workers

# Two seeds a scenario, both passing today. Of seeds 1..50, these fail today, all
# with the movement deadlock of a unit put out of action during its own move
# (a bridge or building collapse, a sideslip off the map, a VTOL crash):
# city-fight 3, 21, 38; crossroads 12; paved-raid 37; river-strike 44, 48; melee 4, 43, 47.
# `python -m tests.play --games 50 --out DIR` shows them.
SEEDS = (1, 2)


def seeds() -> tuple[int, ...]:
    count = os.environ.get("BTCLI_RANDOM_GAMES")
    return tuple(range(1, int(count) + 1)) if count else SEEDS


# The bundled scenarios, and the player's own crowded board (infantry, WiGE, DropShip, weapon modes).
SCENARIO_FILES = sorted(SCENARIOS.glob("*.toml")) + sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory) -> dict[str, list[Outcome]]:
    """Every scenario's games, played two at a time on two cores (the games are independent)."""
    folder = tmp_path_factory.mktemp("random-games")
    jobs = [Job(scenario, folder / f"{scenario.stem}-{seed}.toml", seed) for scenario in SCENARIO_FILES for seed in seeds()]
    played: dict[str, list[Outcome]] = {}
    for job, outcome in zip(jobs, play_many(jobs, workers())):
        played.setdefault(job.scenario.stem, []).append(outcome)
    return played


@pytest.mark.random_games
@pytest.mark.parametrize("scenario", [p.stem for p in SCENARIO_FILES])
def test_random_games_end_and_verify(outcomes, scenario):
    failures = [o.failure for o in outcomes[scenario] if o.kind]
    assert not failures, "\n\n".join(failures)
    for outcome in outcomes[scenario]:
        record = outcome.record
        assert record.ended_by in ("victory", "turn limit") and record.winner is not None, record.summary()


@pytest.mark.random_games
def test_the_same_seed_plays_the_same_game(tmp_path):
    """The player's choices depend only on its seed and on what btcli prints: the logs are identical."""
    import tomllib

    games = [tmp_path / name / "drop-duel-5.toml" for name in ("a", "b")]
    for game in games:
        outcome = play_one(Job(SCENARIOS / "drop-duel.toml", game, 5))
        assert not outcome.kind, outcome.failure
    a, b = (tomllib.loads(g.read_text(encoding="utf-8")) for g in games)
    assert first_difference(a, b) is None


def test_compare_names_the_first_differing_roll():
    a = {"log": [{"seq": 1, "command": "init", "events": [], "rolls": []},
                 {"seq": 2, "command": "resolve-phase", "events": ["x"], "rolls": ["r1", "r2"]}]}
    b = {"log": [a["log"][0], {**a["log"][1], "rolls": ["r1", "other"]}]}
    assert first_difference(a, b) == "log entry 2 ('resolve-phase') rolls[1]:\n    A: 'r2'\n    B: 'other'"
    assert first_difference(a, a) is None


@pytest.mark.parametrize(
    "a, b, hexes",
    [("0101", "0102", 1), ("0101", "0201", 1), ("0201", "0102", 1), ("0202", "0301", 2), ("0101", "0505", 6)],
)
def test_player_hex_distance(a, b, hexes):
    """Even columns sit half a hex lower (README): 0201 touches 0101 and 0102."""
    assert distance(a, b) == distance(b, a) == hexes

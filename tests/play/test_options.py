"""``btcli options`` lists exactly what the orders accept (issue #33 item 2), over the states of random games.

Each game is a random legal game (tests/play/player.py) cut short after a number of calls; its log is
replayed and, at sampled states, sampled units' options are run through their orders (accepted) and
orders just beside them too (refused): tests/play/options_check.py. ``BTCLI_OPTIONS_GAMES=N`` plays N seeds
of each scenario, to the end, for a longer local run; ``python -m tests.play.options_check GAME...`` checks
any game files.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from tests.play.options_check import Tally, check_game
from tests.play.player import PlayFailure, play_random_game

# A ground fight with turrets and jump jets, assets, aerospace units, drops, the player's crowded board
# (infantry, a WiGE, weapon modes), and a town's buildings and bridge (attacks on building hexes, URB-ATK-01).
SCENARIO_FILES = [SCENARIOS / "crossroads.toml", SCENARIOS / "convoy-ambush.toml", SCENARIOS / "orbital-descent.toml",
                  SCENARIOS / "drop-duel.toml", Path(__file__).parent / "scenarios" / "melee.toml",
                  SCENARIOS / "city-fight.toml"]
CALLS = 120  # calls of the random player per game in the suite: a turn or two
STATES = 6  # states of each game checked in the suite, two units each


def _games() -> tuple[int, int]:
    count = os.environ.get("BTCLI_OPTIONS_GAMES")
    return (int(count), 20_000) if count else (1, CALLS)


@pytest.mark.parametrize("scenario", SCENARIO_FILES, ids=lambda p: p.stem)
def test_every_option_listed_is_accepted_and_the_orders_beside_them_refused(tmp_path, scenario):
    games, calls = _games()
    tally = Tally()
    for seed in range(1, games + 1):
        game = tmp_path / f"{scenario.stem}-{seed}.toml"
        try:
            play_random_game(scenario, game, seed, max_calls=calls)
        except PlayFailure as failure:
            assert failure.kind == "call limit", str(failure)
        if games == 1:
            check_game(game, random.Random(seed), tally, states=STATES, units=2, samples=3)
        else:
            check_game(game, random.Random(seed), tally, every=3, units=2)
    assert not tally.problems, "\n".join(tally.problems[:20])
    assert tally.accepted and tally.refused, tally.summary()

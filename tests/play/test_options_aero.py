"""An aircraft's ``btcli options`` lists exactly what its orders accept (issues #33, #35): every flight (turns,
velocity and altitude changes, flying off the map) and every attack (air-to-air, strikes, strafing, bombs),
over the states of random games on the scenarios with aircraft (tests/play/options_check_aero.py)."""

from __future__ import annotations

import random

import pytest

from tests.conftest import SCENARIOS
from tests.play.options_check import Tally, check_unit
from tests.play.player import PlayFailure, play_random_game

AIRCRAFT_PHASES = ("aero_movement", "space_movement", "weapon")


def check_aircraft_game(path, rng: random.Random, tally: Tally, states: int) -> None:
    """Replays a game and checks every aircraft's options at ``states`` states of its flight and weapon phases."""
    from btcli.runner import verify_text

    seen: list[int] = []

    def each(entry: dict, state) -> None:
        if state.winner or state.phase.value not in AIRCRAFT_PHASES or len(seen) >= states:
            return
        aircraft = sorted(u.id for u in state.units.values() if u.aero is not None and u.active)
        if not aircraft:
            return
        seen.append(entry.get("seq"))
        tally.states += 1
        for uid in aircraft:
            check_unit(state, uid, rng, tally, f"{path.name} entry {entry.get('seq')} ({state.phase.value})", 4)

    verify_text(path.read_bytes(), each=each)


@pytest.mark.parametrize("scenario", ["town-strike", "ridge-aftermath"])
def test_every_aircraft_option_listed_is_accepted_and_the_orders_beside_them_refused(tmp_path, scenario):
    tally = Tally()
    game = tmp_path / f"{scenario}.toml"
    try:
        play_random_game(SCENARIOS / f"{scenario}.toml", game, 3, max_calls=400)
    except PlayFailure as failure:
        assert failure.kind == "call limit", str(failure)
    check_aircraft_game(game, random.Random(3), tally, states=8)
    assert not tally.problems, "\n".join(tally.problems[:20])
    kinds = " ".join(tally.kinds)
    assert "move --mode" in kinds and tally.accepted and tally.refused, tally.summary() + " " + tally.coverage()

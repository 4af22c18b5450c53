"""The report's move queue (``move_queue``: the units still to move, in an order the rules accept) is
counted from one pass over the units (issue #17: an 80-unit report), and must be the queue that
moving each unit in turn and asking ``side_to_move`` again gives (TW p.39 movement order)."""

from __future__ import annotations

from pathlib import Path

import pytest

from btcli.model.frozen import evolve
from btcli.model.units import MoveMode
from btcli.render import view
from btcli.rules.core import turn_order
from btcli import runner
from tests.conftest import ROOT

GOLDEN_GAMES = sorted((ROOT / "tests" / "golden").glob("*/game.toml"))


def replayed_queue(state) -> list[str]:
    """The queue as the rules give it: each unit stands still in turn and the next side is asked."""
    if state.phase.value != "movement":
        return []
    waiting = view._unmoved(state)
    queue = []
    while (side := turn_order.side_to_move(state)) is not None and waiting.get(side):
        uid = waiting[side].pop(0)
        queue.append(uid)
        state = state.with_unit(evolve(state.units[uid], mode=MoveMode.STAND))
    return queue


@pytest.mark.parametrize("path", GOLDEN_GAMES, ids=lambda p: p.parent.name)
def test_the_counted_queue_is_the_replayed_one_at_every_entry(path: Path):
    states = []
    runner.verify_text(path.read_bytes(), each=lambda entry, state: states.append(state))
    movement = [s for s in states if s.phase.value == "movement"]
    for state in states:
        assert view._move_queue(state) == replayed_queue(state)
    assert not movement or any(view._move_queue(s) for s in movement)


def test_a_destroyed_unit_and_a_moved_one_leave_their_slots_to_the_queue():
    """Slots of a side with no unit left to move pass on (issue #10), whichever units are gone."""
    path = ROOT / "tests" / "golden" / "crossroads" / "game.toml"
    states = []
    runner.verify_text(path.read_bytes(), each=lambda entry, state: states.append(state))
    state = next(s for s in states if s.phase.value == "movement" and len(view._move_queue(s)) >= 4)
    first, second = view._move_queue(state)[:2]
    for changed in ({first: {"destroyed": True}}, {first: {"mode": MoveMode.WALK}, second: {"destroyed": True}},
                    {first: {"position": None}}):
        edited = state
        for uid, fields in changed.items():
            edited = edited.with_unit(evolve(edited.units[uid], **fields))
        assert view._move_queue(edited) == replayed_queue(edited)


def test_aerospace_units_are_not_listed_to_move_in_the_ground_movement_phase(tmp_path):
    """TURN-01: aerospace units fly in the aerospace movement phase, after the ground units; the ground
    phase's ``unmoved``, ``move_queue`` and ``next`` name only the units that move in it (a script moving
    the queue in turn must not be refused). Orbital descent: davion's two Corsairs and Battle Taxi fly,
    its Hunchback walks, as do Kurita's four 'Mechs."""
    import json

    from tests.cli.helpers import init_game, ok

    game = init_game(tmp_path, ROOT / "scenarios" / "orbital-descent.toml")
    ok("resolve-phase", game)
    report = json.loads(ok("report", game, "--format", "json").out)
    assert report["phase"] == "movement"
    assert report["unmoved"] == {"davion": ["hunchback"], "kurita": ["commando", "hunchback-2", "wasp", "locust"]}
    assert sorted(report["move_queue"]) == ["commando", "hunchback", "hunchback-2", "locust", "wasp"]
    assert set(report["next"]["units"]) <= {"commando", "hunchback", "hunchback-2", "locust", "wasp"}
    for uid in report["move_queue"]:
        ok("move", game, uid, "--mode", "stand")

"""A 'Mech's MP after leg damage (TW, from memory; UNVERIFIED: tables.md has no leg-damage MP table): a hip
hit halves walking MP (round up), both hips leave none, each upper leg, lower leg or foot actuator hit costs
1, a lost leg leaves 1 MP and no running. Running MP is ceil(1.5 x walking MP). The Hunchback walks 4, runs 6."""

from __future__ import annotations

import pytest

from btcli.errors import IllegalOrderError
from btcli.model.frozen import evolve
from btcli.model.hits import SlotHit
from btcli.rules.ground import movement
from tests.builders import game, plan


def hunchback(*crits: str, legs_lost: tuple[str, ...] = ()):
    state = game({"id": "u1", "side": "red", "design": "Hunchback HBK-4G", "position": "0510", "facing": "N"})
    unit = state.units["u1"]
    slots = []
    for item in crits:
        loc, name = item.split(":")
        slots.append(SlotHit(loc, unit.mech.slots[loc].index(name)))
    internal = {**unit.internal, **{loc: 0 for loc in legs_lost}}
    return state.with_unit(evolve(unit, crits=tuple(slots), internal=internal)), state


@pytest.mark.parametrize("crits, walk, run", [
    ((), 4, 6),
    (("LL:hip",), 2, 3),
    (("LL:hip", "RL:hip"), 0, 0),
    (("LL:foot",), 3, 5),
    (("LL:upper_leg", "RL:lower_leg"), 2, 3),
    (("LL:hip", "RL:foot"), 1, 2),
])
def test_leg_actuator_and_hip_hits_cut_walking_and_running_mp(crits, walk, run):
    state, _ = hunchback(*crits)
    unit = state.units["u1"]
    assert (movement.walking_mp(unit), movement.running_mp(unit)) == (walk, run)


def test_a_lost_leg_leaves_one_mp_and_no_running():
    state, _ = hunchback(legs_lost=("LL",))
    unit = state.units["u1"]
    assert (movement.walking_mp(unit), movement.running_mp(unit)) == (1, 1)


def test_a_mech_with_a_hip_hit_cannot_walk_as_far_as_before():
    state, _ = hunchback("LL:hip")
    assert plan(state, "F,F").mp == 2
    with pytest.raises(IllegalOrderError, match="needs 4 MP"):
        plan(state, "F,F,F,F", mode="walk")

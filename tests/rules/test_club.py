"""Club attacks by a 'Mech carrying a club (the urban rules hand out girder clubs, URB-CLUB-01)."""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.orders import PhysicalAttackOrder
from btcli.model.state import Phase
from btcli.rules.core import phases
from btcli.render.events import sentences
from tests.builders import design, game

HUNCHBACK, LOCUST = "Hunchback HBK-4G", "Locust LCT-1V"


def duel(club: bool):
    """The Hunchback 'a' (carrying a club if ``club``: the scenario's ``club = true``) faces the Locust 't'."""
    carried = {"club": True} if club else {}
    return game(design(HUNCHBACK, "a", at="0505", facing="N", **carried),
                design(LOCUST, "t", at="0504", facing="S", side="blue"), phase=Phase.PHYSICAL)


def test_no_club_no_club_attack():
    # URB-CLUB-01: clubs come from rubble; without one the attack is refused
    with pytest.raises(IllegalOrderError, match="carries no club"):
        engine.apply(duel(False), PhysicalAttackOrder("a", "t", "club"), ManualDice([]))


def test_club_swings_at_piloting_minus_one_for_a_fifth_of_the_tonnage():
    # TW club (memory, UNVERIFIED): piloting 5 - 1 = 4; 50 tons -> 10 damage on the normal table
    state, events = engine.apply(duel(True), PhysicalAttackOrder("a", "t", "club"), ManualDice([]))
    assert "to-hit 4" in sentences(events)[0]
    # to-hit roll 4 hits; hit location 7 from the front: CT (10 armor, so no structure damage)
    state, events = phases.resolve(state, ManualDice([4, 7]))
    target = state.units["t"]
    assert (target.armor["CT"], target.internal["CT"]) == (0, 6)
    assert "t takes 10 in CT (club from a)" in sentences(events)


def test_a_mech_built_without_hand_actuators_cannot_swing_a_club():
    # URB-CLUB-01 (TW club, memory): a club needs a working hand in each arm; the Locust's arms have none
    # (tables.md 13.2), so it cannot swing the club it carries.
    state = game(design(LOCUST, "a", at="0505", facing="N", club=True),
                 design(HUNCHBACK, "t", at="0504", facing="S", side="blue"), phase=Phase.PHYSICAL)
    with pytest.raises(IllegalOrderError, match="needs both arms, each with a working hand"):
        engine.apply(state, PhysicalAttackOrder("a", "t", "club"), ManualDice([]))

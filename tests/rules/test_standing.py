"""Standing up from prone: 2 MP and a piloting skill roll; a failure is another fall (tables.md 8.6)."""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.render.events import sentences
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.orders import MoveOrder
from btcli.model.state import Phase
from tests.builders import changed, design, game

HUNCHBACK = "Hunchback HBK-4G"  # 50 tons, walk 4, piloting 5


def prone_state():
    state = game(design(HUNCHBACK), phase=Phase.MOVEMENT)
    return changed(state, units={"u1": changed(state.units["u1"], prone=True)})


def test_prone_mech_cannot_move_without_standing_up():
    # tables.md 8.6: a prone 'Mech must stand up before it moves
    with pytest.raises(IllegalOrderError, match="start its path with U"):
        engine.apply(prone_state(), MoveOrder("u1", "", ("F",)), ManualDice([]))


def test_standing_up_costs_two_mp_and_a_psr():
    # tables.md 8.6: PSR at piloting 5; roll 5 succeeds; U (2 MP) + F (1 MP) = 3 MP walking
    dice = ManualDice([5])
    state, events = engine.apply(prone_state(), MoveOrder("u1", "", ("U", "F")), dice)
    unit = state.units["u1"]
    assert not unit.mech.prone and unit.mp_spent == 3 and unit.hexes_moved == 1
    assert dice.rolls[0].target == 5 and sentences(events)[0].startswith("u1 stands up")


def test_failed_stand_up_is_another_fall_in_place():
    # tables.md 8.3/8.6: roll 4 vs 5 fails: the 'Mech falls again (facing die 1 = unchanged, 5 damage
    # for 50 tons from 0 levels, one hit location roll), then the MechWarrior's fall check (roll 12 passes)
    dice = ManualDice([4, 1, 7, 12])
    before = prone_state()
    state, events = engine.apply(before, MoveOrder("u1", "", ("U", "F")), dice)
    unit = state.units["u1"]
    assert unit.mech.prone and unit.hex == before.units["u1"].hex
    assert sum(unit.armor.values()) == sum(before.units["u1"].armor.values()) - 5
    assert unit.mp_spent == 2 and unit.mode.value == "walk"


def test_only_a_prone_mech_stands_up():
    # tables.md 8.6
    state = game(design(HUNCHBACK), phase=Phase.MOVEMENT)
    with pytest.raises(IllegalOrderError, match="cannot stand up"):
        engine.apply(state, MoveOrder("u1", "", ("U",)), ManualDice([]))

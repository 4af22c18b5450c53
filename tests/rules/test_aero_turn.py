"""Tests for the aerospace part of the turn (btcli.rules.aero.turn; catalog TURN-01..07,
AMB-18, AMB-54..56). Maps and designs: tests/rules/aero_fixtures.py.
"""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.model.aero import AeroClass, MapKind
from btcli.rules.aero import atmosphere as aero_atmosphere, turn as aero_turn
from btcli.rules.aero.turn import Subphase
from tests.rules.aero_fixtures import CORSAIR, LOW, SPACE, plan, unit

try:  # the game's unequal-numbers rule; issue #11 moves it from phases to turn_order
    from btcli.rules.core.turn_order import movement_slots as unequal_numbers
except ImportError:
    from btcli.rules.core.phases import movement_slots as unequal_numbers

GROUND = ("initiative", "movement")
AFTER = ("weapon_attack", "physical_attack", "heat", "end")


def test_turn_1_sequence():  # TURN-01
    assert aero_turn.turn_sequence(1) == (*GROUND, "aero_movement", *AFTER)
    assert aero_turn.aero_phases(1) == ("aero_movement",)
    assert aero_turn.SUBPHASES == (Subphase.DROPSHIP, Subphase.SMALL_CRAFT, Subphase.FIGHTER)


@pytest.mark.parametrize("turn, space", [(5, False), (6, True), (7, False), (11, False), (12, True), (18, True)])
def test_every_sixth_turn_adds_the_space_movement_phase(turn, space):  # TURN-02
    expected = ("aero_movement", "space_movement") if space else ("aero_movement",)
    assert aero_turn.aero_phases(turn) == expected
    assert aero_turn.turn_sequence(turn) == (*GROUND, *expected, *AFTER)


def test_units_on_the_space_map_move_in_the_space_phase():  # TURN-02
    assert aero_turn.movement_phase(MapKind.SPACE) == "space_movement"
    assert aero_turn.movement_phase(MapKind.LOW_ALTITUDE) == "aero_movement"


def test_one_space_turn_per_six_atmospheric_turns():  # TURN-03, AMB-54
    assert [t for t in range(1, 7) if "space_movement" in aero_turn.aero_phases(t)] == [6]
    state = unit(CORSAIR, "0310", area=SPACE, velocity=5, moved_velocity=5)  # atmosphere row 2
    seen = []
    for turn in range(1, 7):
        state = aero_atmosphere.space_end_phase(CORSAIR, state, SPACE, turn, ManualDice([])).state
        seen.append(state.velocity)
    assert seen == [5, 5, 5, 5, 5, 4]


def test_the_cadence_can_be_changed():  # AMB-54 (configurable)
    assert aero_turn.aero_phases(3, cadence=3) == ("aero_movement", "space_movement")
    assert aero_turn.space_end_phase_due(3, cadence=3) and not aero_turn.space_end_phase_due(3)


def test_dropships_move_before_fighters_whatever_the_initiative():  # TURN-04
    units = [("A", AeroClass.AEROSPACE_FIGHTER), ("B", AeroClass.DROPSHIP)]
    assert aero_turn.movement_slots(units, ("A", "B"), unequal_numbers) == (
        (Subphase.DROPSHIP, "B"), (Subphase.FIGHTER, "A"))
    assert aero_turn.movement_slots(units, ("B", "A"), unequal_numbers) == (
        (Subphase.DROPSHIP, "B"), (Subphase.FIGHTER, "A"))


def test_unequal_numbers_inside_a_subphase():  # TURN-05
    units = [("A", AeroClass.DROPSHIP)] + [("B", AeroClass.DROPSHIP)] * 3 + [("A", AeroClass.AEROSPACE_FIGHTER)] * 2
    slots = aero_turn.movement_slots(units, ("A", "B"), unequal_numbers)
    assert slots == ((Subphase.DROPSHIP, "A"), (Subphase.DROPSHIP, "B"), (Subphase.DROPSHIP, "B"),
                     (Subphase.DROPSHIP, "B"), (Subphase.FIGHTER, "A"), (Subphase.FIGHTER, "A"))


def test_movement_order_by_class():  # TURN-06, AMB-18
    units = [("A", AeroClass.CONVENTIONAL_FIGHTER), ("A", AeroClass.AIRSHIP), ("A", AeroClass.DROPSHIP)]
    assert [sp for sp, _ in aero_turn.movement_slots(units, ("A", "B"), unequal_numbers)] == [
        Subphase.DROPSHIP, Subphase.SMALL_CRAFT, Subphase.FIGHTER]
    assert aero_turn.subphase(AeroClass.FIXED_WING) is Subphase.SMALL_CRAFT
    assert aero_turn.subphase(AeroClass.SMALL_CRAFT) is Subphase.SMALL_CRAFT
    assert aero_turn.subphase(AeroClass.CONVENTIONAL_FIGHTER) is Subphase.FIGHTER


def test_map_changes_take_effect_at_the_next_suitable_movement_phase():  # TURN-07, AMB-56
    climbing = plan(CORSAIR, unit(CORSAIR, "0808", area=LOW, altitude=10, velocity=2), "A 2F", LOW)
    assert climbing.end.transit is not None and climbing.end.map_id == "low"  # still there until the turn ends
    assert aero_turn.arrival(3, MapKind.SPACE) == (6, "space_movement")  # the seed's example
    assert aero_turn.arrival(6, MapKind.SPACE) == (12, "space_movement")  # left in turn 6: removed after its space phase
    assert aero_turn.arrival(6, MapKind.LOW_ALTITUDE) == (7, "aero_movement")
    assert aero_turn.arrival(2, MapKind.LOW_ALTITUDE) == (3, "aero_movement")


def test_space_map_attacks_only_in_space_turns_unless_chosen():  # AMB-55
    assert [t for t in range(1, 13) if aero_turn.space_attacks_due(t)] == [6, 12]
    assert aero_turn.space_attacks_due(4, every_turn=True)

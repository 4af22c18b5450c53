"""``btcli move`` for aerospace units through the engine (btcli.rules.aero.moves; issue #13): the space
movement phase's moves with their rolls (AERO-HIGHG, AERO-ATM), out-of-control flight, and the
logged form that replay reads back."""

from __future__ import annotations

import pytest

from btcli import grammar
from btcli.errors import IllegalOrderError
from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import Phase
from btcli.rules.aero import moves as aero_moves, phases as aero_phases
from tests.builders import ANGEL, NL42, aero_game, changed, flier, purposes, run

H = HexId.parse


def space_turn(*units):
    """A game in the space movement phase of turn 6 with its slots drawn (red loses the initiative)."""
    state = aero_game(*units, phase=Phase.SPACE_MOVEMENT, turn=6)
    state = changed(state, initiative=("red", "blue"))
    return changed(state, move_order=aero_phases.draw_slots(state, Phase.SPACE_MOVEMENT))


def test_a_velocity_change_over_si_in_one_hex_makes_the_high_g_roll():  # AERO-HIGHG-01, 02; AMB-22
    state = space_turn(flier(at="1010", facing="N", velocity=0))
    state, events, dice = run(state, MoveOrder("f1", "max", ("+",) * 7 + ("F",) * 7), [4])
    unit = state.units["f1"]
    assert purposes(dice) == ["control roll: high-G: 7 thrust in one hex, SI 6"]
    assert unit.internal["SI"] == 5 and "f1: high-G: 1 structural integrity damage, SI now 5" in events
    assert unit.aero.velocity == 7 and unit.position.hex == H("1003")


def test_a_failed_reentry_stops_the_flight_and_damages_the_nose():  # AERO-ATM-02, AERO-ATM-06
    state = space_turn(flier(at="0811", facing="NW", velocity=2))
    state, events, dice = run(state, MoveOrder("f1", "safe", ("F", "F")), [3, 8])
    unit = state.units["f1"]
    assert unit.position.hex == H("0711") and unit.aero.velocity == 0 and unit.armor["nose"] == 63
    assert "f1: failed re-entry by 2: 10 damage to the nose" in events


def test_a_made_reentry_flies_on_into_the_atmosphere():  # AERO-ATM-02
    state = space_turn(flier(at="0811", facing="NW", velocity=3))
    state, events, _ = run(state, MoveOrder("f1", "safe", ("F", "F", "F")), [9])
    assert state.units["f1"].position.hex == H("0510") and "f1: re-entry roll made" in events


def out_of_control(state, uid="f1", pilot_hits=0, **keys):
    """Returns ``state`` with ``uid`` out of control (and the flight's other ``keys``)."""
    lost = changed(state.units[uid], pilot_hits=pilot_hits,
                   aero=changed(state.units[uid].aero, out_of_control=True, **keys))
    return changed(state, units={**state.units, uid: lost})


def test_an_out_of_control_unit_failing_to_regain_control_flies_on_without_a_path():  # tables.md 9.4
    state = out_of_control(space_turn(flier(at="1010", facing="N", velocity=2)))
    with pytest.raises(IllegalOrderError, match=r"out of control: give it no path.*\(tables.md 9.4\)"):
        aero_moves.check(state, MoveOrder("f1", "safe", ("F", "F")))
    state, events, dice = run(state, MoveOrder("f1", "safe"), [4])  # Corsair piloting 5: 4 fails by 1
    assert purposes(dice) == ["control roll: regain control"]
    unit = state.units["f1"]
    assert unit.position.hex == H("1008") and unit.aero.out_of_control and not unit.aero.random_movement
    assert events[0] == "f1 stays out of control (failed by 1) (4 vs 5)"
    assert aero_phases.has_moved(unit)


def test_an_out_of_control_unit_that_regains_control_is_given_its_move():  # tables.md 9.4 (TW p.92, UNVERIFIED)
    state = out_of_control(space_turn(flier(at="1010", facing="N", velocity=2)), random_movement=True)
    state, events, _ = run(state, MoveOrder("f1", "safe"), [5])
    unit = state.units["f1"]
    assert events == ["f1 regains control (5 vs 5): give it its move"]
    assert not unit.aero.out_of_control and not unit.aero.random_movement and not aero_phases.has_moved(unit)
    assert unit.position.hex == H("1010") and aero_phases.next_slot(state) == ("fighter", "red")
    state, _, dice = run(state, MoveOrder("f1", "safe", ("F", "R", "F")), [])  # steered now, no roll
    assert state.units["f1"].position.hex == H("1109") and aero_phases.has_moved(state.units["f1"])


def test_the_regain_roll_counts_the_damage_and_the_atmosphere():  # tables.md 9.4
    state = out_of_control(space_turn(flier(at="1010", facing="N", velocity=2)), avionics_hits=1, pilot_hits=1)
    plan = aero_moves.check(state, MoveOrder("f1", "safe"))  # what --dry-run shows
    assert [(r.purpose, r.target, r.modifiers) for r in plan.rolls] == [
        ("control roll: regain control", 7, (("avionics damage", 1), ("pilot hits", 1)))]
    low = out_of_control(space_turn(flier(ANGEL, at="0103", map="low", facing="N", velocity=3, altitude=6)))
    low = changed(low, phase=Phase.AERO_MOVEMENT, move_order=aero_phases.draw_slots(low, Phase.AERO_MOVEMENT))
    plan = aero_moves.check(low, MoveOrder("f1", "safe"))  # Angel piloting 5: +2 atmosphere, -1 fighter
    assert plan.rolls[0].target == 6
    assert dict(plan.rolls[0].modifiers) == {"atmospheric operations": 2, "fighter": -1}


def test_each_subphase_moves_before_the_next():  # TURN-04, TURN-06
    state = space_turn(flier(at="1010", facing="N", velocity=1), flier(NL42, "taxi", at="1210", facing="N", velocity=1))
    assert state.move_order == ("small_craft:red", "fighter:red")
    with pytest.raises(IllegalOrderError, match=r"\(TURN-04\)"):
        run(state, MoveOrder("f1", "safe", ("F",)), [])
    state, _, _ = run(state, MoveOrder("taxi", "safe", ("F",)), [])
    state, _, _ = run(state, MoveOrder("f1", "safe", ("F",)), [])
    assert aero_phases.missing(state) is None


def test_the_logged_move_reads_back_as_the_same_order():  # replay (verify) flies the same steps
    order = MoveOrder("f1", "safe", ("-", "F", "L", "F", "+"))
    text = grammar.order_text(order)
    assert text == "move f1 --mode safe --path=-,F,L,F,+"
    assert grammar.order_from_text(text) == (order, None)


def test_a_conventional_fighter_flying_up_out_of_row_1_is_stopped_with_a_control_roll():  # AERO-HALT-06, AMB-27
    state = space_turn(flier(ANGEL, at="0210", facing="NE", velocity=1))
    state, events, dice = run(state, MoveOrder("f1", "safe", ("F",)), [9])
    assert state.units["f1"].position.hex == H("0210")  # the step into row 2 fails; the move ends
    assert purposes(dice) == ["control roll: prohibited move (conventional fighters fly only in the ground row and "
                              "atmosphere row 1: cannot enter 0310)"]
    assert events[0].endswith("(stopped)")


def test_an_out_of_control_unit_failing_by_more_than_5_turns_at_random():  # tables.md 9.4, 9.5
    state = out_of_control(space_turn(flier(at="1010", facing="N", velocity=2)), avionics_hits=3, pilot_hits=2)
    state, events, dice = run(state, MoveOrder("f1", "safe"), [2, 6, 3])  # 2 vs 12; 6: two hexsides right; 3: on
    assert purposes(dice) == ["control roll: regain control", "random movement", "random movement"]
    unit = state.units["f1"]
    assert unit.aero.random_movement and events[0] == "f1 stays out of control (failed by 10) (2 vs 12)"
    assert unit.facing.name == "SE" and "f1: turns 2 hexside(s) right at random" in events


def test_the_flight_path_is_kept_for_the_turn_and_written_in_the_log():  # issue #14: attacks along the path
    from btcli.model.aero import FlightPoint
    from tests.builders import resolve

    state = space_turn(flier(at="1010", facing="N", velocity=2))
    state, events, _ = run(state, MoveOrder("f1", "safe", ("F", "R", "F")), [])
    assert state.units["f1"].aero.path == (FlightPoint("space", H("1010")), FlightPoint("space", H("1009")),
                                           FlightPoint("space", H("1109")))  # the turn in 1009 is no new hex
    assert "f1 flight path: space 1010 1009 1109" in events
    for _ in range(5):  # space movement, weapon, physical, heat, end
        state, _, _ = resolve(state)
    assert state.turn == 7 and state.units["f1"].aero.path == ()  # the End Phase clears it
